import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WritableDB } from '../../../main/cache/db.ts';
import { CacheInputError } from '../../../main/cache/errors.ts';
import { openWritable } from '../../../main/cache/open.ts';
import type { DealCursor, DealFilter } from '../../../main/cache/repos/deal-filter.ts';
import {
  countDeals,
  newestDealTime,
  pageDeals,
  upsertDeals,
  type DealRecord,
} from '../../../main/cache/repos/deals.ts';
import { deal, range } from './deal-factory.ts';
import { tempDirs } from './temp-dir.ts';

const dirs = tempDirs();
let db: WritableDB;

beforeEach(() => {
  db = openWritable(`${dirs.make()}/cache.sqlite`).db;
});
afterEach(() => {
  db.close();
  dirs.cleanup();
});

function walk(filter: DealFilter, limit: number): { pages: number; ids: string[] } {
  const ids: string[] = [];
  let cursor: DealCursor | null = null;
  let pages = 0;
  do {
    const page = pageDeals(db, filter, cursor, limit);
    pages++;
    ids.push(...page.rows.map((r) => `${r.account}:${r.id}`));
    cursor = page.next;
  } while (cursor);
  return { pages, ids };
}

describe('upsertDeals', () => {
  it('stores every field as sent and reads it back the same', () => {
    const d = deal(7, { clientOrderId: 'my-7', time: 1594297218.906802, fee: '-0.000012', role: 'taker' });
    expect(upsertDeals(db, [d])).toEqual({ inserted: 1, duplicates: 0 });
    expect(pageDeals(db, {}).rows).toEqual([d]);
  });

  it('leaves no double when the same page or an overlapping page is stored again', () => {
    upsertDeals(
      db,
      range(1, 500).map((i) => deal(i)),
    );
    expect(
      upsertDeals(
        db,
        range(1, 500).map((i) => deal(i)),
      ),
    ).toEqual({ inserted: 0, duplicates: 500 });
    expect(
      upsertDeals(
        db,
        range(400, 900).map((i) => deal(i)),
      ),
    ).toEqual({ inserted: 400, duplicates: 101 });
    expect(countDeals(db, {})).toBe(900);
  });

  it('keeps the same deal id apart in two accounts', () => {
    upsertDeals(db, [deal(1), deal(1, { account: 'sub-1' })]);
    expect(countDeals(db, {})).toBe(2);
  });

  it.each<[keyof DealRecord, unknown]>([
    ['amount', 1.5],
    ['amount', '1e-8'],
    ['side', 'hold'],
    ['role', 3],
    ['id', 1.5],
    ['time', Number.NaN],
    ['account', ''],
  ])('rejects %s = %j and writes nothing of the page', (field, value) => {
    const bad = { ...deal(2), [field]: value } as DealRecord;
    expect(() => upsertDeals(db, [deal(1), bad])).toThrow(CacheInputError);
    expect(countDeals(db, {})).toBe(0);
  });
});

describe('account and market keys', () => {
  it('stores each name once and gives every deal its own names back', () => {
    const uuid = '6f1c0b1e-8d3e-4c53-9a43-2f1d1b7c9e01';
    upsertDeals(db, [deal(1, { account: uuid, market: 'ETH_BTC' }), deal(2), deal(3, { account: uuid })]);
    const names = pageDeals(db, {}).rows.map((r) => `${r.id}:${r.account}:${r.market}`);
    expect(names).toEqual([`3:${uuid}:BTC_USDT`, '2:main:BTC_USDT', `1:${uuid}:ETH_BTC`]);
    expect(db.prepare('SELECT count(*) AS n FROM deal_accounts').get()).toEqual({ n: 2 });
    expect(db.prepare('SELECT count(*) AS n FROM deal_markets').get()).toEqual({ n: 2 });
  });

  it('forgets keys a rolled-back page had created, so later names stay right', () => {
    db.exec(`CREATE TEMP TRIGGER boom BEFORE INSERT ON deals WHEN NEW.id = 666
      BEGIN SELECT RAISE(ABORT, 'boom'); END`);
    expect(() => upsertDeals(db, [deal(1, { account: 'new' }), deal(666, { account: 'new' })])).toThrow(
      /boom/,
    );
    db.exec('DROP TRIGGER boom');
    upsertDeals(db, [deal(3, { account: 'other' })]);
    upsertDeals(db, [deal(4, { account: 'new' })]);
    expect(pageDeals(db, {}).rows.map((r) => `${r.id}:${r.account}`)).toEqual(['4:new', '3:other']);
  });

  it('matches nothing for an account or market never stored, and refuses a cursor of one', () => {
    upsertDeals(db, [deal(1)]);
    expect(pageDeals(db, { accounts: ['ghost'] }).rows).toEqual([]);
    expect(pageDeals(db, { accounts: ['ghost', 'main'] }).rows).toHaveLength(1);
    expect(pageDeals(db, { market: 'NOPE_USDT' }).rows).toEqual([]);
    expect(() => pageDeals(db, {}, { timeUs: 1, id: 1, account: 'ghost' })).toThrow(CacheInputError);
  });
});

