import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../main/cache/migrate.ts';
import { migrations } from '../../../../main/cache/migrations/index.ts';

const upTo1 = migrations.slice(0, 1);
let db: Database.Database;

beforeEach(() => {
  db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
});
afterEach(() => db.close());

const insertDeal = (account: string, id: number, side = 'buy', role = 1) =>
  db
    .prepare(`INSERT INTO deals VALUES (?, ?, 'BTC_USDT', ?, ?, '1', '2', '2', '0.1', 'USDT', 7, '', 1000)`)
    .run(account, id, side, role);

describe('migration 0001-initial (from an empty file)', () => {
  it('creates every table family and sets user_version 1', () => {
    expect(migrate(db, upTo1)).toEqual({ from: 0, to: 1, applied: ['0001-initial'] });
    const tables = db
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
      .all()
      .map((r) => (r as { name: string }).name);
    expect(tables).toEqual([
      'balance_entries',
      'balance_snapshots',
      'borrow_history',
      'deals',
      'mining_rewards',
      'mining_worker_samples',
      'positions_history',
      'signed_requests',
      'webhook_events',
    ]);
  });

  it('keeps deals unique by account and deal id, the same id allowed in another account', () => {
    migrate(db, upTo1);
    insertDeal('a', 1);
    insertDeal('b', 1);
    expect(() => insertDeal('a', 1)).toThrow(/UNIQUE/);
  });

  it('rejects a side or role the exchange never sends', () => {
    migrate(db, upTo1);
    expect(() => insertDeal('a', 1, 'hold')).toThrow(/CHECK/);
    expect(() => insertDeal('a', 2, 'buy', 3)).toThrow(/CHECK/);
  });

  it('deletes a snapshot entries with their snapshot and refuses orphans', () => {
    migrate(db, upTo1);
    db.prepare(`INSERT INTO balance_snapshots VALUES (1, 'a', 'main', '', 5)`).run();
    db.prepare(`INSERT INTO balance_entries VALUES (1, 'BTC', 'main_balance', '1.5')`).run();
    expect(() => db.prepare(`INSERT INTO balance_entries VALUES (9, 'BTC', 'x', '1')`).run()).toThrow(
      /FOREIGN KEY/,
    );
    db.prepare('DELETE FROM balance_snapshots WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM balance_entries').get()).toEqual({ n: 0 });
  });

  it('has no column that could hold a secret or a signature in the audit log', () => {
    migrate(db, upTo1);
    const columns = db
      .prepare(`SELECT name FROM pragma_table_info('signed_requests')`)
      .all()
      .map((r) => (r as { name: string }).name);
    expect(columns).toEqual([
      'id',
      'at_ms',
      'account',
      'path',
      'outcome',
      'http_status',
      'error_code',
      'duration_ms',
    ]);
  });
});
