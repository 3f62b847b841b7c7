import type { Migration } from './migration.ts';

/**
 * Position history rows are keyed by the exchange's identity of a record: the order that changed the
 * position (`orderDetail.id`), within its account and position (one order can close a position and
 * open the next one in a flip). The previous key (account, position, modify time) folded records of
 * one position that share a modify time into one row, the last copy written winning.
 *
 * Repair: rows move to the new key as they are (rows without an order cannot be keyed and are
 * dropped; the exchange always sends `orderDetail`, so none came from a sync). The rows that were
 * folded away are not in the file, and a folded row looks like any other, so no window can be told
 * apart from the rest: every window the positions sync ever stored may miss records. The whole
 * positions checkpoint of every account is therefore removed, and the next sync reads the account's
 * history again from the horizon (one request per week of history, well within the endpoint's rate
 * limit); each record it brings back lands on its own row, replacing the stored copy.
 */
export const migration: Migration = {
  version: 6,
  name: 'position-order-key',
  up(db) {
    db.exec(`
      CREATE TABLE positions_history_keyed (
        account TEXT NOT NULL,
        position_id INTEGER NOT NULL,
        order_id INTEGER NOT NULL,
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
        trade_amount TEXT NOT NULL,
        trade_price TEXT NOT NULL,
        trade_fee TEXT NOT NULL,
        funding_fee TEXT,
        realized_pnl TEXT,
        PRIMARY KEY (account, position_id, order_id)
      ) WITHOUT ROWID;
      INSERT OR REPLACE INTO positions_history_keyed
        SELECT account, position_id, order_id, modify_us, market, open_us, side, is_hedge, amount, base_price,
               realized_funding, liquidation_price, liquidation_state, coalesce(trade_amount, '0'),
               coalesce(trade_price, '0'), coalesce(trade_fee, '0'), funding_fee, realized_pnl
        FROM positions_history WHERE order_id IS NOT NULL ORDER BY modify_us;
      DROP TABLE positions_history;
      ALTER TABLE positions_history_keyed RENAME TO positions_history;
      CREATE INDEX positions_history_by_time ON positions_history (account, modify_us, position_id, order_id);
      CREATE INDEX positions_history_by_market ON positions_history (market, modify_us);

      DELETE FROM sync_checkpoints WHERE substr(job, 1, 10) = 'positions:';
    `);
  },
};
