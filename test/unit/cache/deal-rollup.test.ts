import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { DealFilter } from '../../../main/cache/repos/deal-filter.ts';
import { dealTotals } from '../../../main/cache/repos/deal-totals.ts';
import { upsertDeals, type DealRecord } from '../../../main/cache/repos/deals.ts';
import { writeMethods } from '../../../main/cache/methods.ts';
import { deal } from './deal-factory.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();
const DAY = 86_400;
const T0 = 20_000 * DAY;

/** Deals over five days, three accounts, two markets, both sides and roles, two fee assets. */
function spread(count: number): DealRecord[] {
  let seed = 11;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, (_, i) =>
    deal(i + 1, {
      account: ['a', 'b', 'c'][i % 3] as string,
      market: i % 4 < 2 ? 'BTC_USDT' : 'ETH_BTC',
      time: T0 + Math.floor(next() * 5 * DAY * 1e6) / 1e6,
      side: next() < 0.5 ? 'buy' : 'sell',
      role: next() < 0.5 ? 'maker' : 'taker',
      amount: (next() * 10).toFixed(8),
      deal: (next() * 1000).toFixed(10),
      fee: (next() / 100).toFixed(12),
      feeAsset: next() < 0.3 ? 'TXC' : 'USDT',
    }),
  );
}

/** The oracle: the same totals computed directly from the deals with decimal.js. */
function expected(rows: DealRecord[], f: DealFilter) {
  const kept = rows.filter(
    (d) =>
      (!f.accounts || f.accounts.includes(d.account)) &&
      (!f.market || d.market === f.market) &&
      (!f.side || d.side === f.side) &&
      (!f.role || d.role === f.role) &&
      (f.from === undefined || Math.round(d.time * 1e6) >= Math.round(f.from * 1e6)) &&
      (f.to === undefined || Math.round(d.time * 1e6) < Math.round(f.to * 1e6)),
  );
  const sum = (list: DealRecord[], pick: (d: DealRecord) => string) =>
    list.reduce((s, d) => s.add(pick(d)), new Decimal(0)).toFixed();
  const markets = [...new Set(kept.map((d) => d.market))].sort();
  return {
    deals: kept.length,
    markets: markets.map((market) => {
      const m = kept.filter((d) => d.market === market);
      return {
        market,
        deals: m.length,
        buyAmount: sum(
          m.filter((d) => d.side === 'buy'),
          (d) => d.amount,
        ),
        sellValue: sum(
          m.filter((d) => d.side === 'sell'),
          (d) => d.deal,
        ),
        fees: [...new Set(m.map((d) => d.feeAsset))].sort().map((asset) => ({
          asset,
          amount: sum(
            m.filter((d) => d.feeAsset === asset),
            (d) => d.fee,
          ),
        })),
      };
    }),
  };
}

const summary = (t: ReturnType<typeof dealTotals>) => ({
  deals: t.deals,
  markets: t.markets.map((m) => ({
    market: m.market,
    deals: m.deals,
    buyAmount: m.buyAmount,
    sellValue: m.sellValue,
    fees: m.fees,
  })),
});

