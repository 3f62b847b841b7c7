import type { Migration } from '../../cache/migrations/migration.ts';

/**
 * Whether the exchange has a sub-account blocked (its keys stop there until it is unblocked), as the
 * app last set or read it: the board and the ticket say so instead of "key revoked".
 */
export const exchangeStatus: Migration = {
  version: 6,
  name: 'exchange-status',
  up(db) {
    db.exec(`ALTER TABLE accounts ADD COLUMN exchange_status TEXT NOT NULL DEFAULT 'active';`);
  },
};
