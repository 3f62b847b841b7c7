/**
 * The pre-trade rules of a change to an open order (the Modify form): first the new values on their own
 * (format, decimals, step, minimum), answerable before anything is signed; then the order as it would
 * stand after the change, through the same rules as a new order.
 */
import { parsePlain, parseStep } from './decimal.ts';
import { checkGrid, checkMinimum, readPositive } from './numbers.ts';
import type { MarketRules, OrderDraft, RuleIssue } from './types.ts';

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
}

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
 * The order as it would stand after the change, as a draft for the order rules; undefined for a kind
 * of order the exchange does not modify (only limit and stop-limit orders).
 */
export function changedDraft(order: OpenOrder, change: OrderChange): OrderDraft | undefined {
  const kind = order.type === 'limit' ? 'limit' : order.type === 'stop limit' ? 'stop_limit' : undefined;
  if (!kind) return undefined;
  return {
    kind,
    market: order.market,
    side: order.side,
    amount: change.amount ?? order.left,
    ...((change.price ?? order.price) ? { price: change.price ?? order.price } : {}),
    ...(kind === 'stop_limit'
      ? { activation_price: change.activationPrice ?? order.activation_price ?? '' }
      : {}),
  };
}
