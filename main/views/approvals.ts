/** The result and payload types of the desk's four eyes (plain data). */
import type { FourEyesKind } from '../policy/kinds.ts';

export type { FourEyesKind };

/** Where a proposal stands, by the team server's clock. */
export type ProposalState = 'waiting' | 'approved' | 'rejected' | 'expired' | 'sent';

/** One proposed request as this operator's app reads it from the fields that will be signed. */
export interface ProposalView {
  id: string;
  kind: FourEyesKind;
  account: { id: string; label: string };
  /** "Withdraw 2,500 USDT on TRC20" */
  title: string;
  facts: Array<{ label: string; value: string }>;
  /** A line that must stand out (a key that will be able to move funds). */
  warning?: string;
  path: string;
  /** SHA-256 of the request without its nonce: what the approval is bound to. */
  hash: string;
  /** False when the fields do not hash to `hash` (nobody can approve or send it). */
  hashMatches: boolean;
  proposer: string;
  proposedAtMs: number;
  expiresAtMs: number;
  state: ProposalState;
  decision?: { approved: boolean; by: string; atMs: number; reason: string };
  use?: { by: string; atMs: number };
  /** What the exchange answered the send, once known: ok, rejected or failed. */
  outcome?: 'ok' | 'rejected' | 'failed';
  outcomeError?: string;
  /** What this operator may do with it now; `why` says why not, in words. */
  canDecide: boolean;
  canSend: boolean;
  why?: string;
}

/** A request that needed a second operator: it was proposed instead of sent. */
export interface ProposedView {
  proposed: ProposalView[];
}

/** What sending an approved proposal came to. */
export interface ApprovalSentView {
  proposal: ProposalView;
  /** "Withdrawal sent: 2,500 USDT to TXYZ…" */
  result: string;
}

/** The desk's four-eyes policy (see `policy/desk-policy.ts`). */
export interface DeskPolicyView {
  transferLimits: Record<string, string>;
  keyPermissions: boolean;
  keyResets: boolean;
  withdrawalKeys: boolean;
  approvalMinutes: number;
}

/** The operator's roles and the desk's policy as this profile holds them. */
export interface DeskRulesView {
  /** The profile joined a team: its rules apply to the team's accounts. */
  active: boolean;
  roles: Array<'viewer' | 'trader' | 'treasurer' | 'admin'>;
  policy: DeskPolicyView;
  /** Who set the policy in force and when (undefined: the desk's default). */
  policySet?: { by: string; atMs: number };
  /** The policy in words, one line per rule. */
  facts: Array<{ label: string; value: string }>;
}