describe('totals from the daily rollup', () => {
  const filters: DealFilter[] = [
    {},
    { accounts: ['a', 'c'] },
    { market: 'ETH_BTC', side: 'sell' },
    { role: 'taker', accounts: ['b'] },
    { from: T0 + DAY, to: T0 + 3 * DAY },
    { from: T0 + 1.25 * DAY, to: T0 + 3.5 * DAY },
    { from: T0 + 0.123456 * DAY },
    { to: T0 + 4.999 * DAY, market: 'BTC_USDT' },
    { from: T0 + 2.1 * DAY, to: T0 + 2.9 * DAY },
    { from: T0 + 3 * DAY, to: T0 + 2 * DAY },
  ];

  it.each(filters)('equal a direct decimal sum of the deals for %j', (filter) => {
    const rows = spread(1500);
    for (let i = 0; i < rows.length; i += 250) upsertDeals(db.get(), rows.slice(i, i + 250));
    expect(summary(dealTotals(db.get(), filter))).toEqual(expected(rows, filter));
  });

  it('reads whole days from the rollup and only the partial edge days from the deals', () => {
    upsertDeals(db.get(), spread(200));
    db.get().prepare('DELETE FROM deals').run(); // the rollup alone now remembers them
    expect(dealTotals(db.get(), {}).deals).toBe(200);
    expect(dealTotals(db.get(), { from: T0, to: T0 + 5 * DAY }).deals).toBe(200);
    expect(dealTotals(db.get(), { from: T0 + 0.5 * DAY }).deals).toBeLessThan(200);
    expect(dealTotals(db.get(), { orderId: 1001 }).deals).toBe(0);
  });

  it('does not count a deal twice when its page is stored again', () => {
    const rows = spread(300);
    upsertDeals(db.get(), rows);
    upsertDeals(db.get(), rows.slice(100, 200));
    expect(summary(dealTotals(db.get(), {}))).toEqual(expected(rows, {}));
    const days = db.get().prepare('SELECT sum(deals) AS n FROM deal_daily_totals').get();
    expect(days).toEqual({ n: 300 });
  });

  it('leaves the rollup untouched when the page is rolled back', () => {
    upsertDeals(db.get(), spread(10));
    db.get().exec(`CREATE TEMP TRIGGER boom BEFORE INSERT ON deals WHEN NEW.id = 9999
      BEGIN SELECT RAISE(ABORT, 'boom'); END`);
    expect(() => upsertDeals(db.get(), [deal(5000), deal(9999)])).toThrow(/boom/);
    expect(db.get().prepare('SELECT sum(deals) AS n FROM deal_daily_totals').get()).toEqual({ n: 10 });
  });

  // Pages go into the writer's open group (deal-group.ts): its daily totals are written at the commit,
  // which the worker makes before any read; `meta.flush` does it here.
  const writer = () => ({ db: db.get(), signal: new AbortController().signal, progress: () => undefined });

  it('refuses a page with a bad checkpoint before writing it; the pages before it stay', () => {
    const rows = spread(600);
    const context = writer();
    writeMethods['deals.upsert'](context, rows.slice(0, 200));
    expect(() =>
      writeMethods['deals.upsert'](context, rows.slice(200, 400), { job: 'deals:x', cursor: undefined }),
    ).toThrow(/JSON value/);
    writeMethods['meta.flush'](context);
    expect(dealTotals(db.get(), {}).deals).toBe(200);
    writeMethods['deals.upsert'](context, rows.slice(200));
    writeMethods['meta.flush'](context);
    expect(summary(dealTotals(db.get(), {}))).toEqual(expected(rows, {}));
  });

  it('stays exact when a group is rolled back after its deals were added (the checkpoint write failed)', () => {
    const rows = spread(600);
    const context = writer();
    writeMethods['deals.upsert'](context, rows.slice(0, 100), { job: 'deals:x', cursor: 1 });
    writeMethods['meta.flush'](context);
    db.get().exec(`CREATE TEMP TRIGGER boom BEFORE UPDATE ON sync_checkpoints WHEN NEW.cursor = '3'
      BEGIN SELECT RAISE(ABORT, 'boom'); END`);
    writeMethods['deals.upsert'](context, rows.slice(100, 200), { job: 'deals:x', cursor: 2 });
    expect(() =>
      writeMethods['deals.upsert'](context, rows.slice(200, 400), { job: 'deals:x', cursor: 3 }),
    ).toThrow(/boom/);
    // The whole open group went: the page before too, with its checkpoint, so a sync resumes after 1.
    expect(dealTotals(db.get(), {}).deals).toBe(100);
    expect(db.get().prepare('SELECT cursor FROM sync_checkpoints').get()).toEqual({ cursor: '1' });
    db.get().exec('DROP TRIGGER boom');
    writeMethods['deals.upsert'](context, rows.slice(100));
    writeMethods['meta.flush'](context);
    expect(summary(dealTotals(db.get(), {}))).toEqual(expected(rows, {}));
    const days = db.get().prepare('SELECT sum(deals) AS n FROM deal_daily_totals').get();
    expect(days).toEqual({ n: 600 });
  });
});
