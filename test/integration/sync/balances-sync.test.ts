import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../main/cache/index.ts';
import { snapshotBalances } from '../../../main/sync/balances.ts';
import { startHarness, type Harness } from '../exchange/support.ts';

let h: Harness | undefined;
let cache: Cache;

beforeAll(async () => {
  h = await startHarness();
  cache = await openCache({
    dataDir: mkdtempSync(join(tmpdir(), 'txc-balances-')),
    profile: 'test',
    readWorkers: 0,
  });
});
afterAll(async () => {
  await cache?.close();
  await h?.close();
});

describe('balance snapshots', () => {
  it('stores main, trade, collateral and withdrawable balances as answered, readable offline', async () => {
    const exchange = h;
    if (!exchange) throw new Error('no sandbox');
    const kinds = await snapshotBalances({
      cache,
      caller: exchange.as('main'),
      account: 'main',
      now: () => 1_800_000_000_000,
    });
    expect(kinds).toEqual(['main', 'trade', 'collateral', 'withdrawable']);
    // Offline: the exchange is gone, the snapshots are still there.
    await exchange.close();
    h = undefined;
    const main = await cache.balances.latest('main', 'main');
    expect(main?.takenAtMs).toBe(1_800_000_000_000);
    expect(main?.entries).toContainEqual({ ticker: 'USDT', field: 'pending_deposit_amount', amount: '500' });
    const trade = await cache.balances.latest('main', 'trade');
    expect(trade?.entries.some((e) => e.ticker === 'USDT' && e.field === 'available')).toBe(true);
  });
});
