/** The result types of orders: checks, placing, open orders (plain data). */
import type { IpcError } from '../errors.ts';
import type { GuardQuestionView } from './guards.ts';
import type { OrderView, OcoLinkView, DealRole, DealView } from '../exchange/records.ts';

export type { OrderView, OcoLinkView, DealRole, DealView };

export interface RuleIssueView {
  field: string;
  message: string;
  suggestions?: string[];
}

/** An armed kill switch: every order of the market is cancelled at `cancellationTime` (Unix seconds). */
export interface KillSwitchView {
  market: string;
  startTime: number;
  cancellationTime: number;
  /** Order types it cancels; null = every type. */
  types: Array<'spot' | 'margin' | 'futures'> | null;
}

/** Orders the exchange cancelled on its own, as one entry of Events and one desktop notice. */
export interface ExchangeCancelView {
  accountId: string;
  orderId: number;
  market: string;
  side: 'buy' | 'sell';
  amount: string;
  /** The exchange's status: CANCELED_STP, AUTO_CANCELED_REDUCE_ONLY, ... */
  status: string;
  /** The sentence a person reads. */
  message: string;
}

export interface PlaceResultView {
  clientOrderId: string;
  /** The order placed; an OCO's limit leg, linked (`oco`) to its stop-limit leg, `ocoStop`. */
  order?: OrderView;
  /** An OCO's stop-limit leg, placed with its limit leg (`order`). */
  ocoStop?: OrderView;
  deals?: readonly DealView[];
  /** The first answer was lost and the order was found by its client order id. */
  recovered: boolean;
  /** The path it went (asked over the WebSocket only): REST when the socket was not live. */
  sentOver?: 'websocket' | 'rest';
  /** What a person should know of how it was sent (the fallback to REST). */
  note?: string;
}

/** What an order of the ticket may spend, and the amount that spends a chosen share of it. */
export interface TicketFundsView {
  /** The asset the order spends (the quote for buys and collateral orders, the base for spot sells). */
  asset: string;
  /** Available now: the spot trade balance of `asset`, or the collateral balance for collateral orders. */
  available: string;
  source: 'spot' | 'collateral';
  /** Base amount of an opposite position a collateral order closes without new margin. */
  covered?: string;
  /** The amount (on the market's step) that spends the asked share; absent when none is asked or it buys too little. */
  amount?: string;
}

/**
 * An order's base amount and its value in the quote asset as main works them out: a priced order from
 * its price, a market order by walking the book main read (up to 100 levels a side).
 */
export interface OrderEstimateView {
  /** `price`: exact (amount × its price); `book`: walked through the book; `reference`: at the market price now. */
  source: 'price' | 'book' | 'reference';
  base: string;
  value: string;
  /** Book only: the average and the worst price the read book fills it at. */
  average?: string;
  worst?: string;
  /** Book only: the share of the read side it takes (percent), the levels it reaches and were read. */
  sharePct?: string;
  levels?: number;
  levelsRead?: number;
  /** Book only: false when the read side holds less than the order. */
  complete?: boolean;
  sideBase?: string;
}

/** One order of a ladder preview: its price, amount and value (amount × price), and what the rules say. */
export interface LadderOrderView {
  index: number;
  price: string;
  amount: string;
  total: string;
  issues: RuleIssueView[];
}

/** The margin a collateral ladder's orders hold together, at the account's leverage. */
export interface LadderMarginView {
  asset: string;
  needed: string;
  available: string;
  leverage: number;
}

/** A ladder laid out and checked; nothing sent. */
export interface LadderPreviewView {
  market: string;
  side: 'buy' | 'sell';
  /** Collateral limit orders (a margin or futures market), each its own request; else spot, in bulk. */
  collateral: boolean;
  /** A collateral ladder read with an account: the margin of all its orders. */
  margin?: LadderMarginView;
  /** Empty while a field of the ladder itself is wrong (see `issues`). */
  orders: LadderOrderView[];
  /** The ladder's own fields (lowPrice, highPrice, orderCount, totalAmount) and the balance. */
  issues: RuleIssueView[];
  /** What main will ask before the orders go (each once, for however many orders ask it). */
  questions: GuardQuestionView[];
  /** Σ amount (base) and Σ amount × price (quote). */
  totalAmount: string;
  totalValue: string;
  /** Requests the orders go in, of at most `perRequest` orders each (collateral: one each). */
  requests: number;
  perRequest: number;
}

/** What became of one order of a bulk send. */
export interface BulkOrderOutcomeView {
  /** Its place in the send (0-based), prices rising. */
  index: number;
  price: string;
  amount: string;
  clientOrderId: string;
  ok: boolean;
  order?: OrderView;
  error?: IpcError;
  /** The answer was lost and the order was found at the exchange by its client order id. */
  recovered?: boolean;
}

export interface BulkPlaceView {
  requests: number;
  placed: number;
  failed: number;
  /** Failures first, then in order. */
  outcomes: BulkOrderOutcomeView[];
}

/** One fill (deal) of an order, newest first (`orders.deals`): its side and market are the order's. */
export interface OrderFillView {
  id: number;
  /** Unix seconds, with microseconds. */
  time: number;
  price: string;
  amount: string;
  /** amount × price, in the quote asset. */
  deal: string;
  fee: string;
  feeAsset: string;
  role: DealRole;
  /** It went at a retail price improvement. */
  rpi?: boolean;
}

/** The account's own maker and taker rates on a market, in percent (`orders.feeRates`). */
export interface FeeRatesView {
  market: string;
  maker: string;
  taker: string;
  /** Added to the maker rate when an RPI order fills (the account trades RPI orders). */
  rpiMakerPremium?: string;
  /** The market has rates of its own for the account (else the account's default of its kind). */
  own: boolean;
}
