import type { WritableDB } from '../db.ts';
import { RollupBatch } from '../repos/deal-rollup.ts';
import type { Migration } from './migration.ts';

/**
 * Daily totals of deals per account, market, side, role and fee asset, kept up to date as deals are
 * stored: totals over whole days read these few rows instead of every deal. Filled from the deals
 * already cached.
 */
export const migration: Migration = {
  version: 4,
  name: 'deal-daily-totals',
  up(db) {
    db.exec(`
      CREATE TABLE deal_daily_totals (
        account_ref INTEGER NOT NULL,
        market_ref INTEGER NOT NULL,
        day INTEGER NOT NULL,
        side TEXT NOT NULL,
        role INTEGER NOT NULL,
        fee_asset TEXT NOT NULL,
        deals INTEGER NOT NULL,
        amount TEXT NOT NULL,
        value TEXT NOT NULL,
        fee TEXT NOT NULL,
        PRIMARY KEY (account_ref, market_ref, day, side, role, fee_asset)
      ) WITHOUT ROWID;
      CREATE INDEX deal_daily_totals_by_market ON deal_daily_totals (market_ref, day);
    `);
    const batch = new RollupBatch({ markChanges: false });
    const rows = db
      .prepare('SELECT account_ref, market_ref, time_us, side, role, fee_asset, amount, deal, fee FROM deals')
      .raw(true)
      .iterate() as IterableIterator<
      [number, number, number, string, number, string, string, string, string]
    >;
    for (const r of rows) batch.add(...r);
    batch.apply(db as WritableDB);
  },
};
