/**
 * Spot trading's schemas: the bodies of orders, cancels, modifies, kill switches and the account's
 * reads, and how the client reads the orders, deals and balances they answer.
 */
import { z } from 'zod';
import type { DealView } from '../records.ts';
import type { Stp } from '../../rules/flags.ts';
import { dealRoleOf } from '../codes.ts';
import { decimal, paging } from './primitives.ts';

/** The abbreviated self-trade prevention modes (`normalizeStp` in main/rules maps the legacy names). */
export const stp = z.enum(['no', 'cb', 'cn', 'co']) satisfies z.ZodType<Stp>;
export const SIDES = ['buy', 'sell'] as const;

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
export const ordersSchema = z.array(orderSchema);

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

/** Fields every spot order takes. */
export const orderCommon = {
  market: z.string(),
  side: z.enum(SIDES),
  amount: z.string(),
  clientOrderId: z.string().optional(),
  /** Abbreviated mode; map legacy names with `normalizeStp` from main/rules first. */
  stp: stp.optional(),
};
export const bboRole = z.union([z.literal(1), z.literal(2)]);

export const marketOrderRequest = z.object(orderCommon);
export const limitOrderRequest = z.object({
  ...orderCommon,
  price: z.string().optional(),
  postOnly: z.boolean().optional(),
  ioc: z.boolean().optional(),
  bboRole: bboRole.optional(),
  rpi: z.boolean().optional(),
  retail: z.boolean().optional(),
});
export const stopLimitOrderRequest = z.object({
  ...orderCommon,
  activation_price: z.string(),
  price: z.string().optional(),
  bboRole: bboRole.optional(),
});
export const stopMarketOrderRequest = z.object({ ...orderCommon, activation_price: z.string() });

/** `stopOnFail`: stop at the first order refused (the exchange's default: go on). */
export const bulkRequest = z.object({
  orders: z.array(limitOrderRequest),
  stopOnFail: z.boolean().optional(),
});
/** Each order of a bulk placement: the order, or that order's error. */
export const bulkAnswer = z.array(z.looseObject({ result: orderSchema.nullable(), error: z.unknown() }));

/** One order by exactly one of its ids. */
const byId = <S extends z.ZodRawShape>(shape: S) =>
  z.union([
    z.object({ ...shape, orderId: z.number().int() }),
    z.object({ ...shape, clientOrderId: z.string() }),
  ]);

export const cancelRequest = byId({ market: z.string() });

/** Orders one bulk cancel takes at most. */
export const CANCEL_BULK_MAX = 100;
/** `order/cancel/bulk`: 1 to 100 orders, each by its market and exactly one of its ids. */
export const cancelBulkRequest = z.object({ orders: z.array(cancelRequest).min(1).max(CANCEL_BULK_MAX) });
/** Each order of a bulk cancel, in the request's order: its ids once cancelled, or its error. */
export const cancelBulkAnswer = z.array(
  z.object({
    result: z
      .object({ orderId: z.number().int(), clientOrderId: z.string().optional(), market: z.string() })
      .nullable()
      .optional(),
    error: z
      .object({
        code: z.number().int().optional(),
        message: z.string().optional(),
        errors: z.record(z.string(), z.array(z.string())).optional(),
      })
      .nullable()
      .optional(),
  }),
);

export const modifyRequest = byId({
  market: z.string(),
  price: z.string().optional(),
  amount: z.string().optional(),
  total: z.string().optional(),
  activationPrice: z.string().optional(),
  stp: stp.optional(),
});
/** The modified order: the spec answers the order, the published example a list holding it. */
export const modifiedSchema = z
  .union([orderSchema, z.tuple([orderSchema])])
  .transform((a) => (Array.isArray(a) ? a[0] : a));

export const activeOrdersRequest = z.object({
  market: z.string().optional(),
  orderId: z.number().int().optional(),
  clientOrderId: z.string().optional(),
  ...paging,
});

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
/** Finished orders keyed by market; an empty list when there are none. */
export const orderHistoryAnswer = z.union([
  z.record(z.string(), z.array(finishedOrderSchema)),
  z.array(z.never()),
]);
/**
 * The orders a market's delisting ended: `filled` the reverse orders that closed positions,
 * `delisting` the orders canceled then; by `finishAt` (Unix seconds), a window of at most 31 days.
 */
export const delistingHistoryRequest = z.object({
  market: z.string().optional(),
  status: z.enum(['filled', 'delisting']).optional(),
  startDate: z.number().int().optional(),
  endDate: z.number().int().optional(),
  ...paging,
});
export const delistedOrderSchema = z.looseObject({
  id: z.number().int(),
  clientOrderId: z.string(),
  createdAt: z.number(),
  finishAt: z.number(),
  market: z.string(),
  side: z.enum(['buy', 'sell']),
  type: z.string(),
  price: decimal,
  amount: decimal,
  dealStock: decimal,
  dealMoney: decimal,
  fee: decimal,
  feeAsset: z.string(),
  status: z.string(),
  delistingKind: z.enum(['reverse', 'canceled']),
});
export type DelistedOrder = z.output<typeof delistedOrderSchema>;
export const delistingHistoryAnswer = z.array(delistedOrderSchema);

