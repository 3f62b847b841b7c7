/**
 * A change of a resting order is an order: whatever its kind (spot limit, stop-limit or stop-market;
 * collateral limit, stop-limit or trigger-market; an OCO's leg; a position's take-profit / stop-loss
 * leg) and whichever route it takes (REST `order/modify` for spot limit and stop-limit orders, the
 * WebSocket's `order_modify` for the rest), the order as it would stand is checked by the same rules
 * as a new order of its new size and price: the new values alone first (nothing is signed for a
 * value that cannot be sent), then the order rules, the balance or margin it may use (what is free
 * plus what the order itself holds), a leg's close-only rule, its side of the market and its
 * position's liquidation price; then the guards (price band, value ceilings, the velocity budget for
 * the value it adds) through main's one question.
 */
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import type { Order } from '../../exchange/endpoints/trading.ts';
import { NetworkError, TimeoutError } from '../../exchange/errors.ts';
import { modifyOrderWs } from '../../exchange/ws/index.ts';
import type { OrderView } from '../../views/orders.ts';
import type { PositionView } from '../../views/positions.ts';
import { orderSpend } from '../../rules/balance.ts';
import { Dec } from '../../rules/decimal.ts';
import { balanceIssue } from '../../rules/guards.ts';
import { checkOrder, checkReduceOnly, type RuleIssue } from '../../rules/index.ts';
import { checkLegLiquidation } from '../../rules/liquidation.ts';
import { stopLossMove } from '../../rules/stop-loss-move.ts';
import { directionOf } from '../../rules/tpsl.ts';
import { estimateOrder } from '../../rules/market-estimate.ts';
import { takesLimitPrice, type ReferencePrice } from '../../rules/types.ts';
import {
  changedDraft,
  checkChange,
  checkChangeAllowed,
  checkLegChange,
  type OrderChange,
} from '../../rules/modify.ts';
import type { Platform } from '../../platform.ts';
import { requireConfirmation } from '../confirm.ts';
import { guardConfirmation } from './guard-ask.ts';
import { stopLossMoveQuestion, type LegAt } from './leg-questions.ts';
import type { LiveService } from '../live/service.ts';
import type { MarketCatalog } from '../market-catalog.ts';
import { RuleViolation } from './order-errors.ts';
import { openOrder } from './order-requests.ts';
import { openPositions } from './positions.ts';
import { referencePrice } from './tpsl-context.ts';
import type { TradingService } from './trading.ts';

export type OrderChangeInput = OrderChange & { market: string; orderId: number };

/** A position's take-profit / stop-loss leg: a reduce-only collateral order. */
export function isLeg(order: {
  readonly reduceOnly?: boolean | undefined;
  readonly positionSide?: string | undefined;
}): boolean {
  return order.reduceOnly === true && order.positionSide !== undefined;
}

/** The open position a collateral order belongs to (its side in hedge mode), if any. */
export function positionOf(
  positions: readonly PositionView[],
  order: { readonly positionSide?: string | undefined; readonly orderId: number },
): PositionView | undefined {
  const open = positions.filter((p) => !new Dec(p.amount).isZero());
  return (
    open.find((p) => p.tpsl?.some((l) => l.orderId === order.orderId)) ??
    open.find(
      (p) =>
        order.positionSide === undefined ||
        order.positionSide === 'BOTH' ||
        p.positionSide === undefined ||
        p.positionSide === order.positionSide,
    )
  );
}

/** Which leg of its position the order is: from the position's list, else from its type. */
export function legKindOf(
  order: Pick<Order, 'orderId' | 'type'>,
  position: PositionView | undefined,
): 'takeProfit' | 'stopLoss' {
  const listed = position?.tpsl?.find((l) => l.orderId === order.orderId)?.kind;
  // A lone take-profit is a limit order; a lone stop-loss a stop-market order.
  return listed ?? (order.type === 'limit' ? 'takeProfit' : 'stopLoss');
}

/** The take-profit / stop-loss legs of open positions among `orders`: which leg, of which position. */
export function legsAmong(
  orders: ReadonlyArray<
    Pick<Order, 'orderId' | 'type' | 'market' | 'reduceOnly'> & { positionSide?: string }
  >,
  positions: readonly PositionView[],
): Array<{ kind: 'takeProfit' | 'stopLoss'; market: string; direction: 'long' | 'short' }> {
  return orders.filter(isLeg).flatMap((order) => {
    const position = positionOf(
      positions.filter((p) => p.market === order.market),
      order,
    );
    if (!position) return [];
    const direction = directionOf(position.amount) ?? 'long';
    return [{ kind: legKindOf(order, position), market: order.market, direction }];
  });
}

const refuse = (issues: readonly RuleIssue[]): void => {
  if (issues.length > 0) throw new RuleViolation([...issues]);
};

