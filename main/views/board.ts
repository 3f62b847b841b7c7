/** The result and payload types of the board: rows, balances, one order for many, bulk work, attention, the batch log. */
import type { IpcError } from '../errors.ts';
import type { PlaceResultView, RuleIssueView } from './orders.ts';
import type { GuardQuestionView } from './guards.ts';
import type { TpSlLegView } from './positions.ts';

export interface DeskBalanceView {
  account: string;
  ok: boolean;
  balances?: Record<string, { available: string; freeze: string }>;
  error?: IpcError;
}

export interface DeskChildPreview {
  account: string;
  label: string;
  clientOrderId: string;
  amount?: string;
  issues: RuleIssueView[];
  /** What main will ask about this account's order in the batch's one question (beyond a guard). */
  questions: GuardQuestionView[];
}

export interface DeskChildResult {
  account: string;
  label: string;
  clientOrderId: string;
  ok: boolean;
  /** Placed by an earlier send of the same batch: found by its client order id, not sent again. */
  already?: boolean;
  result?: PlaceResultView;
  error?: IpcError;
}

/** A desk batch as the audit log keeps it (no messages: error codes only). */
export interface BatchRecordView {
  parentId: string;
  kind: 'order' | 'permissions' | 'sweep' | 'cancel_orders' | 'close_positions' | 'flatten' | 'sub_accounts';
  atMs: number;
  children: Array<{
    account: string;
    /** The child's own id: its client order id, or the sub-account id of a sweep leg. */
    childRef?: string;
    outcome: 'ok' | 'failed';
    errorCode?: string;
    /** What it made: the order id, the transfer's transaction id. */
    detail?: string;
  }>;
}

/** What the key of an account can do, as the last refresh found it. */
export type KeyStateView = 'valid' | 'revoked' | 'missing_permission' | 'unknown' | 'blocked';

/** One account on the desk board: amounts in USDT as exact decimal strings, valued at last/mark. */
export interface BoardRowView {
  account: string;
  label: string;
  kind: 'main' | 'sub';
  groups: string[];
  /** Main + spot + collateral + unrealized PnL; undefined until the account was read once. */
  equity?: string;
  /** The main (wallet) balance, valued; deposits not yet confirmed included. */
  main?: string;
  /** Spot available, valued. */
  free?: string;
  /** Spot held by open orders, valued. */
  locked?: string;
  collateral?: string;
  marginUsed?: string;
  /** Margin used as a share of collateral equity, in %; undefined without positions. */
  marginRatio?: string;
  unrealizedPnl?: string;
  /** Realized PnL of position changes since 00:00 UTC, from the cache. */
  realizedToday?: string;
  openOrders?: number;
  openPositions?: number;
  /**
   * The account's open orders and positions as the same reading found them (present with the
   * counts): the board's tabs, their grids and the totals are drawn from these rows alone.
   */
  orders?: DeskOrderRowView[];
  positions?: DeskPositionRowView[];
  /** Distance of the nearest liquidation price from the mark price, in %; undefined without one. */
  liquidationDistance?: string;
  /** The exchange called a margin call on one of the account's open positions. */
  marginCall?: boolean;
  keyState: KeyStateView;
  /** When the oldest piece of this row was read (ms since the epoch); undefined when never. */
  asOfMs?: number;
  /** Assets held that have no USDT price here (left out of the amounts). */
  unvalued?: string[];
  /** What went wrong in the last refresh of this account, in words. */
  problem?: string;
  /**
   * While the board is open: 'live' when the account's WebSocket pushes its changes, 'polled' when
   * its socket is down or not opened yet (it is read again inside its key's budget).
   */
  feed?: 'live' | 'polled';
}

/** How the open board follows the desk: sockets live and accounts in all. */
export interface BoardFeedView {
  /** Accounts whose WebSocket is live. */
  live: number;
  accounts: number;
}

export interface BoardView {
  rows: BoardRowView[];
  /** Row totals of every account (strings, exact). */
  totals: {
    equity: string;
    main: string;
    free: string;
    locked: string;
    unrealizedPnl: string;
    marginUsed: string;
  };
  /** A refresh is running now. */
  refreshing: boolean;
  atMs: number;
}

export interface BoardRefreshView {
  accounts: number;
  failed: number;
  requests: number;
  ms: number;
}

/** An open order of one account, on the cross-account grid. */
export interface DeskOrderRowView {
  account: string;
  label: string;
  orderId: number;
  market: string;
  side: string;
  type: string;
  price: string;
  amount: string;
  left: string;
  timestampMs: number;
}

/** An open position of one account, on the cross-account grid. */
export interface DeskPositionRowView {
  account: string;
  label: string;
  positionId: number;
  market: string;
  amount: string;
  basePrice: string;
  liquidationPrice: string;
  pnl: string;
  margin: string;
  /** The take-profit / stop-loss legs that close the position, as the Positions screen lists them. */
  tpsl: TpSlLegView[];
}

export type BulkActionView = 'cancel_orders' | 'close_positions' | 'flatten';

export interface BulkChildPreviewView {
  account: string;
  label: string;
  orders: number;
  positions: Array<{ market: string; amount: string }>;
  /** The account could not be read: it is left out of the batch. */
  problem?: string;
}

export interface BulkPreviewView {
  previewId: string;
  parentId: string;
  action: BulkActionView;
  expiresAtMs: number;
  orders: number;
  positions: number;
  children: BulkChildPreviewView[];
}

export interface BulkChildResultView {
  account: string;
  label: string;
  ok: boolean;
  cancelled: number;
  closed: number;
  /** Orders or positions still open after this send (a re-send takes them again). */
  left: number;
  error?: IpcError;
}

/** Why a board row needs attention, as main watches it (for a desktop notice and the Events list). */
export type AttentionReasonView = 'liquidation' | 'revoked' | 'stale';

/** When a board row needs attention: liquidation within `liquidationPct` %, data older than `staleMinutes`. */
export interface AttentionRulesView {
  /** A plain decimal, 0 to 100. */
  liquidationPct: string;
  /** Whole minutes, 1 to 1,440. */
  staleMinutes: number;
}

/** Board rows that entered attention in one refresh, in words (one notice for all of them). */
export interface DeskAttentionView {
  title: string;
  message: string;
  atMs: number;
  /** The one account, when only one entered. */
  account?: string;
  /** Accounts per reason each entered for (an account counts under its most urgent new reason). */
  counts: Record<AttentionReasonView, number>;
  accounts: Array<{ account: string; label: string; reasons: AttentionReasonView[] }>;
}
