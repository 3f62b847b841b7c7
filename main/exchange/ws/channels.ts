/** The WebSocket's channels, what each push carries, and how a push names its market or ticker. */

/**
 * The order object of the WebSocket (`ordersPending`, `ordersExecuted`, the order methods' answers):
 * snake_case, with numeric codes (`side` 1 sell / 2 buy, `type` 1 limit, 2 market, ...; see
 * `codes.ts`). `readOrder` in `records.ts` reads it; fields beyond these come too and are let through.
 */
export interface WsOrder {
  id: number;
  market: string;
  type: number;
  side: 1 | 2;
  ctime: number;
  mtime?: number;
  amount: string;
  left?: string;
  price?: string;
  deal_stock?: string;
  deal_money?: string;
  deal_fee?: string;
  client_order_id?: string;
  status?: string;
  activation_price?: string;
  position_side?: string;
  reduce_only?: boolean;
  [field: string]: unknown;
}

/** `[id, time, market, orderId, price, amount, fee, clientOrderId, side, role, feeAsset]` (side 1 sell, 2 buy). */
export type WsDealParams = [
  number,
  number,
  string,
  number,
  string,
  string,
  string,
  string,
  1 | 2,
  1 | 2,
  string,
];

export type Levels = Array<[string, string]>;

type PremiumRecord = [
  market: string,
  markPrice: string,
  indexPrice: string,
  fundingRate: string,
  nextFundingTime: number,
  serverTime?: number,
];

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
  /**
   * One market per push (`[market, mark_price, index_price, funding_rate, next_funding_time,
   * server_time]`), or every market in one push when subscribed with no market named.
   */
  premiumIndex: PremiumRecord | PremiumRecord[];
  /** `[[transaction_time, message_time, market, update_id, bid, bid_amount, ask, ask_amount]]`. */
  bookTicker: Array<[number, number, string, number, string, string, string, string]>;
  balanceSpot: [Record<string, { available: string; freeze: string }>];
  /** Per ticker: `a` ticker, `B` balance, `b` borrowed, `av`/`ab` available without/with borrowing. */
  balanceMargin: Array<{ a: string; B: string; b: string; av: string; ab: string }>;
  ordersPending: [event: 1 | 2 | 3, order: WsOrder];
  ordersExecuted: [WsOrder];
  deals: WsDealParams;
  positionsMargin: { total: number; records: Array<Record<string, unknown>> };
  /** `[event, position]`: 1 margin call, 2 liquidation; the position as `positionsMargin` lists it. */
  positionsAccountMargin: [event: 1 | 2, position: Record<string, unknown>];
  /** `[[market, quantile_long, quantile_short]]`, a side without exposure null. */
  ADLQuantile: Array<[market: string, long: number | null, short: number | null]>;
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
  positionsAccountMargin: true,
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
  'positionsAccountMargin',
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
    case 'trades':
    case 'market':
      return text(item(params, 0));
    case 'premiumIndex':
      // every market in one push (no market named on subscribe): account-wide
      return text(item(params, 0)) ?? '';
    case 'bookTicker':
      // `[[time, time, market, ...]]`: one market's best prices (several at once go to every listener)
      if (!Array.isArray(params)) return undefined;
      return params.length === 1 ? text(item(params[0], 2)) : '';
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
    case 'positionsAccountMargin':
    case 'ADLQuantile':
    case 'borrowsMargin':
      return [[]];
    default:
      return [list];
  }
}
