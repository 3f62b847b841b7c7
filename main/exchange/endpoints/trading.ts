/** Spot trading: orders, active orders, trade balance and executed history. */
import { z } from 'zod';
import type { Stp } from '../../rules/index.ts';
import type { DealView } from '../../domains/orders/views.ts';
import { dealRoleOf } from '../codes.ts';
import { decimal, defined, READ, WRITE, type KeyCaller } from './shapes.ts';
import { REST } from '../registry/index.ts';

export const orderSchema = z.looseObject({
  orderId: z.number().int(),
  clientOrderId: z.string(),
  market: z.string(),
  side: z.enum(['buy', 'sell']),
  type: z.string(),
  timestamp: z.number(),
  dealMoney: decimal,
  dealStock: decimal,
  amount: decimal,
  left: decimal,
  dealFee: decimal,
  feeAsset: z.string().optional(),
  price: decimal.optional(),
  postOnly: z.boolean().optional(),
  ioc: z.boolean().optional(),
  status: z.string().optional(),
  stp: z.string().optional(),
  rpi: z.boolean().optional(),
  retail: z.boolean().optional(),
  positionSide: z.enum(['LONG', 'SHORT', 'BOTH']).optional(),
  reduceOnly: z.boolean().optional(),
  activation_price: decimal.optional(),
  // 0 waiting, 1 triggered (older answers: false and true)
  activated: z.union([z.boolean(), z.number()]).optional(),
  activationCondition: z.enum(['lte', 'gte']).optional(),
  oto: z
    .looseObject({ otoId: z.number(), stopLoss: decimal.optional(), takeProfit: decimal.optional() })
    .optional(),
});
export type Order = z.output<typeof orderSchema>;
/** Built once: the desk reads open orders of every account on each refresh. */
const ordersSchema = z.array(orderSchema);

/**
 * An executed deal as REST answers it, read into the app's one deal (`DealView`): the role the
 * exchange numbers (1 maker, 2 taker) as its word, the fee asset '' when the answer names none.
 */
export const dealSchema = z.looseObject({
  id: z.number().int(),
  clientOrderId: z.string(),
  time: z.number(),
  side: z.enum(['buy', 'sell']),
  role: z.union([z.literal(1), z.literal(2)]).transform(dealRoleOf),
  amount: decimal,
  price: decimal,
  deal: decimal,
  fee: decimal,
  orderId: z.number().int(),
  feeAsset: z.string().default(''),
}) satisfies z.ZodType<DealView>;
export type Deal = DealView;

interface Common {
  market: string;
  side: 'buy' | 'sell';
  amount: string;
  clientOrderId?: string;
  /** Abbreviated mode; map legacy names with `normalizeStp` from main/rules first. */
  stp?: Stp;
}

export interface LimitOrderInput extends Common {
  price?: string;
  postOnly?: boolean;
  ioc?: boolean;
  bboRole?: 1 | 2;
  rpi?: boolean;
  retail?: boolean;
}

export interface StopLimitOrderInput extends Common {
  activation_price: string;
  price?: string;
  bboRole?: 1 | 2;
}

export interface StopMarketOrderInput extends Common {
  activation_price: string;
}

const place = (c: KeyCaller, path: string, input: object): Promise<Order> =>
  c.post(path, defined({ ...input }), orderSchema, WRITE);

export const limitOrder = (c: KeyCaller, input: LimitOrderInput) => place(c, REST.orderNew.path, input);
/** For a buy, `amount` is the quote-currency total to spend. */
export const marketOrder = (c: KeyCaller, input: Common) => place(c, REST.orderMarket.path, input);
/** Market order whose `amount` is always in the base currency. */
export const stockMarketOrder = (c: KeyCaller, input: Common) => place(c, REST.orderStockMarket.path, input);
export const stopLimitOrder = (c: KeyCaller, input: StopLimitOrderInput) =>
  place(c, REST.orderStopLimit.path, input);
