import type { TeamMigration } from './migration.ts';

/**
 * What a row says about itself is the server's, or agrees with what row-level security checked.
 *
 * - `change_xid` of the insert-only tables (`signed_requests`, `proposals`, `decisions`,
 *   `approval_uses`, `desk_policies`) was a column default an operator could set to anything on
 *   insert, placing a row behind every replica's cursor (never read) or ahead of it: it is stamped
 *   by the server now, as the replicated tables' `desk_stamp` does. `deals` come in by COPY and are
 *   checked by their statement trigger instead: a deal not of this transaction is refused.
 * - The history tables keep each record as JSON beside the `account` column the lease's policy
 *   checks: the record's own `account` must be that account, and be there (rows written before are
 *   left as they are, `NOT VALID`; the replicas take the account from the column).
 * - A new four-eyes policy replaces exactly the one its approved proposal says it replaces (null: the
 *   desk has none yet), as `desk-policies.ts` checks, and as the order guards' policy holds already.
 */
const STAMPED = ['signed_requests', 'proposals', 'decisions', 'approval_uses', 'desk_policies'];
const HISTORY = [
  'positions_history',
  'borrows',
  'mining_rewards',
  'mining_worker_samples',
  'balance_snapshots',
];

/** The lease check of 0003's `desk_deals_by_lease`, for the account `a.account`. */
const leaseHeld = `EXISTS (SELECT 1 FROM public.sync_leases l WHERE l.account = a.account AND l.holder = current_user
    AND l.token = nullif(current_setting('txc.sync_lease', true), '')::uuid)`;

export const migration: TeamMigration = {
  version: 4,
  name: 'what-rows-say',
  sql: `
CREATE FUNCTION desk_stamp_xid() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp AS $f$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  RETURN NEW;
END $f$;
${STAMPED.map(
  (t) =>
    `CREATE TRIGGER ${t}_stamp_xid BEFORE INSERT ON ${t} FOR EACH ROW EXECUTE FUNCTION desk_stamp_xid();`,
).join('\n')}

CREATE OR REPLACE FUNCTION desk_deals_by_lease() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp AS $f$
BEGIN
  IF pg_has_role(current_user, (SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid = TG_RELID), 'USAGE') THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT n.account FROM new_deals n) a WHERE NOT ${leaseHeld}) THEN
    RAISE EXCEPTION 'only the holder of the account''s sync lease writes its deals' USING ERRCODE = '42501';
  END IF;
  IF EXISTS (SELECT 1 FROM new_deals n WHERE n.change_xid <> pg_current_xact_id()) THEN
    RAISE EXCEPTION 'a deal''s change_xid is the server''s' USING ERRCODE = '42501';
  END IF;
  RETURN NULL;
END $f$;

${HISTORY.map(
  (t) =>
    `ALTER TABLE ${t} ADD CONSTRAINT ${t}_record_account
  CHECK ((record ->> 'account') IS NOT DISTINCT FROM account::text) NOT VALID;`,
).join('\n')}

-- The policy in force now, for the policy below (read as the owner: every operator reads it anyway).
CREATE FUNCTION desk_current_policy() RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $f$
  SELECT d.proposal FROM public.desk_policies d ORDER BY d.set_at DESC, d.change_xid::text::numeric DESC LIMIT 1
$f$;
REVOKE EXECUTE ON FUNCTION desk_current_policy() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION desk_current_policy() TO txc_operator;

DROP POLICY desk_policies_approved ON desk_policies;
CREATE POLICY desk_policies_approved ON desk_policies FOR INSERT TO txc_operator WITH CHECK (
  set_by = current_user AND set_at = now()
  AND EXISTS (SELECT 1 FROM public.approval_uses u JOIN public.proposals p ON p.id = u.proposal
    WHERE u.proposal = desk_policies.proposal AND u.used_by = current_user AND p.kind = 'policy'
      AND p.path = '/desk/policy' AND p.body = desk_policies.body)
  -- What the approver read it replaces is what it replaces.
  AND desk_policies.body -> 'replaces' = coalesce(to_jsonb(desk_current_policy()::text), 'null'::jsonb));
`,
};
