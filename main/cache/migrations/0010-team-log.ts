import type { Migration } from './migration.ts';

/**
 * The signed-request log of a team desk: who sent each request (`operator`: this profile's operator
 * in the team, '' when working alone), the hash of the request without its nonce, the client order id
 * of an order it placed (so a deal can be told by the operator who placed it), and for entries of
 * other operators brought from the team store, where they came from (`origin`, `origin_id`: unique,
 * so an entry brought twice is one row). Entries of this profile have no origin. A request signed
 * with a teammate's approval (four eyes) names the proposal and its approver (`approved_by`); the
 * use of that approval, recorded before the request went, is an entry whose outcome is `sending`.
 */
export const migration: Migration = {
  version: 10,
  name: 'team-log',
  up(db) {
    // The table is made again: its outcome may now also be `sending` (SQLite keeps a CHECK as written).
    db.exec(`
      CREATE TABLE signed_requests_team (
        id INTEGER PRIMARY KEY,
        at_ms INTEGER NOT NULL,
        account TEXT NOT NULL,
        path TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'rejected', 'failed', 'sending')),
        http_status INTEGER,
        error_code TEXT,
        duration_ms INTEGER,
        operator TEXT NOT NULL DEFAULT '',
        body_hash TEXT,
        client_order_id TEXT,
        origin TEXT,
        origin_id INTEGER,
        proposal TEXT,
        approved_by TEXT
      );
      INSERT INTO signed_requests_team (id, at_ms, account, path, outcome, http_status, error_code, duration_ms)
        SELECT id, at_ms, account, path, outcome, http_status, error_code, duration_ms FROM signed_requests;
      DROP TABLE signed_requests;
      ALTER TABLE signed_requests_team RENAME TO signed_requests;
      CREATE INDEX signed_requests_by_time ON signed_requests (account, at_ms);
      CREATE UNIQUE INDEX signed_requests_origin ON signed_requests (origin, origin_id) WHERE origin IS NOT NULL;
      CREATE INDEX signed_requests_by_at ON signed_requests (at_ms, id);
      CREATE INDEX signed_requests_by_operator ON signed_requests (operator, at_ms, id);
      CREATE INDEX signed_requests_by_client_order ON signed_requests (client_order_id)
        WHERE client_order_id IS NOT NULL;
    `);
  },
};