export const stopMarketOrder = (c: KeyCaller, input: StopMarketOrderInput) =>
  place(c, REST.orderStopMarket.path, input);

/** Places up to 20 limit orders at once; each answer is an order or that order's error. */
export function bulkLimitOrders(
  c: KeyCaller,
  orders: LimitOrderInput[],
  stopOnFail = false,
): Promise<Array<{ result: Order | null; error: unknown }>> {
  const item = z.looseObject({ result: orderSchema.nullable(), error: z.unknown() });
  return c.post(
    REST.orderBulk.path,
    { orders: orders.map((o) => defined({ ...o })), stopOnFail },
    z.array(item),
    WRITE,
  );
}

export function cancelOrder(
  c: KeyCaller,
  input: { market: string; orderId: number } | { market: string; clientOrderId: string },
): Promise<Order> {
  return c.post(REST.orderCancel.path, { ...input }, orderSchema, WRITE);
}

/** The modified order: the spec answers the order, the published example a list holding it. */
const modifiedSchema = z
  .union([orderSchema, z.tuple([orderSchema])])
  .transform((a) => (Array.isArray(a) ? a[0] : a));

/**
 * Changes an open order (by exactly one of its ids): at least one of `price`, `amount`, `total` (a
 * buy stop-market order's quote amount, in place of `amount`) and `activationPrice`; `stp` too. The
 * exchange replaces it: the answer is the new order, with a new id.
 */
export function modifyOrder(
  c: KeyCaller,
  input: ({ orderId: number } | { clientOrderId: string }) & {
    market: string;
    price?: string;
    amount?: string;
    total?: string;
    activationPrice?: string;
    stp?: Stp;
  },
): Promise<Order> {
  return c.post(REST.orderModify.path, defined({ ...input }), modifiedSchema, WRITE);
}

/** Active orders, newest first; `limit` up to 100. */
export function activeOrders(
  c: KeyCaller,
  filter: { market?: string; orderId?: number; clientOrderId?: string; limit?: number; offset?: number } = {},
): Promise<Order[]> {
  return c.post(REST.activeOrders.path, defined({ ...filter }), ordersSchema, READ);
}

/** The most open orders one page of `POST /api/v4/orders` answers. */
export const ACTIVE_PAGE = 100;
/** The highest offset the exchange accepts on `POST /api/v4/orders`. */
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

/** A finished order of `order/history` (filled or cancelled): the order shape with `id`, `ctime`, `ftime`. */
export const finishedOrderSchema = z.looseObject({
  id: z.number().int(),
  clientOrderId: z.string().optional(),
  side: z.enum(['buy', 'sell']),
  type: z.string(),
  ctime: z.number(),
  ftime: z.number().optional(),
  amount: decimal,
  price: decimal.optional(),
  dealStock: decimal,
  dealMoney: decimal,
  dealFee: decimal,
  status: z.string(),
  positionSide: z.string().optional(),
  reduceOnly: z.boolean().optional(),
  activationPrice: decimal.optional(),
});
export type FinishedOrder = z.output<typeof finishedOrderSchema> & { market: string };
const orderHistorySchema = z.union([z.record(z.string(), z.array(finishedOrderSchema)), z.array(z.never())]);

/**
 * Finished orders (filled, partly filled, cancelled) of one market or all, newest first
 * (`order/history`: the last month by default; `limit` 1..500, default 50).
 */
export async function orderHistory(
  c: KeyCaller,
  filter: {
    market?: string;
    status?: 'ALL' | 'FILLED' | 'CANCELED' | 'PARTIALLY_FILLED';
    /** Unix seconds; the window spans at most 31 days and reaches back at most six months. */
    startDate?: number;
    endDate?: number;
    limit?: number;
    offset?: number;
  } = {},
): Promise<FinishedOrder[]> {
  const byMarket = await c.post(REST.orderHistory.path, defined({ ...filter }), orderHistorySchema, READ);
  if (Array.isArray(byMarket)) return [];
  return Object.entries(byMarket)
    .flatMap(([market, orders]) => orders.map((o) => ({ ...o, market })))
    .sort((a, b) => (b.ftime ?? b.ctime) - (a.ftime ?? a.ctime) || b.id - a.id);
}

