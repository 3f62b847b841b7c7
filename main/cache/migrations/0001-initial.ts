import type { Migration } from './migration.ts';

/**
 * The first schema: executed deals, balance snapshots, positions history, borrow history, mining,
 * webhook events and the audit log of signed requests.
 *
 * Money and amounts are TEXT decimal strings exactly as the exchange sent them. Times are INTEGER:
 * microseconds since the epoch where the exchange gives seconds with a fraction (`*_us`), milliseconds
 * for times the app takes itself (`*_ms`), whole seconds where the exchange gives whole seconds.
 */
export const migration: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE deals (
        account TEXT NOT NULL,
        id INTEGER NOT NULL,
        market TEXT NOT NULL,
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
        PRIMARY KEY (account, id)
      ) WITHOUT ROWID;
      CREATE INDEX deals_by_time ON deals (time_us, id, account);
      CREATE INDEX deals_by_account_time ON deals (account, time_us, id);
      CREATE INDEX deals_by_market_time ON deals (market, time_us, id, account);
      CREATE INDEX deals_by_order ON deals (order_id);
      CREATE INDEX deals_by_client_order ON deals (client_order_id) WHERE client_order_id <> '';

      CREATE TABLE balance_snapshots (
        id INTEGER PRIMARY KEY,
        account TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('main', 'trade', 'collateral', 'sub_account', 'withdrawable')),
        sub_account TEXT NOT NULL DEFAULT '',
        taken_at_ms INTEGER NOT NULL
      );
      CREATE INDEX balance_snapshots_latest ON balance_snapshots (account, kind, sub_account, taken_at_ms);
      CREATE TABLE balance_entries (
        snapshot_id INTEGER NOT NULL REFERENCES balance_snapshots (id) ON DELETE CASCADE,
        ticker TEXT NOT NULL,
        field TEXT NOT NULL,
        amount TEXT NOT NULL,
        PRIMARY KEY (snapshot_id, ticker, field)
      ) WITHOUT ROWID;

      CREATE TABLE positions_history (
        account TEXT NOT NULL,
        position_id INTEGER NOT NULL,
        modify_us INTEGER NOT NULL,
        market TEXT NOT NULL,
        open_us INTEGER NOT NULL,
        side TEXT NOT NULL CHECK (side IN ('LONG', 'SHORT', 'BOTH')),
        is_hedge INTEGER NOT NULL CHECK (is_hedge IN (0, 1)),
        amount TEXT NOT NULL,
        base_price TEXT NOT NULL,
        realized_funding TEXT NOT NULL,
        liquidation_price TEXT,
        liquidation_state TEXT CHECK (liquidation_state IN ('margin_call', 'liquidation')),
        order_id INTEGER,
        trade_amount TEXT,
        trade_price TEXT,
        trade_fee TEXT,
        funding_fee TEXT,
        realized_pnl TEXT,
        PRIMARY KEY (account, position_id, modify_us)
      ) WITHOUT ROWID;
      CREATE INDEX positions_history_by_time ON positions_history (account, modify_us);
      CREATE INDEX positions_history_by_market ON positions_history (market, modify_us);

      CREATE TABLE borrow_history (
        account TEXT NOT NULL,
        asset TEXT NOT NULL,
        opened_at INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        amount TEXT NOT NULL,
        principal TEXT NOT NULL,
        interest TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'repaid', 'liquidated')),
        seen_at_ms INTEGER NOT NULL,
        PRIMARY KEY (account, asset, opened_at, seq)
      ) WITHOUT ROWID;
      CREATE INDEX borrow_history_by_time ON borrow_history (account, opened_at);

      CREATE TABLE mining_rewards (
        account TEXT NOT NULL,
        mining_account TEXT NOT NULL,
        time INTEGER NOT NULL,
        reward TEXT NOT NULL,
        fee TEXT,
        hashrate TEXT,
        raw TEXT NOT NULL,
        PRIMARY KEY (account, mining_account, time)
      ) WITHOUT ROWID;
      CREATE TABLE mining_worker_samples (
        account TEXT NOT NULL,
        mining_account TEXT NOT NULL,
        sampled_at_ms INTEGER NOT NULL,
        online INTEGER NOT NULL,
        offline INTEGER NOT NULL,
        low INTEGER NOT NULL,
        fee TEXT NOT NULL,
        PRIMARY KEY (account, mining_account, sampled_at_ms)
      ) WITHOUT ROWID;

      CREATE TABLE webhook_events (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        method TEXT NOT NULL,
        nonce INTEGER NOT NULL,
        received_at_ms INTEGER NOT NULL,
        params TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX webhook_events_by_time ON webhook_events (account, received_at_ms);

      CREATE TABLE signed_requests (
        id INTEGER PRIMARY KEY,
        at_ms INTEGER NOT NULL,
        account TEXT NOT NULL,
        path TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'rejected', 'failed')),
        http_status INTEGER,
        error_code TEXT,
        duration_ms INTEGER
      );
      CREATE INDEX signed_requests_by_time ON signed_requests (account, at_ms);
    `);
  },
};
