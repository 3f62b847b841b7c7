import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../main/cache/index.ts';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import { borrowsJob, syncBorrows } from '../../../main/sync/borrows.ts';
import { startHarness, type Harness } from '../exchange/support.ts';

let h: Harness;
let cache: Cache;

beforeAll(async () => {
  h = await startHarness();
  cache = await openCache({
    dataDir: mkdtempSync(join(tmpdir(), 'txc-borrows-')),
    profile: 'test',
    readWorkers: 0,
  });
});
afterAll(async () => {
  await cache?.close();
  await h?.close();
});

describe('borrow-history sync', () => {
  it('reads every borrow record of the account, same-second ties included', async () => {
    const result = await syncBorrows({ cache, caller: h.as('main'), account: 'main' });
    const cached = await cache.borrows.list({ account: 'main' });
    const direct = await collateral.borrowHistory(h.as('main'), { limit: 100 });
    expect(cached).toHaveLength(direct.records.length);
    expect(result.splits).toBe(0);
    expect((await cache.checkpoints.load(borrowsJob('main')))?.cursor).toMatchObject({ phase: 'idle' });
  });

  it('splits a window the exchange refuses for its engine-record budget, and still reads everything', async () => {
    // This account's two borrows each stand for 6,000 engine records: any window holding both is refused.
    const whole = await collateral
      .borrowHistory(h.as('sub-alpha'), { startTime: 0 })
      .catch((e: unknown) => e);
    expect(whole).toMatchObject({ status: 422 });
    const result = await syncBorrows({ cache, caller: h.as('sub-alpha'), account: 'sub-alpha' });
    expect(result.splits).toBeGreaterThan(0);
    expect(await cache.borrows.list({ account: 'sub-alpha' })).toHaveLength(2);
  });
});
