import type { Migration } from './migration.ts';

/** The stored role as its word: the exchange numbers a deal's role 1 (maker) and 2 (taker). */
const ROLE_WORD = `CASE role WHEN 1 THEN 'maker' WHEN 2 THEN 'taker' END`;

/**
 * A deal's role is kept as the app speaks of it everywhere else, `maker` or `taker`, not as the
 * exchange's 1 and 2. The deals and their daily totals are rebuilt with the word (SQLite cannot
 * change a column's check in place); every row is kept, with its indexes.
 */
export const migration: Migration = {
  version: 9,
  name: 'deal-role-words',
  up(db) {
    db.exec(`
      CREATE TABLE deals_roles (
        account_ref INTEGER NOT NULL,
        id INTEGER NOT NULL,
        market_ref INTEGER NOT NULL,
        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
        role TEXT NOT NULL CHECK (role IN ('maker', 'taker')),
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
      INSERT INTO deals_roles
        SELECT account_ref, id, market_ref, side, ${ROLE_WORD}, amount, price, deal, fee, fee_asset,
               order_id, client_order_id, time_us
        FROM deals ORDER BY account_ref, id;
      DROP TABLE deals;
      ALTER TABLE deals_roles RENAME TO deals;
      CREATE INDEX deals_by_time ON deals (time_us, id, account_ref);
      CREATE INDEX deals_by_account_time ON deals (account_ref, time_us, id);
      CREATE INDEX deals_by_market_time ON deals (market_ref, time_us, id, account_ref);
      CREATE INDEX deals_by_order ON deals (order_id);
      CREATE INDEX deals_by_client_order ON deals (client_order_id) WHERE client_order_id <> '';

      CREATE TABLE deal_daily_totals_roles (
        account_ref INTEGER NOT NULL,
        market_ref INTEGER NOT NULL,
        day INTEGER NOT NULL,
        side TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('maker', 'taker')),
        fee_asset TEXT NOT NULL,
        deals INTEGER NOT NULL,
        amount TEXT NOT NULL,
        value TEXT NOT NULL,
        fee TEXT NOT NULL,
        PRIMARY KEY (account_ref, market_ref, day, side, role, fee_asset)
      ) WITHOUT ROWID;
      INSERT INTO deal_daily_totals_roles
        SELECT account_ref, market_ref, day, side, ${ROLE_WORD}, fee_asset, deals, amount, value, fee
        FROM deal_daily_totals;
      DROP TABLE deal_daily_totals;
      ALTER TABLE deal_daily_totals_roles RENAME TO deal_daily_totals;
      CREATE INDEX deal_daily_totals_by_market ON deal_daily_totals (market_ref, day);
    `);
  },
};
