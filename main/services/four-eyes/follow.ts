/**
 * The desk's rules and four-eyes record as they change on the team store: at each connect and on each
 * notification the operator's roles and the policy in force are read into this profile's rules (kept
 * for when the store is away), the desk's accounts recorded as the desk's, the pages told that the
 * approvals changed, and a desktop notice raised for each new proposal of another operator.
 */
import type pg from 'pg';
import type { PageEvents } from '../live/page-events.ts';
import type { Logger } from '../../log.ts';
import { DEFAULT_POLICY, type DeskPolicy } from '../../policy/desk-policy.ts';
import { approvedEntries, currentPolicy, myRoles } from '../../team/approvals.ts';
import type { TeamDesk } from '../../team/desk.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import type { TeamService } from '../team.ts';
import { movesFunds } from '../desk/key-paths.ts';
import { describeRequest, namesIn } from './describe.ts';
import { policySchema, type DeskRules } from './desk-rules.ts';

/** How often the operator's roles are read again while connected. */
const ROLES_EVERY_MS = 30_000;

export interface DeskRulesFollowers {
  rules: DeskRules;
  registry: AccountRegistry;
  events: PageEvents;
  /** Raises a desktop notice (when the operator keeps approval notices on). */
  notify: (title: string, body: string) => void;
  log: Logger;
}

interface WaitingRow {
  id: string;
  proposer: string;
  account: string;
  path: string;
  body: Record<string, unknown>;
}

export function followDeskRules(team: TeamService, o: DeskRulesFollowers): void {
  const changed = () => o.events.emit('approvals.changed', { atMs: Date.now() });
  const deskAccounts = () => o.registry.list().map((a) => ({ id: a.id, apiKey: a.apiKey }));
  // The registry follows the desk: an account it gains while joined is the desk's from then on.
  o.registry.onAnyChange(() => {
    if (team.desk) o.rules.addAccounts(deskAccounts());
  });
  team.onDesk((desk) => {
    if (desk) follow(desk, o, changed, deskAccounts);
    changed();
  });
}

function follow(
  desk: TeamDesk,
  o: DeskRulesFollowers,
  changed: () => void,
  deskAccounts: () => Array<{ id: string; apiKey: string }>,
): void {
  const store = desk.store;
  const s = store.settings;
  const name = `"${s.database}" on ${s.host}:${String(s.port)}`;
  const here = () => ({
    desk: store.deskId ?? o.rules.state?.desk ?? 'unknown',
    name,
    operator: store.operator,
  });
  // Joined: the desk's rules hold from now on, its accounts the desk's (roles as last known until read).
  o.rules.update(here(), deskAccounts());

  const readRules = async () => {
    const [roles, policy] = await Promise.all([myRoles(store), currentPolicy(store)]);
    const parsed = policySchema.safeParse(policy?.body['policy']);
    // A policy this app cannot read is not a looser one: the strictest holds.
    const inForce: DeskPolicy = policy && parsed.success ? parsed.data : DEFAULT_POLICY;
    const changedRules = o.rules.update(
      {
        ...here(),
        roles,
        policy: inForce,
        policyFrom: policy?.proposal ?? null,
        ...(policy ? { policySet: { by: policy.set_by, atMs: Number(policy.set_ms) } } : {}),
      },
      deskAccounts(),
    );
    // Read again every half minute: the pages hear only of a change.
    if (changedRules) changed();
  };
  // A role granted or revoked is not notified: it is read again every half minute too.
  const timer = setInterval(() => {
    if (store.connected)
      readRules().catch((error: unknown) => o.log.log('warn', "could not read the desk's roles", error));
  }, ROLES_EVERY_MS);
  timer.unref();
  desk.follow({ tables: ['desk_policies'], pull: readRules, close: () => clearInterval(timer) });

  // New proposals of other operators raise one notice each; those waiting at the first reading, one in all.
  let seen: Set<string> | undefined;
  const readProposals = async () => {
    changed();
    const rows = await store.query<WaitingRow & pg.QueryResultRow>(
      `SELECT p.id::text AS id, p.proposer, p.account::text AS account, p.path, p.body FROM proposals p
       WHERE p.expires_at > now() AND p.proposer <> current_user
         AND NOT EXISTS (SELECT 1 FROM decisions d WHERE d.proposal = p.id)`,
    );
    const fresh = rows.filter((r) => !seen?.has(r.id));
    if (!seen) {
      seen = new Set(rows.map((r) => r.id));
      if (fresh.length > 0)
        o.notify(
          `${String(fresh.length)} proposal${fresh.length === 1 ? '' : 's'} wait for approval`,
          'Another operator asked for a second pair of eyes: open Approvals to read and decide.',
        );
      return;
    }
    for (const r of fresh) {
      seen.add(r.id);
      const words = describeRequest(r.path, r.body, namesIn(o.registry), movesFunds);
      const label = o.registry.get(r.account)?.label;
      o.notify(
        `Approval asked by ${r.proposer}`,
        `${words.title}${label ? ` from "${label}"` : ''}: open Approvals to read it and approve or reject it.`,
      );
    }
  };
  desk.follow({ tables: ['proposals', 'decisions', 'approval_uses'], pull: readProposals });

  // A send's outcome reached the store (the log entry naming its approval).
  let entries: number | undefined;
  desk.follow({
    tables: ['signed_requests'],
    pull: async () => {
      const n = await approvedEntries(store);
      if (entries !== undefined && n !== entries) changed();
      entries = n;
    },
  });
}
