/**
 * Collateral (margin and futures) trading's schemas: the bodies of its orders, leverage, hedge mode
 * and reads, and how the client reads positions, borrows, the summary and conditional orders.
 */
import { z } from 'zod';
import { decimal, decimalLike, integerLike, paging } from './primitives.ts';
import { bboRole, orderCommon, orderSchema } from './trading.ts';

export const LEVERAGES = [1, 2, 3, 5, 10, 20, 50, 100] as const;
export type Leverage = (typeof LEVERAGES)[number];
export const POSITION_SIDES = ['LONG', 'SHORT', 'BOTH'] as const;
export type PositionSide = (typeof POSITION_SIDES)[number];

/** Fields every collateral order takes besides its prices. */
const base = {
  ...orderCommon,
  /** Required (LONG or SHORT) in hedge mode; ignored in one-way mode. */
  positionSide: z.enum(POSITION_SIDES).optional(),
  reduceOnly: z.boolean().optional(),
};
/** OTO legs placed once the order executed; cannot be combined with reduceOnly. */
const oto = { stopLoss: z.string().optional(), takeProfit: z.string().optional() };

export const collateralMarketOrderRequest = z.object({ ...base, ...oto });
/** A limit order: `price` required unless `bboRole` is set. */
export const collateralLimitOrderRequest = z.object({
  ...base,
  price: z.string().optional(),
  postOnly: z.boolean().optional(),
  ioc: z.boolean().optional(),
  bboRole: bboRole.optional(),
  rpi: z.boolean().optional(),
  ...oto,
});
/** Collateral limit orders in one request, each answered on its own; `stopOnFail` stops at the first refused. */
export const collateralBulkRequest = z.object({
  orders: z.array(collateralLimitOrderRequest),
  stopOnFail: z.boolean().optional(),
});
/** The trigger (`activation_price`) and the limit price once triggered (unless `bboRole` is set). */
export const collateralStopLimitOrderRequest = z.object({
  ...base,
  activation_price: z.string(),
  price: z.string().optional(),
  bboRole: bboRole.optional(),
  ...oto,
});
export const collateralTriggerMarketOrderRequest = z.object({
  ...base,
  activation_price: z.string(),
  ...oto,
});
/** The limit leg's price, and the stop-limit leg's trigger and its limit price once triggered. */
export const collateralOcoOrderRequest = z.object({
  ...base,
  price: z.string(),
  activation_price: z.string(),
  stop_limit_price: z.string(),
});

export const ocoAnswerSchema = z.looseObject({
  id: integerLike,
  stop_loss: orderSchema,
  take_profit: orderSchema,
  // the pair's flag, named once for both legs
  reduceOnly: z.boolean().optional(),
});
/** An OCO pair as the exchange answers it: the pair's id, the stop-limit leg and the limit leg. */
export type OcoAnswer = z.output<typeof ocoAnswerSchema>;

export const conditionalRequest = z.object({
  market: z.string(),
  limit: z.number().int(),
  offset: z.number().int(),
});
/**
 * The exchange names an OCO pair's legs `stopLoss` and `takeProfit` in this list (older answers
 * `stop_loss` and `take_profit`): both read as `stopLoss` and `takeProfit`.
 */
export const conditionalSchema = z.looseObject({
  total: integerLike.optional(),
  records: z.array(
    z
      .looseObject({
        id: integerLike,
        type: z.string(),
        stopLoss: orderSchema.optional(),
        takeProfit: orderSchema.optional(),
        stop_loss: orderSchema.optional(),
        take_profit: orderSchema.optional(),
        conditionalOrder: orderSchema.optional(),
        stopLossPrice: decimal.optional(),
        takeProfitPrice: decimal.optional(),
      })
      .transform(({ stop_loss, take_profit, ...r }) => ({
        ...r,
        stopLoss: r.stopLoss ?? stop_loss,
        takeProfit: r.takeProfit ?? take_profit,
      })),
  ),
});
/** An open conditional order: an OCO pair (`stopLoss`, `takeProfit`) or an order waiting with OTO legs. */
export type ConditionalOrder = z.output<typeof conditionalSchema>['records'][number];

export const leverageRequest = z.object({ leverage: z.literal(LEVERAGES) });
export const setLeverageAnswer = z.looseObject({ leverage: integerLike });

export const hedgeModeAnswer = z.looseObject({ hedgeMode: z.boolean() });
export const hedgeModeUpdateRequest = z.object({ hedgeMode: z.boolean() });

/** The collateral account at a glance; every field may be absent (the exchange documents it loosely). */
export const collateralSummarySchema = z.looseObject({
  equity: decimal.optional(),
  margin: decimal.optional(),
  freeMargin: decimal.optional(),
  unrealizedFunding: decimal.optional(),
  pnl: decimal.optional(),
  leverage: integerLike.optional(),
  marginFraction: decimal.optional(),
});
export type CollateralSummary = z.output<typeof collateralSummarySchema>;

// Response schemas are built once: building one costs about twenty times as much as using it, and
// the desk reads these for every account on each refresh.
export const collateralBalanceSchema = z.record(z.string(), decimalLike);

