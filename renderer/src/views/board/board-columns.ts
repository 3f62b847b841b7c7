/** The columns of the board and of its two cross-account grids. */
import type { BoardRowView, DeskOrderRowView, DeskPositionRowView } from '../../../../main/ipc/contract.ts';
import type { GridColumn } from '../../lib/managers/data-grid.svelte.ts';
import { tpslText } from '../../lib/format/tpsl.ts';

/** A board row with the words of why it needs attention. */
export interface BoardRow extends BoardRowView {
  attention: string;
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

const count = (n: number | undefined): string => (n === undefined ? '' : String(n));

export const boardColumns: GridColumn<BoardRow>[] = [
  { id: 'attention', title: 'Attention', kind: 'text', value: (r) => r.attention, width: 12 },
  { id: 'label', title: 'Account', kind: 'text', value: (r) => r.label, width: 11 },
  { id: 'feed', title: 'Updates', kind: 'text', value: (r) => FEED_WORDS[r.feed ?? ''], width: 5.5 },
  { id: 'groups', title: 'Groups', kind: 'text', value: (r) => r.groups.join(', '), width: 7 },
  { id: 'equity', title: 'Equity USDT', kind: 'decimal', value: (r) => r.equity ?? '', width: 9 },
  { id: 'free', title: 'Free USDT', kind: 'decimal', value: (r) => r.free ?? '', width: 8 },
  { id: 'locked', title: 'Locked USDT', kind: 'decimal', value: (r) => r.locked ?? '', width: 8 },
  { id: 'collateral', title: 'Collateral USDT', kind: 'decimal', value: (r) => r.collateral ?? '', width: 9 },
  { id: 'marginUsed', title: 'Margin used', kind: 'decimal', value: (r) => r.marginUsed ?? '', width: 7.5 },
  {
    id: 'marginRatio',
    title: 'Margin ratio %',
    kind: 'decimal',
    value: (r) => r.marginRatio ?? '',
    width: 7.5,
  },
  { id: 'upnl', title: 'Unrealized PnL', kind: 'decimal', value: (r) => r.unrealizedPnl ?? '', width: 8 },
  { id: 'rpnl', title: 'Realized today', kind: 'decimal', value: (r) => r.realizedToday ?? '', width: 8 },
  { id: 'orders', title: 'Orders', kind: 'decimal', value: (r) => count(r.openOrders), width: 5 },
  { id: 'positions', title: 'Positions', kind: 'decimal', value: (r) => count(r.openPositions), width: 5.5 },
  {
    id: 'liquidation',
    title: 'Liquidation %',
    kind: 'decimal',
    value: (r) => r.liquidationDistance ?? '',
    width: 7,
  },
  { id: 'key', title: 'Key', kind: 'text', value: (r) => KEY_WORDS[r.keyState], width: 7.5 },
  { id: 'asOf', title: 'Read at', kind: 'time', value: (r) => r.asOfMs ?? 0, width: 7 },
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
  { id: 'price', title: 'Price', kind: 'decimal', value: (r) => r.price, width: 8 },
  { id: 'amount', title: 'Amount', kind: 'decimal', value: (r) => r.amount, width: 7 },
  { id: 'left', title: 'Left', kind: 'decimal', value: (r) => r.left, width: 7 },
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
    width: 7,
  },
  { id: 'entry', title: 'Entry price', kind: 'decimal', value: (r) => r.basePrice, width: 8 },
  { id: 'liq', title: 'Liquidation price', kind: 'decimal', value: (r) => r.liquidationPrice, width: 8.5 },
  { id: 'pnl', title: 'PnL', kind: 'decimal', value: (r) => r.pnl, width: 7 },
  { id: 'margin', title: 'Margin', kind: 'decimal', value: (r) => r.margin, width: 7 },
  { id: 'tpsl', title: 'TP / SL', kind: 'text', value: (r) => tpslText(r.tpsl), width: 10 },
];
