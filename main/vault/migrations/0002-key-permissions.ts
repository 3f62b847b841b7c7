import type { Migration } from '../../cache/migrations/migration.ts';

/** The URL permissions the app last set on an account's key (the exchange has no way to read them). */
export const keyPermissions: Migration = {
  version: 2,
  name: 'key-permissions',
  up(db) {
    db.exec(`ALTER TABLE accounts ADD COLUMN url_permissions_json TEXT NOT NULL DEFAULT '{}'`);
  },
};