/** Order types a kill switch cancels: spot, margin (collateral orders on spot markets), futures. */
export type KillSwitchType = 'spot' | 'margin' | 'futures';

export const killSwitchTimerSchema = z.looseObject({
  market: z.string(),
  startTime: z.number(),
  cancellationTime: z.number(),
  types: z
    .array(z.enum(['spot', 'margin', 'futures']))
    .nullable()
    .optional(),
});
export type KillSwitchTimer = z.output<typeof killSwitchTimerSchema>;

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
  const answer = await c.post(
    REST.killSwitch.path,
    {
      market,
      timeout: timeout === null ? null : String(timeout),
      ...(types && timeout !== null ? { types: [...types] } : {}),
    },
    z.union([killSwitchTimerSchema, z.array(z.unknown()).max(0)]),
    WRITE,
  );
  return Array.isArray(answer) ? undefined : answer;
}

/** The armed kill-switch timers (of one market, or all). */
export function killSwitchStatus(c: KeyCaller, market?: string): Promise<KillSwitchTimer[]> {
  return c.post(REST.killSwitchStatus.path, market ? { market } : {}, z.array(killSwitchTimerSchema), READ);
}

export const tradeBalanceSchema = z.record(
  z.string(),
  z.looseObject({ available: decimal, freeze: decimal }),
);
export type TradeBalance = z.output<typeof tradeBalanceSchema>;

/** Spot trade balances of every ticker. */
export function tradeBalance(c: KeyCaller): Promise<TradeBalance> {
  return c.post(REST.tradeBalance.path, {}, tradeBalanceSchema, READ);
}

const entrySchema = z.looseObject({ available: decimal, freeze: decimal });

/** Spot trade balance of one ticker: its entry keyed by the ticker (older answers: the entry itself). */
export async function tradeBalanceOf(
  c: KeyCaller,
  ticker: string,
): Promise<{ available: string; freeze: string }> {
  const answer = await c.post(
    REST.tradeBalance.path,
    { ticker },
    z.union([entrySchema, z.record(z.string(), entrySchema)]),
    READ,
  );
  if ('available' in answer && typeof answer.available === 'string')
    return answer as z.output<typeof entrySchema>;
  return (answer as Record<string, z.output<typeof entrySchema>>)[ticker] ?? { available: '0', freeze: '0' };
}

export interface ExecutedFilter {
  startDate?: number;
  endDate?: number;
  /** 1..500, default 500. The last page is the one with fewer than `limit` deals. */
  limit?: number;
  offset?: number;
}

/** Executed deals of one market, newest first. */
export function executedDeals(c: KeyCaller, market: string, filter: ExecutedFilter = {}): Promise<Deal[]> {
  return c.post(REST.executedHistory.path, defined({ market, ...filter }), z.array(dealSchema), READ);
}

/** Executed deals of every market, keyed by market, newest first within each. */
export function executedDealsByMarket(
  c: KeyCaller,
  filter: ExecutedFilter = {},
): Promise<Record<string, Deal[]>> {
  return c.post(
    REST.executedHistory.path,
    defined({ ...filter }),
    z.record(z.string(), z.array(dealSchema)),
    READ,
  );
}

/** The deals of one order by its client order id; the exchange answers 422 when none match. */
export function executedDealsOfClientOrder(
  c: KeyCaller,
  clientOrderId: string,
): Promise<Deal[] | Record<string, Deal[]>> {
  return c.post(
    REST.executedHistory.path,
    { clientOrderId },
    z.union([z.array(dealSchema), z.record(z.string(), z.array(dealSchema))]),
    READ,
  );
}
