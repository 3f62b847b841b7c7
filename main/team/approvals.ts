/**
 * The desk's four-eyes record in the team store: proposals (the exact request, its hash, an expiry),
 * decisions (approved or rejected with a reason, by another operator) and approval uses (one each).
 * PostgreSQL's row-level security decides who may write what (migration 0002); these are the app's
 * statements, and the sentence each refusal reads as.
 */
import type pg from 'pg';
import { UserFacingError } from '../errors.ts';
import type { DeskRole } from '../policy/desk-roles.ts';
import type { FourEyesKind } from '../policy/desk-policy.ts';
import type { TeamStore } from './store.ts';

export interface ProposalRow {
  id: string;
  kind: FourEyesKind;
  account: string;
  path: string;
  body: Record<string, unknown>;
  request_hash: string;
  summary: string;
  proposer: string;
  proposed_ms: string;
  expires_ms: string;
  /** Not expired, by the server's clock. */
  live: boolean;
  decision: 'approved' | 'rejected' | null;
  decider: string | null;
  reason: string | null;
  decided_hash: string | null;
  decided_ms: string | null;
  used_by: string | null;
  used_ms: string | null;
  /** What the exchange answered the send, once its log entry reached the store. */
  outcome: 'ok' | 'rejected' | 'failed' | null;
  outcome_error: string | null;
}

const SELECT = `SELECT p.id::text AS id, p.kind, p.account::text AS account, p.path, p.body, p.request_hash,
    p.summary, p.proposer, (extract(epoch FROM p.proposed_at) * 1000)::bigint::text AS proposed_ms,
    (extract(epoch FROM p.expires_at) * 1000)::bigint::text AS expires_ms, p.expires_at > now() AS live,
    d.decision, d.decider, d.reason, d.request_hash AS decided_hash,
    (extract(epoch FROM d.decided_at) * 1000)::bigint::text AS decided_ms,
    u.used_by, (extract(epoch FROM u.used_at) * 1000)::bigint::text AS used_ms,
    o.outcome, o.error_code AS outcome_error
  FROM proposals p
  LEFT JOIN decisions d ON d.proposal = p.id
  LEFT JOIN approval_uses u ON u.proposal = p.id
  LEFT JOIN LATERAL (SELECT s.outcome, s.error_code FROM signed_requests s
    WHERE s.proposal = p.id AND s.outcome <> 'sending' ORDER BY s.at_ms DESC LIMIT 1) o ON true`;

/** The proposals of the last `days` days and every one still waiting, newest first. */
export async function listProposals(store: TeamStore, days = 7, limit = 200): Promise<ProposalRow[]> {
  return store.query<ProposalRow & pg.QueryResultRow>(
    `${SELECT}
     WHERE p.proposed_at > now() - make_interval(days => $1) OR (d.proposal IS NULL AND p.expires_at > now())
     ORDER BY p.proposed_at DESC, p.id LIMIT $2`,
    [days, limit],
  );
}

/** One proposal, read on the store's pool or inside a transaction's connection. */
export async function readProposal(
  db: TeamStore | pg.ClientBase,
  id: string,
): Promise<ProposalRow | undefined> {
  const sql = `${SELECT} WHERE p.id = $1::uuid`;
  if ('transaction' in db) return (await db.query<ProposalRow & pg.QueryResultRow>(sql, [id]))[0];
  return (await db.query<ProposalRow & pg.QueryResultRow>(sql, [id])).rows[0];
}

export interface NewProposal {
  kind: FourEyesKind;
  account: string;
  path: string;
  body: Record<string, unknown>;
  hash: string;
  summary: string;
}

