/** The parts of a market record the pre-trade rules read (GET /api/v4/public/markets, futures list). */
export interface MarketRules {
  /** BASE_QUOTE; when given, an order for another market is refused. */
  readonly name?: string;
  /** Maximum decimal places of a base-currency amount. */
  readonly stockPrec: number;
  /** Maximum decimal places of a price (and, here, of a quote-currency amount). */
  readonly moneyPrec: number;
  readonly minAmount: string;
  readonly minTotal: string;
  /** "0" means no maximum. */
  readonly maxTotal: string;
  /** Price step; "" when the engine gives none. */
  readonly tickSize: string;
  /** Amount step; "" when the engine gives none. */
  readonly stepSize: string;
  /** Futures `max_leverage`, when known. */
  readonly maxLeverage?: number;
  /** `spot` or `futures`, as the markets list gives it; a futures market takes collateral orders only. */
  readonly type?: string;
  /** Listed for collateral (margin and futures) trading; undefined while that list is unavailable. */
  readonly collateral?: boolean;
}

/**
 * Which endpoint the order goes to: `limit` order/new, `stop_limit` order/stop_limit, `market`
 * order/market, `stock_market` order/stock_market (a market order whose amount is always in the base
 * currency), `stop_market` order/stop_market; on margin and futures markets `collateral_market`
 * order/collateral/market, `collateral_limit` order/collateral/limit, `collateral_stop_limit`
 * order/collateral/stop-limit, `collateral_trigger_market` order/collateral/trigger-market and
 * `collateral_oco` order/collateral/oco (a limit leg and a stop-limit leg; either executing cancels
 * the other).
 */
export const ORDER_KINDS = [
  'limit',
  'market',
  'stock_market',
  'stop_limit',
  'stop_market',
  'collateral_market',
  'collateral_limit',
  'collateral_stop_limit',
  'collateral_trigger_market',
  'collateral_oco',
] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The kinds of order a margin or futures market takes: they open, grow or close positions. */
export const COLLATERAL_KINDS: readonly OrderKind[] = [
  'collateral_market',
  'collateral_limit',
  'collateral_stop_limit',
  'collateral_trigger_market',
  'collateral_oco',
];

export function isCollateralKind(kind: OrderKind): boolean {
  return COLLATERAL_KINDS.includes(kind);
}

/** Kinds with a limit price (`price`); an OCO's is its limit leg's. */
export function takesLimitPrice(kind: OrderKind): boolean {
  return (
    kind === 'limit' ||
    kind === 'stop_limit' ||
    kind === 'collateral_limit' ||
    kind === 'collateral_stop_limit' ||
    kind === 'collateral_oco'
  );
}

/** Kinds that wait for an `activation_price` (an OCO's stop leg does). */
export function takesActivation(kind: OrderKind): boolean {
  return (
    kind === 'stop_limit' ||
    kind === 'stop_market' ||
    kind === 'collateral_stop_limit' ||
    kind === 'collateral_trigger_market' ||
    kind === 'collateral_oco'
  );
}

/** An OCO: a limit leg at the price, and a stop leg triggered at the activation price that rests at its own price. */
export function isOco(kind: OrderKind): boolean {
  return kind === 'collateral_oco';
}

/** Collateral kinds that take OTO legs (`stopLoss` / `takeProfit`) on entry (an OCO's legs are its pair). */
export function takesOtoLegs(kind: OrderKind): boolean {
  return isCollateralKind(kind) && !isOco(kind);
}

/** Kinds that take a limit order's flags: post-only, IOC and RPI (retail: spot `limit` alone). */
export function takesLimitFlags(kind: OrderKind): boolean {
  return kind === 'limit' || kind === 'collateral_limit';
}

/** Kinds that may ask for the best price of the book (`bboRole`) instead of a typed one. */
export function takesBboRole(kind: OrderKind): boolean {
  return (
    kind === 'limit' ||
    kind === 'stop_limit' ||
    kind === 'collateral_limit' ||
    kind === 'collateral_stop_limit'
  );
}

/** An order as the user has it in the ticket, with the exchange's field names. */
export interface OrderDraft {
  readonly kind: OrderKind;
  readonly market?: string;
  readonly side: string;
  /** Base currency, except for buy `market`/`stop_market` orders where it is the quote total (`stock_market`: always base). */
  readonly amount: string;
  readonly price?: string;
  readonly activation_price?: string;
  /** An OCO's stop leg: the limit price it rests at once `activation_price` is reached. */
  readonly stop_limit_price?: string;
  readonly clientOrderId?: string;
  readonly postOnly?: boolean;
  readonly ioc?: boolean;
  readonly bboRole?: number;
  readonly stp?: string;
  readonly rpi?: boolean;
  readonly retail?: boolean;
  readonly positionSide?: string;
  readonly reduceOnly?: boolean;
  readonly stopLoss?: string;
  readonly takeProfit?: string;
}

/** A price TP/SL legs are measured against, and how a person calls it ("the mark price"). */
export interface ReferencePrice {
  readonly price: string;
  readonly name: string;
}

/** The open position an order or a pair of legs belongs to; `amount` is signed (negative: short). */
export interface PositionContext {
  readonly amount: string;
  /** The entry (base) price, when known. */
  readonly entryPrice?: string;
}

/** What the rules know about the account. */
export interface AccountContext {
  /** True in hedge mode, false in one-way mode, undefined when not known yet. */
  readonly hedgeMode?: boolean;
  /** The market's price now, for the side of a new order's take-profit and stop-loss. */
  readonly referencePrice?: ReferencePrice;
  /** The position a reduce-only order reduces: null when there is none, undefined when not known. */
  readonly position?: PositionContext | null;
}

/** One failed rule: the field, a sentence naming the allowed value, and valid values near the input. */
export interface RuleIssue {
  readonly field: string;
  readonly message: string;
  readonly suggestions?: string[];
}
