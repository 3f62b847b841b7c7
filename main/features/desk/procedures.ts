/**
 * The procedures of the board: every account of the desk at once (its rows, their balances, open
 * orders and positions, followed live while it is open), when a row needs attention, one order for
 * many accounts, bulk cancel / close / flatten, and the log of those batches.
 */
import { z } from 'zod';
import {
  noInput,
  orderDraft,
  procedure,
  sizing,
  accountSet,
  type ProcedureDef,
} from '../../views/schemas.ts';
import type {
  AttentionRulesView,
  BatchRecordView,
  BoardFeedView,
  BoardRefreshView,
  BoardView,
  BulkChildResultView,
  BulkPreviewView,
  DeskBalanceView,
  DeskChildPreview,
  DeskChildResult,
  DeskOrderRowView,
  DeskPositionRowView,
} from '../../views/board.ts';

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
const bulkAction = z.enum(['cancel_orders', 'close_positions', 'flatten']);

export const boardProcedures = {
  'board.view': procedure<BoardView>()(
    'Every account of the desk as last read (from the cache, offline too), with totals; no request is sent.',
    z.strictObject({}).optional(),
  ),
  'board.refresh': procedure<BoardRefreshView>()(
    'Reads the balances, open orders and positions of every account (or the given ones) again, each on its own key as background work; rows arrive as board.rows events. `fresh`: every read starts after this call (after a bulk action), a refresh already running is waited for, not joined.',
    deskAccounts.extend({ fresh: z.boolean().optional() }).optional(),
  ),
  'board.follow': procedure<BoardFeedView>()(
    "While the board is open (until board.unfollow or the page ends): every account's balances, open orders and positions follow its WebSocket, the sockets opened at the exchange's pace; accounts without a live socket are read again inside their key's budget. Changed rows arrive as board.rows events.",
    noInput,
  ),
  'board.unfollow': procedure<boolean>()(
    "Stops following the desk for the board: the page's subscriptions end and sockets nothing else uses close.",
    noInput,
  ),
  'board.attentionRules': procedure<AttentionRulesView>()(
    'When a board row needs attention (liquidation within %, data stale after minutes); main raises a notice when rows enter it.',
    z.strictObject({}).optional(),
  ),
  'board.setAttentionRules': procedure<AttentionRulesView>()(
    'Sets when a board row needs attention; answers the rules in force.',
    attentionInput,
  ),
  'board.openOrders': procedure<DeskOrderRowView[]>()(
    'Open orders of every account (or the given ones) as last read, the account as a column.',
    deskAccounts.optional(),
  ),
  'board.openPositions': procedure<DeskPositionRowView[]>()(
    'Open positions of every account (or the given ones) as last read, the account as a column.',
    deskAccounts.optional(),
  ),
  'board.balances': procedure<DeskBalanceView[]>()(
    'Spot balances of many accounts (all by default); each also arrives as a board.balance event.',
    z.strictObject({ accountIds: accountSet.optional() }).optional(),
  ),
  'board.knownBalances': procedure<DeskBalanceView[]>()(
    'Spot balances of every account as last read (from the cache); no request is sent.',
    z.strictObject({}).optional(),
  ),
  'board.previewOrder': procedure<{
    previewId: string;
    parentId: string;
    expiresAtMs: number;
    children: DeskChildPreview[];
  }>()(
    'One order for many accounts, sized per account and checked; nothing is sent. Kept in main under its id for 30 s; a re-send of an unfinished batch passes its parent id.',
    z.strictObject({ accountIds: accountSet, draft: orderDraft, sizing, parentId: parentId.optional() }),
  ),
  'board.placeOrder': procedure<{ parentId: string; results: DeskChildResult[] }>()(
    "Sends exactly what the preview with this id showed, refused when it is stale, once main's own question (every order's fields, and each account's order beyond a guard) is confirmed; failures first in the report.",
    z.strictObject({ previewId: z.uuid() }),
  ),
  'board.previewBulk': procedure<BulkPreviewView>()(
    'What cancel-all, close-all or flatten would do to each account (read now); kept in main for 30 s. A re-send passes the parent id of the batch.',
    z.strictObject({
      action: bulkAction,
      accountIds: z.array(z.string().min(1).max(64)).min(1).max(5000),
      parentId: parentId.optional(),
    }),
  ),
  'board.runBulk': procedure<{
    parentId: string;
    action: 'cancel_orders' | 'close_positions' | 'flatten';
    results: BulkChildResultView[];
  }>()(
    "Sends the previewed bulk action once confirmed in main's own dialog; each account's outcome, failures first.",
    z.strictObject({ previewId: z.uuid() }),
  ),
  'board.batches': procedure<BatchRecordView[]>()(
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
