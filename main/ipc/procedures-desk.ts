/** The procedures of many-accounts work (balances, one order for many, key permissions, sweeps) and webhooks. */
import { z } from 'zod';
import {
  accountId,
  accountSet,
  orderDraft,
  permissionChanges,
  procedure,
  sizing,
  sweepPlan,
  type ProcedureDef,
} from './schemas.ts';
import { guardIds } from './procedures-guards.ts';
import type {
  BatchOutcome,
  BatchRecordView,
  DeskBalanceView,
  DeskChildPreview,
  DeskChildResult,
  IpcError,
  KeyDiffView,
  SweepLegView,
  WebhookEventView,
} from './contract.ts';

const parentId = z.string().regex(/^[A-Za-z0-9._-]{1,40}$/);

export const deskProcedures = {
  'desk.balances': procedure<DeskBalanceView[]>()(
    'Spot balances of many accounts (all by default); each also arrives as a desk.balance event.',
    z.strictObject({ accountIds: accountSet.optional() }).optional(),
  ),
  'desk.subAccountBalances': procedure<
    Array<{
      subAccountId: string;
      ok: boolean;
      balances?: Record<string, Array<{ main: string; spot: string; collateral: string }>>;
      error?: IpcError;
    }>
  >()(
    "Balances of many sub-accounts read with the main account's key (all of them by default).",
    z
      .strictObject({ subAccountIds: z.array(z.string().min(1).max(64)).min(1).max(1000).optional() })
      .optional(),
  ),
  'desk.previewOrder': procedure<{
    previewId: string;
    parentId: string;
    expiresAtMs: number;
    children: DeskChildPreview[];
  }>()(
    'One order for many accounts, sized per account and checked; nothing is sent. Kept in main under its id for 30 s; a re-send of an unfinished batch passes its parent id.',
    z.strictObject({ accountIds: accountSet, draft: orderDraft, sizing, parentId: parentId.optional() }),
  ),
  'desk.placeOrder': procedure<{ parentId: string; results: DeskChildResult[] }>()(
    'Sends exactly what the preview with this id showed, refused when it is stale; a guard it trips must be in `acknowledge`; failures first in the report.',
    z.strictObject({ previewId: z.uuid(), acknowledge: guardIds.optional() }),
  ),
  'desk.previewPermissions': procedure<KeyDiffView[]>()(
    'The per-key diff of one URL-permission change over many sub-account keys.',
    z.strictObject({ accountIds: accountSet, urls: permissionChanges }),
  ),
  'desk.applyPermissions': procedure<BatchOutcome[]>()(
    'Applies one URL-permission change to many sub-account keys; failures first.',
    z.strictObject({ accountIds: accountSet, urls: permissionChanges }),
  ),
  'desk.previewSweep': procedure<{ previewId: string; expiresAtMs: number; legs: SweepLegView[] }>()(
    'The transfers a sweep between main and sub-accounts would make, kept in main under its id for 30 s.',
    z.strictObject({ accountIds: accountSet, plan: sweepPlan }),
  ),
  'desk.runSweep': procedure<Array<SweepLegView & BatchOutcome & { transactionId?: string }>>()(
    "Makes exactly the previewed transfers once confirmed in main's own dialog; failures first.",
    z.strictObject({ previewId: z.uuid() }),
  ),
  'desk.batches': procedure<BatchRecordView[]>()(
    'The audit log of desk batches (orders, key permissions, sweeps) with each child’s outcome, newest first.',
    z
      .strictObject({
        beforeMs: z.number().int().nonnegative().optional(),
        parentId: parentId.optional(),
        limit: z.number().int().min(1).max(200).optional(),
      })
      .optional(),
  ),
  'webhooks.configure': procedure<null>()(
    "Sets an account's webhook key; its secret is read from the clipboard into the keychain.",
    z.strictObject({ accountId, apiKey: z.string().trim().min(1).max(255) }),
  ),
  'webhooks.remove': procedure<null>()(
    "Forgets an account's webhook key and secret.",
    z.strictObject({ accountId }),
  ),
  'webhooks.receiver': procedure<string | null>()(
    'Turns the webhook receiver on (answers its address) or off.',
    z.strictObject({
      enabled: z.boolean(),
      port: z.number().int().min(0).max(65535).optional(),
      host: z.union([z.literal('127.0.0.1'), z.literal('0.0.0.0'), z.literal('::1')]).optional(),
    }),
  ),
  'webhooks.receiverStatus': procedure<string | null>()(
    'The address the webhook receiver listens on, or null while it is off.',
    z.strictObject({}).optional(),
  ),
  'webhooks.events': procedure<WebhookEventView[]>()(
    'Received webhook events of an account, newest first.',
    z.strictObject({
      accountId,
      before: z
        .strictObject({ receivedAtMs: z.number().int().nonnegative(), id: z.string().max(64) })
        .optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
  ),
  'webhooks.reconcile': procedure<number>()(
    'Fills in, from the deposit/withdraw history, the events that never arrived; answers how many.',
    z.strictObject({ accountId }),
  ),
} as const satisfies Record<string, ProcedureDef>;
