import type { Migration } from '../../cache/migrations/migration.ts';

/**
 * A profile that joined a team desk follows the team's registry: which operators hold a key for
 * which account (never a secret: the public key it was for; a holder may arrive before its account), and how far the registry has been read
 * from the team store, per desk, written in the same transaction as the rows it brought.
 */
export const team: Migration = {
  version: 7,
  name: 'team',
  up(db) {
    db.exec(`
      CREATE TABLE key_holders (
        account TEXT NOT NULL,
        operator TEXT NOT NULL,
        api_key TEXT NOT NULL,
        PRIMARY KEY (account, operator)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE team_cursors (
        name TEXT PRIMARY KEY,
        cursor TEXT NOT NULL
      ) STRICT;
    `);
  },
};
