import type { Migration } from './migration.ts';

/**
 * Deals refer to their account and market by a small integer key instead of repeating the name.
 * Account ids are UUIDs: as text they were repeated in the table and in four of its indexes, well
 * over a hundred bytes per deal. The deals table is rebuilt with the keys; every row is kept.
 */
export const migration: Migration = {
  version: 3,
  name: 'deal-name-keys',
  up(db) {
    db.exec(`
      CREATE TABLE deal_accounts (ref INTEGER PRIMARY KEY, account TEXT NOT NULL UNIQUE);
      CREATE TABLE deal_markets (ref INTEGER PRIMARY KEY, market TEXT NOT NULL UNIQUE);
      INSERT INTO deal_accounts (account) SELECT DISTINCT account FROM deals ORDER BY account;
      INSERT INTO deal_markets (market) SELECT DISTINCT market FROM deals ORDER BY market;

      CREATE TABLE deals_keyed (
        account_ref INTEGER NOT NULL,
        id INTEGER NOT NULL,
        market_ref INTEGER NOT NULL,
        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
        role INTEGER NOT NULL CHECK (role IN (1, 2)),
        amount TEXT NOT NULL,
        price TEXT NOT NULL,
        deal TEXT NOT NULL,
        fee TEXT NOT NULL,
        fee_asset TEXT NOT NULL,
        order_id INTEGER NOT NULL,
        client_order_id TEXT NOT NULL,
        time_us INTEGER NOT NULL,
        PRIMARY KEY (account_ref, id)
      ) WITHOUT ROWID;
      INSERT INTO deals_keyed
        SELECT a.ref, d.id, m.ref, d.side, d.role, d.amount, d.price, d.deal, d.fee, d.fee_asset,
               d.order_id, d.client_order_id, d.time_us
        FROM deals d JOIN deal_accounts a ON a.account = d.account JOIN deal_markets m ON m.market = d.market;
      DROP TABLE deals;
      ALTER TABLE deals_keyed RENAME TO deals;

      CREATE INDEX deals_by_time ON deals (time_us, id, account_ref);
      CREATE INDEX deals_by_account_time ON deals (account_ref, time_us, id);
      CREATE INDEX deals_by_market_time ON deals (market_ref, time_us, id, account_ref);
      CREATE INDEX deals_by_order ON deals (order_id);
      CREATE INDEX deals_by_client_order ON deals (client_order_id) WHERE client_order_id <> '';
    `);
  },
};
