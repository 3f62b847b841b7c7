/** The result and payload types of an account's WebSocket pushes (plain data). */
import type { DealView, OrderView } from '../orders/views.ts';
import type { PositionView } from '../positions/views.ts';

/**
 * An account's WebSocket: `stale` while its data may have missed a change (a ping unanswered, a push
 * that could not be read), until it has reconnected, read the account again and had a good frame.
 */
export type LiveState = 'idle' | 'connecting' | 'authorizing' | 'reconciling' | 'live' | 'stale' | 'stopped';

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

/** Pushes of one account's WebSocket, coalesced over a short window (replaced: superseded pushes). */
export interface LiveBatch {
  accountId: string;
  events: LiveEvent[];
  replaced: number;
}
