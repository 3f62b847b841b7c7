/**
 * The refusal of an amount above the available balance, with the largest amount that fits, and the
 * amounts of the ticket's share buttons. One rule set for the ticket, the Modify form, desk orders
 * and hotkeys; decimal-exact.
 */
import { Dec, floorTo, parsePlain, parseStep } from './decimal.ts';
import { grouped, marketAssets as assets } from './words.ts';
import { sizedInQuote as quoteSized } from './market-estimate.ts';
import { gridSpacing, type Grid } from './numbers.ts';
import { isCollateralKind, takesLimitPrice } from './types.ts';
import type { MarketRules, OrderDraft, RuleIssue } from './types.ts';

/**
 * What the account can spend on this order: `available` of `asset`. A collateral order is margined:
 * `leverage` scales what the balance carries, and `covered` is the amount an opposite position
 * closes without new margin.
 */
export interface Funds {
  readonly asset: string;
  readonly available: string;
  readonly leverage?: number;
  readonly covered?: string;
}

/** The asset an order spends: the quote for a spot buy and any collateral order, the base for a spot sell. */
export function spendsAsset(draft: OrderDraft): string {
  const { base, quote } = assets(draft.market);
  return isCollateralKind(draft.kind) || draft.side === 'buy' ? quote : base;
}

interface Sizing {
  /** The grid and limits of the amount field for this order. */
  grid: Grid;
  min: Dec;
  max: Dec | undefined;
  /** Amount -> what it spends of the funds' asset. */
  price: Dec | undefined;
}

function limit(text: string): Dec {
  return parsePlain(text.trim()) ?? new Dec(0);
}

function sizing(draft: OrderDraft, market: MarketRules, reference: string | undefined): Sizing {
  // an OCO holds the margin of its dearer leg; a trigger-market order is priced at its trigger
  const own = [draft.price, draft.kind === 'collateral_oco' ? draft.stop_limit_price : undefined]
    .map((p) => (p ? parsePlain(p) : undefined))
    .filter((p): p is Dec => p !== undefined && p.gt(0));
  const trigger = draft.kind === 'collateral_trigger_market' ? draft.activation_price : undefined;
  const price =
    own.length > 0
      ? Dec.max(...own)
      : [trigger, reference].map((p) => (p ? parsePlain(p) : undefined)).find((p) => p?.gt(0));
  if (quoteSized(draft)) {
    const maxTotal = limit(market.maxTotal);
    return {
      grid: { places: market.moneyPrec, step: undefined },
      min: limit(market.minTotal),
      max: maxTotal.isZero() ? undefined : maxTotal,
      price: undefined,
    };
  }
  const grid = { places: market.stockPrec, step: parseStep(market.stepSize) };
  const maxTotal = limit(market.maxTotal);
  const minTotal = limit(market.minTotal);
  const withPrice = takesLimitPrice(draft.kind);
  return {
    grid,
    min: withPrice && price ? Dec.max(limit(market.minAmount), minTotal.div(price)) : limit(market.minAmount),
    max: withPrice && price && !maxTotal.isZero() ? maxTotal.div(price) : undefined,
    price,
  };
}

/** The largest amount on the grid the funds pay for (and the market allows), or undefined if none. */
export function largestAmount(
  draft: OrderDraft,
  market: MarketRules,
  funds: Funds,
  reference?: string,
): string | undefined {
  const s = sizing(draft, market, reference);
  const available = parsePlain(funds.available) ?? new Dec(0);
  let cap: Dec;
  if (quoteSized(draft)) cap = available;
  else if (isCollateralKind(draft.kind)) {
    if (!s.price) return undefined;
    const covered = funds.covered ? (parsePlain(funds.covered) ?? new Dec(0)) : new Dec(0);
    cap = available
      .mul(funds.leverage ?? 1)
      .div(s.price)
      .add(covered);
  } else if (draft.side === 'buy') {
    if (!s.price) return undefined;
    cap = available.div(s.price);
  } else cap = available;
  if (s.max && s.max.lt(cap)) cap = s.max;
  const best = floorTo(cap, gridSpacing(s.grid));
  return best.gt(0) && best.gte(s.min) ? best.toFixed() : undefined;
}

/**
 * The amount on the grid that spends `percent` of the funds (25, 50, 75 or 100 buttons), within what
 * the market allows; undefined when that share buys less than the smallest order.
 */
export function shareAmount(
  draft: OrderDraft,
  market: MarketRules,
  funds: Funds,
  percent: number,
  reference?: string,
): string | undefined {
  const available = parsePlain(funds.available) ?? new Dec(0);
  const share = available.mul(Math.min(100, Math.max(0, Math.trunc(percent)))).div(100);
  return largestAmount(draft, market, { ...funds, available: share.toFixed() }, reference);
}

/** How much of the funds' asset the order spends, when it can be known. */
function spending(draft: OrderDraft, s: Sizing, funds: Funds): Dec | undefined {
  const amount = parsePlain(draft.amount);
  if (!amount) return undefined;
  if (quoteSized(draft)) return amount;
  if (isCollateralKind(draft.kind)) {
    if (!s.price) return undefined;
    const covered = funds.covered ? (parsePlain(funds.covered) ?? new Dec(0)) : new Dec(0);
    return Dec.max(0, amount.sub(covered))
      .mul(s.price)
      .div(funds.leverage ?? 1);
  }
  if (draft.side === 'buy') return s.price ? amount.mul(s.price) : undefined;
  return amount;
}

/** What the order spends of the funds' asset (a collateral order: its margin), when it can be known. */
export function orderSpend(
  draft: OrderDraft,
  market: MarketRules,
  funds: Funds,
  reference?: string,
): Dec | undefined {
  if (isCollateralKind(draft.kind) && draft.reduceOnly === true) return new Dec(0);
  return spending(draft, sizing(draft, market, reference), funds);
}

/**
 * The refusal of an amount the available balance does not cover, naming the amount field and offering
 * the largest valid amount; undefined when the balance covers it (or it spends nothing known).
 */
export function balanceIssue(
  draft: OrderDraft,
  market: MarketRules,
  funds: Funds,
  reference?: string,
): RuleIssue | undefined {
  if (isCollateralKind(draft.kind) && draft.reduceOnly === true) return undefined;
  const s = sizing(draft, market, reference);
  const needs = spending(draft, s, funds);
  const available = parsePlain(funds.available) ?? new Dec(0);
  if (!needs || needs.lte(available)) return undefined;
  const best = largestAmount(draft, market, funds, reference);
  const has = `${grouped(available)} ${funds.asset} is available`;
  const needed = `${grouped(needs.toDecimalPlaces(8, Dec.ROUND_UP))} ${funds.asset}`;
  const why = isCollateralKind(draft.kind)
    ? `amount ${draft.amount} needs ${needed} of margin at ${String(funds.leverage ?? 1)}× leverage, but ${has}`
    : quoteSized(draft) || draft.side === 'sell'
      ? `amount ${draft.amount} is more than the available balance: ${has}`
      : `amount ${draft.amount} needs ${needed} (amount × price), but ${has}`;
  return best
    ? { field: 'amount', message: `${why}; the largest amount you can send is ${best}`, suggestions: [best] }
    : { field: 'amount', message: `${why}, less than the smallest order this market takes` };
}
