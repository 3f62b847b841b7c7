import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../main/cache/migrate.ts';
import { migrations } from '../../../../main/cache/migrations/index.ts';

let db: Database.Database;

/** A row as version 5 stored it: keyed by (account, position, modify time). */
const insertV5 = (
  account: string,
  position: number,
  modifyUs: number,
  orderId: number | null,
  amount: string,
) =>
  db
    .prepare(
      `INSERT OR REPLACE INTO positions_history (account, position_id, modify_us, market, open_us, side, is_hedge,
         amount, base_price, realized_funding, liquidation_price, liquidation_state, order_id, trade_amount,
         trade_price, trade_fee, funding_fee, realized_pnl)
       VALUES (?, ?, ?, 'BTC_PERP', 1, 'BOTH', 0, ?, '60000', '0', NULL, NULL, ?, '0.01', '60000', '0.3', NULL, NULL)`,
    )
    .run(account, position, modifyUs, amount, orderId);

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db, migrations.slice(0, 5));
  // position 1 of "a": three records at one time folded into the last one written
  insertV5('a', 1, 5_000_000, 13, '0');
  insertV5('a', 1, 5_000_000, 12, '0.004');
  insertV5('a', 1, 5_000_000, 11, '0.006');
  // an order filled at two times used to leave two rows; the later one is its record
  insertV5('b', 4, 7_000_000, 20, '0.1');
  insertV5('b', 4, 8_000_000, 20, '0.3');
  insertV5('b', 5, 9_000_000, null, '0');
  const checkpoint = db.prepare(`INSERT INTO sync_checkpoints VALUES (?, ?, 1)`);
  checkpoint.run('positions:a', '{"phase":"idle","syncedUntil":9}');
  checkpoint.run('positions:b', '{"phase":"running","end":8,"floor":1,"top":9,"syncedUntil":0}');
  checkpoint.run('deals:a', '{"offset":3}');
  checkpoint.run('borrows:a', '{"syncedUntil":9}');
});
afterEach(() => db.close());

describe('migration 0006-position-order-key (from version 5 with folded rows)', () => {
  it('keys rows by position and order, and drops every positions checkpoint so the next sync reads again', () => {
    expect(migrate(db, migrations.slice(0, 6))).toEqual({
      from: 5,
      to: 6,
      applied: ['0006-position-order-key'],
    });
    expect(
      db
        .prepare(
          'SELECT account, position_id, order_id, modify_us, amount FROM positions_history ORDER BY 1, 2, 3',
        )
        .all(),
    ).toEqual([
      { account: 'a', position_id: 1, order_id: 11, modify_us: 5_000_000, amount: '0.006' },
      { account: 'b', position_id: 4, order_id: 20, modify_us: 8_000_000, amount: '0.3' },
    ]);
    expect(db.prepare('SELECT job FROM sync_checkpoints ORDER BY job').all()).toEqual([
      { job: 'borrows:a' },
      { job: 'deals:a' },
    ]);
  });

  it('keeps records of one position at one time apart, and one row per order', () => {
    migrate(db, migrations.slice(0, 6));
    const insert = db.prepare(
      `INSERT INTO positions_history (account, position_id, order_id, modify_us, market, open_us, side, is_hedge,
         amount, base_price, realized_funding, trade_amount, trade_price, trade_fee)
       VALUES ('a', 1, ?, 5000000, 'BTC_PERP', 1, 'BOTH', 0, '0', '0', '0', '0.01', '1', '0')`,
    );
    insert.run(12);
    insert.run(13);
    expect(db.prepare(`SELECT count(*) AS n FROM positions_history WHERE account = 'a'`).get()).toEqual({
      n: 3,
    });
    expect(() => insert.run(13)).toThrow(/UNIQUE/);
    expect(
      db.prepare(`SELECT name FROM sqlite_schema WHERE name = 'positions_history_keyed'`).get(),
    ).toBeUndefined();
  });
});
