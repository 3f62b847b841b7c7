import type { TeamMigration } from './migration.ts';

/**
 * Who may write what, decided by PostgreSQL for every login, whatever client it uses (the app or
 * psql). Before this, every operator could write the registry, the shared items, the history and
 * other operators' log entries.
 *
 * - `accounts`: only admins add, change and remove accounts (the grants: `txc_admin` alone may insert
 *   and update). Each row says who last changed it and when, by the server's clock (`changed_at`).
 * - `shared_items`: the address book is written by treasurers and admins, the order guards by admins,
 *   and alerts by traders, treasurers and admins (row-level security on the item's collection, which
 *   no update may change). Order guards that ask less than the desk's current ones (a wider band, a
 *   higher ceiling, a guard off, or any setting this schema does not know changed) are written only
 *   in the transaction that uses an approved `guards` proposal of exactly those settings, while the
 *   desk's guards are still the ones it says it replaces.
 * - The history (`deals`, `positions_history`, `borrows`, `mining_rewards`, `mining_worker_samples`,
 *   `balance_snapshots`) and `sync_checkpoints` are written only by the holder of the account's sync
 *   lease, in a transaction that names the lease's token (`SET LOCAL txc.sync_lease`); a lease is
 *   taken only by the session that holds the account's advisory lock. `deals` is checked by a
 *   statement trigger, as its rows come in by COPY, which row-level security does not allow.
 * - `signed_requests`: an operator writes entries only under their own name and an origin of their
 *   own (`operator_origins`, claimed once, never another's or a proposal's), and an approval's
 *   `sending` entry only for a proposal whose use they recorded in the same transaction.
 * - Four eyes: a proposal's path and kind must be a pair of `desk_request_kinds`, which names the role
 *   that proposes, approves and sends it: the role follows the request, never the proposer's word.
 *
 * The owner role owns the tables and is not bound by any of this (nor by the deals trigger).
 * Functions run with a fixed search_path; policies are bound to the tables they name when created.
 */

/** The account's sync lease is held by this login, under the token this transaction names. */
export const leaseHeld = (account: string) =>
  `EXISTS (SELECT 1 FROM public.sync_leases l WHERE l.account = ${account} AND l.holder = current_user
    AND l.token = nullif(current_setting('txc.sync_lease', true), '')::uuid)`;

/** This session holds the account's advisory lock (`sync-lease.ts` takes it). */
const lockHeldHere = (account: string) =>
  `EXISTS (SELECT 1 FROM pg_catalog.pg_locks k WHERE k.locktype = 'advisory' AND k.granted
    AND k.pid = pg_backend_pid() AND k.objsubid = 2
    AND k.database = (SELECT d.oid FROM pg_catalog.pg_database d WHERE d.datname = current_database())
    AND k.classid = hashtext('txc-desk sync')::oid AND k.objid = hashtext(${account}::text)::oid)`;

/** The app's guards while none are shared (`rules/guards.ts` DEFAULT_GUARDS). */
const DEFAULT_GUARDS = {
  bandPct: '5',
  markets: {},
  notionalCeiling: '',
  equityPct: '25',
  velocityCeiling: '',
  velocityPct: '50',
};
const json = (value: unknown) => `'${JSON.stringify(value)}'::jsonb`;

const member = (role: string) => `pg_has_role(current_user, '${role}', 'MEMBER')`;

/** The role `desk_request_kinds` names for the proposal `p` is one of this login's. */
const kindRole = (p: string) =>
  `EXISTS (SELECT 1 FROM public.desk_request_kinds k WHERE k.path = ${p}.path AND k.kind = ${p}.kind
    AND pg_has_role(current_user, k.role, 'MEMBER'))`;

const HISTORY = [
  'positions_history',
  'borrows',
  'mining_rewards',
  'mining_worker_samples',
  'balance_snapshots',
];

/** The account a sync job is about: `deals:<account>`, `mining:<account>:<mining account>`, ... */
const jobAccount = `(CASE WHEN sync_checkpoints.job ~ '^[a-z]+:[0-9a-f-]{36}(:|$)'
  THEN substr(split_part(sync_checkpoints.job, ':', 2), 1, 36)::uuid END)`;

