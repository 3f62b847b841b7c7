/**
 * The pre-trade rules of a change to an open order (the Modify form): first the new values on their own
 * (format, decimals, step, minimum), answerable before anything is signed; then the order as it would
 * stand after the change, through the same rules as a new order.
 */
import { parsePlain, parseStep } from './decimal.ts';
import { checkGrid, checkMinimum, readPositive } from './numbers.ts';
import { checkTpSlLegs, directionOf } from './tpsl.ts';
import { takesActivation, takesLimitPrice } from './types.ts';
import type { MarketRules, OrderDraft, PositionContext, ReferencePrice, RuleIssue } from './types.ts';

/** New values of an open order, as typed; absent = unchanged. */
export interface OrderChange {
  readonly price?: string | undefined;
  readonly amount?: string | undefined;
  readonly activationPrice?: string | undefined;
}

/** What the rules need of the open order being changed. */
export interface OpenOrder {
  readonly market: string;
  readonly side: string;
  readonly type: string;
  readonly left: string;
  readonly price?: string | undefined;
  readonly activation_price?: string | undefined;
  /** A collateral (margin or futures) order names its position side. */
  readonly positionSide?: string | undefined;
  readonly reduceOnly?: boolean | undefined;
}

/** The draft kind of an open order of each type, spot and collateral. */
const KINDS: Readonly<Record<string, readonly [OrderDraft['kind'], OrderDraft['kind']]>> = {
  limit: ['limit', 'collateral_limit'],
  'stop limit': ['stop_limit', 'collateral_stop_limit'],
  'stop market': ['stop_market', 'collateral_trigger_market'],
};

/** Format, decimals, step and minimum of each new value; needs only the market's rules. */
export function checkChange(change: OrderChange, market: MarketRules): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const priceGrid = { places: market.moneyPrec, step: parseStep(market.tickSize) };
  const amountGrid = { places: market.stockPrec, step: parseStep(market.stepSize) };
  const fields = [
    ['price', change.price, priceGrid],
    ['activation_price', change.activationPrice, priceGrid],
    ['amount', change.amount, amountGrid],
  ] as const;
  for (const [field, text, grid] of fields) {
    if (text === undefined) continue;
    const value = readPositive(field, text, issues);
    if (!value) continue;
    checkGrid(field, value, grid, issues);
    if (field === 'amount')
      checkMinimum(field, value, parsePlain(market.minAmount.trim()) ?? value, amountGrid, issues);
  }
  return issues;
}

/**
 * The order as it would stand after the change, as a draft of its kind for the order rules and the
 * guards, exactly as a new order of its new size and price: a spot limit, stop-limit or stop-market
 * order, a collateral limit, stop-limit or trigger-market order (`collateral`: a margin or futures
 * order, its position side and reduce-only kept). Without a change, the order as it stands. Undefined
 * for a type nothing can change (a market order).
 */
export function changedDraft(
  order: OpenOrder,
  change: OrderChange,
  collateral = order.positionSide !== undefined,
): OrderDraft | undefined {
  const kinds = KINDS[order.type];
  if (!kinds) return undefined;
  const kind = kinds[collateral ? 1 : 0];
  const price = change.price ?? order.price;
  const activation = change.activationPrice ?? order.activation_price;
  return {
    kind,
    market: order.market,
    side: order.side,
    amount: change.amount ?? order.left,
    ...(takesLimitPrice(kind) && price ? { price } : {}),
    ...(takesActivation(kind) ? { activation_price: activation ?? '' } : {}),
    ...(collateral && order.positionSide ? { positionSide: order.positionSide } : {}),
    ...(collateral && order.reduceOnly === true ? { reduceOnly: true } : {}),
  };
}

export type ModifyField = 'price' | 'amount' | 'activationPrice';

/** What the rules need to tell a position's take-profit / stop-loss leg from an order of its own. */
export interface LegInfo {
  /** The leg kind when the order is a TP/SL leg of an open position. */
  readonly leg?: 'takeProfit' | 'stopLoss' | undefined;
}

/**
 * The values of an open order that may change: a limit order its price and amount, a stop-limit order
 * those and its activation price, a stop-market order its activation price; a take-profit / stop-loss
 * leg of a position only its trigger (the activation price, or the price of a limit leg). Market
 * orders and anything else: nothing.
 */
export function modifiableFields(order: Pick<OpenOrder, 'type'> & LegInfo): ModifyField[] {
  if (order.leg)
    return order.type === 'limit' ? ['price'] : order.type.startsWith('stop') ? ['activationPrice'] : [];
  switch (order.type) {
    case 'limit':
      return ['price', 'amount'];
    case 'stop limit':
      return ['price', 'amount', 'activationPrice'];
    case 'stop market':
      return ['activationPrice'];
    default:
      return [];
  }
}

const FIELD_WORDS: Record<ModifyField, string> = {
  price: 'price',
  amount: 'amount',
  activationPrice: 'activation price',
};
const ISSUE_FIELD: Record<ModifyField, string> = {
  price: 'price',
  amount: 'amount',
  activationPrice: 'activation_price',
};

/** A change to a value the order's type does not let change, named per field. */
export function checkChangeAllowed(
  order: Pick<OpenOrder, 'type'> & LegInfo,
  change: OrderChange,
): RuleIssue[] {
  const allowed = modifiableFields(order);
  const what = order.leg
    ? order.leg === 'takeProfit'
      ? 'a take-profit leg'
      : 'a stop-loss leg'
    : `a ${order.type} order`;
  const issues: RuleIssue[] = [];
  for (const field of ['price', 'amount', 'activationPrice'] as const) {
    if (change[field] === undefined || allowed.includes(field)) continue;
    issues.push({
      field: ISSUE_FIELD[field],
      message:
        allowed.length === 0
          ? `The ${FIELD_WORDS[field]} of ${what} cannot be changed.`
          : `The ${FIELD_WORDS[field]} of ${what} cannot be changed; only its ${allowed.map((f) => FIELD_WORDS[f]).join(' and ')}.`,
    });
  }
  return issues;
}

/**
 * A new trigger of a take-profit / stop-loss leg against its position: on its side of the market's
 * price now (mark, else last, else mid), exactly as when the leg was added.
 */
export function checkLegChange(
  leg: 'takeProfit' | 'stopLoss',
  trigger: string,
  position: PositionContext,
  mark: ReferencePrice | undefined,
  field: 'activation_price' | 'price' = 'activation_price',
): RuleIssue[] {
  const direction = directionOf(position.amount);
  if (!direction) return [];
  const issues = checkTpSlLegs({
    direction,
    ...(leg === 'takeProfit' ? { takeProfit: trigger } : { stopLoss: trigger }),
    reference: mark,
  });
  return issues.map((i) => ({ ...i, field }));
}
