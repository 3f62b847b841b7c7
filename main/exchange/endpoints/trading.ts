/** Spot trading: orders, active orders, trade balance and executed history (schemas: `schemas/trading.ts`). */
import type { z } from 'zod';
import type { DealView } from '../records.ts';
import { UnexpectedResponseError } from '../http.ts';
import { REST, type RestEndpoint } from '../registry/index.ts';
import type * as S from '../schemas/trading.ts';
import type {
  DelistedOrder,
  KillSwitchTimer,
  KillSwitchType,
  MarketFees,
  Order,
  OrderDeal,
  TradeBalance,
} from '../schemas/trading.ts';
import { defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export type {
  DelistedOrder,
  KillSwitchTimer,
  KillSwitchType,
  MarketFees,
  Order,
  OrderDeal,
  TradeBalance,
} from '../schemas/trading.ts';
export type Deal = DealView;

type Common = z.input<typeof S.marketOrderRequest>;
export type LimitOrderInput = z.input<typeof S.limitOrderRequest>;
export type StopLimitOrderInput = z.input<typeof S.stopLimitOrderRequest>;
export type StopMarketOrderInput = z.input<typeof S.stopMarketOrderRequest>;

/**
 * An answer of its endpoint in another of the forms it answers than the one this call asked for
 * (a list of one market's deals where every market's were asked): not read, as any answer the
 * schema refuses.
 */
function otherForm(endpoint: RestEndpoint, what: string): UnexpectedResponseError {
  return new UnexpectedResponseError(endpoint.path, `body: ${what}`, 200);
}

type PlaceAt = typeof REST.orderNew | typeof REST.orderMarket | typeof REST.orderStockMarket;

export const limitOrder = (c: KeyCaller, input: LimitOrderInput): Promise<Order> =>
  c.call(REST.orderNew, defined({ ...input }), WRITE);
/** For a buy, `amount` is the quote-currency total to spend. */
export const marketOrder = (c: KeyCaller, input: Common): Promise<Order> => place(c, REST.orderMarket, input);
/** Market order whose `amount` is always in the base currency. */
export const stockMarketOrder = (c: KeyCaller, input: Common): Promise<Order> =>
  place(c, REST.orderStockMarket, input);
export const stopLimitOrder = (c: KeyCaller, input: StopLimitOrderInput): Promise<Order> =>
  c.call(REST.orderStopLimit, defined({ ...input }), WRITE);
export const stopMarketOrder = (c: KeyCaller, input: StopMarketOrderInput): Promise<Order> =>
  c.call(REST.orderStopMarket, defined({ ...input }), WRITE);

const place = (c: KeyCaller, at: PlaceAt, input: Common): Promise<Order> =>
  c.call(at, defined({ ...input }), WRITE);

/** Places up to 20 limit orders at once; each answer is an order or that order's error. */
export function bulkLimitOrders(
  c: KeyCaller,
  orders: LimitOrderInput[],
  stopOnFail = false,
): Promise<Array<{ result: Order | null; error: unknown }>> {
  return c.call(REST.orderBulk, { orders: orders.map((o) => defined({ ...o })), stopOnFail }, WRITE);
}

export function cancelOrder(c: KeyCaller, input: z.input<typeof S.cancelRequest>): Promise<Order> {
  return c.call(REST.orderCancel, { ...input }, WRITE);
}

/**
 * Cancels up to 100 orders in one request; each answer, in the request's order, is the cancelled
 * order's ids or that order's error.
 */
export function cancelOrders(
  c: KeyCaller,
  orders: z.input<typeof S.cancelRequest>[],
): Promise<z.output<typeof S.cancelBulkAnswer>> {
  return c.call(REST.orderCancelBulk, { orders: orders.map((o) => ({ ...o })) }, WRITE);
}

/**
 * Cancels every open order of the account in one request: of one market when `market` is given, else
 * of every market (spot, margin and futures orders alike). The exchange answers nothing of the
 * orders: read them again to know which went.
 */
export async function cancelAllOrders(c: KeyCaller, market?: string): Promise<void> {
  await c.call(REST.orderCancelAll, market === undefined ? {} : { market }, WRITE);
}

/**
 * Changes an open order (by exactly one of its ids): at least one of `price`, `amount`, `total` (a
 * buy stop-market order's quote amount, in place of `amount`) and `activationPrice`; `stp` too. The
 * exchange replaces it: the answer is the new order, with a new id (the published example answers
 * a list holding it: read as the order).
 */
export function modifyOrder(c: KeyCaller, input: z.input<typeof S.modifyRequest>): Promise<Order> {
  return c.call(REST.orderModify, defined({ ...input }), WRITE);
}

/** Active orders, newest first; `limit` up to 100. */
export function activeOrders(
  c: KeyCaller,
  filter: z.input<typeof S.activeOrdersRequest> = {},
): Promise<Order[]> {
  return c.call(REST.activeOrders, defined({ ...filter }), READ);
}

/** The most open orders one page of the open-order list answers. */
export const ACTIVE_PAGE = 100;
/** The highest offset the exchange accepts on the open-order list. */
export const ACTIVE_MAX_OFFSET = 10_000;

/** Every open order (of one market, or all), newest first: page after page of 100 until a short one. */
export async function allActiveOrders(c: KeyCaller, market?: string): Promise<Order[]> {
  const out: Order[] = [];
  const seen = new Set<number>();
  for (let offset = 0; offset <= ACTIVE_MAX_OFFSET; offset += ACTIVE_PAGE) {
    const page = await activeOrders(c, { ...(market ? { market } : {}), limit: ACTIVE_PAGE, offset });
    // an order placed between two pages shifts the rest by one: the same order may come twice
    for (const o of page) {
      if (seen.has(o.orderId)) continue;
      seen.add(o.orderId);
      out.push(o);
    }
    if (page.length < ACTIVE_PAGE) break;
  }
  return out;
}

/** A finished order of `order/history` (filled or cancelled) with its market. */
export type FinishedOrder = z.output<typeof S.finishedOrderSchema> & { market: string };

/**
 * Finished orders (filled, partly filled, cancelled) of one market or all, newest first
 * (`order/history`: the last month by default; `limit` 1..500, default 50).
 */
export async function orderHistory(
  c: KeyCaller,
  filter: z.input<typeof S.orderHistoryRequest> = {},
): Promise<FinishedOrder[]> {
  const byMarket = await c.call(REST.orderHistory, defined({ ...filter }), READ);
  if (Array.isArray(byMarket)) return [];
  return Object.entries(byMarket)
    .flatMap(([market, orders]) => orders.map((o) => ({ ...o, market })))
    .sort((a, b) => (b.ftime ?? b.ctime) - (a.ftime ?? a.ctime) || b.id - a.id);
}

/**
 * The orders of markets since delisted: the reverse orders that closed the account's positions and
 * the orders canceled at the delisting, newest first (the window: 30 days back unless given).
 */
export function delistingHistory(
  c: KeyCaller,
  filter: z.input<typeof S.delistingHistoryRequest> = {},
): Promise<DelistedOrder[]> {
  return c.call(REST.delistingHistory, defined({ ...filter }), READ);
}

/**
 * Arms (or re-arms) the kill switch of `market`: every order of `types` (all when omitted) is cancelled
 * `timeout` seconds (5..600) from now unless called again; null disarms it. Answers the timer, or
 * undefined once disarmed (the exchange answers an empty array).
 */
export async function killSwitch(
  c: KeyCaller,
  market: string,
  timeout: number | null,
  types?: readonly KillSwitchType[],
): Promise<KillSwitchTimer | undefined> {
  const answer = await c.call(
    REST.killSwitch,
    {
      market,
      timeout: timeout === null ? null : String(timeout),
      ...(types && timeout !== null ? { types: [...types] } : {}),
    },
    WRITE,
  );
  return Array.isArray(answer) ? undefined : answer;
}

/** The armed kill-switch timers (of one market, or all). */
export function killSwitchStatus(c: KeyCaller, market?: string): Promise<KillSwitchTimer[]> {
  return c.call(REST.killSwitchStatus, market ? { market } : {}, READ);
}

type BalanceEntry = { available: string; freeze: string };
const isEntry = (a: BalanceEntry | TradeBalance): a is BalanceEntry =>
  'available' in a && typeof a.available === 'string';

/** Spot trade balances of every ticker. */
export async function tradeBalance(c: KeyCaller): Promise<TradeBalance> {
  const answer = await c.call(REST.tradeBalance, {}, READ);
  if (isEntry(answer))
    throw otherForm(REST.tradeBalance, "one ticker's entry where every ticker's was asked");
  return answer;
}

/** Spot trade balance of one ticker: its entry keyed by the ticker (older answers: the entry itself). */
export async function tradeBalanceOf(c: KeyCaller, ticker: string): Promise<BalanceEntry> {
  const answer = await c.call(REST.tradeBalance, { ticker }, READ);
  if (isEntry(answer)) return answer;
  return answer[ticker] ?? { available: '0', freeze: '0' };
}

export interface ExecutedFilter {
  startDate?: number;
  endDate?: number;
  /** 1..500, default 500. The last page is the one with fewer than `limit` deals. */
  limit?: number;
  offset?: number;
}

/** Executed deals of one market, newest first. */
export async function executedDeals(
  c: KeyCaller,
  market: string,
  filter: ExecutedFilter = {},
): Promise<Deal[]> {
  const answer = await c.call(REST.executedHistory, defined({ market, ...filter }), READ);
  if (!Array.isArray(answer))
    throw otherForm(REST.executedHistory, "deals keyed by market where one market's were asked");
  return answer;
}

/** Executed deals of every market, keyed by market, newest first within each. */
export async function executedDealsByMarket(
  c: KeyCaller,
  filter: ExecutedFilter = {},
): Promise<Record<string, Deal[]>> {
  const answer = await c.call(REST.executedHistory, defined({ ...filter }), READ);
  if (Array.isArray(answer))
    throw otherForm(REST.executedHistory, "a list of deals where every market's were asked");
  return answer;
}

/** The deals of one order by its client order id; the exchange answers 422 when none match. */
export function executedDealsOfClientOrder(
  c: KeyCaller,
  clientOrderId: string,
): Promise<Deal[] | Record<string, Deal[]>> {
  return c.call(REST.executedHistory, { clientOrderId }, READ);
}

/** The most deals one page of an order's deals answers here. */
export const ORDER_DEALS_PAGE = 100;
/** The most deals of one order read: past them, the executed history has the rest. */
export const ORDER_DEALS_MAX = 1_000;

/**
 * The deals (fills) of one order, newest first: page after page of 100 until a short one, at most
 * `ORDER_DEALS_MAX`. An order not the account's, or older than six months, has none (the exchange
 * answers an empty list, not an error).
 */
export async function orderDeals(c: KeyCaller, orderId: number): Promise<OrderDeal[]> {
  const out: OrderDeal[] = [];
  const seen = new Set<number>();
  for (let offset = 0; offset < ORDER_DEALS_MAX; offset += ORDER_DEALS_PAGE) {
    const { records } = await c.call(REST.orderDeals, { orderId, limit: ORDER_DEALS_PAGE, offset }, READ);
    for (const d of records) {
      if (seen.has(d.id)) continue;
      seen.add(d.id);
      out.push(d);
    }
    if (records.length < ORDER_DEALS_PAGE) break;
  }
  return out;
}

/** The account's maker and taker rates in percent: spot and futures defaults, and each market's own. */
export function marketFees(c: KeyCaller): Promise<MarketFees> {
  return c.call(REST.marketFee, {}, READ);
}
