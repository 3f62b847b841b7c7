/**
 * The desk's four-eyes policy: which signed requests of a team's accounts need a second operator's
 * approval before main signs them. Every withdrawal (a sub-account's waiting withdrawal let go by the
 * main account too), service code and change of where a mining account's rewards are paid, and every
 * change of the policy itself, always; sub-account transfers above an amount of their currency (a
 * currency without a limit: every transfer); key permission edits, key resets and keys that can move funds, each as the
 * policy says. One function decides it for every entry point, from the exact request to be signed.
 */
import {
  DESK,
  DESK_REQUESTS,
  FOUR_EYES_PATHS,
  fourEyesRequestOf,
  FUND_MOVING_PATHS,
  type FourEyesRequest,
} from '../exchange/registry/index.ts';
import { parsePlain } from '../rules/decimal.ts';
import type { DeskRole, FourEyesKind } from './kinds.ts';
import type { RuleIssue } from '../rules/types.ts';

export type { FourEyesKind };

export interface DeskPolicy {
  /** Sub-account transfers of more than this amount of their currency need approval; others listed go alone. */
  transferLimits: Record<string, string>;
  /** Edits of a sub-account key's URL permissions. */
  keyPermissions: boolean;
  /** Resets of a sub-account key. */
  keyResets: boolean;
  /** New keys that can withdraw, and permission edits that let a key move funds out. */
  withdrawalKeys: boolean;
  /** How long a proposal waits for its approval and its send, in minutes (5 to 1440). */
  approvalMinutes: number;
}

/** In force until the desk's admins agree on another: everything the policy can cover, covered. */
export const DEFAULT_POLICY: DeskPolicy = {
  transferLimits: {},
  keyPermissions: true,
  keyResets: true,
  withdrawalKeys: true,
  approvalMinutes: 60,
};

/** The path a policy change is proposed under (it is no exchange request: the team store applies it). */
export const POLICY_PATH = DESK.policy.path;
/** The path of order guards that ask less than the desk's (applied by the team store too). */
export const GUARDS_PATH = DESK.guards.path;

/** The kinds of approval each four-eyes request may need (what `approvalKind` answers for it). */
export const HELD_AS: Readonly<Record<FourEyesRequest, readonly FourEyesKind[]>> = {
  withdrawal: ['withdrawal'],
  code: ['code'],
  transfer: ['transfer'],
  payout: ['payout'],
  sub_withdrawal: ['sub_withdrawal'],
  key_create: ['key_withdrawal'],
  key_edit: ['key_permissions', 'key_withdrawal'],
  key_reset: ['key_reset'],
  policy: ['policy'],
  guards: ['guards'],
};

export type KindRole = Exclude<DeskRole, 'viewer' | 'trader'>;

/**
 * Every pair of path and kind a proposal may name, with the role that proposes, approves and sends
 * it: from the endpoint registry's descriptors (the team store's `desk_request_kinds` holds these).
 */
export const REQUEST_KINDS: ReadonlyArray<{ path: string; kind: FourEyesKind; role: KindRole }> =
  FOUR_EYES_PATHS.flatMap(({ path, request, role }) =>
    role === 'trader' ? [] : HELD_AS[request].map((kind) => ({ path, kind, role })),
  );

/** Kinds the team store applies itself once approved (no exchange request, no account's key). */
export function appliedByDesk(kind: FourEyesKind): boolean {
  return DESK_REQUESTS.some((r) => HELD_AS[r.fourEyes].includes(kind));
}

const FUND_MOVING = new Set(FUND_MOVING_PATHS.map((p) => p.toLowerCase()));
const key = (path: string) => path.toLowerCase().replace(/\/+$/, '');

