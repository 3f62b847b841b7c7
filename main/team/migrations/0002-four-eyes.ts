import type { TeamMigration } from './migration.ts';

/**
 * The desk's roles and its four-eyes record, held by PostgreSQL itself.
 *
 * Roles: every operator logs in as their own role, a member of `txc_operator` (reads, and the desk's
 * shared work), and of the group roles of what they may do: `txc_viewer`, `txc_trader`,
 * `txc_treasurer` (withdrawals, codes, transfers, converts, refunds), `txc_admin` (accounts, keys,
 * key permissions, policies, operators). `desk_role_for` says whose work each kind of request is.
 *
 * Four eyes: an operator whose role covers a request proposes it (the exact request: account, path,
 * the canonical body without its nonce, its hash, an expiry); another operator of that role decides
 * it once (approved or rejected, with a reason), bound by row-level security to their own name and to
 * the hash they read, never the proposer, never after the expiry; the one use of an approval is a row
 * whose primary key lets one use through. All three tables are insert-only for every operator role
 * (no UPDATE, DELETE or TRUNCATE is granted; the tables belong to the owner role).
 *
 * The signed-request log names the approval a request was signed with (`proposal`) and its approver
 * (`approved_by`): only the operator who used that approval may write such an entry, and only with
 * its real approver's name. The entry written in the same transaction as the use, before anything is
 * sent, says `sending` (its origin is the proposal, its id 1: there is one use).
 *
 * Desk policies (which requests need a second operator) are rows too: a new policy is written only by
 * the operator who used an approved `policy` proposal of exactly that body; the newest one is in force.
 */