describe('pageDeals', () => {
  it('pages newest first with no gap and no repeat across many equal timestamps', () => {
    const rows = range(1, 95).map((i) => deal(i, { time: 1_763_800_000 + Math.floor(i / 10) }));
    rows.push(...range(1, 20).map((i) => deal(i, { account: 'sub', time: 1_763_800_003 })));
    upsertDeals(db, rows);
    const { pages, ids } = walk({}, 7);
    expect(ids).toHaveLength(115);
    expect(new Set(ids).size).toBe(115);
    expect(pages).toBe(Math.ceil(115 / 7));
    const all = pageDeals(db, {}, null, 1000).rows;
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1] as DealRecord, all[i] as DealRecord];
      expect(a.time > b.time || (a.time === b.time && a.id >= b.id)).toBe(true);
    }
  });

  it('ends with next = null when the last page is exactly full', () => {
    upsertDeals(
      db,
      range(1, 10).map((i) => deal(i)),
    );
    const first = pageDeals(db, {}, null, 5);
    const second = pageDeals(db, {}, first.next, 5);
    expect(second.rows.map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);
    expect(second.next).toBeNull();
  });

  it('filters by accounts, market, side, role, order id, client order id and date range', () => {
    upsertDeals(db, [
      deal(1, { market: 'ETH_USDT' }),
      deal(2, { account: 'sub' }),
      deal(3, { clientOrderId: 'abc' }),
      deal(4, { orderId: 77 }),
      deal(5, { time: 1_700_000_000 }),
      deal(6),
    ]);
    const ids = (filter: DealFilter) => walk(filter, 2).ids.map((s) => Number(s.split(':')[1]));
    expect(ids({ market: 'ETH_USDT' })).toEqual([1]);
    expect(ids({ accounts: ['sub'] })).toEqual([2]);
    expect(ids({ accounts: ['sub', 'main'], market: 'BTC_USDT' })).toEqual([6, 4, 3, 2, 5]);
    expect(ids({ side: 'buy' })).toEqual([6, 4, 2]);
    expect(ids({ role: 'taker' })).toEqual([6, 3]);
    expect(ids({ orderId: 77 })).toEqual([4]);
    expect(ids({ clientOrderId: 'abc' })).toEqual([3]);
    expect(ids({ from: 1_763_800_000.002, to: 1_763_800_000.004 })).toEqual([3, 2]);
    expect(ids({ to: 1_763_000_000 })).toEqual([5]);
  });

  it('rejects unknown filter fields, a bad cursor and an out-of-range limit', () => {
    expect(() => pageDeals(db, { markt: 'X' })).toThrow(CacheInputError);
    expect(() => pageDeals(db, {}, { timeUs: 'x', id: 1, account: 'a' })).toThrow(
      /The cursor is not valid \(Time us/,
    );
    expect(() => pageDeals(db, {}, null, 0)).toThrow(/limit/);
    expect(() => pageDeals(db, {}, null, 1001)).toThrow(/limit/);
  });

  it.each<[string, DealFilter]>([
    ['no filter', {}],
    ['one account', { accounts: ['main'] }],
    ['a market', { market: 'BTC_USDT' }],
    ['an account and a market', { accounts: ['main'], market: 'BTC_USDT' }],
  ])('walks an index in order with %s: no sort step, no full scan', (_, filter) => {
    upsertDeals(db, [deal(1)]);
    const cursor = { timeUs: 1, id: 1, account: 'main' };
    const where = Object.keys(filter).length ? filter : {};
    const plan = explain(where, cursor);
    expect(plan).not.toMatch(/USE TEMP B-TREE/);
    expect(plan).toMatch(/USING (COVERING )?INDEX|USING PRIMARY KEY/);
  });

  it('merges several accounts newest first across equal times and ids', () => {
    const same = 1_763_800_001;
    upsertDeals(db, [
      ...range(1, 30).map((i) => deal(i, { account: 'a', time: same })),
      ...range(1, 30).map((i) => deal(i, { account: 'b', time: same })),
      ...range(1, 30).map((i) => deal(i, { account: 'c' })),
    ]);
    const { ids } = walk({ accounts: ['b', 'a', 'b'] }, 4);
    expect(ids).toEqual(
      range(1, 30)
        .reverse()
        .flatMap((i) => [`b:${i}`, `a:${i}`]),
    );
  });

  it('looks up order ids and client order ids by index', () => {
    expect(explain({ orderId: 5 }, null)).toMatch(/deals_by_order/);
    expect(explain({ clientOrderId: 'x' }, null)).toMatch(/deals_by_client_order/);
  });
});

function explain(filter: DealFilter, cursor: DealCursor | null): string {
  const original = db.prepare.bind(db);
  let plan = '';
  db.prepare = ((sql: string) => {
    plan = (original(`EXPLAIN QUERY PLAN ${sql}`).all(...argsFor(filter, cursor)) as { detail: string }[])
      .map((r) => r.detail)
      .join('\n');
    return original(sql);
  }) as typeof db.prepare;
  try {
    pageDeals(db, filter, cursor);
  } finally {
    db.prepare = original;
  }
  return plan;
}

function argsFor(filter: DealFilter, cursor: DealCursor | null): unknown[] {
  const args: unknown[] = [...(filter.accounts ?? [])];
  if (filter.market) args.push(filter.market);
  if (filter.orderId !== undefined) args.push(filter.orderId);
  if (filter.clientOrderId !== undefined) args.push(filter.clientOrderId);
  if (cursor) args.push(cursor.timeUs, cursor.id, cursor.account);
  args.push(201);
  return args;
}

describe('newestDealTime', () => {
  it('gives the newest cached time of an account, or null', () => {
    expect(newestDealTime(db, 'main')).toBeNull();
    upsertDeals(db, [deal(1), deal(9), deal(4, { account: 'sub' })]);
    expect(newestDealTime(db, 'main')).toBe(deal(9).time);
    expect(newestDealTime(db, 'main', 'ETH_USDT')).toBeNull();
  });
});
