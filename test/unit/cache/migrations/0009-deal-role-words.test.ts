import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadableDB, WritableDB } from '../../../../main/cache/db.ts';
import { migrate } from '../../../../main/cache/migrate.ts';
import { migrations } from '../../../../main/cache/migrations/index.ts';
import { dealTotals } from '../../../../main/cache/repos/deal-totals.ts';
import { pageDeals, upsertDeals } from '../../../../main/cache/repos/deals.ts';
import { deal } from '../deal-factory.ts';

const DAY_US = 86_400_000_000;
let db: Database.Database;

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db, migrations.slice(0, 8));
  db.prepare(`INSERT INTO deal_accounts (ref, account) VALUES (1, 'main'), (2, 'sub')`).run();
  db.prepare(`INSERT INTO deal_markets (ref, market) VALUES (1, 'BTC_USDT')`).run();
  // A cache of version 8 keeps the exchange's numbers: 1 maker, 2 taker.
  const insert = db.prepare(
    `INSERT INTO deals VALUES (?, ?, 1, 'buy', ?, '0.1', '100', '10', '0.01', 'USDT', ?, ?, ?)`,
  );
  for (let id = 1; id <= 40; id++)
    insert.run(id % 2 ? 1 : 2, id, id % 3 ? 1 : 2, 500 + id, id % 5 ? '' : `c-${String(id)}`, id * 1000);
  db.prepare(
    `INSERT INTO deal_daily_totals VALUES
       (1, 1, 0, 'buy', 1, 'USDT', 13, '1.3', '130', '0.13'),
       (1, 1, 0, 'buy', 2, 'USDT', 7, '0.7', '70', '0.07'),
       (2, 1, 0, 'buy', 1, 'USDT', 14, '1.4', '140', '0.14'),
       (2, 1, 0, 'buy', 2, 'USDT', 6, '0.6', '60', '0.06')`,
  ).run();
});
afterEach(() => db.close());

const stored = () =>
  db.prepare('SELECT * FROM deals ORDER BY account_ref, id').all() as Array<Record<string, unknown>>;

describe('migration 0009-deal-role-words (from version 8 with data)', () => {
  it('keeps every deal, its role now maker or taker, and every daily total under its role', () => {
    const before = stored();
    expect(migrate(db, migrations.slice(0, 9))).toEqual({
      from: 8,
      to: 9,
      applied: ['0009-deal-role-words'],
    });
    expect(stored()).toEqual(before.map((row) => ({ ...row, role: row['role'] === 1 ? 'maker' : 'taker' })));
    expect(
      db.prepare('SELECT account_ref, role, deals FROM deal_daily_totals ORDER BY account_ref, role').all(),
    ).toEqual([
      { account_ref: 1, role: 'maker', deals: 13 },
      { account_ref: 1, role: 'taker', deals: 7 },
      { account_ref: 2, role: 'maker', deals: 14 },
      { account_ref: 2, role: 'taker', deals: 6 },
    ]);
  });

  it('keeps the deal indexes, and refuses a number where the role is', () => {
    migrate(db, migrations);
    const indexes = db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('deals', 'deal_daily_totals')
         AND sql IS NOT NULL ORDER BY name`,
      )
      .all()
      .map((r) => (r as { name: string }).name);
    expect(indexes).toEqual([
      'deal_daily_totals_by_market',
      'deals_by_account_time',
      'deals_by_client_order',
      'deals_by_market_time',
      'deals_by_order',
      'deals_by_time',
    ]);
    expect(() =>
      db.prepare(`INSERT INTO deals VALUES (1, 99, 1, 'buy', 2, '1', '1', '1', '0', 'USDT', 1, '', 1)`).run(),
    ).toThrow(/CHECK/);
    expect(db.prepare(`SELECT name FROM sqlite_schema WHERE name LIKE '%_roles'`).all()).toEqual([]);
  });

  it('reads, filters and totals the migrated deals by their role word, new deals added to the same days', () => {
    migrate(db, migrations);
    const readable = db as unknown as ReadableDB;
    const page = pageDeals(readable, { accounts: ['main'], role: 'taker' }, null, 100);
    expect(page.rows.map((d) => d.role)).toEqual(Array(page.rows.length).fill('taker'));
    expect(page.rows.map((d) => d.id).sort((a, b) => a - b)).toEqual([3, 9, 15, 21, 27, 33, 39]);
    upsertDeals(db as unknown as WritableDB, [
      deal(1000, { account: 'main', role: 'taker', time: 0.5, amount: '0.1', deal: '10', fee: '0.01' }),
    ]);
    // The new deal adds to its day's row under the same role, not to a row of its own.
    const day = { accounts: ['main'], from: 0, to: DAY_US / 1e6 };
    expect(dealTotals(readable, { ...day, role: 'taker' }).deals).toBe(8);
    expect(dealTotals(readable, { ...day, role: 'maker' }).deals).toBe(13);
    expect(db.prepare('SELECT count(*) AS n FROM deal_daily_totals').get()).toEqual({ n: 4 });
  });
});
