import type { Migration } from '../../cache/migrations/migration.ts';

/**
 * A sub-account found on the exchange can be registered before its key is at hand: its `api_key` is
 * empty until the key pair is entered, so only non-empty keys must be unique per connection.
 */
export const awaitingKey: Migration = {
  version: 5,
  name: 'awaiting-key',
  up(db) {
    db.exec(`
      DROP INDEX accounts_key;
      CREATE UNIQUE INDEX accounts_key ON accounts (connection, api_key) WHERE api_key <> '';
    `);
  },
};
