/**
 * Pre-trade guards: the questions an order must answer before it is sent (a price far from the
 * market, an order value above the ceiling the user set) and the refusal of an amount above the
 * available balance, with the largest amount that fits. One rule set for the ticket, the Modify form,
 * desk orders and hotkeys; decimal-exact.
 */
import { Dec, floorTo, parsePlain, parseStep } from './decimal.ts';
import { gridSpacing, type Grid } from './numbers.ts';
import type { MarketRules, OrderDraft, RuleIssue } from './types.ts';

export const GUARD_IDS = ['price_band', 'notional'] as const;
/** `price_band`: a price further from the market than the band; `notional`: a value above the ceiling. */
export type GuardId = (typeof GUARD_IDS)[number];

/** The thresholds, as typed: '' turns that guard off. */
export interface GuardSettings {
  /** Largest distance from the market price, in percent, sent without a question. */
  readonly bandPct: string;
  /** Per-market band overrides (market name -> percent; '' turns the band off for that market). */
  readonly markets: Readonly<Record<string, string>>;
  /** Largest order value in the quote asset sent without a question. */
  readonly notionalCeiling: string;
}

export const DEFAULT_GUARDS: GuardSettings = { bandPct: '5', markets: {}, notionalCeiling: '' };

/** One question the order must have acknowledged before it is sent. */
export interface GuardQuestion {
  readonly guard: GuardId;
  readonly field: string;
  readonly message: string;
}

/** The price the band is measured from, and what it is called on screen. */
export interface Reference {
  readonly price: string;
  readonly label: string;
}

/** The words for a threshold that cannot be used, or undefined when it can ('' is allowed: off). */
export function thresholdProblem(kind: 'band' | 'notional', value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  const parsed = parsePlain(v);
  if (!parsed) return 'Type a positive number, like 1000 or 2.5, or leave it empty to turn this off.';
  if (parsed.lte(0)) return 'Zero would ask every time: type a number above zero, or leave it empty.';
  if (parsed.dp() > 8) return 'Use at most 8 decimals.';
  if (kind === 'band' && parsed.gt(1000))
    return 'A band wider than 1000 % asks nothing useful: type 1000 or less.';
  return undefined;
}

/** The band in force for a market, in percent, or undefined when it is off. */
export function bandFor(settings: GuardSettings, market: string | undefined): Dec | undefined {
  const own = market === undefined ? undefined : settings.markets[market];
  const text = (own ?? settings.bandPct).trim();
  return text === '' ? undefined : parsePlain(text);
}

/** "64250.5" -> "64,250.5". */
export function grouped(value: Dec | string): string {
  const text = typeof value === 'string' ? value : value.toFixed();
  const [int = '', frac] = text.split('.');
  const withCommas = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? withCommas : `${withCommas}.${frac}`;
}

function assets(market: string | undefined): { base: string; quote: string } {
  const [base = market ?? '', quote = ''] = (market ?? '').split('_');
  return { base, quote: quote === 'PERP' ? 'USDT' : quote };
}

const quoteSized = (d: OrderDraft): boolean =>
  (d.kind === 'market' || d.kind === 'stop_market') && d.side === 'buy';

/** The distance in percent, rounded away from zero so a tripped band never reads as within it. */
function distance(price: Dec, reference: Dec): Dec {
  const pct = price.sub(reference).abs().mul(100).div(reference);
  const places = pct.gte(100) ? 0 : pct.gte(10) ? 1 : 2;
  return pct.toDecimalPlaces(places, Dec.ROUND_UP);
}

/** What the order does, in words: "Buy 0.01 BTC at 700,000". */
function describe(d: OrderDraft, field: 'price' | 'activation_price' | 'amount'): string {
  const { base, quote } = assets(d.market);
  const verb = d.side === 'sell' ? 'Sell' : 'Buy';
  const what = quoteSized(d)
    ? `${verb} ${base} for ${grouped(d.amount)} ${quote}`
    : `${verb} ${d.amount} ${base}`;
  if (field === 'activation_price' && d.activation_price)
    return `${what} when the price reaches ${grouped(d.activation_price)}`;
  if (d.price) return `${what} at ${grouped(d.price)}`;
  return what;
}

/** The order's value in the quote asset, when it can be known. */
export function notionalOf(d: OrderDraft, reference: string | undefined): Dec | undefined {
  const amount = parsePlain(d.amount);
  if (!amount) return undefined;
  if (quoteSized(d)) return amount;
  const price = [d.price, d.activation_price, reference]
    .map((p) => (p ? parsePlain(p) : undefined))
    .find(Boolean);
  return price ? amount.mul(price) : undefined;
}

