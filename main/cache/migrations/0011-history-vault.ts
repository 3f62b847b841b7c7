import type { Migration } from './migration.ts';

/**
 * The history vault and the ledger the reports read.
 *
 * `vault_records`: every history record the exchange keeps only six months and no other table holds
 * (finished orders, closed-position PnL, funding payments, deposits and withdrawals, transfers,
 * converts), as the exchange sent it, keyed by its kind and the exchange's own identity.
 * `vault_funding_days`: funding per account, market and UTC day, kept as the payments are stored.
 *
 * `deal_changes`: per account and market, the earliest UTC day whose deals (or position records)
 * changed since a follower last took the marks; the ledger takes them.
 *
 * The ledger (`ledger_*`) is derived from the deals and position records: realized PnL at average
 * cost per account, market and day (spot and collateral books apart), the positions it saw open and
 * close, and where each series stands. Sums are exact integers of 10^-18 units in two columns
 * (`*_hi` the units / 10^12, `*_lo` the rest), so SQLite adds them exactly.
 */
export const migration: Migration = {
  version: 11,
  name: 'history-vault',
  up(db) {
    db.exec(`
      CREATE TABLE vault_records (
        account TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('orders', 'closed_pnl', 'funding', 'wallet', 'transfers', 'converts')),
        key TEXT NOT NULL,
        time_s INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (account, kind, key)
      ) WITHOUT ROWID;
      CREATE INDEX vault_records_by_time ON vault_records (kind, account, time_s);

      CREATE TABLE vault_funding_days (
        account TEXT NOT NULL,
        market TEXT NOT NULL,
        day INTEGER NOT NULL,
        payments INTEGER NOT NULL,
        paid_hi INTEGER NOT NULL,
        paid_lo INTEGER NOT NULL,
        received_hi INTEGER NOT NULL,
        received_lo INTEGER NOT NULL,
        PRIMARY KEY (account, market, day)
      ) WITHOUT ROWID;
      CREATE INDEX vault_funding_days_by_day ON vault_funding_days (day);

      CREATE TABLE deal_changes (
        account_ref INTEGER NOT NULL,
        market_ref INTEGER NOT NULL,
        from_day INTEGER NOT NULL,
        PRIMARY KEY (account_ref, market_ref)
      ) WITHOUT ROWID;
      INSERT INTO deal_changes SELECT account_ref, market_ref, min(day) FROM deal_daily_totals
        GROUP BY account_ref, market_ref;

      CREATE INDEX positions_history_by_order ON positions_history (account, order_id);

      CREATE TABLE ledger_days (
        account_ref INTEGER NOT NULL,
        market_ref INTEGER NOT NULL,
        day INTEGER NOT NULL,
        book TEXT NOT NULL CHECK (book IN ('spot', 'collateral')),
        deals INTEGER NOT NULL,
        buy_amount_hi INTEGER NOT NULL, buy_amount_lo INTEGER NOT NULL,
        sell_amount_hi INTEGER NOT NULL, sell_amount_lo INTEGER NOT NULL,
        buy_value_hi INTEGER NOT NULL, buy_value_lo INTEGER NOT NULL,
        sell_value_hi INTEGER NOT NULL, sell_value_lo INTEGER NOT NULL,
        realized_hi INTEGER NOT NULL, realized_lo INTEGER NOT NULL,
        fee_quote_hi INTEGER NOT NULL, fee_quote_lo INTEGER NOT NULL,
        fee_base_hi INTEGER NOT NULL, fee_base_lo INTEGER NOT NULL,
        fee_value_hi INTEGER NOT NULL, fee_value_lo INTEGER NOT NULL,
        fee_other INTEGER NOT NULL,
        unmatched_hi INTEGER NOT NULL, unmatched_lo INTEGER NOT NULL,
        PRIMARY KEY (account_ref, market_ref, day, book)
      ) WITHOUT ROWID;
      CREATE INDEX ledger_days_by_day ON ledger_days (day, account_ref);

      CREATE TABLE ledger_positions (
        account_ref INTEGER NOT NULL,
        market_ref INTEGER NOT NULL,
        side TEXT NOT NULL CHECK (side IN ('LONG', 'SHORT', 'BOTH')),
        open_us INTEGER NOT NULL,
        close_us INTEGER,
        position_id INTEGER,
        deals INTEGER NOT NULL,
        closed_hi INTEGER NOT NULL, closed_lo INTEGER NOT NULL,
        realized_hi INTEGER NOT NULL, realized_lo INTEGER NOT NULL,
        fee_value_hi INTEGER NOT NULL, fee_value_lo INTEGER NOT NULL,
        PRIMARY KEY (account_ref, market_ref, side, open_us)
      ) WITHOUT ROWID;
      CREATE INDEX ledger_positions_by_close ON ledger_positions (close_us);

      CREATE TABLE ledger_series (
        account_ref INTEGER NOT NULL,
        market_ref INTEGER NOT NULL,
        deals INTEGER NOT NULL,
        last_time_us INTEGER NOT NULL,
        last_id INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (account_ref, market_ref)
      ) WITHOUT ROWID;
    `);
  },
};
