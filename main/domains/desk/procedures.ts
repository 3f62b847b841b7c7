/** The procedures of many-accounts work (balances, one order for many, key permissions, sweeps). */
import { z } from 'zod';
import {
  accountId,
  accountSet,
  decimalText,
  noInput,
  orderDraft,
  permissionChanges,
  procedure,
  sizing,
  sweepPlan,
  type ProcedureDef,
} from '../../ipc/schemas.ts';
import { guardIds } from '../guards/procedures.ts';
import type { IpcError } from '../../ipc/contract.ts';
import type { AccountView } from '../accounts/views.ts';
import type {
  BatchOutcome,
  BatchRecordView,
  DeskBalanceView,
  DeskChildPreview,
  DeskChildResult,
  FoundSubAccountView,
  KeyCapabilityView,
  KeyDiffView,
  SweepLegView,
} from './views.ts';

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
  'desk.keyCapabilities': procedure<KeyCapabilityView[]>()(
    'What a sub-account key may do, as named capabilities with the exchange URLs behind each.',
    noInput,
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
  'desk.subAccountTransfer': procedure<{ transactionId: string; amount: string }>()(
    "One transfer between the main account and one sub-account (its main balance), after main's confirmation.",
    z.strictObject({
      accountId,
      direction: z.enum(['main_to_sub', 'sub_to_main']),
      ticker: z.string().regex(/^[A-Z0-9]{1,16}$/, 'must be a ticker such as USDT'),
      amount: decimalText,
    }),
  ),
  'desk.resetSubAccountKey': procedure<{ account: AccountView; stored: boolean }>()(
    "Regenerates a sub-account's API key after main's confirmation; the new secret goes to the keychain only (stored false: enter the new pair by hand).",
    z.strictObject({ accountId }),
  ),
  'desk.findSubAccounts': procedure<FoundSubAccountView[]>()(
    "The main account's sub-accounts on the exchange that are not registered yet.",
    noInput,
  ),
  'desk.addFoundSubAccounts': procedure<AccountView[]>()(
    'Registers chosen sub-accounts found on the exchange; each still needs its key pair (Replace key).',
    z.strictObject({
      subAccounts: z
        .array(
          z.strictObject({
            subAccountId: z.string().trim().min(1).max(64),
            label: z.string().trim().min(1, 'enter a label').max(64),
          }),
        )
        .min(1)
        .max(200),
    }),
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
} as const satisfies Record<string, ProcedureDef>;
