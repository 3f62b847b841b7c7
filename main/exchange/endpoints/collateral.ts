/** Collateral (margin and futures) trading: orders, leverage, hedge mode, positions, borrows. */
import { z } from 'zod';
import type { Stp } from '../../rules/index.ts';
import { decimal, decimalLike, defined, integerLike, READ, WRITE, type KeyCaller } from './shapes.ts';
import { orderSchema, type Order } from './trading.ts';
import { REST } from '../registry/index.ts';

export const LEVERAGES = [1, 2, 3, 5, 10, 20, 50, 100] as const;
export type Leverage = (typeof LEVERAGES)[number];
export type PositionSide = 'LONG' | 'SHORT' | 'BOTH';

/** Fields every collateral order takes besides its prices. */
interface CollateralOrderBase {
  market: string;
  side: 'buy' | 'sell';
  /** Base currency. */
  amount: string;
  clientOrderId?: string;
  /** Required (LONG or SHORT) in hedge mode; ignored in one-way mode. */
  positionSide?: PositionSide;
  reduceOnly?: boolean;
  stp?: Stp;
}

export interface CollateralMarketOrderInput extends CollateralOrderBase {
  /** OTO legs; cannot be combined with reduceOnly. */
  stopLoss?: string;
  takeProfit?: string;
}

export function collateralMarketOrder(c: KeyCaller, input: CollateralMarketOrderInput): Promise<Order> {
  return c.post(REST.collateralMarketOrder.path, defined({ ...input }), orderSchema, WRITE);
}

export interface CollateralLimitOrderInput extends CollateralOrderBase {
  /** Required unless `bboRole` is set. */
  price?: string;
  postOnly?: boolean;
  ioc?: boolean;
  bboRole?: 1 | 2;
  rpi?: boolean;
  /** OTO legs placed once the order executed; cannot be combined with reduceOnly. */
  stopLoss?: string;
  takeProfit?: string;
}

/** A collateral limit order (margin and futures markets): rests in the book at `price`. */
export function collateralLimitOrder(c: KeyCaller, input: CollateralLimitOrderInput): Promise<Order> {
  return c.post(REST.collateralLimitOrder.path, defined({ ...input }), orderSchema, WRITE);
}

export interface CollateralStopLimitOrderInput extends CollateralOrderBase {
  /** The trigger: a buy activates at or above it, a sell at or below. */
  activation_price: string;
  /** The limit price once triggered; required unless `bboRole` is set. */
  price?: string;
  bboRole?: 1 | 2;
  stopLoss?: string;
  takeProfit?: string;
}

/** A collateral stop-limit order: a limit order placed at `price` once `activation_price` is reached. */
export function collateralStopLimitOrder(c: KeyCaller, input: CollateralStopLimitOrderInput): Promise<Order> {
  return c.post(REST.collateralStopLimitOrder.path, defined({ ...input }), orderSchema, WRITE);
}

export interface CollateralTriggerMarketOrderInput extends CollateralOrderBase {
  activation_price: string;
  stopLoss?: string;
  takeProfit?: string;
}

/** A collateral stop market order: executes at market once `activation_price` is reached. */
export function collateralTriggerMarketOrder(
  c: KeyCaller,
  input: CollateralTriggerMarketOrderInput,
): Promise<Order> {
  return c.post(REST.collateralTriggerMarketOrder.path, defined({ ...input }), orderSchema, WRITE);
}

export interface CollateralOcoOrderInput extends CollateralOrderBase {
  /** The limit leg's price. */
  price: string;
  /** The stop-limit leg: its trigger and its limit price once triggered. */
  activation_price: string;
  stop_limit_price: string;
}

const ocoAnswerSchema = z.looseObject({
  id: integerLike,
  stop_loss: orderSchema,
  take_profit: orderSchema,
  // the pair's flag, named once for both legs
  reduceOnly: z.boolean().optional(),
});
/** An OCO pair as the exchange answers it: the pair's id, the stop-limit leg and the limit leg. */
export type OcoAnswer = z.output<typeof ocoAnswerSchema>;

/** A collateral OCO: a limit leg and a stop-limit leg of one amount; either executing cancels the other. */
export function collateralOcoOrder(c: KeyCaller, input: CollateralOcoOrderInput): Promise<OcoAnswer> {
  return c.post(REST.collateralOcoOrder.path, defined({ ...input }), ocoAnswerSchema, WRITE);
}

