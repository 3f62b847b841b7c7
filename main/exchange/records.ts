/**
 * What the exchange client answers with, read from the wire into plain fields: an order, a deal, a
 * position, one push of an account's socket. The services and the windows take them as they are
 * (the views re-export them); nothing here imports the app.
 */

/** An order as the exchange answers it (decimal strings kept exactly). */
export interface OrderView {
  orderId: number;
  clientOrderId: string;
  market: string;
  side: 'buy' | 'sell';
  type: string;
  timestamp: number;
  amount: string;
  left: string;
  dealStock: string;
  dealMoney: string;
  dealFee: string;
  price?: string;
  activation_price?: string;
  status?: string;
  stp?: string;
  positionSide?: string;
  /** The order can only reduce or close a position (TP/SL legs and closing orders). */
  reduceOnly?: boolean;
  /** The values its type lets change (open orders only): a TP/SL leg only its trigger. */
  editable?: Array<'price' | 'amount' | 'activationPrice'>;
  /** When a finished order ended (seconds since the epoch; order history only). */
  finishedAt?: number;
  /** An open leg of an OCO pair: cancelling or executing either leg cancels the other. */
  oco?: OcoLinkView;
}

/** The OCO pair an open order is a leg of: the pair's id, which leg this is, and the other leg's order id. */
export interface OcoLinkView {
  id: number;
  /** `limit`: the pair's limit leg; `stop`: its stop-limit leg. */
  leg: 'limit' | 'stop';
  otherOrderId: number;
}

/** Whether a deal's order rested on the book (maker) or took from it (taker). */
export type DealRole = 'maker' | 'taker';

/**
 * An executed deal of one of the account's orders, as every part of the app speaks of it (REST fills,
 * the cached history, the `deals` pushes): `time` in seconds since the epoch (with microseconds),
 * amounts in the base asset, `deal` its value and `fee` in `feeAsset` ('' when the exchange named none).
 */
export interface DealView {
  id: number;
  clientOrderId: string;
  time: number;
  side: 'buy' | 'sell';
  role: DealRole;
  amount: string;
  price: string;
  deal: string;
  fee: string;
  feeAsset: string;
  orderId: number;
}

export interface OpenPositionView {
  positionId: number;
  market: string;
  amount: string;
  basePrice?: string | null;
  liquidationPrice?: string | null;
  positionSide?: string;
}

/** An open position with what the exchange adds beside the basics (profit, margin, dates). */
export interface PositionView extends OpenPositionView {
  openDate?: number;
  modifyDate?: number;
  pnl?: string;
  pnlPercent?: string;
  margin?: string;
  /** Funding already paid (negative) or received over the position's life. */
  realizedFunding?: string;
  /** Funding the next change of the position settles. */
  unrealizedFunding?: string;
  /** Profit already taken by closing part of the position. */
  realizedPnl?: string;
  liquidationState?: string | null;
  /** The take-profit / stop-loss legs waiting on the position, as the exchange lists them. */
  tpsl?: TpSlLegView[];
}

/** One take-profit or stop-loss leg of a position: its order and trigger price. */
export interface TpSlLegView {
  orderId: number;
  kind: 'takeProfit' | 'stopLoss';
  activationPrice: string;
}

/** One price level of a book: price and amount (an amount of 0 in a diff removes the level). */
export type LevelView = [price: string, amount: string];

/** A trade on a market, as the `trades` channel lists it (time in seconds since the epoch). */
export interface LiveTradeView {
  id: number;
  time: number;
  price: string;
  amount: string;
  side: 'buy' | 'sell';
}

/** A fill of one of the account's orders as the `deals` channel pushes it: the deal, its market, no value. */
export type LiveDealView = Omit<DealView, 'deal'> & { market: string };

/**
 * One candle of a market (`candles`): `time` the start of its interval in seconds since the epoch,
 * prices in the quote asset, `volume` in the base asset and `quoteVolume` in the quote asset.
 */
export interface CandleView {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quoteVolume: string;
}

/** The auto-deleveraging rank (0 last in line .. 4 first) of the account's long or short exposure on a market. */
export interface AdlRankView {
  market: string;
  positionSide: string;
  quantile: number;
}

/** One open borrow of the account as `borrowsMargin` pushes it (amount negative; times in seconds). */
export interface LiveBorrowView {
  asset: string;
  amount: string;
  createdAt: number;
  updatedAt: number;
  unrealizedFunding: string;
  liquidationPrice: string;
}

/** A market's last 24 hours as the `market` channel pushes it. */
export interface MarketStatsView {
  market: string;
  /** Seconds the figures cover. */
  period: number;
  last: string;
  open: string;
  close: string;
  high: string;
  low: string;
  /** Traded in the base currency, and its value in the quote currency. */
  volume: string;
  deal: string;
}

/** One push of an account's WebSocket, read into plain fields per channel. */
export type LiveEvent =
  | { channel: 'lastprice'; market: string; price: string }
  | { channel: 'trades'; market: string; trades: LiveTradeView[] }
  | {
      channel: 'depth';
      market: string;
      /** A whole book (true) or a diff of the last one. */
      full: boolean;
      asks: LevelView[];
      bids: LevelView[];
      /** This push's number, and the number of the push it follows (diffs), when the exchange sends them. */
      updateId?: number;
      pastUpdateId?: number;
    }
  | {
      channel: 'premiumIndex';
      market: string;
      markPrice: string;
      indexPrice?: string;
      fundingRate?: string;
      nextFundingTime?: number;
      time?: number;
    }
  | {
      channel: 'bookTicker';
      market: string;
      bid: string;
      bidSize: string;
      ask: string;
      askSize: string;
      time?: number;
    }
  | { channel: 'balanceSpot'; balances: Record<string, { available: string; freeze: string }> }
  | { channel: 'balanceMargin'; balances: Record<string, Record<string, string>> }
  | { channel: 'ordersPending'; event: 'new' | 'update' | 'finish'; order: OrderView }
  | { channel: 'ordersExecuted'; order: OrderView }
  | { channel: 'deals'; deal: LiveDealView }
  | { channel: 'positionsMargin'; total: number; records: PositionView[] }
  /** The exchange called a margin call on a position, or liquidated it (the position as it stood). */
  | { channel: 'positionsAccountMargin'; event: 'marginCall' | 'liquidation'; position: PositionView }
  | { channel: 'ADLQuantile'; records: AdlRankView[] }
  | ({ channel: 'market' } & MarketStatsView)
  | { channel: 'borrowsMargin'; total: number; records: LiveBorrowView[] }
  | { channel: 'candles'; market: string; candles: CandleView[] };

export type LiveChannel = LiveEvent['channel'];