/**
 * The questions this order must have acknowledged: each price (limit and activation) further from the
 * reference than the market's band, and an order value above the ceiling. Empty when it may go at once.
 * Unreadable values ask nothing here: the pre-trade rules refuse them.
 */
export function guardQuestions(
  draft: OrderDraft,
  settings: GuardSettings,
  reference: Reference | undefined,
  only?: { readonly price?: boolean; readonly activation?: boolean; readonly notional?: boolean },
): GuardQuestion[] {
  const questions: GuardQuestion[] = [];
  const band = bandFor(settings, draft.market);
  const ref = reference ? parsePlain(reference.price) : undefined;
  if (band && ref && ref.gt(0)) {
    const fields = [
      ['price', draft.price, only?.price ?? true],
      ['activation_price', draft.activation_price, only?.activation ?? true],
    ] as const;
    for (const [field, text, wanted] of fields) {
      const price = text ? parsePlain(text) : undefined;
      if (!wanted || !price || price.lte(0)) continue;
      if (price.sub(ref).abs().mul(100).lte(band.mul(ref))) continue;
      const where = price.gt(ref) ? 'above' : 'below';
      questions.push({
        guard: 'price_band',
        field,
        message: `${describe(draft, field)} — ${grouped(distance(price, ref))}% ${where} the ${reference?.label ?? 'market price'} ${grouped(ref)} (your band is ${band.toFixed()}%). Send anyway?`,
      });
    }
  }
  const ceiling = settings.notionalCeiling.trim() ? parsePlain(settings.notionalCeiling.trim()) : undefined;
  const value = notionalOf(draft, reference?.price);
  if ((only?.notional ?? true) && ceiling && value && value.gt(ceiling)) {
    const { quote } = assets(draft.market);
    questions.push({
      guard: 'notional',
      field: 'amount',
      message: `${describe(draft, 'price')} — worth ${grouped(value.toDecimalPlaces(8, Dec.ROUND_UP))} ${quote}, above your order value ceiling of ${grouped(ceiling)} ${quote}. Send anyway?`,
    });
  }
  return questions;
}

/** The guards asked and not acknowledged. */
export function unacknowledged(
  questions: readonly GuardQuestion[],
  acknowledge: readonly string[],
): GuardQuestion[] {
  return questions.filter((q) => !acknowledge.includes(q.guard));
}

// ---- the balance -------------------------------------------------------------------------------

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
  return draft.kind === 'collateral_market' || draft.side === 'buy' ? quote : base;
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
  const price = [draft.price, reference].map((p) => (p ? parsePlain(p) : undefined)).find((p) => p?.gt(0));
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
  const withPrice = draft.kind === 'limit' || draft.kind === 'stop_limit';
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
  else if (draft.kind === 'collateral_market') {
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
  if (draft.kind === 'collateral_market') {
    if (!s.price) return undefined;
    const covered = funds.covered ? (parsePlain(funds.covered) ?? new Dec(0)) : new Dec(0);
    return Dec.max(0, amount.sub(covered))
      .mul(s.price)
      .div(funds.leverage ?? 1);
  }
  if (draft.side === 'buy') return s.price ? amount.mul(s.price) : undefined;
  return amount;
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
  if (draft.kind === 'collateral_market' && draft.reduceOnly === true) return undefined;
  const s = sizing(draft, market, reference);
  const needs = spending(draft, s, funds);
  const available = parsePlain(funds.available) ?? new Dec(0);
  if (!needs || needs.lte(available)) return undefined;
  const best = largestAmount(draft, market, funds, reference);
  const has = `${grouped(available)} ${funds.asset} is available`;
  const needed = `${grouped(needs.toDecimalPlaces(8, Dec.ROUND_UP))} ${funds.asset}`;
  const why =
    draft.kind === 'collateral_market'
      ? `amount ${draft.amount} needs ${needed} of margin even at the highest leverage, but ${has}`
      : quoteSized(draft) || draft.side === 'sell'
        ? `amount ${draft.amount} is more than the available balance: ${has}`
        : `amount ${draft.amount} needs ${needed} (amount × price), but ${has}`;
  return best
    ? { field: 'amount', message: `${why}; the largest amount you can send is ${best}`, suggestions: [best] }
    : { field: 'amount', message: `${why}, less than the smallest order this market takes` };
}
