import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../main/cache/migrate.ts';
import { migrations } from '../../../../main/cache/migrations/index.ts';

const ACCOUNT = '6f1c0b1e-8d3e-4c53-9a43-2f1d1b7c9e01';
let db: Database.Database;

beforeEach(() => {
  db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.slice(0, 2));
  const insert = db.prepare(
    `INSERT INTO deals VALUES (?, ?, ?, ?, 2, '0.5', '100', '50', '-0.01', 'USDT', ?, ?, ?)`,
  );
  for (let i = 1; i <= 60; i++) {
    insert.run(
      i % 2 ? ACCOUNT : 'main',
      i,
      i % 3 ? 'BTC_USDT' : 'ETH_USDT',
      i % 2 ? 'sell' : 'buy',
      900 + i,
      i % 5 ? '' : `c-${i}`,
      i * 1000,
    );
  }
  db.prepare(`INSERT INTO sync_checkpoints VALUES ('deals:main', '{"offset":60}', 1)`).run();
});
afterEach(() => db.close());

const before = () =>
  db.prepare('SELECT * FROM deals ORDER BY account, id').all() as Record<string, unknown>[];

describe('migration 0003-deal-name-keys (from version 2 with data)', () => {
  it('keeps every deal with its account and market names, now through keys', () => {
    const rows = before();
    expect(migrate(db, migrations.slice(0, 3))).toEqual({ from: 2, to: 3, applied: ['0003-deal-name-keys'] });
    const after = db
      .prepare(
        `SELECT a.account, d.id, m.market, d.side, d.role, d.amount, d.price, d.deal, d.fee, d.fee_asset,
                d.order_id, d.client_order_id, d.time_us
         FROM deals d JOIN deal_accounts a ON a.ref = d.account_ref JOIN deal_markets m ON m.ref = d.market_ref
         ORDER BY a.account, d.id`,
      )
      .all();
    expect(after).toEqual(rows);
    expect(db.prepare('SELECT account FROM deal_accounts ORDER BY ref').all()).toEqual([
      { account: ACCOUNT },
      { account: 'main' },
    ]);
    expect(db.prepare('SELECT cursor FROM sync_checkpoints').get()).toEqual({ cursor: '{"offset":60}' });
  });

  it('rebuilds the deal indexes on the keys and keeps deals unique per account', () => {
    migrate(db, migrations.slice(0, 3));
    const indexes = db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'deals' AND sql IS NOT NULL ORDER BY name`,
      )
      .all()
      .map((r) => (r as { name: string }).name);
    expect(indexes).toEqual([
      'deals_by_account_time',
      'deals_by_client_order',
      'deals_by_market_time',
      'deals_by_order',
      'deals_by_time',
    ]);
    expect(() =>
      db.prepare(`INSERT INTO deals VALUES (1, 1, 1, 'buy', 1, '1', '1', '1', '0', 'USDT', 1, '', 1)`).run(),
    ).toThrow(/UNIQUE/);
    expect(db.prepare(`SELECT name FROM sqlite_schema WHERE name = 'deals_keyed'`).get()).toBeUndefined();
  });
});