/** The leg rules of a change: closing side, its side of the market now, and the liquidation price. */
async function legIssues(
  caller: KeyCaller,
  order: Order,
  change: OrderChange,
  leg: 'takeProfit' | 'stopLoss',
  position: PositionView | undefined,
): Promise<{ issues: RuleIssue[]; mark?: ReferencePrice | undefined }> {
  // a leg closes only: with no position, or on the position's own side, it is refused
  const closing = checkReduceOnly(
    { side: order.side, amount: '0' },
    position ? { amount: position.amount } : null,
  );
  const trigger = change.activationPrice ?? change.price;
  if (closing.length > 0 || trigger === undefined || !position) return { issues: closing };
  const field = change.activationPrice === undefined ? 'price' : 'activation_price';
  const mark = await referencePrice(caller.http, order.market).catch(() => undefined);
  const context = {
    amount: position.amount,
    ...(position.basePrice ? { entryPrice: position.basePrice } : {}),
  };
  const issues = [
    ...checkLegChange(leg, trigger, context, mark, field),
    ...checkLegLiquidation(leg, trigger, position, field),
  ];
  return { issues, mark };
}

/**
 * A stop-loss moved farther from the price (a long's lower, a short's higher) lets its position lose
 * more before it closes, wherever its liquidation price lies or whether the exchange gives one: it
 * goes only once the person confirmed main's question. Moved closer, it protects more: nothing asked.
 */
async function askStopLossMove(
  platform: Pick<Platform, 'confirm'>,
  at: LegAt,
  from: string,
  to: string,
  mark: ReferencePrice | undefined,
): Promise<void> {
  const direction = directionOf(at.position.amount);
  const move = direction ? stopLossMove(direction, from, to) : undefined;
  if (move === 'closer' || move === 'same') return;
  await requireConfirmation(platform, stopLossMoveQuestion(at, from, to, mark));
}

/**
 * Checks the change as a new order of its new size and price, asks main's question when a guard
 * trips, and sends it by the route the exchange takes for the order's kind. Answers the order under
 * its new id.
 */
export async function modifyOpenOrder(
  services: {
    trading: TradingService;
    catalog: MarketCatalog;
    live: LiveService;
    platform: Pick<Platform, 'confirm'>;
  },
  caller: KeyCaller,
  accountId: string,
  input: OrderChangeInput,
  label = 'this account',
): Promise<OrderView> {
  const { trading: service, catalog, live, platform } = services;
  const { market: name, orderId, ...change } = input;
  const market = await catalog.require(name);
  refuse(checkChange(change, market));
  const order = await openOrder(caller, name, orderId);
  const collateral = order.positionSide !== undefined || market.type === 'futures';
  const positions = collateral ? await openPositions(caller, name) : [];
  const position = collateral ? positionOf(positions, order) : undefined;
  const leg = isLeg(order) ? legKindOf(order, position) : undefined;
  refuse(checkChangeAllowed({ type: order.type, leg }, change));
  const draft = changedDraft(order, change, collateral);
  const before = changedDraft(order, {}, collateral);
  if (!draft || !before)
    throw new RuleViolation([{ field: 'orderId', message: 'This order cannot be changed.' }]);
  // the order rules of its kind, a reduce-only order against the position it closes
  const context = position ? { amount: position.amount } : null;
  const legged = leg ? await legIssues(caller, order, change, leg, position) : undefined;
  refuse([
    ...checkOrder(draft, market, leg || !draft.reduceOnly ? {} : { position: context }),
    ...(legged?.issues ?? []),
  ]);
  const trigger = change.activationPrice ?? change.price;
  if (leg === 'stopLoss' && position && trigger !== undefined) {
    const from = order.activation_price ?? order.price ?? '';
    await askStopLossMove(platform, { account: label, market: name, position }, from, trigger, legged?.mark);
  }
  // the balance or margin it may use: what is free, and what the order itself holds now
  if (draft.reduceOnly !== true) {
    const { funds, reference } = await service.spendable(caller, draft);
    const holds = orderSpend(before, market, funds, reference) ?? new Dec(0);
    const held = { ...funds, available: holds.add(funds.available).toFixed() };
    const short = balanceIssue(draft, market, held, reference);
    if (short) throw new RuleViolation([short]);
  }
  const reference = await service.reference(market);
  const estimate = estimateOrder(draft, undefined, reference?.price);
  const priced = change.price !== undefined;
  const { questions, facts } = await service.factsFor(
    draft,
    caller,
    { reference, estimate, replaces: before },
    // a leg is judged as one added to a position: its side and liquidation, no band
    leg
      ? { price: false, activation: false, notional: false }
      : {
          price: priced,
          activation: change.activationPrice !== undefined,
          notional:
            priced ||
            change.amount !== undefined ||
            (change.activationPrice !== undefined && !takesLimitPrice(draft.kind)),
        },
  );
  const uncount = await service.admit(caller, draft, facts, questions, {}, (asked) =>
    guardConfirmation(label, draft, estimate, asked, `Change order ${String(orderId)}`),
  );
  service.forgetFunds(caller);
  try {
    if (!collateral && (order.type === 'limit' || order.type === 'stop limit'))
      return await trading.modifyOrder(caller, { market: name, orderId, ...change });
    const client = await live.ready(accountId);
    return modifyOrderWs(client, { market: name, orderId, ...change });
  } catch (error) {
    // refused outright, the change never stood: it takes nothing of the budget
    if (!(error instanceof TimeoutError || error instanceof NetworkError)) uncount();
    throw error;
  }
}