/**
 * The exchange names an OCO pair's legs `stopLoss` and `takeProfit` in this list (older answers
 * `stop_loss` and `take_profit`): both read as `stopLoss` and `takeProfit`.
 */
const conditionalSchema = z.looseObject({
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

const CONDITIONAL_PAGE = 100;

/**
 * The account's open conditional orders on one market, every page: how the exchange tells which open
 * orders belong together (the two legs of an OCO), which the open-order list itself does not say.
 */
export async function conditionalOrders(c: KeyCaller, market: string): Promise<ConditionalOrder[]> {
  const out: ConditionalOrder[] = [];
  for (let offset = 0; offset <= 10_000; offset += CONDITIONAL_PAGE) {
    const page = await c.post(
      REST.conditionalOrders.path,
      { market, limit: CONDITIONAL_PAGE, offset },
      conditionalSchema,
      READ,
    );
    out.push(...page.records);
    if (page.records.length < CONDITIONAL_PAGE) break;
  }
  return out;
}

const setLeverageAnswer = z.looseObject({ leverage: integerLike });

/** Sets the account leverage for every open position; answers the level now in force. */
export async function setLeverage(c: KeyCaller, leverage: Leverage): Promise<number> {
  return (await c.post(REST.leverage.path, { leverage }, setLeverageAnswer, WRITE)).leverage;
}

const hedgeModeAnswer = z.looseObject({ hedgeMode: z.boolean() });

export async function hedgeMode(c: KeyCaller): Promise<boolean> {
  return (await c.post(REST.hedgeMode.path, {}, hedgeModeAnswer, READ)).hedgeMode;
}

/** Switches hedge mode; the exchange refuses while the account has open positions or orders. */
export async function setHedgeMode(c: KeyCaller, enabled: boolean): Promise<void> {
  await c.post(REST.hedgeModeUpdate.path, { hedgeMode: enabled }, z.unknown(), WRITE);
}

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

export function collateralSummary(c: KeyCaller): Promise<CollateralSummary> {
  return c.post(REST.collateralSummary.path, {}, collateralSummarySchema, READ);
}

// Response schemas are built once: building one costs about twenty times as much as using it, and
// the desk reads these for every account on each refresh.
const collateralBalanceSchema = z.record(z.string(), decimalLike);

export function collateralBalance(c: KeyCaller, ticker?: string): Promise<Record<string, string>> {
  return c.post(REST.collateralBalance.path, defined({ ticker }), collateralBalanceSchema, READ);
}

export const openPositionSchema = z.looseObject({
  positionId: z.number().int(),
  market: z.string(),
  amount: decimal,
  basePrice: decimal.nullish(),
  liquidationPrice: decimal.nullish(),
  positionSide: z.string().optional(),
});
export type OpenPosition = z.output<typeof openPositionSchema>;
const openPositionsSchema = z.array(openPositionSchema);

export function openPositions(c: KeyCaller, market?: string): Promise<OpenPosition[]> {
  return c.post(REST.openPositions.path, defined({ market }), openPositionsSchema, READ);
}

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
const positionsHistorySchema = z.array(positionHistorySchema);

/** Position history; rule: startDate <= endDate <= now + 1 s. */
export function positionsHistory(
  c: KeyCaller,
  filter: { market?: string; positionId?: number; startDate?: number; endDate?: number } = {},
): Promise<PositionHistoryRecord[]> {
  return c.post(REST.positionsHistory.path, defined({ ...filter }), positionsHistorySchema, READ);
}

export const borrowSchema = z.looseObject({
  asset: z.string(),
  amount: decimal,
  principal: decimal,
  interest: decimal,
  status: z.enum(['active', 'repaid', 'liquidated']),
  timestamp: z.number().int(),
});
export type BorrowRecord = z.output<typeof borrowSchema>;

export interface BorrowFilter {
  asset?: string;
  startTime?: number;
  endTime?: number;
  /** 1..100, default 100. */
  limit?: number;
  /** 0..10000. */
  offset?: number;
}

const borrowHistoryAnswer = z.looseObject({
  records: z.array(borrowSchema),
  limit: z.number(),
  offset: z.number(),
});

/** One record per borrow position, newest first. */
export function borrowHistory(
  c: KeyCaller,
  filter: BorrowFilter = {},
): Promise<{ records: BorrowRecord[]; limit: number; offset: number }> {
  return c.post(REST.borrowHistory.path, defined({ ...filter }), borrowHistoryAnswer, READ);
}
