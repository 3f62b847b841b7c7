/** The procedures of many-accounts work (balances, one order for many, key permissions, sweeps). */
import { z } from 'zod';
import type { ProposedView } from '../approvals/views.ts';
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
import type { AccountView } from '../accounts/views.ts';
import type {
  AttentionRulesView,
  BoardFeedView,
  BoardRefreshView,
  BoardView,
  BulkChildResultView,
  BulkPreviewView,
  DeskOrderRowView,
  DeskPositionRowView,
  BatchOutcome,
  BatchRecordView,
  DeskBalanceView,
  SubAccountBalanceView,
  DeskChildPreview,
  DeskChildResult,
  FoundSubAccountView,
  KeyCapabilityView,
  KeyDiffView,
  SweepLegView,
  UnreadAccountView,
} from './views.ts';

const parentId = z.string().regex(/^[A-Za-z0-9._-]{1,40}$/);
/** Accounts of the board: a selection, or (absent) the whole desk of the running connection. */
const deskAccounts = z.strictObject({
  accountIds: z.array(z.string().min(1).max(64)).min(1).max(5000).optional(),
});
/** When a board row needs attention; main checks the values and refuses them in the board's words. */
const attentionInput = z.strictObject({
  liquidationPct: z.string().max(20),
  staleMinutes: z.number().nullable(),
});
export const bulkAction = z.enum(['cancel_orders', 'close_positions', 'flatten']);

export const deskProcedures = {
  'desk.balances': procedure<DeskBalanceView[]>()(
    'Spot balances of many accounts (all by default); each also arrives as a desk.balance event.',
    z.strictObject({ accountIds: accountSet.optional() }).optional(),
  ),
  'desk.subAccountBalances': procedure<SubAccountBalanceView[]>()(
    "Balances of many sub-accounts read with the main account's key (all of them by default), behind its transfers and key changes; each also arrives as a desk.subAccountBalance event.",
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
    "Sends exactly what the preview with this id showed, refused when it is stale, once main's own question (every order's fields, and each account's order beyond a guard) is confirmed; failures first in the report.",
    z.strictObject({ previewId: z.uuid() }),
  ),
  'desk.keyCapabilities': procedure<KeyCapabilityView[]>()(
    'What a sub-account key may do, as named capabilities with the exchange URLs behind each.',
    noInput,
  ),
  'desk.previewPermissions': procedure<KeyDiffView[]>()(
    'The per-key diff of one URL-permission change over many sub-account keys.',
    z.strictObject({ accountIds: accountSet, urls: permissionChanges }),
  ),
  'desk.applyPermissions': procedure<BatchOutcome[] | ProposedView>()(
    "Applies one URL-permission change to many sub-account keys; failures first. Under the team desk's four eyes each key's edit is proposed for another admin's approval instead.",
    z.strictObject({ accountIds: accountSet, urls: permissionChanges }),
  ),
  'desk.previewSweep': procedure<{
    previewId: string;
    expiresAtMs: number;
    legs: SweepLegView[];
    unread: UnreadAccountView[];
  }>()(
    'The transfers a sweep between main and sub-accounts would make, each checked against the balance it comes from, kept in main under its id for 30 s; sub-accounts whose balance could not be read are listed, and such a preview cannot be sent.',
    z.strictObject({ accountIds: accountSet, plan: sweepPlan }),
  ),
  'desk.runSweep': procedure<Array<SweepLegView & BatchOutcome & { transactionId?: string }>>()(
    "Makes exactly the previewed transfers once confirmed in main's own dialog; failures first.",
    z.strictObject({ previewId: z.uuid() }),
  ),
  'desk.subAccountTransfer': procedure<{ transactionId?: string; amount: string } | ProposedView>()(
    "One transfer between the main account and one sub-account (its main balance), after main's confirmation; under the team desk's four eyes it is proposed for another treasurer's approval instead.",
    z.strictObject({
      accountId,
      direction: z.enum(['main_to_sub', 'sub_to_main']),
      ticker: z.string().regex(/^[A-Z0-9]{1,16}$/, 'must be a ticker such as USDT'),
      amount: decimalText,
    }),
  ),
  'desk.resetSubAccountKey': procedure<{ account: AccountView; stored: boolean } | ProposedView>()(
    "Regenerates a sub-account's API key after main's confirmation; the new secret goes to the keychain only (stored false: enter the new pair by hand). Under four eyes it is proposed instead.",
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
  'desk.knownBalances': procedure<DeskBalanceView[]>()(
    'Spot balances of every account as last read (from the cache); no request is sent.',
    z.strictObject({}).optional(),
  ),
  'desk.board': procedure<BoardView>()(
    'Every account of the desk as last read (from the cache, offline too), with totals; no request is sent.',
    z.strictObject({}).optional(),
  ),
  'desk.refreshBoard': procedure<BoardRefreshView>()(
    'Reads the balances, open orders and positions of every account (or the given ones) again, each on its own key as background work; rows arrive as desk.boardRows events.',
    deskAccounts.optional(),
  ),
  'desk.followBoard': procedure<BoardFeedView>()(
    "While the board is open (until desk.unfollowBoard or the page ends): every account's balances, open orders and positions follow its WebSocket, the sockets opened at the exchange's pace; accounts without a live socket are read again inside their key's budget. Changed rows arrive as desk.boardRows events.",
    noInput,
  ),
  'desk.unfollowBoard': procedure<boolean>()(
    "Stops following the desk for the board: the page's subscriptions end and sockets nothing else uses close.",
    noInput,
  ),
  'desk.attentionRules': procedure<AttentionRulesView>()(
    'When a board row needs attention (liquidation within %, data stale after minutes); main raises a notice when rows enter it.',
    z.strictObject({}).optional(),
  ),
  'desk.setAttentionRules': procedure<AttentionRulesView>()(
    'Sets when a board row needs attention; answers the rules in force.',
    attentionInput,
  ),
  'desk.openOrders': procedure<DeskOrderRowView[]>()(
    'Open orders of every account (or the given ones) as last read, the account as a column.',
    deskAccounts.optional(),
  ),
  'desk.openPositions': procedure<DeskPositionRowView[]>()(
    'Open positions of every account (or the given ones) as last read, the account as a column.',
    deskAccounts.optional(),
  ),
  'desk.previewBulk': procedure<BulkPreviewView>()(
    'What cancel-all, close-all or flatten would do to each account (read now); kept in main for 30 s. A re-send passes the parent id of the batch.',
    z.strictObject({
      action: bulkAction,
      accountIds: z.array(z.string().min(1).max(64)).min(1).max(5000),
      parentId: parentId.optional(),
    }),
  ),
  'desk.runBulk': procedure<{
    parentId: string;
    action: 'cancel_orders' | 'close_positions' | 'flatten';
    results: BulkChildResultView[];
  }>()(
    "Sends the previewed bulk action once confirmed in main's own dialog; each account's outcome, failures first.",
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
} as const satisfies Record<string, ProcedureDef>;