function exceedsLimit(policy: DeskPolicy, fields: Record<string, unknown>): boolean {
  const ticker = typeof fields['ticker'] === 'string' ? fields['ticker'] : '';
  const limit = Object.hasOwn(policy.transferLimits, ticker) ? policy.transferLimits[ticker] : undefined;
  if (limit === undefined) return true;
  const amount = typeof fields['amount'] === 'string' ? parsePlain(fields['amount']) : undefined;
  const max = parsePlain(limit);
  // An amount or a limit that cannot be read is never taken as under the limit.
  return !amount || !max || amount.gt(max);
}

function enablesFundMoving(fields: Record<string, unknown>): boolean {
  const urls = Array.isArray(fields['urls']) ? (fields['urls'] as unknown[]) : [];
  return urls.some((u) => {
    const url = typeof u === 'object' && u !== null ? (u as Record<string, unknown>)['url'] : undefined;
    const on = typeof u === 'object' && u !== null ? (u as Record<string, unknown>)['enable'] : undefined;
    return typeof url === 'string' && on !== false && FUND_MOVING.has(key(url));
  });
}

/**
 * The kind of approval the request needs under `policy`, or undefined when one operator may send it
 * alone. `fields` are the request's fields as they will be signed.
 */
export function approvalKind(
  policy: DeskPolicy,
  path: string,
  fields: Record<string, unknown>,
): FourEyesKind | undefined {
  const request = fourEyesRequestOf(path);
  if (request === 'policy') return 'policy';
  if (request === 'guards') return 'guards';
  if (request === 'withdrawal') return 'withdrawal';
  if (request === 'code') return 'code';
  if (request === 'payout') return 'payout';
  if (request === 'sub_withdrawal') return 'sub_withdrawal';
  if (request === 'transfer') return exceedsLimit(policy, fields) ? 'transfer' : undefined;
  if (request === 'key_create')
    return Number(fields['type']) === 2 && policy.withdrawalKeys ? 'key_withdrawal' : undefined;
  if (request === 'key_edit') {
    if (policy.withdrawalKeys && enablesFundMoving(fields)) return 'key_withdrawal';
    return policy.keyPermissions ? 'key_permissions' : undefined;
  }
  if (request === 'key_reset') return policy.keyResets ? 'key_reset' : undefined;
  return undefined;
}

/** Whose work each kind is: who proposes it, approves it and sends it (as `desk_request_kinds` in the store). */
export function roleForKind(kind: FourEyesKind): KindRole {
  return REQUEST_KINDS.find((r) => r.kind === kind)?.role ?? 'admin';
}

/** The kind in words, after "a second operator approves …". */
export const KIND_WORDS: Record<FourEyesKind, string> = {
  withdrawal: 'a withdrawal',
  code: 'a service code',
  transfer: 'a sub-account transfer',
  payout: 'a change of where mining rewards are paid',
  sub_withdrawal: "a sub-account's withdrawal let go",
  key_permissions: "a change of a key's permissions",
  key_reset: 'a key reset',
  key_withdrawal: 'a key that can move funds',
  policy: "a change of the desk's policy",
  guards: "a change of the desk's order guards that asks less",
};

const TICKER = /^[A-Z0-9_]{1,20}$/;

/** The first thing wrong with a policy, or undefined. */
export function checkPolicy(policy: DeskPolicy): RuleIssue | undefined {
  for (const [ticker, limit] of Object.entries(policy.transferLimits)) {
    if (!TICKER.test(ticker))
      return { field: 'transferLimits', message: `"${ticker}" is not a currency ticker (like USDT or BTC).` };
    if (!parsePlain(limit))
      return {
        field: 'transferLimits',
        message: `The limit for ${ticker} must be a plain amount, like 10000 or 0.5.`,
      };
  }
  if (
    !Number.isInteger(policy.approvalMinutes) ||
    policy.approvalMinutes < 5 ||
    policy.approvalMinutes > 1440
  )
    return {
      field: 'approvalMinutes',
      message: 'A proposal waits from 5 minutes to 24 hours (1440 minutes) for its approval.',
    };
  return undefined;
}
