import type { Migration } from './migration.ts';

/**
 * The signed-request log of a team desk: who sent each request (`operator`: this profile's operator
 * in the team, '' when working alone), the hash of the request without its nonce, the client order id
 * of an order it placed (so a deal can be told by the operator who placed it), and for entries of
 * other operators brought from the team store, where they came from (`origin`, `origin_id`: unique,
 * so an entry brought twice is one row). Entries of this profile have no origin.
 */
export const migration: Migration = {
  version: 9,
  name: 'team-log',
  up(db) {
    db.exec(`
      ALTER TABLE signed_requests ADD COLUMN operator TEXT NOT NULL DEFAULT '';
      ALTER TABLE signed_requests ADD COLUMN body_hash TEXT;
      ALTER TABLE signed_requests ADD COLUMN client_order_id TEXT;
      ALTER TABLE signed_requests ADD COLUMN origin TEXT;
      ALTER TABLE signed_requests ADD COLUMN origin_id INTEGER;
      CREATE UNIQUE INDEX signed_requests_origin ON signed_requests (origin, origin_id) WHERE origin IS NOT NULL;
      CREATE INDEX signed_requests_by_at ON signed_requests (at_ms, id);
      CREATE INDEX signed_requests_by_operator ON signed_requests (operator, at_ms, id);
      CREATE INDEX signed_requests_by_client_order ON signed_requests (client_order_id)
        WHERE client_order_id IS NOT NULL;
    `);
  },
};
