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
