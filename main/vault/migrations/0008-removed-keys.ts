import type { Migration } from '../../cache/migrations/migration.ts';

/**
 * An account a teammate removed from the team desk while this keychain held its secret: the account
 * leaves the registry, the secret stays until this operator deletes it after main's own question.
 * Kept here: what the account was (no secret), who removed it and when (the server's clock).
 */
export const removedKeys: Migration = {
  version: 8,
  name: 'removed-keys',
  up(db) {
    db.exec(`
      CREATE TABLE removed_keys (
        id TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        kind TEXT NOT NULL,
        sub_account_id TEXT,
        api_key TEXT NOT NULL,
        connection TEXT NOT NULL,
        removed_by TEXT NOT NULL,
        removed_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
