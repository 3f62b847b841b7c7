/**
 * A proposal as one operator's app shows it: read from the fields that will be signed, its hash
 * checked against them, its body held to exactly what this app writes for its kind and path (so the
 * approver's question shows every field that is signed: `bodies.ts`), where it stands by the server's
 * clock, and what this operator may do with it (decide, send), with the reason in words when not.
 */
import type { ProposalState, ProposalView } from '../../views/approvals.ts';
import { requestHash } from '../../exchange/request-hash.ts';
import { appliedByDesk, KIND_WORDS, roleForKind } from '../../policy/desk-policy.ts';
import { roleWithArticle, type DeskRole } from '../../policy/desk-roles.ts';
import type { ProposalRow } from '../../team/approvals.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import { movesFunds } from '../desk/key-paths.ts';
import { bodyProblem } from './bodies.ts';
import { describeRequest, namesIn, type Names } from './describe.ts';

export interface Viewer {
  operator: string;
  roles: readonly DeskRole[];
  registry: AccountRegistry;
  /** The desk's id: the account a policy proposal names. */
  deskId: string | undefined;
  /** The team store answers now. */
  connected: boolean;
  /** The desk's address book (shared by the team): whether a withdrawal's address is in it. */
  book?: Names['book'];
}

export function stateOf(row: ProposalRow): ProposalState {
  if (row.used_by) return 'sent';
  if (row.decision === 'rejected') return 'rejected';
  if (!row.live) return 'expired';
  return row.decision === 'approved' ? 'approved' : 'waiting';
}

function accountLabel(row: ProposalRow, v: Viewer): string {
  if (appliedByDesk(row.kind)) return 'The desk';
  return v.registry.get(row.account)?.label ?? 'an account not on this computer';
}

/** Whether its fields are the ones it was proposed with, and exactly what this app writes for it. */
interface Fields {
  hashMatches: boolean;
  /** What is wrong with its body for this app (`bodyProblem`), undefined when nothing. */
  problem: string | undefined;
}

/** Why this operator cannot decide it now; undefined when they can. */
function whyNotDecide(row: ProposalRow, state: ProposalState, v: Viewer, { hashMatches, problem }: Fields) {
  const role = roleForKind(row.kind);
  if (state !== 'waiting') return undefined;
  if (!hashMatches) return 'Its fields do not match its hash: nobody can approve it.';
  if (problem) return `This request ${problem}: it cannot be approved here.`;
  if (row.proposer === v.operator) return `Your own proposal: another ${role} approves it.`;
  if (!v.roles.includes(role)) return `Only ${roleWithArticle(role)} can approve ${KIND_WORDS[row.kind]}.`;
  if (!v.connected) return 'The team server cannot be reached now.';
  return undefined;
}

/** Why this operator cannot send it now; undefined when they can. */
function whyNotSend(row: ProposalRow, state: ProposalState, v: Viewer, { hashMatches, problem }: Fields) {
  const role = roleForKind(row.kind);
  if (state !== 'approved') return undefined;
  if (!hashMatches) return 'Its fields do not match its hash: it cannot be sent.';
  if (problem) return `This request ${problem}: it cannot be sent here.`;
  if (row.decider === v.operator) return 'You approved it: another operator sends it.';
  if (!v.roles.includes(role)) return `Only ${roleWithArticle(role)} can send ${KIND_WORDS[row.kind]}.`;
  if (!appliedByDesk(row.kind) && !v.registry.keyHere(row.account))
    return 'The key of its account is not on this computer: an operator who holds it sends it.';
  if (!v.connected) return 'The team server cannot be reached now: it waits until the team desk is back.';
  return undefined;
}

export function proposalView(row: ProposalRow, v: Viewer): ProposalView {
  const words = describeRequest(row.path, row.body, namesIn(v.registry, v.book), movesFunds);
  const hashMatches = requestHash(row.path, row.body) === row.request_hash;
  const fields = { hashMatches, problem: bodyProblem(row.kind, row.path, row.body) };
  const state = stateOf(row);
  const noDecide = whyNotDecide(row, state, v, fields);
  const noSend = whyNotSend(row, state, v, fields);
  const view: ProposalView = {
    id: row.id,
    kind: row.kind,
    account: { id: row.account, label: accountLabel(row, v) },
    title: words.title,
    facts: words.facts,
    path: row.path,
    hash: row.request_hash,
    hashMatches,
    proposer: row.proposer,
    proposedAtMs: Number(row.proposed_ms),
    expiresAtMs: Number(row.expires_ms),
    state,
    canDecide: state === 'waiting' && noDecide === undefined,
    canSend: state === 'approved' && noSend === undefined,
  };
  if (words.warning) view.warning = words.warning;
  if (row.decision && row.decider)
    view.decision = {
      approved: row.decision === 'approved',
      by: row.decider,
      atMs: Number(row.decided_ms),
      reason: row.reason ?? '',
    };
  if (row.used_by) view.use = { by: row.used_by, atMs: Number(row.used_ms) };
  if (row.outcome) view.outcome = row.outcome;
  if (row.outcome_error) view.outcomeError = row.outcome_error;
  const why = noDecide ?? noSend;
  if (why) view.why = why;
  return view;
}
