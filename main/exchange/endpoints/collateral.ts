/**
 * Collateral (margin and futures) trading: orders, leverage, hedge mode, positions, borrows (the
 * schemas: `schemas/collateral.ts`).
 */
import type { z } from 'zod';
import { REST } from '../registry/index.ts';
import type * as S from '../schemas/collateral.ts';
import type {
  BorrowRecord,
  CollateralAssetSummary,
  CollateralSummary,
  ConditionalOrder,
  Leverage,
  OcoAnswer,
  OcoPair,
  OpenPosition,
  PositionHistoryRecord,
} from '../schemas/collateral.ts';
import type { Order } from '../schemas/trading.ts';
import type { AdlRankView } from '../records.ts';
import { defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export { LEVERAGES } from '../schemas/collateral.ts';
export type {
  BorrowRecord,
  CollateralAssetSummary,
  CollateralSummary,
  ConditionalOrder,
  Leverage,
  OcoAnswer,
  OcoPair,
  OpenPosition,
  PositionHistoryRecord,
  PositionSide,
} from '../schemas/collateral.ts';

export type CollateralMarketOrderInput = z.input<typeof S.collateralMarketOrderRequest>;
export type CollateralLimitOrderInput = z.input<typeof S.collateralLimitOrderRequest>;
export type CollateralStopLimitOrderInput = z.input<typeof S.collateralStopLimitOrderRequest>;
export type CollateralTriggerMarketOrderInput = z.input<typeof S.collateralTriggerMarketOrderRequest>;
export type CollateralOcoOrderInput = z.input<typeof S.collateralOcoOrderRequest>;

export function collateralMarketOrder(c: KeyCaller, input: CollateralMarketOrderInput): Promise<Order> {
  return c.call(REST.collateralMarketOrder, defined({ ...input }), WRITE);
}

/** A collateral limit order (margin and futures markets): rests in the book at `price`. */
export function collateralLimitOrder(c: KeyCaller, input: CollateralLimitOrderInput): Promise<Order> {
  return c.call(REST.collateralLimitOrder, defined({ ...input }), WRITE);
}

/** A collateral stop-limit order: a limit order placed at `price` once `activation_price` is reached. */
export function collateralStopLimitOrder(c: KeyCaller, input: CollateralStopLimitOrderInput): Promise<Order> {
  return c.call(REST.collateralStopLimitOrder, defined({ ...input }), WRITE);
}

/** A collateral stop market order: executes at market once `activation_price` is reached. */
export function collateralTriggerMarketOrder(
  c: KeyCaller,
  input: CollateralTriggerMarketOrderInput,
): Promise<Order> {
  return c.call(REST.collateralTriggerMarketOrder, defined({ ...input }), WRITE);
}

/** A collateral OCO: a limit leg and a stop-limit leg of one amount; either executing cancels the other. */
export function collateralOcoOrder(c: KeyCaller, input: CollateralOcoOrderInput): Promise<OcoAnswer> {
  return c.call(REST.collateralOcoOrder, defined({ ...input }), WRITE);
}

const CONDITIONAL_PAGE = 100;

/**
 * The account's open conditional orders on one market, every page: how the exchange tells which open
 * orders belong together (the two legs of an OCO), which the open-order list itself does not say.
 */
export async function conditionalOrders(c: KeyCaller, market: string): Promise<ConditionalOrder[]> {
  const out: ConditionalOrder[] = [];
  for (let offset = 0; offset <= 10_000; offset += CONDITIONAL_PAGE) {
    const page = await c.call(REST.conditionalOrders, { market, limit: CONDITIONAL_PAGE, offset }, READ);
    out.push(...page.records);
    if (page.records.length < CONDITIONAL_PAGE) break;
  }
  return out;
}

const OCO_PAGE = 100;

/** The account's open OCO pairs (of one market, or every market), newest first, every page. */
export async function ocoOrders(c: KeyCaller, market?: string): Promise<OcoPair[]> {
  const out: OcoPair[] = [];
  for (let offset = 0; offset <= 10_000; offset += OCO_PAGE) {
    const page = await c.call(REST.ocoOrders, defined({ market, limit: OCO_PAGE, offset }), READ);
    out.push(...page);
    if (page.length < OCO_PAGE) break;
  }
  return out;
}

/** Cancels an open OCO pair by its id: answers both legs, cancelled. */
export function cancelOco(c: KeyCaller, market: string, id: number): Promise<OcoPair> {
  return c.call(REST.ocoCancel, { market, orderId: id }, WRITE);
}

/** Cancels an order waiting to place its OTO legs, by its OTO id: it and its legs go. */
export async function cancelOto(c: KeyCaller, market: string, otoId: number): Promise<void> {
  await c.call(REST.otoCancel, { market, otoId }, WRITE);
}

/** Sets the account leverage for every open position; answers the level now in force. */
export async function setLeverage(c: KeyCaller, leverage: Leverage): Promise<number> {
  return (await c.call(REST.leverage, { leverage }, WRITE)).leverage;
}

export async function hedgeMode(c: KeyCaller): Promise<boolean> {
  return (await c.call(REST.hedgeMode, {}, READ)).hedgeMode;
}

/** Switches hedge mode; the exchange refuses while the account has open positions or orders. */
export async function setHedgeMode(c: KeyCaller, enabled: boolean): Promise<void> {
  await c.call(REST.hedgeModeUpdate, { hedgeMode: enabled }, WRITE);
}

/**
 * The ADL rank of each side the account holds in a perpetual market now: one record per side with
 * exposure, as the `ADLQuantile` channel pushes them.
 */
export async function adlQuantile(c: KeyCaller): Promise<AdlRankView[]> {
  const rows = await c.call(REST.adlQuantile, {}, READ);
  return rows.flatMap((r) => [
    ...(r.long === null ? [] : [{ market: r.market, positionSide: 'LONG' as const, quantile: r.long }]),
    ...(r.short === null ? [] : [{ market: r.market, positionSide: 'SHORT' as const, quantile: r.short }]),
  ]);
}

export function collateralSummary(c: KeyCaller): Promise<CollateralSummary> {
  return c.call(REST.collateralSummary, {}, READ);
}

export function collateralBalance(c: KeyCaller, ticker?: string): Promise<Record<string, string>> {
  return c.call(REST.collateralBalance, defined({ ticker }), READ);
}

export function openPositions(c: KeyCaller, market?: string): Promise<OpenPosition[]> {
  return c.call(REST.openPositions, defined({ market }), READ);
}

/** Position history; rule: startDate <= endDate <= now + 1 s. */
export function positionsHistory(
  c: KeyCaller,
  filter: z.input<typeof S.positionsHistoryRequest> = {},
): Promise<PositionHistoryRecord[]> {
  return c.call(REST.positionsHistory, defined({ ...filter }), READ);
}

export type BorrowFilter = z.input<typeof S.borrowHistoryRequest>;

/** One record per borrow position, newest first. */
export function borrowHistory(
  c: KeyCaller,
  filter: BorrowFilter = {},
): Promise<{ records: BorrowRecord[]; limit: number; offset: number }> {
  return c.call(REST.borrowHistory, defined({ ...filter }), READ);
}

/** Collateral limit orders in one request: each answered on its own, the order or its refusal. */
export function collateralBulkLimitOrders(
  c: KeyCaller,
  orders: CollateralLimitOrderInput[],
  stopOnFail = false,
): Promise<Array<{ result: Order | null; error: unknown }>> {
  return c.call(REST.collateralBulk, { orders: orders.map((o) => defined({ ...o })), stopOnFail }, WRITE);
}

/** Closes the whole position at market; its take-profit and stop-loss end with it. */
export async function closePosition(
  c: KeyCaller,
  input: z.input<typeof S.positionCloseRequest>,
): Promise<void> {
  await c.call(REST.positionClose, defined({ ...input }), WRITE);
}

/** The collateral account per asset (one asset with `ticker`): balance, borrows, what is free. */
export function balanceSummary(c: KeyCaller, ticker?: string): Promise<CollateralAssetSummary[]> {
  return c.call(REST.balanceSummary, defined({ ticker }), READ);
}
