import type { TeamMigration } from './migration.ts';

/**
 * The desk's shared store. Tables belong to the role that runs the setup (the desk's owner role);
 * operators log in as their own roles, members of `txc_operator`, and get only the grants below.
 *
 * Replicated tables carry `change_xid`, the id of the transaction that last wrote the row (set by the
 * server, never by a client), and `changed_by`, the role that wrote it. A replica reads the rows whose
 * transaction committed before every transaction still running began (`change.ts`), so it never
 * skips a row that commits late. Removals are rows marked removed (a replica must see them).
 *
 * The signed-request log is insert-only for operators, each writing rows only under their own name
 * (row-level security); the row's `(origin, origin_id)` makes a retried upload one row.
 */
export const migration: TeamMigration = {
  version: 1,
  name: 'desk',
  sql: `
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'txc_operator') THEN
    CREATE ROLE txc_operator NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

GRANT SELECT ON desk_schema TO txc_operator;

CREATE TABLE desk (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO desk DEFAULT VALUES;
GRANT SELECT ON desk TO txc_operator;

CREATE FUNCTION desk_stamp() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  NEW.changed_by := current_user;
  RETURN NEW;
END $f$;

CREATE FUNCTION desk_notify() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM pg_notify('txc_desk', TG_TABLE_NAME);
  RETURN NULL;
END $f$;

CREATE TABLE operators (
  name text PRIMARY KEY DEFAULT current_user,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  app_version text NOT NULL DEFAULT ''
);
ALTER TABLE operators ENABLE ROW LEVEL SECURITY;
CREATE POLICY operators_read ON operators FOR SELECT TO txc_operator USING (true);
CREATE POLICY operators_join ON operators FOR INSERT TO txc_operator WITH CHECK (name = current_user);
CREATE POLICY operators_seen ON operators FOR UPDATE TO txc_operator
  USING (name = current_user) WITH CHECK (name = current_user);
GRANT SELECT, INSERT ON operators TO txc_operator;
GRANT UPDATE (last_seen_at, app_version) ON operators TO txc_operator;

CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 64),
  kind text NOT NULL CHECK (kind IN ('main', 'sub')),
  sub_account_id text,
  api_key text NOT NULL,
  connection text NOT NULL,
  groups jsonb NOT NULL DEFAULT '[]',
  tags jsonb NOT NULL DEFAULT '[]',
  url_permissions jsonb NOT NULL DEFAULT '{}',
  webhook_api_key text,
  created_at_ms bigint NOT NULL,
  updated_at_ms bigint NOT NULL,
  removed boolean NOT NULL DEFAULT false,
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL
);
CREATE UNIQUE INDEX accounts_label ON accounts (lower(label)) WHERE NOT removed;
CREATE UNIQUE INDEX accounts_key ON accounts (connection, api_key) WHERE NOT removed AND api_key <> '';
GRANT SELECT, INSERT, UPDATE ON accounts TO txc_operator;

CREATE TABLE key_holders (
  account uuid NOT NULL REFERENCES accounts (id),
  operator text NOT NULL DEFAULT current_user,
  api_key text NOT NULL,
  held boolean NOT NULL DEFAULT true,
  since_ms bigint NOT NULL,
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL,
  PRIMARY KEY (account, operator)
);
ALTER TABLE key_holders ENABLE ROW LEVEL SECURITY;
CREATE POLICY key_holders_read ON key_holders FOR SELECT TO txc_operator USING (true);
CREATE POLICY key_holders_own ON key_holders FOR INSERT TO txc_operator WITH CHECK (operator = current_user);
CREATE POLICY key_holders_own_update ON key_holders FOR UPDATE TO txc_operator
  USING (operator = current_user) WITH CHECK (operator = current_user);
GRANT SELECT, INSERT, UPDATE ON key_holders TO txc_operator;

CREATE TABLE sync_checkpoints (
  job text PRIMARY KEY,
  cursor jsonb NOT NULL,
  lease uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL
);
GRANT SELECT, INSERT, UPDATE ON sync_checkpoints TO txc_operator;

-- Who syncs an account's history now: a session advisory lock decides; the token fences the writes of a
-- holder whose lock was lost (its connection died) once another operator took the account over.
CREATE TABLE sync_leases (
  account uuid PRIMARY KEY,
  token uuid NOT NULL,
  holder text NOT NULL DEFAULT current_user,
  since timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT, INSERT, UPDATE ON sync_leases TO txc_operator;

CREATE TABLE deals (
  account uuid NOT NULL,
  id bigint NOT NULL,
  market text NOT NULL,
  side text NOT NULL,
  role text NOT NULL CHECK (role IN ('maker', 'taker')),
  amount text NOT NULL,
  price text NOT NULL,
  deal text NOT NULL,
  fee text NOT NULL,
  fee_asset text NOT NULL,
  order_id bigint NOT NULL,
  client_order_id text NOT NULL,
  time_us bigint NOT NULL,
  change_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (account, id)
);
GRANT SELECT, INSERT ON deals TO txc_operator;

CREATE TABLE positions_history (
  account uuid NOT NULL,
  position_id bigint NOT NULL,
  order_id bigint NOT NULL,
  record jsonb NOT NULL,
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL,
  PRIMARY KEY (account, position_id, order_id)
);

CREATE TABLE borrows (
  account uuid NOT NULL,
  asset text NOT NULL,
  opened_at bigint NOT NULL,
  seq integer NOT NULL,
  record jsonb NOT NULL,
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL,
  PRIMARY KEY (account, asset, opened_at, seq)
);

CREATE TABLE mining_rewards (
  account uuid NOT NULL,
  mining_account text NOT NULL,
  time bigint NOT NULL,
  record jsonb NOT NULL,
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL,
  PRIMARY KEY (account, mining_account, time)
);

CREATE TABLE mining_worker_samples (
  account uuid NOT NULL,
  mining_account text NOT NULL,
  sampled_at_ms bigint NOT NULL,
  record jsonb NOT NULL,
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL,
  PRIMARY KEY (account, mining_account, sampled_at_ms)
);

CREATE TABLE balance_snapshots (
  account uuid NOT NULL,
  kind text NOT NULL,
  sub_account text NOT NULL,
  taken_at_ms bigint NOT NULL,
  record jsonb NOT NULL,
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL,
  PRIMARY KEY (account, kind, sub_account, taken_at_ms)
);
GRANT SELECT, INSERT, UPDATE ON positions_history, borrows, mining_rewards, mining_worker_samples,
  balance_snapshots TO txc_operator;

CREATE TABLE signed_requests (
  origin uuid NOT NULL,
  origin_id bigint NOT NULL,
  operator text NOT NULL DEFAULT current_user,
  at_ms bigint NOT NULL,
  account text NOT NULL,
  path text NOT NULL,
  body_hash text,
  client_order_id text,
  outcome text NOT NULL CHECK (outcome IN ('ok', 'rejected', 'failed')),
  http_status integer,
  error_code text,
  duration_ms integer,
  written_at timestamptz NOT NULL DEFAULT now(),
  change_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (origin, origin_id)
);
CREATE INDEX signed_requests_by_time ON signed_requests (at_ms);
ALTER TABLE signed_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY signed_requests_read ON signed_requests FOR SELECT TO txc_operator USING (true);
CREATE POLICY signed_requests_own ON signed_requests FOR INSERT TO txc_operator
  WITH CHECK (operator = current_user);
GRANT SELECT, INSERT ON signed_requests TO txc_operator;

CREATE TABLE shared_items (
  collection text NOT NULL CHECK (collection IN ('address-book', 'order-guards', 'alerts')),
  id text NOT NULL,
  body jsonb,
  removed boolean NOT NULL DEFAULT false,
  updated_at_ms bigint NOT NULL,
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL,
  PRIMARY KEY (collection, id)
);
GRANT SELECT, INSERT, UPDATE ON shared_items TO txc_operator;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['accounts', 'key_holders', 'sync_checkpoints', 'positions_history', 'borrows',
    'mining_rewards', 'mining_worker_samples', 'balance_snapshots', 'shared_items'] LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION desk_stamp()',
      t || '_stamp', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['operators', 'accounts', 'key_holders', 'deals', 'positions_history', 'borrows',
    'mining_rewards', 'mining_worker_samples', 'balance_snapshots', 'signed_requests', 'shared_items'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION desk_notify()',
      t || '_notify', t);
  END LOOP;
END $$;

-- A replica reads each table in (change_xid, key) order: one index range per page.
CREATE INDEX accounts_changes ON accounts (change_xid, id);
CREATE INDEX key_holders_changes ON key_holders (change_xid, account, operator);
CREATE INDEX deals_changes ON deals (change_xid, account, id);
CREATE INDEX positions_history_changes ON positions_history (change_xid, account, position_id, order_id);
CREATE INDEX borrows_changes ON borrows (change_xid, account, asset, opened_at, seq);
CREATE INDEX mining_rewards_changes ON mining_rewards (change_xid, account, mining_account, time);
CREATE INDEX mining_worker_samples_changes ON mining_worker_samples
  (change_xid, account, mining_account, sampled_at_ms);
CREATE INDEX balance_snapshots_changes ON balance_snapshots
  (change_xid, account, kind, sub_account, taken_at_ms);
CREATE INDEX signed_requests_changes ON signed_requests (change_xid, origin, origin_id);
CREATE INDEX shared_items_changes ON shared_items (change_xid, collection, id);
`,
};
