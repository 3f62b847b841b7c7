/** The result and payload types of the markets and their order books (plain data). */
import type { OrderKind } from '../rules/types.ts';

export interface MarketView {
  name: string;
  /** The asset amounts are in (BTC of BTC_USDT and of BTC_PERP). */
  base: string;
  /** The asset prices and totals are in (USDT of BTC_USDT and of BTC_PERP). */
  quote: string;
  type: string;
  stockPrec: number;
  moneyPrec: number;
  minAmount: string;
  minTotal: string;
  maxTotal: string;
  tickSize: string;
  stepSize: string;
  isTradFiFutures: boolean;
  /** Open to collateral (margin and futures) trading; absent while the exchange's list is unavailable. */
  collateral?: boolean;
  maxLeverage?: number;
  /** The order types this market takes, in the order the ticket offers them (the rules refuse others). */
  orderKinds: OrderKind[];
  /**
   * The exchange's announced date of delisting (ms), absent when none is announced. A plan that can
   * move: the market trades until then, and then its open orders are cancelled and it leaves the list.
   */
  delistedAtMs?: number;
}

/** A market's order book: [price, amount] levels, best first. */
export interface OrderBookView {
  timestamp: number;
  asks: Array<[string, string]>;
  bids: Array<[string, string]>;
}

/** One funding settlement of a perpetual: when (ms), the rate paid (a decimal fraction) and the mark then. */
export interface FundingPointView {
  timeMs: number;
  rate: string;
  settlementPrice: string;
}

/** A market's last 24 hours as the exchange's ticker gives them. */
export interface MarketTickerView {
  last: string;
  /** Percent since the 24 h open ("-1.2" is −1.2 %). */
  change: string;
  /** Volume in the base asset. */
  volume: string;
  /** Trading is off on it at the exchange. */
  frozen: boolean;
}

/** How much the book holds within ±2 % of the last price: each side's amount (base asset). */
export interface NearDepthView {
  bids: string;
  asks: string;
  /** When the exchange took it (ms). */
  timestampMs: number;
}
