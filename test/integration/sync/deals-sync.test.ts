import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../main/cache/index.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { MemoryNonceStore, NonceRegistry } from '../../../main/exchange/nonce.ts';
import { dealsJob, HORIZON_S, syncDeals, type SyncProgress } from '../../../main/sync/deals.ts';
import { startHarness, type Harness } from '../exchange/support.ts';

const DAY = 86_400_000;
let nowMs = Date.now() - 200 * DAY;
const clock = () => nowMs;
const nowS = () => Math.floor(nowMs / 1000);

let h: Harness;
let cache: Cache;
const ACCOUNT = 'acct-main';

/** `count` filled market orders at the simulated time `at`. */
async function trade(at: number, count: number): Promise<void> {
  nowMs = at;
  for (let i = 0; i < count; i++) {
    await trading.stockMarketOrder(h.as('main'), {
      market: 'ETH_USDT',
      side: i % 2 ? 'sell' : 'buy',
      amount: '0.001',
    });
  }
}

/** Every deal the exchange still serves, read market by market with offsets (not the sync's path). */
async function exchangeDealIds(): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const market of ['BTC_USDT', 'ETH_USDT', 'LTC_USDT']) {
    for (let offset = 0; offset <= 10_000; offset += 500) {
      const page = await trading.executedDeals(h.as('main'), market, { limit: 500, offset });
      for (const d of page) ids.add(d.id);
      if (page.length < 500) break;
    }
  }
  return ids;
}

async function cachedIds(): Promise<number[]> {
  const ids: number[] = [];
  let cursor = undefined;
  for (;;) {
    const page = await cache.deals.page({ accounts: [ACCOUNT] }, cursor, 1000);
    ids.push(...page.rows.map((r) => r.id));
    if (!page.next) break;
    cursor = page.next;
  }
  return ids;
}

beforeAll(async () => {
  h = await startHarness(
    { now: clock },
    { nonces: new NonceRegistry({ store: new MemoryNonceStore(), now: clock }) },
  );
  cache = await openCache({
    dataDir: mkdtempSync(join(tmpdir(), 'txc-sync-')),
    profile: 'test',
    readWorkers: 1,
  });
  const start = Date.now() - 200 * DAY;
  for (const daysAgo of [195, 170, 120, 60, 8, 7, 2]) await trade(start + (200 - daysAgo) * DAY, 3);
  // 520 deals inside one second: more than a page, so the sync must page within that second.
  await trade(start + 199 * DAY, 520);
  nowMs = start + 200 * DAY;
}, 120_000);

afterAll(async () => {
  await cache?.close();
  await h?.close();
});

describe('executed-history sync', () => {
  it('walks back to the six-month horizon, resumes after being stopped, and stores each deal once', async () => {
    const truth = await exchangeDealIds();
    // 3 orders at each of six dates inside the horizon and 520 in one second; the 195-day-old ones are gone.
    expect(truth.size).toBe(538);

    // A first run stopped after two pages, as if the app were killed.
    const stop = new AbortController();
    const seen: SyncProgress[] = [];
    const first = syncDeals({
      cache,
      caller: h.as('main'),
      account: ACCOUNT,
      now: nowS,
      signal: stop.signal,
      onProgress: (p) => {
        seen.push(p);
        if (p.pages === 2) stop.abort();
      },
    });
    await expect(first).rejects.toThrow();
    const checkpoint = await cache.checkpoints.load(dealsJob(ACCOUNT));
    expect(checkpoint?.cursor).toMatchObject({ phase: 'backfill' });
    const partial = await cachedIds();
    expect(partial.length).toBeGreaterThan(0);

    const before = h.audit.length;
    const done = await syncDeals({ cache, caller: h.as('main'), account: ACCOUNT, now: nowS });
    expect(done).toMatchObject({ phase: 'idle', done: 1 });
    const ids = await cachedIds();
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(truth);
    // The resumed run did not start over: it needed fewer requests than windows in six months.
    expect(h.audit.length - before).toBeLessThan(Math.ceil(HORIZON_S / (7 * 86_400)) + 4);
    expect(seen.every((p, i) => i === 0 || p.done >= (seen[i - 1]?.done ?? 0))).toBe(true);
  });

  it('picks up new deals incrementally, with no gap and no double', async () => {
    await trade(nowMs + 60_000, 4);
    const arriving: Promise<unknown>[] = [];
    const during = syncDeals({
      cache,
      caller: h.as('main'),
      account: ACCOUNT,
      now: nowS,
      onProgress: () => {
        // Deals keep arriving while the sync pages.
        arriving.push(
          trading.stockMarketOrder(h.as('main'), { market: 'ETH_USDT', side: 'buy', amount: '0.001' }),
        );
      },
    });
    await during;
    await Promise.all(arriving);
    expect(arriving.length).toBeGreaterThan(0);
    nowMs += 120_000;
    await syncDeals({ cache, caller: h.as('main'), account: ACCOUNT, now: nowS });
    const ids = await cachedIds();
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(await exchangeDealIds());
  });
});

describe('the archive past the six months the exchange serves', () => {
  it('keeps every cached deal the exchange no longer serves, however many syncs later', async () => {
    const cachedBefore = new Set(await cachedIds());
    // a month on: the deals of 170 days ago are now older than six months
    nowMs += 30 * DAY;
    const served = await exchangeDealIds();
    const gone = [...cachedBefore].filter((id) => !served.has(id));
    expect(gone).toHaveLength(3);
    await syncDeals({ cache, caller: h.as('main'), account: ACCOUNT, now: nowS });
    await syncDeals({ cache, caller: h.as('main'), account: ACCOUNT, now: nowS });
    const cachedAfter = new Set(await cachedIds());
    for (const id of [...cachedBefore, ...served]) expect(cachedAfter.has(id), String(id)).toBe(true);
  });
});