export const migration: TeamMigration = {
  version: 3,
  name: 'who-writes',
  sql: `
ALTER FUNCTION desk_stamp() SET search_path = pg_catalog, public, pg_temp;
ALTER FUNCTION desk_notify() SET search_path = pg_catalog, public, pg_temp;
ALTER FUNCTION desk_role_for(text) SET search_path = pg_catalog, public, pg_temp;
ALTER FUNCTION desk_my_roles() SET search_path = pg_catalog, public, pg_temp;

CREATE FUNCTION desk_stamp_time() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp AS $f$
BEGIN
  NEW.changed_at := now();
  RETURN NEW;
END $f$;

-- The registry: admins only.
ALTER TABLE accounts ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now();
CREATE TRIGGER accounts_stamp_time BEFORE INSERT OR UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION desk_stamp_time();
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON accounts FROM txc_operator;
GRANT INSERT, UPDATE ON accounts TO txc_admin;

-- Four eyes: which role each request's path and kind need.
CREATE TABLE desk_request_kinds (
  path text NOT NULL,
  kind text NOT NULL,
  role text NOT NULL CHECK (role IN ('txc_treasurer', 'txc_admin')),
  PRIMARY KEY (path, kind)
);
INSERT INTO desk_request_kinds (path, kind, role) VALUES
  ('/api/v4/main-account/withdraw', 'withdrawal', 'txc_treasurer'),
  ('/api/v4/main-account/withdraw-pay', 'withdrawal', 'txc_treasurer'),
  ('/api/v4/main-account/codes', 'code', 'txc_treasurer'),
  ('/api/v4/sub-account/transfer', 'transfer', 'txc_treasurer'),
  ('/api/v4/sub-account/api-key/edit', 'key_permissions', 'txc_admin'),
  ('/api/v4/sub-account/api-key/edit', 'key_withdrawal', 'txc_admin'),
  ('/api/v4/sub-account/api-key/create', 'key_withdrawal', 'txc_admin'),
  ('/api/v4/sub-account/api-key/reset', 'key_reset', 'txc_admin'),
  ('/desk/policy', 'policy', 'txc_admin'),
  ('/desk/order-guards', 'guards', 'txc_admin');
GRANT SELECT ON desk_request_kinds TO txc_operator;
ALTER TABLE proposals DROP CONSTRAINT proposals_kind_check;
-- Proposals written before keep their rows; a new one must name a known pair (and the policies below
-- find no role for an old one that does not).
ALTER TABLE proposals ADD CONSTRAINT proposals_path_kind FOREIGN KEY (path, kind)
  REFERENCES desk_request_kinds (path, kind) NOT VALID;

-- The origins operators upload their log entries under: each one's own, claimed once.
CREATE TABLE operator_origins (
  origin uuid PRIMARY KEY,
  operator text NOT NULL DEFAULT current_user,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO operator_origins (origin, operator, claimed_at)
  SELECT DISTINCT ON (origin) origin, operator, written_at FROM signed_requests
  WHERE proposal IS NULL OR origin <> proposal ORDER BY origin, written_at, operator;
ALTER TABLE operator_origins ENABLE ROW LEVEL SECURITY;
CREATE POLICY operator_origins_read ON operator_origins FOR SELECT TO txc_operator USING (true);
CREATE POLICY operator_origins_claim ON operator_origins FOR INSERT TO txc_operator WITH CHECK (
  operator = current_user AND claimed_at = now()
  AND NOT EXISTS (SELECT 1 FROM public.proposals p WHERE p.id = operator_origins.origin)
  AND NOT EXISTS (SELECT 1 FROM public.signed_requests s WHERE s.origin = operator_origins.origin));
GRANT SELECT, INSERT ON operator_origins TO txc_operator;

DROP POLICY proposals_own ON proposals;
CREATE POLICY proposals_own ON proposals FOR INSERT TO txc_operator WITH CHECK (
  proposer = current_user AND proposed_at = now() AND ${kindRole('proposals')}
  AND NOT EXISTS (SELECT 1 FROM public.operator_origins o WHERE o.origin = proposals.id));

DROP POLICY decisions_other ON decisions;
CREATE POLICY decisions_other ON decisions FOR INSERT TO txc_operator WITH CHECK (
  decider = current_user AND decided_at = now()
  AND EXISTS (SELECT 1 FROM public.proposals p WHERE p.id = decisions.proposal AND p.proposer <> current_user
    AND p.request_hash = decisions.request_hash AND p.expires_at > now() AND ${kindRole('p')}));

DROP POLICY approval_uses_valid ON approval_uses;
CREATE POLICY approval_uses_valid ON approval_uses FOR INSERT TO txc_operator WITH CHECK (
  used_by = current_user AND used_at = now()
  AND EXISTS (SELECT 1 FROM public.decisions d JOIN public.proposals p ON p.id = d.proposal
    WHERE d.proposal = approval_uses.proposal AND d.decision = 'approved' AND d.decider <> current_user
      AND d.request_hash = approval_uses.request_hash AND p.request_hash = approval_uses.request_hash
      AND p.expires_at > now() AND ${kindRole('p')}));

-- The signed-request log: one's own entries under one's own origin; an approval's send entry only
-- with its use, in the same transaction.
DROP POLICY signed_requests_own ON signed_requests;
CREATE POLICY signed_requests_own ON signed_requests FOR INSERT TO txc_operator WITH CHECK (
  operator = current_user AND (proposal IS NULL) = (approved_by IS NULL)
  AND (proposal IS NULL OR EXISTS (SELECT 1 FROM public.approval_uses u JOIN public.decisions d
    ON d.proposal = u.proposal WHERE u.proposal = signed_requests.proposal AND u.used_by = current_user
      AND d.decider = signed_requests.approved_by))
  AND CASE WHEN outcome = 'sending'
    THEN origin = proposal AND origin_id = 1 AND EXISTS (SELECT 1 FROM public.approval_uses u
      WHERE u.proposal = signed_requests.proposal AND u.used_at = now())
    ELSE EXISTS (SELECT 1 FROM public.operator_origins o WHERE o.origin = signed_requests.origin
      AND o.operator = current_user) END);

-- The history: the holder of the account's sync lease, under its token.
ALTER TABLE sync_leases ENABLE ROW LEVEL SECURITY;
CREATE POLICY sync_leases_read ON sync_leases FOR SELECT TO txc_operator USING (true);
CREATE POLICY sync_leases_take ON sync_leases FOR INSERT TO txc_operator WITH CHECK (
  holder = current_user AND ${lockHeldHere('sync_leases.account')});
CREATE POLICY sync_leases_take_over ON sync_leases FOR UPDATE TO txc_operator USING (true) WITH CHECK (
  holder = current_user AND ${lockHeldHere('sync_leases.account')});
REVOKE UPDATE ON sync_leases FROM txc_operator;
GRANT UPDATE (token, holder, since) ON sync_leases TO txc_operator;

ALTER TABLE sync_checkpoints ENABLE ROW LEVEL SECURITY;
CREATE POLICY sync_checkpoints_read ON sync_checkpoints FOR SELECT TO txc_operator USING (true);
CREATE POLICY sync_checkpoints_write ON sync_checkpoints FOR INSERT TO txc_operator WITH CHECK (
  ${leaseHeld(jobAccount)});
CREATE POLICY sync_checkpoints_move ON sync_checkpoints FOR UPDATE TO txc_operator USING (true) WITH CHECK (
  ${leaseHeld(jobAccount)});
REVOKE UPDATE ON sync_checkpoints FROM txc_operator;
GRANT UPDATE (cursor, lease, updated_at) ON sync_checkpoints TO txc_operator;

${HISTORY.map(
  (t) => `ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY;
CREATE POLICY ${t}_read ON ${t} FOR SELECT TO txc_operator USING (true);
CREATE POLICY ${t}_write ON ${t} FOR INSERT TO txc_operator WITH CHECK (${leaseHeld(`${t}.account`)});
CREATE POLICY ${t}_rewrite ON ${t} FOR UPDATE TO txc_operator USING (true) WITH CHECK (${leaseHeld(`${t}.account`)});
REVOKE UPDATE ON ${t} FROM txc_operator;
GRANT UPDATE (record) ON ${t} TO txc_operator;`,
).join('\n')}

CREATE FUNCTION desk_deals_by_lease() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp AS $f$
BEGIN
  IF pg_has_role(current_user, (SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid = TG_RELID), 'USAGE') THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT n.account FROM new_deals n) a WHERE NOT ${leaseHeld('a.account')}) THEN
    RAISE EXCEPTION 'only the holder of the account''s sync lease writes its deals' USING ERRCODE = '42501';
  END IF;
  RETURN NULL;
END $f$;
CREATE TRIGGER deals_by_lease AFTER INSERT ON deals REFERENCING NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION desk_deals_by_lease();

-- The desk's shared items, by collection.
CREATE FUNCTION desk_threshold_looser(before jsonb, after jsonb) RETURNS boolean LANGUAGE plpgsql IMMUTABLE
SET search_path = pg_catalog, public, pg_temp AS $f$
DECLARE
  was text := CASE WHEN jsonb_typeof(before) = 'string' THEN btrim(before #>> '{}') ELSE '' END;
  now_ text;
BEGIN
  -- Anything but a plain decimal or '' (off) is taken as looser: it needs a second admin.
  IF jsonb_typeof(after) IS DISTINCT FROM 'string' THEN RETURN true; END IF;
  now_ := btrim(after #>> '{}');
  IF now_ = '' THEN RETURN was <> ''; END IF;
  IF now_ !~ '^[0-9]{1,12}(\\.[0-9]{1,8})?$' THEN RETURN true; END IF;
  IF was = '' OR was !~ '^[0-9]{1,12}(\\.[0-9]{1,8})?$' THEN RETURN false; END IF;
  RETURN now_::numeric > was::numeric;
END $f$;

CREATE FUNCTION desk_guards_looser(before jsonb, after jsonb) RETURNS boolean LANGUAGE plpgsql IMMUTABLE
SET search_path = pg_catalog, public, pg_temp AS $f$
DECLARE
  k text;
  m text;
BEGIN
  IF jsonb_typeof(after) IS DISTINCT FROM 'object' OR jsonb_typeof(after -> 'markets') IS DISTINCT FROM 'object' THEN
    RETURN true;
  END IF;
  -- No guards shared yet: the app's defaults (a 5 % band, 25 % of equity, no fixed ceiling).
  IF jsonb_typeof(before) IS DISTINCT FROM 'object' OR jsonb_typeof(before -> 'markets') IS DISTINCT FROM 'object' THEN
    before := ${json(DEFAULT_GUARDS)};
  END IF;
  FOR k IN SELECT jsonb_object_keys(before) UNION SELECT jsonb_object_keys(after) LOOP
    IF k IN ('bandPct', 'notionalCeiling', 'equityPct', 'velocityCeiling', 'velocityPct') THEN
      IF desk_threshold_looser(before -> k, after -> k) THEN RETURN true; END IF;
    ELSIF k = 'markets' THEN
      FOR m IN SELECT jsonb_object_keys(before -> 'markets') UNION SELECT jsonb_object_keys(after -> 'markets') LOOP
        IF desk_threshold_looser(coalesce(before -> 'markets' -> m, before -> 'bandPct'),
            coalesce(after -> 'markets' -> m, after -> 'bandPct')) THEN
          RETURN true;
        END IF;
      END LOOP;
    ELSIF (before -> k) IS DISTINCT FROM (after -> k) THEN
      RETURN true;
    END IF;
  END LOOP;
  RETURN false;
END $f$;
-- The desk's guards now, for the policy below (a policy may not read its own table under itself).
CREATE FUNCTION desk_current_guards() RETURNS jsonb LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $f$
  SELECT s.body FROM public.shared_items s WHERE s.collection = 'order-guards' AND s.id = 'settings' AND NOT s.removed
$f$;
REVOKE EXECUTE ON FUNCTION desk_current_guards() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION desk_guards_looser(jsonb, jsonb), desk_threshold_looser(jsonb, jsonb),
  desk_current_guards() TO txc_operator;

ALTER TABLE shared_items ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now();
CREATE TRIGGER shared_items_stamp_time BEFORE INSERT OR UPDATE ON shared_items FOR EACH ROW
  EXECUTE FUNCTION desk_stamp_time();
ALTER TABLE shared_items ENABLE ROW LEVEL SECURITY;
CREATE POLICY shared_items_read ON shared_items FOR SELECT TO txc_operator USING (true);
CREATE POLICY shared_items_address_book ON shared_items FOR ALL TO txc_operator
  USING (true) WITH CHECK (collection = 'address-book' AND (${member('txc_treasurer')} OR ${member('txc_admin')}));
CREATE POLICY shared_items_alerts ON shared_items FOR ALL TO txc_operator
  USING (true) WITH CHECK (collection = 'alerts'
    AND (${member('txc_trader')} OR ${member('txc_treasurer')} OR ${member('txc_admin')}));
CREATE POLICY shared_items_order_guards ON shared_items FOR ALL TO txc_operator
  USING (true) WITH CHECK (collection = 'order-guards' AND id = 'settings' AND NOT removed AND ${member('txc_admin')}
    AND (NOT desk_guards_looser(desk_current_guards(), body)
      OR EXISTS (SELECT 1 FROM public.approval_uses u JOIN public.proposals p ON p.id = u.proposal
        WHERE u.used_by = current_user AND u.used_at = now() AND p.kind = 'guards'
          AND p.path = '/desk/order-guards' AND p.body -> 'settings' = shared_items.body
          -- What the approver read it replaces is what it replaces.
          AND p.body -> 'replaces' = coalesce(desk_current_guards(), ${json(DEFAULT_GUARDS)}))));
REVOKE UPDATE ON shared_items FROM txc_operator;
GRANT UPDATE (body, removed, updated_at_ms) ON shared_items TO txc_operator;
`,
};
