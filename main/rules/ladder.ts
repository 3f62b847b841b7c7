/**
 * A ladder: N limit orders of one side spread over a price range in even steps, a total amount split
 * evenly or leaning to one end. The split is exact (the amounts add up to the total, to the last step),
 * every price lies on the market's tick inside the range, and each order is then checked by the same
 * `checkOrder` as any single order.
 */
import { Dec, parseStep, show } from './decimal.ts';
import { fieldLabel } from './labels.ts';
import { checkGrid, gridSpacing, readPositive, type Grid } from './numbers.ts';
import { checkOrder } from './order.ts';
import type { MarketRules, OrderDraft, RuleIssue } from './types.ts';

/**
 * The most orders one ladder holds; the exchange takes up to `BULK_LIMIT` per bulk request (spot).
 * Collateral rungs go one request each (there is no collateral bulk endpoint), paced by `RUNG_SPACING_MS`.
 */
export const LADDER_MAX_ORDERS = 100;
/** The most orders one `order/bulk` request takes (the exchange refuses more). */
export const BULK_LIMIT = 20;

/** How the total is split: evenly, or more at the low prices, or more at the high prices. */
export const LADDER_SKEWS = ['even', 'more_low', 'more_high'] as const;
export type LadderSkew = (typeof LADDER_SKEWS)[number];

/** The ladder's own fields and the words a person reads for them. */
export const LADDER_LABELS = {
  lowPrice: fieldLabel('lowPrice'),
  highPrice: fieldLabel('highPrice'),
  orderCount: fieldLabel('orderCount'),
  totalAmount: fieldLabel('totalAmount'),
} as const;

export interface LadderInput {
  readonly market: string;
  readonly side: string;
  readonly lowPrice: string;
  readonly highPrice: string;
  /** Typed by a person: a whole number from 2 to LADDER_MAX_ORDERS. */
  readonly orderCount: string;
  /** Base currency, split over the orders. */
  readonly totalAmount: string;
  readonly skew: LadderSkew;
  readonly postOnly?: boolean;
  /** `collateral_limit` on a margin or futures market (each rung opens or grows a position); else spot. */
  readonly kind?: 'limit' | 'collateral_limit';
  /** Collateral rungs: the position side (required in hedge mode) and reduce-only. */
  readonly positionSide?: string;
  readonly reduceOnly?: boolean;
}

/** One order of a ladder: the draft the rules check, and what they say of it. */
export interface LadderOrder {
  readonly draft: OrderDraft & { price: string };
  readonly issues: RuleIssue[];
}

export interface LadderPlan {
  /** Empty when the ladder itself cannot be laid out (its fields are wrong: see `issues`). */
  readonly orders: LadderOrder[];
  /** What is wrong with the ladder's own fields (range, count, total). */
  readonly issues: RuleIssue[];
}

const units = (value: Dec, spacing: Dec): bigint => BigInt(value.div(spacing).toFixed(0));

/** Weight of order `i` of `n` (prices rising with `i`). */
function weight(skew: LadderSkew, i: number, n: number): bigint {
  if (skew === 'more_low') return BigInt(n - i);
  if (skew === 'more_high') return BigInt(i + 1);
  return 1n;
}

/**
 * `total` units split by weight: each order its floored share, the units left over (fewer than the
 * orders) one each to the heaviest orders first, so the parts add up to `total` exactly.
 */
export function splitUnits(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const heaviest = weights
    .map((w, i) => ({ w, i }))
    .sort((a, b) => (b.w > a.w ? 1 : b.w < a.w ? -1 : a.i - b.i));
  for (let k = 0; left > 0n; k = (k + 1) % heaviest.length, left--) {
    const at = (heaviest[k] as { i: number }).i;
    parts[at] = (parts[at] as bigint) + 1n;
  }
  return parts;
}

/** Reads the number of orders: a whole number from 2 to the ladder's maximum. */
function readCount(text: string, issues: RuleIssue[]): number | undefined {
  const label = LADDER_LABELS.orderCount;
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (trimmed === '') {
    issues.push({ field: 'orderCount', message: `${label} is required` });
    return undefined;
  }
  if (!/^\d{1,6}$/.test(trimmed)) {
    issues.push({
      field: 'orderCount',
      message: `${label} must be a whole number from 2 to ${String(LADDER_MAX_ORDERS)}`,
    });
    return undefined;
  }
  const n = Number(trimmed);
  if (n < 2) {
    issues.push({
      field: 'orderCount',
      message: `${label} must be at least 2 (one order is the single ticket)`,
    });
    return undefined;
  }
  if (n > LADDER_MAX_ORDERS) {
    issues.push({
      field: 'orderCount',
      message: `${label} must be at most ${String(LADDER_MAX_ORDERS)}`,
      suggestions: [String(LADDER_MAX_ORDERS)],
    });
    return undefined;
  }
  return n;
}

