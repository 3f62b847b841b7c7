/**
 * The procedures of sub-accounts: their lives (create one or a batch, edit, block, delete, keys, IP
 * lists), and work over many of them on the main key (balances, sweeps, one key-permission change,
 * a transfer, a reset key, finding the unregistered ones).
 */
import { z } from 'zod';
import type { ProposedView } from '../../views/approvals.ts';
import {
  accountId,
  accountSet,
  decimalText,
  noInput,
  permissionChanges,
  procedure,
  sweepPlan,
  type ProcedureDef,
} from '../../views/schemas.ts';
import type { AccountView } from '../../views/accounts.ts';
import type {
  ApprovalView,
  WithdrawalLetGoView,
  BatchOutcome,
  BatchPreviewView,
  BatchSummaryView,
  BatchView,
  ExchangeSubAccountView,
  FoundSubAccountView,
  HoldingsView,
  KeyCapabilityView,
  KeyDiffView,
  SubAccountBalanceView,
  SubAccountKeyView,
  SubAccountTransfersView,
  SweepLegView,
  SweepToMainView,
  UnreadAccountView,
} from '../../views/subaccounts.ts';

const subAccountId = z.string().trim().min(1).max(64);
const apiKeyId = z.string().trim().min(1).max(128);
const batchId = z.uuid({ message: 'must be the id of a batch' });
const ticker = z.string().regex(/^[A-Z0-9]{1,16}$/, 'must be a ticker such as USDT');
const permissions = z.strictObject({ spotEnabled: z.boolean(), collateralEnabled: z.boolean() });
/** IP entries as typed; main checks each one in words (address or range, at most 50 on a key). */
const ipEntries = z.array(z.string().max(64)).max(50);
const keyPlan = z.strictObject({ type: z.union([z.literal(1), z.literal(2)]), ips: ipEntries });
const funding = z.strictObject({ ticker, amount: z.string().max(40) });
const common = {
  shareKyc: z.boolean(),
  permissions,
  funding: funding.optional(),
  key: keyPlan.optional(),
  group: z.string().max(40).optional(),
};

