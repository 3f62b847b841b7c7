import type { Migration } from './migration.ts';

/**
 * The last known state of what a screen shows for an account: open orders, positions, balances,
 * sub-account balances, mining workers, key permissions. One row per (account, kind, scope), replaced
 * each time the exchange answers, so a screen can paint it at once (offline too) with its age.
 * `value` is the shaped view as JSON; never a secret.
 */
export const migration: Migration = {
  version: 8,
  name: 'last-known',
  up(db) {
    db.exec(`
      CREATE TABLE last_known (
        account TEXT NOT NULL,
        kind TEXT NOT NULL,
        scope TEXT NOT NULL DEFAULT '',
        taken_at_ms INTEGER NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (kind, account, scope)
      ) WITHOUT ROWID;
    `);
  },
};
