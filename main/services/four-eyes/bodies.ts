/**
 * What a proposal may carry: per four-eyes kind, the paths this app proposes it under, and for each
 * the body exactly as this app's own capture there produces it (the same keys, each of the type the
 * app writes). The exchange's schemas accept more fields than the app ever sends (a withdrawal's
 * `bankBic`, `beneficiary`, `travelRule`, ...) and the approver's question shows only what the app
 * writes: a proposal written by hand (psql, another program) with anything else is neither approved
 * nor sent here (`proposal-view.ts`). Each schema is the request schema of the endpoint's descriptor,
 * which the endpoint function's input is typed by, so what the app builds and what it accepts cannot
 * drift apart.
 */
import { z } from 'zod';
import { REST } from '../../exchange/registry/index.ts';
import type { GuardSettingsView } from '../../views/guards.ts';
import { GUARDS_PATH, POLICY_PATH, type DeskPolicy, type FourEyesKind } from '../../policy/desk-policy.ts';
import { policySchema } from './desk-rules.ts';

const guardSettings = z.strictObject({
  bandPct: z.string(),
  markets: z.record(z.string(), z.string()),
  notionalCeiling: z.string(),
  equityPct: z.string(),
  velocityCeiling: z.string(),
  velocityPct: z.string(),
}) satisfies z.ZodType<GuardSettingsView>;

/** A policy change as `Approvals.proposePolicy` writes it: the policy, and the proposal it replaces. */
export const policyProposal = z.strictObject({
  policy: policySchema satisfies z.ZodType<DeskPolicy>,
  replaces: z.string().nullable(),
});
export type PolicyProposal = z.infer<typeof policyProposal>;
/** Looser order guards as `Approvals.proposeGuards` writes them: the new settings, and the ones they replace. */
export const guardsProposal = z.strictObject({ settings: guardSettings, replaces: guardSettings });
export type GuardsProposal = z.infer<typeof guardsProposal>;

/**
 * The exchange requests an approved proposal is sent as, each by its own sender (`Approvals.useSender`):
 * the body of each is its descriptor's request schema.
 */
export const SENT_BODIES = {
  [REST.withdrawPay.path]: REST.withdrawPay.request,
  [REST.codes.path]: REST.codes.request,
  [REST.subAccountTransfer.path]: REST.subAccountTransfer.request,
  [REST.payoutDestinationEdit.path]: REST.payoutDestinationEdit.request,
  [REST.subAccountWithdrawConfirm.path]: REST.subAccountWithdrawConfirm.request,
  [REST.keyEdit.path]: REST.keyEdit.request,
  [REST.keyReset.path]: REST.keyReset.request,
  [REST.keyCreate.path]: REST.keyCreate.request,
} as const;
export type SentPath = keyof typeof SENT_BODIES;
export type SentBody<P extends SentPath> = z.output<(typeof SENT_BODIES)[P]>;

const BODIES: Record<string, z.ZodType> = {
  ...SENT_BODIES,
  [POLICY_PATH]: policyProposal,
  [GUARDS_PATH]: guardsProposal,
};

/** The paths this app proposes each kind under (a subset of the store's `desk_request_kinds`). */
const KIND_PATHS: Record<FourEyesKind, readonly string[]> = {
  withdrawal: [REST.withdrawPay.path],
  code: [REST.codes.path],
  transfer: [REST.subAccountTransfer.path],
  payout: [REST.payoutDestinationEdit.path],
  sub_withdrawal: [REST.subAccountWithdrawConfirm.path],
  key_permissions: [REST.keyEdit.path],
  key_reset: [REST.keyReset.path],
  key_withdrawal: [REST.keyEdit.path, REST.keyCreate.path],
  policy: [POLICY_PATH],
  guards: [GUARDS_PATH],
};

/** The schema of a proposal of `kind` under `path`; undefined when this app never proposes that. */
export function bodySchema(kind: FourEyesKind, path: string): z.ZodType | undefined {
  return KIND_PATHS[kind]?.includes(path) ? BODIES[path] : undefined;
}

/** A field named for a person: its name, and the field it is inside of when it is not at the top. */
function fieldName(path: readonly PropertyKey[], key?: string): string {
  const names = [...path, ...(key === undefined ? [] : [key])].filter(
    (p): p is string => typeof p === 'string',
  );
  const last = names.at(-1) ?? 'the request';
  return names.length > 1 ? `${last} (in ${names[0] ?? ''})` : last;
}

function present(body: unknown, path: readonly PropertyKey[]): boolean {
  let at: unknown = body;
  for (const step of path) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, step)) return false;
    at = (at as Record<PropertyKey, unknown>)[step];
  }
  return true;
}

/**
 * What is wrong with a proposal's body for this app, as the middle of a sentence ("carries fields
 * this app does not show (bankBic, beneficiary)"); undefined when it is exactly what the app writes.
 */
export function bodyProblem(kind: FourEyesKind, path: string, body: unknown): string | undefined {
  const schema = bodySchema(kind, path);
  if (!schema) return `is not one this app makes (${path} as ${kind.replace('_', ' ')})`;
  const parsed = schema.safeParse(body);
  if (parsed.success) return undefined;
  const extra = new Set<string>();
  const missing = new Set<string>();
  const mistyped = new Set<string>();
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys) extra.add(fieldName(issue.path, key));
    else if (issue.path.length > 0 && !present(body, issue.path)) missing.add(fieldName(issue.path));
    else mistyped.add(fieldName(issue.path));
  }
  const list = (s: Set<string>) => [...s].join(', ');
  if (extra.size > 0) return `carries fields this app does not show (${list(extra)})`;
  if (missing.size > 0) return `lacks fields this app always writes (${list(missing)})`;
  return `has fields written otherwise than this app writes them (${list(mistyped)})`;
}