export const migration: TeamMigration = {
  version: 2,
  name: 'four-eyes',
  sql: `
DO $$
DECLARE r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['txc_viewer', 'txc_trader', 'txc_treasurer', 'txc_admin'] LOOP
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
        EXECUTE format('CREATE ROLE %I NOLOGIN', r);
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END LOOP;
END $$;

CREATE FUNCTION desk_role_for(kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT CASE WHEN kind IN ('withdrawal', 'code', 'transfer') THEN 'txc_treasurer' ELSE 'txc_admin' END
$f$;

-- The group roles this login role is a member of (directly or through others), for the app to read.
CREATE FUNCTION desk_my_roles() RETURNS text[] LANGUAGE sql STABLE AS $f$
  SELECT coalesce(array_agg(r ORDER BY r), '{}') FROM unnest(ARRAY['txc_viewer', 'txc_trader', 'txc_treasurer',
    'txc_admin']) AS r WHERE pg_has_role(current_user, r, 'MEMBER')
$f$;
GRANT EXECUTE ON FUNCTION desk_role_for(text), desk_my_roles() TO txc_operator;

CREATE TABLE proposals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('withdrawal', 'code', 'transfer', 'key_permissions', 'key_reset',
    'key_withdrawal', 'policy')),
  account uuid NOT NULL,
  path text NOT NULL,
  body jsonb NOT NULL,
  request_hash text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  summary text NOT NULL DEFAULT '',
  proposer text NOT NULL DEFAULT current_user,
  proposed_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  change_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  CHECK (expires_at > proposed_at AND expires_at <= proposed_at + interval '1 day')
);
ALTER TABLE proposals ENABLE ROW LEVEL SECURITY;
CREATE POLICY proposals_read ON proposals FOR SELECT TO txc_operator USING (true);
CREATE POLICY proposals_own ON proposals FOR INSERT TO txc_operator WITH CHECK (
  proposer = current_user AND proposed_at = now()
  AND pg_has_role(current_user, desk_role_for(kind), 'MEMBER'));
GRANT SELECT, INSERT ON proposals TO txc_operator;

CREATE TABLE decisions (
  proposal uuid PRIMARY KEY REFERENCES proposals (id),
  decision text NOT NULL CHECK (decision IN ('approved', 'rejected')),
  reason text NOT NULL DEFAULT '',
  request_hash text NOT NULL,
  decider text NOT NULL DEFAULT current_user,
  decided_at timestamptz NOT NULL DEFAULT now(),
  change_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  CHECK (decision = 'approved' OR length(reason) > 0)
);
ALTER TABLE decisions ENABLE ROW LEVEL SECURITY;
CREATE POLICY decisions_read ON decisions FOR SELECT TO txc_operator USING (true);
CREATE POLICY decisions_other ON decisions FOR INSERT TO txc_operator WITH CHECK (
  decider = current_user AND decided_at = now()
  AND EXISTS (SELECT 1 FROM proposals p WHERE p.id = proposal AND p.proposer <> current_user
    AND p.request_hash = decisions.request_hash AND p.expires_at > now()
    AND pg_has_role(current_user, desk_role_for(p.kind), 'MEMBER')));
GRANT SELECT, INSERT ON decisions TO txc_operator;

CREATE TABLE approval_uses (
  proposal uuid PRIMARY KEY REFERENCES decisions (proposal),
  request_hash text NOT NULL,
  used_by text NOT NULL DEFAULT current_user,
  used_at timestamptz NOT NULL DEFAULT now(),
  change_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
ALTER TABLE approval_uses ENABLE ROW LEVEL SECURITY;
CREATE POLICY approval_uses_read ON approval_uses FOR SELECT TO txc_operator USING (true);
CREATE POLICY approval_uses_valid ON approval_uses FOR INSERT TO txc_operator WITH CHECK (
  used_by = current_user AND used_at = now()
  AND EXISTS (SELECT 1 FROM decisions d JOIN proposals p ON p.id = d.proposal
    WHERE d.proposal = approval_uses.proposal AND d.decision = 'approved' AND d.decider <> current_user
      AND d.request_hash = approval_uses.request_hash AND p.request_hash = approval_uses.request_hash
      AND p.expires_at > now() AND pg_has_role(current_user, desk_role_for(p.kind), 'MEMBER')));
GRANT SELECT, INSERT ON approval_uses TO txc_operator;

ALTER TABLE signed_requests ADD COLUMN proposal uuid REFERENCES approval_uses (proposal),
  ADD COLUMN approved_by text;
ALTER TABLE signed_requests DROP CONSTRAINT signed_requests_outcome_check,
  ADD CONSTRAINT signed_requests_outcome_check CHECK (outcome IN ('ok', 'rejected', 'failed', 'sending'));
DROP POLICY signed_requests_own ON signed_requests;
CREATE POLICY signed_requests_own ON signed_requests FOR INSERT TO txc_operator WITH CHECK (
  operator = current_user AND (proposal IS NULL) = (approved_by IS NULL)
  AND (outcome <> 'sending' OR proposal IS NOT NULL)
  AND (proposal IS NULL OR EXISTS (SELECT 1 FROM approval_uses u JOIN decisions d ON d.proposal = u.proposal
    WHERE u.proposal = signed_requests.proposal AND u.used_by = current_user
      AND d.decider = signed_requests.approved_by)));

CREATE INDEX signed_requests_by_proposal ON signed_requests (proposal) WHERE proposal IS NOT NULL;

CREATE TABLE desk_policies (
  proposal uuid PRIMARY KEY REFERENCES approval_uses (proposal),
  body jsonb NOT NULL,
  set_by text NOT NULL DEFAULT current_user,
  set_at timestamptz NOT NULL DEFAULT now(),
  change_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
ALTER TABLE desk_policies ENABLE ROW LEVEL SECURITY;
CREATE POLICY desk_policies_read ON desk_policies FOR SELECT TO txc_operator USING (true);
CREATE POLICY desk_policies_approved ON desk_policies FOR INSERT TO txc_operator WITH CHECK (
  set_by = current_user AND set_at = now()
  AND EXISTS (SELECT 1 FROM approval_uses u JOIN proposals p ON p.id = u.proposal
    WHERE u.proposal = desk_policies.proposal AND u.used_by = current_user AND p.kind = 'policy'
      AND p.body = desk_policies.body));
GRANT SELECT, INSERT ON desk_policies TO txc_operator;

CREATE INDEX proposals_changes ON proposals (change_xid, id);
CREATE INDEX decisions_changes ON decisions (change_xid, proposal);
CREATE INDEX approval_uses_changes ON approval_uses (change_xid, proposal);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['proposals', 'decisions', 'approval_uses', 'desk_policies'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I FOR EACH STATEMENT EXECUTE FUNCTION desk_notify()',
      t || '_notify', t);
  END LOOP;
END $$;
`,
};
