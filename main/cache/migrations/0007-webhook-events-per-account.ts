import type { Migration } from './migration.ts';

/**
 * A webhook event's id is unique within its account only: each account's webhook is its own sender,
 * so one account's deliveries must never make another account's look like repeats. The table is
 * rebuilt with the key (account, id); every stored row is kept.
 */
export const migration: Migration = {
  version: 7,
  name: 'webhook-events-per-account',
  up(db) {
    db.exec(`
      CREATE TABLE webhook_events_by_account (
        account TEXT NOT NULL,
        id TEXT NOT NULL,
        method TEXT NOT NULL,
        nonce INTEGER NOT NULL,
        received_at_ms INTEGER NOT NULL,
        params TEXT NOT NULL,
        PRIMARY KEY (account, id)
      ) WITHOUT ROWID;
      INSERT INTO webhook_events_by_account (account, id, method, nonce, received_at_ms, params)
        SELECT account, id, method, nonce, received_at_ms, params FROM webhook_events;
      DROP TABLE webhook_events;
      ALTER TABLE webhook_events_by_account RENAME TO webhook_events;
      CREATE INDEX webhook_events_by_time ON webhook_events (account, received_at_ms);
    `);
  },
};
