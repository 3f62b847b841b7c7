import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../main/cache/index.ts';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import * as mining from '../../../main/exchange/endpoints/mining.ts';
import { syncMining } from '../../../main/sync/mining.ts';
import { syncPositions } from '../../../main/sync/positions.ts';
import { startHarness, type Harness } from '../exchange/support.ts';

let h: Harness;
let cache: Cache;

beforeAll(async () => {
  h = await startHarness();
  cache = await openCache({
    dataDir: mkdtempSync(join(tmpdir(), 'txc-possync-')),
    profile: 'test',
    readWorkers: 0,
  });
});
afterAll(async () => {
  await cache?.close();
  await h?.close();
});

describe('positions and mining sync', () => {
  it('stores the position history of an account, and a second run adds nothing twice', async () => {
    const c = h.as('sub-alpha');
    await collateral.collateralMarketOrder(c, { market: 'BTC_PERP', side: 'buy', amount: '0.001' });
    await collateral.collateralMarketOrder(c, { market: 'BTC_PERP', side: 'sell', amount: '0.001' });
    const direct = await collateral.positionsHistory(c);
    expect(direct.length).toBeGreaterThan(0);
    await syncPositions({ cache, caller: c, account: 'sub-alpha' });
    const cached = await cache.positions.list({ account: 'sub-alpha' });
    expect(cached).toHaveLength(direct.length);
    await syncPositions({ cache, caller: c, account: 'sub-alpha' });
    expect(await cache.positions.list({ account: 'sub-alpha' })).toHaveLength(direct.length);
  });

  it('stores every reward of every mining account and samples its workers', async () => {
    const c = h.as('main');
    const result = await syncMining({ cache, caller: c, account: 'main' });
    const accounts = await mining.accounts(c);
    expect(result.miningAccounts).toBe(accounts.length);
    let expected = 0;
    for (const a of accounts) {
      for (let offset = 0; ; offset += 100) {
        const page = await mining.rewards(c, { account: a.name, limit: 100, offset });
        expected += page.length;
        if (page.length < 100) break;
      }
    }
    expect(result.rewards).toBe(expected);
    const cached = await cache.mining.rewards({ account: 'main', miningAccount: 'desk-pool' });
    expect(cached.length).toBeGreaterThan(0);
    const samples = await cache.mining.workerSamples('main', 'desk-pool');
    expect(samples).toHaveLength(1);
  });
});