export const marketFilter = z.object({ market: z.string().optional() });

export const openPositionSchema = z.looseObject({
  positionId: z.number().int(),
  market: z.string(),
  amount: decimal,
  basePrice: decimal.nullish(),
  liquidationPrice: decimal.nullish(),
  positionSide: z.string().optional(),
});
export type OpenPosition = z.output<typeof openPositionSchema>;
export const openPositionsSchema = z.array(openPositionSchema);

/**
 * A position history record. The spec's records name the side `side` with `isHedge`; the published
 * example still shows the retired `positionSide`: such a record reads the same (hedge when not BOTH).
 */
const retiredSide = (v: unknown): unknown => {
  if (typeof v !== 'object' || v === null || 'side' in v) return v;
  const side = (v as { positionSide?: unknown }).positionSide;
  return side === undefined
    ? v
    : { ...v, side, isHedge: (v as { isHedge?: unknown }).isHedge ?? side !== 'BOTH' };
};

export const positionHistorySchema = z.preprocess(
  retiredSide,
  z.looseObject({
    positionId: z.number().int(),
    market: z.string(),
    openDate: z.number(),
    modifyDate: z.number(),
    amount: decimal,
    basePrice: decimal,
    realizedFunding: decimal,
    liquidationPrice: decimal.nullable(),
    liquidationState: z.enum(['margin_call', 'liquidation']).nullable(),
    orderDetail: z.looseObject({
      id: z.number(),
      tradeAmount: decimal,
      price: decimal,
      tradeFee: decimal,
      fundingFee: decimal.nullable(),
      realizedPnl: decimal.nullable(),
    }),
    side: z.enum(['LONG', 'SHORT', 'BOTH']),
    isHedge: z.boolean(),
  }),
);
export type PositionHistoryRecord = z.output<typeof positionHistorySchema>;
export const positionsHistorySchema = z.array(positionHistorySchema);
/** Rule: startDate <= endDate <= now + 1 s. */
export const positionsHistoryRequest = z.object({
  market: z.string().optional(),
  positionId: z.number().int().optional(),
  startDate: z.number().int().optional(),
  endDate: z.number().int().optional(),
});

export const borrowSchema = z.looseObject({
  asset: z.string(),
  amount: decimal,
  principal: decimal,
  interest: decimal,
  status: z.enum(['active', 'repaid', 'liquidated']),
  timestamp: z.number().int(),
});
export type BorrowRecord = z.output<typeof borrowSchema>;
/** `limit` 1..100 (default 100), `offset` 0..10000. */
export const borrowHistoryRequest = z.object({
  asset: z.string().optional(),
  startTime: z.number().int().optional(),
  endTime: z.number().int().optional(),
  ...paging,
});
export const borrowHistoryAnswer = z.looseObject({
  records: z.array(borrowSchema),
  limit: z.number(),
  offset: z.number(),
});

/** The collateral account per asset: the balance, its open borrows, and what is free without and with borrowing. */
export const balanceSummaryRequest = z.object({ ticker: z.string().optional() });
export const balanceSummaryAnswer = z.array(
  z.looseObject({
    asset: z.string(),
    balance: decimal,
    borrow: decimal,
    availableWithoutBorrow: decimal,
    availableWithBorrow: decimal,
  }),
);
export type CollateralAssetSummary = z.output<typeof balanceSummaryAnswer>[number];

/** Closes the whole position at market (its id from the open positions); `positionSide` in hedge mode. */
export const positionCloseRequest = z.object({
  positionId: z.number().int(),
  market: z.string(),
  positionSide: z.enum(['LONG', 'SHORT', 'BOTH']).optional(),
});

/** `oco-orders`: the account's open OCO pairs (of one market, or all), paged (`limit` 1..100). */
export const ocoOrdersRequest = z.object({ market: z.string().optional(), ...paging });
/** An OCO pair as `oco-orders` and `order/oco-cancel` answer it: its id, its stop-limit leg and its limit leg. */
export const ocoPairSchema = z.looseObject({
  id: z.number().int(),
  stop_loss: orderSchema,
  take_profit: orderSchema,
});
export type OcoPair = z.output<typeof ocoPairSchema>;
export const ocoOrdersAnswer = z.array(ocoPairSchema);
/** `order/oco-cancel`: the pair by exactly one of its id and its client order id, on its market. */
export const ocoCancelRequest = z.union([
  z.object({ market: z.string(), orderId: z.number().int() }),
  z.object({ market: z.string(), clientOrderId: z.string() }),
]);
/** `order/oto-cancel`: the order waiting to place its OTO legs, by its OTO id; it and its legs go. */
export const otoCancelRequest = z.object({ market: z.string(), otoId: z.number().int() });
/** A side's ADL rank: 0 (last to be deleveraged) to 4 (first); null where the account has no exposure on it. */
const adlRank = z.number().int().min(0).max(4).nullable();
/** The ADL rank of each perpetual market the account holds a position in (`collateral-account/adl-quantile`). */
export const adlQuantileAnswer = z.array(
  z.looseObject({ market: z.string(), long: adlRank, short: adlRank }),
);
