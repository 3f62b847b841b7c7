import type { Migration } from '../../cache/migrations/migration.ts';

/** The public key of the account's webhook (its secret is in the keychain, never here). */
export const webhookKeys: Migration = {
  version: 3,
  name: 'webhook-keys',
  up(db) {
    db.exec(`ALTER TABLE accounts ADD COLUMN webhook_api_key TEXT`);
  },
};