export const subaccountsProcedures = {
  'subaccounts.list': procedure<ExchangeSubAccountView[]>()(
    'Every sub-account at the exchange (status, permissions, KYC) with the desk accounts that sign for each; records which are blocked.',
    noInput,
  ),
  'subaccounts.create': procedure<BatchView>()(
    "One new sub-account (with a key, IP list and funding when asked), after main's confirmation; made as a batch of one, so it resumes too.",
    z.strictObject({
      alias: z.string().max(64),
      email: z.string().max(255).optional(),
      ...common,
    }),
  ),
  'subaccounts.edit': procedure<null>()(
    "Changes a sub-account's name and transfer permissions after main's confirmation.",
    z.strictObject({ subAccountId, alias: z.string().max(64), permissions }),
  ),
  'subaccounts.setBlocked': procedure<null>()(
    "Blocks (its keys stop at the exchange) or unblocks a sub-account after main's confirmation.",
    z.strictObject({ subAccountId, blocked: z.boolean() }),
  ),
  'subaccounts.holdings': procedure<HoldingsView>()(
    'What a sub-account holds now (balances, open orders, positions): the check before it may be deleted.',
    z.strictObject({ subAccountId }),
  ),
  'subaccounts.delete': procedure<null>()(
    "Deletes a sub-account at the exchange after main's confirmation; refused while it holds funds, open orders or positions.",
    z.strictObject({ subAccountId }),
  ),
  'subaccounts.sweepToMain': procedure<{ sweep: SweepToMainView; holdings: HoldingsView }>()(
    "Empties a sub-account into the main account (orders cancelled, balances moved) after main's confirmation.",
    z.strictObject({ subAccountId }),
  ),
  'subaccounts.transfers': procedure<SubAccountTransfersView>()(
    "One page of a sub-account's transfers with the main account, newest first, in one direction or both.",
    z.strictObject({
      subAccountId,
      direction: z.enum(['main_to_sub', 'sub_to_main']).optional(),
      offset: z.number().int().min(0).max(10_000),
      limit: z.number().int().min(1).max(100),
    }),
  ),
  'subaccounts.keys': procedure<SubAccountKeyView[]>()(
    "A sub-account's API keys (never a secret), each with the desk account that signs with it.",
    z.strictObject({ subAccountId }),
  ),
  'subaccounts.createKey': procedure<{ account: AccountView; ips: string[] } | ProposedView>()(
    "A new API key for a sub-account after main's confirmation: its secret goes to the keychain and the key is registered, never sent here.",
    z.strictObject({
      subAccountId,
      type: z.union([z.literal(1), z.literal(2)]),
      title: z.string().max(100).optional(),
      ips: ipEntries,
    }),
  ),
  'subaccounts.deleteKey': procedure<null>()(
    "Deletes a sub-account's API key after main's confirmation; a desk account signing with it is removed.",
    z.strictObject({ subAccountId, apiKeyId }),
  ),
  'subaccounts.keyIps': procedure<string[]>()(
    "A sub-account key's IP allow-list.",
    z.strictObject({ subAccountId, apiKeyId }),
  ),
  'subaccounts.setKeyIps': procedure<string[]>()(
    "Adds and removes IP addresses or ranges on a key's allow-list (each checked, at most 50) after main's confirmation.",
    z.strictObject({ subAccountId, apiKeyId, add: ipEntries, remove: ipEntries }),
  ),
  'subaccounts.previewBatch': procedure<BatchPreviewView>()(
    'Plans "Create N sub-accounts" from a name pattern with {n}: every name checked free, the funding against the main balance; nothing is sent. Kept in main for 30 s.',
    z.strictObject({
      pattern: z.string().max(64),
      start: z.number().int(),
      count: z.number().int(),
      emailPattern: z.string().max(255).optional(),
      ...common,
    }),
  ),
  'subaccounts.runBatch': procedure<BatchView>()(
    "Runs exactly the previewed batch once confirmed in main's dialog; progress arrives as subaccounts.batchProgress events.",
    z.strictObject({ previewId: z.uuid() }),
  ),
  'subaccounts.resumeBatch': procedure<BatchView>()(
    'Goes on with a batch cut short or with failures, once confirmed again: unsure steps are looked up at the exchange first.',
    z.strictObject({ batchId }),
  ),
  'subaccounts.stopBatch': procedure<boolean>()(
    'Stops a running batch after the accounts under way; it can be resumed.',
    z.strictObject({ batchId }),
  ),
  'subaccounts.batches': procedure<BatchSummaryView[]>()(
    'The batches of new sub-accounts, newest first.',
    noInput,
  ),
  'subaccounts.batch': procedure<BatchView>()(
    'One batch with every account and how far it got.',
    z.strictObject({ batchId }),
  ),
  'subaccounts.approvals': procedure<ApprovalView[]>()(
    "The sub-accounts' withdrawals waiting for the main account's approval, newest first.",
    noInput,
  ),
  'subaccounts.confirmWithdrawal': procedure<WithdrawalLetGoView | ProposedView>()(
    "Lets one waiting withdrawal of a sub-account go, after main's question; on a team desk a second treasurer approves it first.",
    z.strictObject({ id: z.string().trim().min(1, 'Choose the withdrawal to let go').max(64) }),
  ),
  'subaccounts.balances': procedure<SubAccountBalanceView[]>()(
    "Balances of many sub-accounts read with the main account's key (all of them by default), behind its transfers and key changes; each also arrives as a subaccounts.balance event.",
    z
      .strictObject({
        subAccountIds: z
          .array(z.string().min(1).max(64))
          .min(1)
          .max(5000, 'At most 5,000 sub-accounts can be read at once')
          .optional(),
      })
      .optional(),
  ),
  'subaccounts.keyCapabilities': procedure<KeyCapabilityView[]>()(
    'What a sub-account key may do, as named capabilities with the exchange URLs behind each.',
    noInput,
  ),
  'subaccounts.previewPermissions': procedure<KeyDiffView[]>()(
    'The per-key diff of one URL-permission change over many sub-account keys.',
    z.strictObject({ accountIds: accountSet, urls: permissionChanges }),
  ),
  'subaccounts.applyPermissions': procedure<BatchOutcome[] | ProposedView>()(
    "Applies one URL-permission change to many sub-account keys; failures first. Under the team desk's four eyes each key's edit is proposed for another admin's approval instead.",
    z.strictObject({ accountIds: accountSet, urls: permissionChanges }),
  ),
  'subaccounts.previewSweep': procedure<{
    previewId: string;
    expiresAtMs: number;
    legs: SweepLegView[];
    unread: UnreadAccountView[];
  }>()(
    'The transfers a sweep between main and sub-accounts would make, each checked against the balance it comes from, kept in main under its id for 30 s; sub-accounts whose balance could not be read are listed, and such a preview cannot be sent.',
    z.strictObject({ accountIds: accountSet, plan: sweepPlan }),
  ),
  'subaccounts.runSweep': procedure<Array<SweepLegView & BatchOutcome & { transactionId?: string }>>()(
    "Makes exactly the previewed transfers once confirmed in main's own dialog; failures first.",
    z.strictObject({ previewId: z.uuid() }),
  ),
  'subaccounts.transfer': procedure<{ transactionId?: string; amount: string } | ProposedView>()(
    "One transfer between the main account and one sub-account (its main balance), after main's confirmation; under the team desk's four eyes it is proposed for another treasurer's approval instead.",
    z.strictObject({
      accountId,
      direction: z.enum(['main_to_sub', 'sub_to_main']),
      ticker: z.string().regex(/^[A-Z0-9]{1,16}$/, 'must be a ticker such as USDT'),
      amount: decimalText,
    }),
  ),
  'subaccounts.resetKey': procedure<{ account: AccountView; stored: boolean } | ProposedView>()(
    "Regenerates a sub-account's API key after main's confirmation; the new secret goes to the keychain only (stored false: enter the new pair by hand). Under four eyes it is proposed instead.",
    z.strictObject({ accountId }),
  ),
  'subaccounts.findUnregistered': procedure<FoundSubAccountView[]>()(
    "The main account's sub-accounts on the exchange that are not registered yet.",
    noInput,
  ),
  'subaccounts.addFound': procedure<AccountView[]>()(
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
} as const satisfies Record<string, ProcedureDef>;