/** Reads a price or amount of the ladder with the order rules' readers (labels in `labels.ts`). */
function readField(
  field: keyof typeof LADDER_LABELS,
  text: string,
  grid: Grid,
  issues: RuleIssue[],
): Dec | undefined {
  const before = issues.length;
  if (typeof text !== 'string' || text.trim() === '') {
    issues.push({ field, message: `${LADDER_LABELS[field]} is required` });
    return undefined;
  }
  const value = readPositive(field, typeof text === 'string' ? text.trim() : '', issues);
  if (value) checkGrid(field, value, grid, issues);
  return issues.length === before ? value : undefined;
}

/**
 * Lays out the ladder and checks each of its orders with `checkOrder`. Nothing here reads the
 * account: the balance and the guards are the caller's (as for any order).
 */
export function planLadder(input: LadderInput, market: MarketRules): LadderPlan {
  const issues: RuleIssue[] = [];
  const priceGrid: Grid = { places: market.moneyPrec, step: parseStep(market.tickSize) };
  const amountGrid: Grid = { places: market.stockPrec, step: parseStep(market.stepSize) };
  const tick = gridSpacing(priceGrid);
  const step = gridSpacing(amountGrid);

  const low = readField('lowPrice', input.lowPrice, priceGrid, issues);
  const high = readField('highPrice', input.highPrice, priceGrid, issues);
  const n = readCount(input.orderCount, issues);
  const total = readField('totalAmount', input.totalAmount, amountGrid, issues);
  if (low && high && high.lte(low))
    issues.push({
      field: 'highPrice',
      message: `${LADDER_LABELS.highPrice} must be above the lowest price (${show(low)})`,
    });
  if (!low || !high || !n || !total || issues.length > 0) return { orders: [], issues };

  const ticks = units(high.sub(low), tick);
  if (BigInt(n - 1) > ticks) {
    const fits = String(ticks + 1n);
    issues.push({
      field: 'orderCount',
      message: `${LADDER_LABELS.orderCount} must be at most ${fits}: from ${show(low)} to ${show(high)} there are only ${fits} prices on this market's tick of ${show(tick)}`,
      suggestions: [fits],
    });
  }
  const totalUnits = units(total, step);
  if (totalUnits < BigInt(n))
    issues.push({
      field: 'totalAmount',
      message: `${LADDER_LABELS.totalAmount} must be at least ${show(step.mul(n))} to give each of the ${String(n)} orders one step of ${show(step)}`,
      suggestions: [show(step.mul(n))],
    });
  if (issues.length > 0) return { orders: [], issues };

  // one step to each order first, the rest by weight: no order is left with nothing
  const amounts = splitUnits(
    totalUnits - BigInt(n),
    Array.from({ length: n }, (_, i) => weight(input.skew, i, n)),
  ).map((part) => part + 1n);
  const gaps = BigInt(n - 1);
  const orders = amounts.map((part, i) => {
    // the i-th of n even steps, rounded half up to the tick: distinct, rising, first low, last high
    const index = (BigInt(i) * ticks * 2n + gaps) / (2n * gaps);
    const draft = {
      kind: input.kind ?? 'limit',
      market: input.market,
      side: input.side,
      price: show(low.add(tick.mul(index.toString()))),
      amount: show(step.mul(part.toString())),
      ...(input.postOnly ? { postOnly: true } : {}),
      ...(input.kind === 'collateral_limit' && input.positionSide
        ? { positionSide: input.positionSide }
        : {}),
      ...(input.kind === 'collateral_limit' && input.reduceOnly ? { reduceOnly: true } : {}),
    };
    return { draft, issues: checkOrder(draft, market) };
  });
  return { orders, issues };
}

/**
 * Collateral rungs are sent one after another at least this far apart: 40 a second at most, a small
 * share of `order/collateral/limit`'s 10000 requests per 10 s, leaving the rest to the app's other orders.
 */
export const RUNG_SPACING_MS = 25;

/** How many bulk requests carry `count` orders. */
export function bulkRequests(count: number): number {
  return Math.ceil(count / BULK_LIMIT);
}

/** What the orders spend together: the quote (Σ amount × price) for buys, the base (Σ amount) for sells. */
export function ladderSpend(side: string, orders: ReadonlyArray<{ price: string; amount: string }>): Dec {
  return orders.reduce(
    (sum, o) => sum.add(side === 'buy' ? new Dec(o.amount).mul(o.price) : new Dec(o.amount)),
    new Dec(0),
  );
}