/** Inserts the proposals in one transaction, each expiring `minutes` after now; answers their ids. */
export async function insertProposals(
  store: TeamStore,
  proposals: readonly NewProposal[],
  minutes: number,
): Promise<string[]> {
  try {
    return await store.transaction(async (client) => {
      const ids: string[] = [];
      for (const p of proposals) {
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO proposals (kind, account, path, body, request_hash, summary, expires_at)
           VALUES ($1, $2::uuid, $3, $4::jsonb, $5, $6, now() + make_interval(mins => $7))
           RETURNING id::text AS id`,
          [p.kind, p.account, p.path, JSON.stringify(p.body), p.hash, p.summary.slice(0, 500), minutes],
        );
        if (rows[0]) ids.push(rows[0].id);
      }
      return ids;
    });
  } catch (error) {
    throw refusedByStore(
      error,
      'The team server refused the proposal: your role on the desk does not cover it.',
    );
  }
}

/** Records a decision under this operator's name, on the hash they read. */
export async function insertDecision(
  store: TeamStore,
  decision: { proposal: string; decision: 'approved' | 'rejected'; reason: string; hash: string },
): Promise<void> {
  try {
    await store.query(
      'INSERT INTO decisions (proposal, decision, reason, request_hash) VALUES ($1::uuid, $2, $3, $4)',
      [decision.proposal, decision.decision, decision.reason, decision.hash],
    );
  } catch (error) {
    const e = error as { code?: string };
    if (e.code === '23505')
      throw new UserFacingError('already_decided', 'Another operator decided this proposal first.');
    throw refusedByStore(
      error,
      'The team server refused the decision: it is your own proposal, it expired, or your role does not cover it.',
    );
  }
}

/** The store's refusals of a write (row-level security, a constraint) as one sentence. */
export function refusedByStore(error: unknown, sentence: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === '42501' || code === '23514' || code === '23503')
    return new UserFacingError('refused_by_desk', sentence);
  return error;
}

/** The group roles this operator's login role holds on the desk. */
export async function myRoles(store: TeamStore): Promise<DeskRole[]> {
  const rows = await store.query<{ roles: string[] }>('SELECT desk_my_roles() AS roles');
  return (rows[0]?.roles ?? [])
    .map((r) => r.replace(/^txc_/, ''))
    .filter((r): r is DeskRole => ['viewer', 'trader', 'treasurer', 'admin'].includes(r));
}

export interface PolicyRow {
  proposal: string;
  body: Record<string, unknown>;
  set_by: string;
  set_ms: string;
}

/** The policy in force: the newest one written, or undefined while the desk keeps its default. */
export async function currentPolicy(store: Pick<TeamStore, 'query'>): Promise<PolicyRow | undefined> {
  const rows = await store.query<PolicyRow & pg.QueryResultRow>(
    `SELECT proposal::text AS proposal, body, set_by, (extract(epoch FROM set_at) * 1000)::bigint::text AS set_ms
     FROM desk_policies ORDER BY set_at DESC, change_xid::text::numeric DESC LIMIT 1`,
  );
  return rows[0];
}

/** How many signed-request entries name an approval (grows when a send's outcome reaches the store). */
export async function approvedEntries(store: TeamStore): Promise<number> {
  const rows = await store.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM signed_requests WHERE proposal IS NOT NULL',
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Why an approval cannot be used for a request of `hash` by `operator` now, in one sentence; undefined
 * when it can. The store checks the same again when the use is inserted (row-level security and the
 * use's primary key): this is what the person reads.
 */
export function whyNotUsable(
  row: ProposalRow | undefined,
  hash: string,
  operator: string,
  /** Leave whether it was used to the use's primary key (two sends at once: one goes). */
  useByKey = false,
): string | undefined {
  if (!row) return 'The team desk has no such proposal: nothing was sent.';
  if (row.decision === 'rejected')
    return `${row.decider ?? 'Another operator'} rejected it ("${row.reason ?? ''}"): nothing was sent.`;
  if (row.used_by && !useByKey) return usedWords(row.used_by);
  if (!row.live) return 'This proposal expired before it was sent: nothing was sent. Propose it again.';
  if (row.decision !== 'approved') return 'No second operator has approved it yet: nothing was sent.';
  if (row.decider === operator)
    return 'You approved it yourself: another operator sends it. Nothing was sent.';
  if (row.request_hash !== hash || row.decided_hash !== hash)
    return 'What would be signed is not what was approved: nothing was sent.';
  return undefined;
}

const usedWords = (by: string) => `This approval was used already, by ${by}: nothing was sent again.`;

/** The signed-request entry written with the use, before the request goes (its origin is the proposal). */
export interface SendingEntry {
  atMs: number;
  account: string;
  path: string;
}

/**
 * Uses the approval of `proposal` for a request of `hash`: in one transaction the proposal is read and
 * checked, the use inserted (its primary key lets one through) and, for an exchange request, the
 * signed-request entry written with both names. Answers the approver's name. Throws the refusal.
 */
export async function useApproval(
  store: TeamStore,
  proposal: string,
  hash: string,
  entry: SendingEntry | undefined,
  then?: (client: pg.PoolClient, row: ProposalRow) => Promise<void>,
): Promise<string> {
  try {
    return await store.transaction(async (client) => {
      const row = await readProposal(client, proposal);
      const why = whyNotUsable(row, hash, store.operator, true);
      if (why || !row?.decider) throw new UserFacingError('approval_refused', why ?? 'Nothing was sent.');
      await client.query('INSERT INTO approval_uses (proposal, request_hash) VALUES ($1::uuid, $2)', [
        proposal,
        hash,
      ]);
      if (entry)
        await client.query(
          `INSERT INTO signed_requests (origin, origin_id, at_ms, account, path, body_hash, outcome, proposal,
             approved_by)
           VALUES ($1::uuid, 1, $2, $3, $4, $5, 'sending', $1::uuid, $6)`,
          [proposal, entry.atMs, entry.account, entry.path, hash, row.decider],
        );
      await then?.(client, row);
      return row.decider;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      const by = await readProposal(store, proposal).then(
        (row) => row?.used_by,
        () => undefined,
      );
      throw new UserFacingError('approval_used', usedWords(by ?? 'a send that went first'));
    }
    throw refusedByStore(
      error,
      'The team server refused to record the approval\u2019s use: nothing was sent.',
    );
  }
}
