/** The columns of the board and of its two cross-account grids. */
import type { BoardRowView, DeskOrderRowView, DeskPositionRowView } from '../../../../main/ipc/contract.ts';
import type { GridColumn } from '../../lib/managers/data-grid.svelte.ts';
import { stepOf, tickOf } from '../../lib/format/market-steps.svelte.ts';
import { tpslText } from '../../lib/format/tpsl.ts';

/** A board row with the words of why it needs attention and of how it is kept fresh. */
export interface BoardRow extends BoardRowView {
  attention: string;
  updates: string;
}

const KEY_WORDS: Record<BoardRowView['keyState'], string> = {
  valid: 'valid',
  revoked: 'revoked',
  missing_permission: 'missing permission',
  unknown: 'not checked',
  blocked: 'blocked',
};

/** How the row is kept fresh while the board is open: pushed over the WebSocket, or read again. */
const FEED_WORDS: Record<NonNullable<BoardRowView['feed']> | '', string> = {
  live: 'live',
  polled: 'polled',
  '': '',
};

/**
 * A row's Updates: how it is kept fresh, or "saved" while the exchange cannot be reached (nothing is
 * pushed or polled then: the row is what was last read).
 */
export function feedWordsOf(feed: BoardRowView['feed'], offline: boolean): string {
  return offline ? 'saved' : FEED_WORDS[feed ?? ''];
}

const count = (n: number | undefined): string => (n === undefined ? '' : String(n));
/** A row's market's price tick and amount step. */
const tick = (r: { market: string }): string | undefined => tickOf(r.market);
const step = (r: { market: string }): string | undefined => stepOf(r.market);

/**
 * The board's columns. Shown by default: what a desk watches (equity, free, orders, positions, margin
 * ratio, liquidation distance, then PnL and margin), the first six in view at 1280 px; the rest are in the Columns menu
 * and the built-in column sets (`BOARD_COLUMN_SETS`).
 */
export const boardColumns: GridColumn<BoardRow>[] = [
  { id: 'attention', title: 'Attention', kind: 'text', value: (r) => r.attention, width: 10 },
  {
    id: 'label',
    title: 'Account',
    kind: 'text',
    value: (r) => r.label,
    hint: (r) => r.label,
    width: 9,
    maxChars: 16,
  },
  // Equity counts every balance of the account: main (wallet), spot, collateral and unrealized PnL.
  { id: 'equity', title: 'Equity', kind: 'decimal', value: (r) => r.equity ?? '', width: 7 },
  { id: 'main', title: 'Main', kind: 'decimal', value: (r) => r.main ?? '', hidden: true, width: 6 },
  // Free beside them: what the account's spot balance can still put to work.
  { id: 'free', title: 'Spot free', kind: 'decimal', value: (r) => r.free ?? '', width: 6 },
  { id: 'orders', title: 'Orders', kind: 'decimal', value: (r) => count(r.openOrders), width: 4 },
  { id: 'positions', title: 'Positions', kind: 'decimal', value: (r) => count(r.openPositions), width: 4.5 },
  { id: 'marginRatio', title: 'Margin %', kind: 'decimal', value: (r) => r.marginRatio ?? '', width: 5 },
  {
    id: 'liquidation',
    title: 'Liq. dist. %',
    kind: 'decimal',
    value: (r) => r.liquidationDistance ?? '',
    width: 5.5,
  },
  { id: 'upnl', title: 'uPnL', kind: 'decimal', value: (r) => r.unrealizedPnl ?? '', signed: true, width: 5 },
  {
    id: 'marginUsed',
    title: 'Margin',
    kind: 'decimal',
    value: (r) => r.marginUsed ?? '',
    hidden: true,
    width: 5,
  },
  { id: 'feed', title: 'Updates', kind: 'text', value: (r) => r.updates, width: 3.5 },
  { id: 'asOf', title: 'Read at', kind: 'time', value: (r) => r.asOfMs ?? 0, clock: true, width: 5 },
  { id: 'groups', title: 'Groups', kind: 'text', value: (r) => r.groups.join(', '), hidden: true, width: 7 },
  {
    id: 'locked',
    title: 'Spot locked',
    kind: 'decimal',
    value: (r) => r.locked ?? '',
    hidden: true,
    width: 7,
  },
  {
    id: 'collateral',
    title: 'Collateral',
    kind: 'decimal',
    value: (r) => r.collateral ?? '',
    hidden: true,
    width: 7,
  },
  {
    id: 'rpnl',
    title: 'rPnL today',
    kind: 'decimal',
    value: (r) => r.realizedToday ?? '',
    signed: true,
    hidden: true,
    width: 6,
  },
  { id: 'key', title: 'Key', kind: 'text', value: (r) => KEY_WORDS[r.keyState], hidden: true, width: 7 },
];

export const orderColumns: GridColumn<DeskOrderRowView>[] = [
  { id: 'label', title: 'Account', kind: 'text', value: (r) => r.label, width: 11 },
  { id: 'market', title: 'Market', kind: 'text', value: (r) => r.market, width: 7 },
  {
    id: 'side',
    title: 'Side',
    kind: 'text',
    value: (r) => r.side,
    tone: (r) => (r.side === 'buy' ? 'buy' : r.side === 'sell' ? 'sell' : undefined),
    width: 4.5,
  },
  { id: 'type', title: 'Type', kind: 'text', value: (r) => r.type, width: 6 },
  { id: 'price', title: 'Price', kind: 'decimal', value: (r) => r.price, step: tick, width: 8 },
  { id: 'amount', title: 'Amount', kind: 'decimal', value: (r) => r.amount, step, width: 7 },
  { id: 'left', title: 'Left', kind: 'decimal', value: (r) => r.left, step, width: 7 },
  { id: 'time', title: 'Placed', kind: 'time', value: (r) => r.timestampMs, width: 7 },
  { id: 'id', title: 'Order', kind: 'text', value: (r) => String(r.orderId), width: 6 },
];

export const positionColumns: GridColumn<DeskPositionRowView>[] = [
  { id: 'label', title: 'Account', kind: 'text', value: (r) => r.label, width: 11 },
  { id: 'market', title: 'Market', kind: 'text', value: (r) => r.market, width: 7 },
  {
    id: 'amount',
    title: 'Amount',
    kind: 'decimal',
    value: (r) => r.amount,
    tone: (r) => (r.amount.startsWith('-') ? 'sell' : 'buy'),
    step,
    width: 7,
  },
  { id: 'entry', title: 'Entry price', kind: 'decimal', value: (r) => r.basePrice, step: tick, width: 8 },
  {
    id: 'liq',
    title: 'Liquidation price',
    kind: 'decimal',
    value: (r) => r.liquidationPrice,
    step: tick,
    width: 8.5,
  },
  { id: 'pnl', title: 'PnL', kind: 'decimal', value: (r) => r.pnl, signed: true, width: 7 },
  { id: 'margin', title: 'Margin', kind: 'decimal', value: (r) => r.margin, width: 7 },
  { id: 'tpsl', title: 'TP / SL', kind: 'text', value: (r) => tpslText(r.tpsl), width: 10 },
];
