import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../main/cache/migrate.ts';
import { migrations } from '../../../../main/cache/migrations/index.ts';

let db: Database.Database;

beforeEach(() => {
  db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.slice(0, 1));
  const deal = db.prepare(
    `INSERT INTO deals VALUES ('a', ?, 'BTC_USDT', 'buy', 1, '1', '2', '2', '0.1', 'USDT', 7, '', ?)`,
  );
  for (let i = 1; i <= 50; i++) deal.run(i, i * 1000);
  db.prepare(`INSERT INTO balance_snapshots VALUES (1, 'a', 'main', '', 5)`).run();
  db.prepare(`INSERT INTO balance_entries VALUES (1, 'BTC', 'main_balance', '1.5')`).run();
});
afterEach(() => db.close());

describe('migration 0002-sync-checkpoints (from version 1 with data)', () => {
  it('adds the checkpoint table and keeps every existing row', () => {
    expect(migrate(db, migrations.slice(0, 2))).toEqual({
      from: 1,
      to: 2,
      applied: ['0002-sync-checkpoints'],
    });
    expect(db.prepare('SELECT count(*) AS n FROM deals').get()).toEqual({ n: 50 });
    expect(db.prepare('SELECT amount FROM balance_entries').get()).toEqual({ amount: '1.5' });
    db.prepare(`INSERT INTO sync_checkpoints VALUES ('deals:a', '{"endDate":5}', 9)`).run();
    expect(db.prepare('SELECT cursor FROM sync_checkpoints').get()).toEqual({ cursor: '{"endDate":5}' });
  });

  it('accepts only valid JSON as a cursor', () => {
    migrate(db, migrations.slice(0, 2));
    expect(() => db.prepare(`INSERT INTO sync_checkpoints VALUES ('j', '{oops', 1)`).run()).toThrow(/CHECK/);
  });
});
