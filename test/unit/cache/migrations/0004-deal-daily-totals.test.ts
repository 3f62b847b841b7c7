import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../main/cache/migrate.ts';
import { migrations } from '../../../../main/cache/migrations/index.ts';

const DAY_US = 86_400_000_000;
let db: Database.Database;

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db, migrations.slice(0, 3));
  db.prepare(`INSERT INTO deal_accounts (ref, account) VALUES (1, 'main'), (2, 'sub')`).run();
  db.prepare(`INSERT INTO deal_markets (ref, market) VALUES (1, 'BTC_USDT')`).run();
  const insert = db.prepare(
    `INSERT INTO deals VALUES (?, ?, 1, ?, 1, '0.1', '100', '10.01', '0.001', 'USDT', 7, '', ?)`,
  );
  // Day 20000: 3 buys of main, 1 sell of main, 2 buys of sub; day 20001: 1 buy of main.
  insert.run(1, 1, 'buy', 20000 * DAY_US);
  insert.run(1, 2, 'buy', 20000 * DAY_US + 5);
  insert.run(1, 3, 'buy', 20001 * DAY_US - 1);
  insert.run(1, 4, 'sell', 20000 * DAY_US + 9);
  insert.run(2, 5, 'buy', 20000 * DAY_US + 1);
  insert.run(2, 6, 'buy', 20000 * DAY_US + 2);
  insert.run(1, 7, 'buy', 20001 * DAY_US);
});
afterEach(() => db.close());

describe('migration 0004-deal-daily-totals (from version 3 with data)', () => {
  it('fills the daily totals from the cached deals, exactly, and keeps the deals', () => {
    expect(migrate(db, migrations.slice(0, 4))).toEqual({
      from: 3,
      to: 4,
      applied: ['0004-deal-daily-totals'],
    });
    expect(
      db
        .prepare(
          'SELECT account_ref, day, side, deals, amount, value, fee FROM deal_daily_totals ORDER BY 1, 2, 3',
        )
        .all(),
    ).toEqual([
      { account_ref: 1, day: 20000, side: 'buy', deals: 3, amount: '0.3', value: '30.03', fee: '0.003' },
      { account_ref: 1, day: 20000, side: 'sell', deals: 1, amount: '0.1', value: '10.01', fee: '0.001' },
      { account_ref: 1, day: 20001, side: 'buy', deals: 1, amount: '0.1', value: '10.01', fee: '0.001' },
      { account_ref: 2, day: 20000, side: 'buy', deals: 2, amount: '0.2', value: '20.02', fee: '0.002' },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM deals').get()).toEqual({ n: 7 });
  });

  it('creates an empty rollup for a file without deals', () => {
    db.prepare('DELETE FROM deals').run();
    migrate(db, migrations.slice(0, 4));
    expect(db.prepare('SELECT count(*) AS n FROM deal_daily_totals').get()).toEqual({ n: 0 });
  });
});
