/** The WebSocket's channels, what each push carries, and how a push names its market or ticker. */

export interface WsOrder {
  id: number;
  market: string;
  type: string;
  side: 'buy' | 'sell';
  ctime: number;
  mtime: number;
  amount: string;
  left: string;
  price?: string;
  deal_stock: string;
  deal_money: string;
  deal_fee: string;
  fee_asset: string;
  client_order_id: string;
  status: string;
  activation_price?: string;
  activated?: boolean;
  position_side?: string;
  reduce_only?: boolean;
  [field: string]: unknown;
}

/** `[id, time, market, orderId, price, amount, fee, clientOrderId, side, role, feeAsset]`. */
export type WsDealParams = [
  number,
  number,
  string,
  number,
  string,
  string,
  string,
  string,
  'buy' | 'sell',
  1 | 2,
  string,
];

export type Levels = Array<[string, string]>;

/** `[time, open, close, high, low, volume_stock, volume_money, market]` (close before high and low). */
export type WsCandleRow = [number, string, string, string, string, string, string, string];

/** The intervals (seconds) the `candles` channel serves. */
export const CANDLE_INTERVALS = [60, 300, 900, 1800, 3600, 14400, 28800, 86400, 604800] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/**
 * A candles subscription's topic: `MARKET@INTERVAL` (`BTC_USDT@60`). The exchange keeps one candles
 * subscription per connection (subscribing again replaces it), so the newest topic is the one sent.
 */
export function candleTopic(market: string, interval: CandleInterval): string {
  return `${market}@${String(interval)}`;
}

export interface ChannelParams {
  lastprice: [market: string, price: string];
  trades: [
    market: string,
    trades: Array<{ id: number; time: number; price: string; amount: string; type: 'buy' | 'sell' }>,
  ];
  depth: [
    fullReload: boolean,
    book: { timestamp: number; asks: Levels; bids: Levels; update_id?: number; past_update_id?: number },
    market: string,
  ];
  premiumIndex: [
    market: string,
    index: {
      mark_price: string;
      index_price: string;
      funding_rate: string;
      next_funding_time: number;
      time: number;
    },
  ];
  bookTicker: [
    market: string,
    best: { bid: string; bid_size: string; ask: string; ask_size: string; time: number },
  ];
  balanceSpot: [Record<string, { available: string; freeze: string }>];
  balanceMargin: [Record<string, Record<string, string>>];
  ordersPending: [event: 1 | 2 | 3, order: WsOrder];
  ordersExecuted: [WsOrder];
  deals: WsDealParams;
  positionsMargin: { total: number; records: Array<Record<string, unknown>> };
  ADLQuantile: { records: Array<{ market: string; position_side: string; quantile: number }> };
  /** A market's statistics over `period` seconds (24 h). */
  market: [
    market: string,
    stats: {
      period: number;
      last: string;
      open: string;
      close: string;
      high: string;
      low: string;
      volume: string;
      deal: string;
    },
  ];
  /** Every open borrow of the account, a full snapshot each push (amount negative). */
  borrowsMargin: {
    total: number;
    records: Array<{
      asset: string;
      ctime: number;
      mtime: number;
      amount: string;
      unrealized_funding: string;
      liq_price: string;
    }>;
  };
  candles: WsCandleRow[];
}

export type Channel = keyof ChannelParams;

/** Every channel as a runtime list; the compiler checks it names each one, exactly once. */
const CHANNEL_SET: Record<Channel, true> = {
  lastprice: true,
  trades: true,
  depth: true,
  premiumIndex: true,
  bookTicker: true,
  balanceSpot: true,
  balanceMargin: true,
  ordersPending: true,
  ordersExecuted: true,
  deals: true,
  positionsMargin: true,
  ADLQuantile: true,
  market: true,
  borrowsMargin: true,
  candles: true,
};
export const CHANNELS = Object.keys(CHANNEL_SET) as [Channel, ...Channel[]];

export const PRIVATE_CHANNELS: ReadonlySet<Channel> = new Set<Channel>([
  'balanceSpot',
  'balanceMargin',
  'ordersPending',
  'ordersExecuted',
  'deals',
  'positionsMargin',
  'ADLQuantile',
  'borrowsMargin',
]);

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const item = (v: unknown, i: number): unknown => (Array.isArray(v) ? (v as unknown[])[i] : undefined);
const marketOf = (v: unknown): string | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
    ? text((v as { market?: unknown }).market)
    : undefined;

/**
 * The market or ticker a push is about ('' for account-wide pushes), or undefined when the push does
 * not name it where its channel does: the client cannot route such a push and drops it as unreadable.
 * Only the routing is checked here; each channel's reader (`views.ts`) checks the rest.
 */
export function pushTopic(channel: Channel, params: unknown): string | undefined {
  switch (channel) {
    case 'lastprice':
    case 'bookTicker':
    case 'trades':
    case 'premiumIndex':
    case 'market':
      return text(item(params, 0));
    case 'depth':
    case 'deals':
      return text(item(params, 2));
    case 'ordersPending':
      return marketOf(item(params, 1));
    case 'ordersExecuted':
      return marketOf(item(params, 0));
    default:
      return '';
  }
}

/** Whether `name` is one of the channels this app reads. */
export function isChannel(name: string): name is Channel {
  return Object.hasOwn(CHANNEL_SET, name);
}

/**
 * The `_subscribe` frames for a set of topics (markets or tickers; '*' = all where the channel
 * allows it). Several frames for depth: one per market, the later ones adding to the first.
 */
export function subscribeFrames(channel: Channel, topics: readonly string[]): unknown[][] {
  const all = topics.includes('*');
  const list = all ? [] : [...topics].sort();
  switch (channel) {
    case 'depth':
      return list.map((m, i) => (i === 0 ? [m, 100, '0'] : [m, 100, '0', true]));
    case 'ordersExecuted':
      return [[list, 0]];
    case 'candles': {
      // one subscription per connection: the newest topic (insertion order) is the one in force
      const [market = '', interval = ''] = (all ? '' : (topics.at(-1) ?? '')).split('@');
      return market && interval ? [[market, Number(interval)]] : [];
    }
    case 'deals':
      return [[list]];
    case 'positionsMargin':
    case 'ADLQuantile':
    case 'borrowsMargin':
      return [[]];
    default:
      return [list];
  }
}
