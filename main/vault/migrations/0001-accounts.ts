import type { Migration } from '../../cache/migrations/migration.ts';

/** The account registry: who the desk trades as. Never a secret: those live in the keychain. */
export const accounts: Migration = {
  version: 1,
  name: 'accounts',
  up(db) {
    db.exec(`
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('main', 'sub')),
        sub_account_id TEXT,
        api_key TEXT NOT NULL,
        connection TEXT NOT NULL,
        groups_json TEXT NOT NULL DEFAULT '[]',
        tags_json TEXT NOT NULL DEFAULT '[]',
        favourite INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX accounts_label ON accounts (label COLLATE NOCASE);
      CREATE UNIQUE INDEX accounts_key ON accounts (connection, api_key);
    `);
  },
};