export const orderHistoryRequest = z.object({
  market: z.string().optional(),
  status: z.enum(['ALL', 'FILLED', 'CANCELED', 'PARTIALLY_FILLED']).optional(),
  /** Unix seconds; the window spans at most 31 days and reaches back at most six months. */
  startDate: z.number().int().optional(),
  endDate: z.number().int().optional(),
  ...paging,
});

/** Order types a kill switch cancels: spot, margin (collateral orders on spot markets), futures. */
export const KILL_SWITCH_TYPES = ['spot', 'margin', 'futures'] as const;
export type KillSwitchType = (typeof KILL_SWITCH_TYPES)[number];

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
/** `timeout` in seconds (5..600) as a string; null disarms. */
export const killSwitchRequest = z.object({
  market: z.string(),
  timeout: z.string().regex(/^\d+$/).nullable(),
  types: z.array(z.enum(KILL_SWITCH_TYPES)).optional(),
});
/** The timer armed, or an empty list once disarmed. */
export const killSwitchAnswer = z.union([killSwitchTimerSchema, z.array(z.unknown()).max(0)]);
export const killSwitchStatusRequest = z.object({ market: z.string().optional() });
export const killSwitchStatusAnswer = z.array(killSwitchTimerSchema);

export const balanceEntrySchema = z.looseObject({ available: decimal, freeze: decimal });
export const tradeBalanceSchema = z.record(z.string(), balanceEntrySchema);
export type TradeBalance = z.output<typeof tradeBalanceSchema>;
/** Every ticker's entry keyed by the ticker; one ticker's (older answers) the entry itself. */
export const tradeBalanceAnswer = z.union([balanceEntrySchema, tradeBalanceSchema]);
/** Balances of one ticker, or of every one. */
export const tickerRequest = z.object({ ticker: z.string().optional() });

export const executedRequest = z.object({
  market: z.string().optional(),
  clientOrderId: z.string().optional(),
  startDate: z.number().int().optional(),
  endDate: z.number().int().optional(),
  ...paging,
});
/** Deals of one market (a list), or of every market (keyed by market). */
export const executedAnswer = z.union([z.array(dealSchema), z.record(z.string(), z.array(dealSchema))]);

/** `trade-account/order`: one order's deals, paged (`limit` from 1, 50 when omitted). */
export const orderDealsRequest = z.object({ orderId: z.number().int(), ...paging });
/**
 * One deal of an order as `trade-account/order` answers it: no side or market (the order's), the role
 * the exchange numbers read as its word, `rpi` when it went at a retail price improvement.
 */
export const orderDealSchema = z.looseObject({
  id: z.number().int(),
  time: z.number(),
  price: decimal,
  amount: decimal,
  deal: decimal,
  fee: decimal,
  feeAsset: z.string().default(''),
  role: z.union([z.literal(1), z.literal(2)]).transform(dealRoleOf),
  clientOrderId: z.string().default(''),
  dealOrderId: z.number().int().optional(),
  rpi: z.boolean().optional(),
});
export type OrderDeal = z.output<typeof orderDealSchema>;
export const orderDealsAnswer = z.looseObject({
  records: z.array(orderDealSchema),
  offset: z.number().int().optional(),
  limit: z.number().int().optional(),
});

/**
 * `market/fee`: the account's default spot and futures maker and taker rates, in percent, and the
 * markets whose rates differ (`custom_fee`); an RPI premium is added to the maker rate of an RPI order.
 */
export const marketFeeAnswer = z.looseObject({
  taker: decimal,
  maker: decimal,
  futures_taker: decimal,
  futures_maker: decimal,
  rpi_maker_fee_premium: decimal.nullable().optional(),
  futures_rpi_maker_fee_premium: decimal.nullable().optional(),
  custom_fee: z.record(z.string(), z.looseObject({ taker: decimal, maker: decimal })).default({}),
});
export type MarketFees = z.output<typeof marketFeeAnswer>;

/**
 * `order/cancel/all`: every open order of the account (of one market when `market` is given; of the
 * kinds in `type`, all when omitted). The exchange answers an empty list, not the orders.
 */
export const cancelAllRequest = z.object({
  market: z.string().optional(),
  type: z.array(z.enum(KILL_SWITCH_TYPES)).min(1).optional(),
  positionSide: z.enum(['both', 'long', 'short']).optional(),
});
export const emptyListAnswer = z.array(z.unknown()).max(0);
