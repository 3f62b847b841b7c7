import { Decimal } from 'decimal.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CacheCancelledError, type DealRecord, type ExportProgress } from '../../../main/cache/index.ts';
import { openWritable } from '../../../main/cache/open.ts';
import { migrations } from '../../../main/cache/migrations/index.ts';
import { cacheFilePath } from '../../../main/cache/open.ts';
import { deal, useCaches } from './fixtures.ts';

const caches = useCaches();

function randomDeals(count: number): DealRecord[] {
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, (_, i) => {
    const amount = (next() * 3).toFixed(8);
    const price = (1 + next() * 50_000).toFixed(2);
    return deal(i + 1, {
      market: ['BTC_USDT', 'ETH_USDT', 'ETH_BTC'][i % 3] as string,
      amount,
      price,
      deal: new Decimal(amount).mul(price).toFixed(),
      fee: (next() / 1000).toFixed(10),
      feeAsset: i % 5 === 0 ? 'TXC' : 'USDT',
    });
  });
}

describe('browsing the cache', () => {
  it('totals equal an independent decimal sum of the same rows', async () => {
    const cache = await caches.open();
    const rows = randomDeals(3000);
    for (let i = 0; i < rows.length; i += 500) await cache.deals.upsert(rows.slice(i, i + 500));
    const totals = await cache.deals.totals({ market: 'ETH_USDT' });
    const mine = rows.filter((r) => r.market === 'ETH_USDT');
    const sum = (list: DealRecord[], pick: (d: DealRecord) => string) =>
      list.reduce((s, d) => s.add(pick(d)), new Decimal(0)).toFixed();
    expect(totals.deals).toBe(mine.length);
    expect(totals.markets).toHaveLength(1);
    const m = totals.markets[0];
    expect(m?.volume).toBe(sum(mine, (d) => d.amount));
    expect(m?.value).toBe(sum(mine, (d) => d.deal));
    expect(m?.buyValue).toBe(
      sum(
        mine.filter((d) => d.side === 'buy'),
        (d) => d.deal,
      ),
    );
    expect(totals.fees).toEqual(
      ['TXC', 'USDT']
        .map((asset) => ({
          asset,
          amount: sum(
            mine.filter((d) => d.feeAsset === asset),
            (d) => d.fee,
          ),
        }))
        .filter((f) => f.amount !== '0'),
    );
  });

  it('exports a filtered view to CSV through the worker, with progress', async () => {
    const cache = await caches.open();
    await cache.deals.upsert([...randomDeals(1000), deal(5000, { clientOrderId: 'x,"y"', account: 'sub' })]);
    const file = join(caches.dataDir(), 'deals.csv');
    const progress: ExportProgress[] = [];
    const result = await cache.deals.exportCsv({ accounts: ['main'], market: 'BTC_USDT' }, file, {
      chunkRows: 100,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ rows: 334, total: 334 });
    expect(progress.at(-1)).toEqual({ rows: 334, total: 334 });
    expect(progress.length).toBe(4);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(335);
    expect(lines.slice(1).every((l) => l.includes(',main,BTC_USDT,'))).toBe(true);
    const all = join(caches.dataDir(), 'all.csv');
    await cache.deals.exportCsv({ accounts: ['sub'] }, all);
    expect(readFileSync(all, 'utf8')).toContain(',"x,""y""",5000\r\n');
  });

  it('cancels an export from the main thread and leaves no file', async () => {
    const cache = await caches.open();
    await cache.deals.upsert(randomDeals(3000));
    const file = join(caches.dataDir(), 'cancelled.csv');
    const controller = new AbortController();
    const run = cache.deals.exportCsv({}, file, {
      chunkRows: 50,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.rows >= 200) controller.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(CacheCancelledError);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(await cache.deals.count({})).toBe(3000);
  });

  it('close() stops a running export, removes its partial file and ends the workers', async () => {
    const cache = await caches.open();
    await cache.deals.upsert(randomDeals(3000));
    const file = join(caches.dataDir(), 'interrupted.csv');
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const run = cache.deals.exportCsv({}, file, { chunkRows: 5, onProgress: () => started() });
    const outcome = run.then(
      () => 'finished',
      (error: unknown) => (error as Error).name,
    );
    await running;
    await cache.close();
    expect(await outcome).toBe('CacheCancelledError');
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });

  it('reads everything back offline after a restart, with the age of each snapshot', async () => {
    const first = await caches.open();
    await first.deals.upsert(randomDeals(600));
    await first.balances.record({
      account: 'main',
      kind: 'main',
      takenAtMs: 1_763_800_000_000,
      entries: [{ ticker: 'BTC', field: 'main_balance', amount: '0.12345678' }],
    });
    await first.checkpoints.save('deals:main', { endDate: 1_763_800_000, page: 2 });
    await first.audit.record({ atMs: 1, account: 'main', path: '/api/v4/order/new', outcome: 'ok' });
    const firstPage = await first.deals.page({ market: 'ETH_BTC' }, null, 10);
    await first.close();

    const again = await caches.open();
    expect(again.migration?.applied).toEqual([]);
    expect(await again.deals.count({})).toBe(600);
    expect(await again.deals.page({ market: 'ETH_BTC' }, null, 10)).toEqual(firstPage);
    expect(await again.balances.latest('main', 'main')).toMatchObject({
      takenAtMs: 1_763_800_000_000,
      entries: [{ ticker: 'BTC', field: 'main_balance', amount: '0.12345678' }],
    });
    expect((await again.checkpoints.load('deals:main'))?.cursor).toEqual({ endDate: 1_763_800_000, page: 2 });
    expect(await again.audit.list()).toHaveLength(1);
  });

  it('migrates a version 1 file with deals in it when the app opens it, deals intact', async () => {
    const file = cacheFilePath(caches.dataDir(), 'desk');
    const old = openWritable(file, { migrations: migrations.slice(0, 1) }).db;
    // Version 1 kept account and market names in the deals table itself.
    const insert = old.prepare(`INSERT INTO deals VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const d of randomDeals(250)) {
      insert.run(
        d.account,
        d.id,
        d.market,
        d.side,
        // version 1 kept the exchange's numbers: 1 maker, 2 taker
        d.role === 'maker' ? 1 : 2,
        d.amount,
        d.price,
        d.deal,
        d.fee,
        d.feeAsset,
        d.orderId,
        d.clientOrderId,
        Math.round(d.time * 1e6),
      );
    }
    old.close();

    const cache = await caches.open();
    expect(cache.migration).toEqual({
      from: 1,
      to: 12,
      applied: [
        '0002-sync-checkpoints',
        '0003-deal-name-keys',
        '0004-deal-daily-totals',
        '0005-batch-log',
        '0006-position-order-key',
        '0007-webhook-events-per-account',
        '0008-last-known',
        '0009-deal-role-words',
        '0010-team-log',
        '0011-history-vault',
        '0012-ledger-rollups',
      ],
    });
    expect(await cache.deals.count({})).toBe(250);
    const newest = (await cache.deals.page({ market: 'ETH_BTC' }, null, 1)).rows[0];
    expect(newest).toEqual(
      randomDeals(250)
        .filter((d) => d.market === 'ETH_BTC')
        .at(-1),
    );
    await cache.checkpoints.save('deals:main', { offset: 250 });
    expect(await cache.checkpoints.list('deals:')).toHaveLength(1);
  });
});
