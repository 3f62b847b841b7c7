/**
 * Pre-trade guards: the questions main asks in its own dialog before an order goes (a price far from
 * the market, a market order whose worst fill is, an order larger than the book main read, a value
 * above the ceiling, an order that turns a position around). One rule set for the ticket, the Modify
 * form, the ladder, desk orders and hotkeys; decimal-exact. The balance rule lives in `balance.ts`.
 */
import { Dec, parsePlain } from './decimal.ts';
import { BOOK_LEVELS, sizedInQuote, takesBookNow, type OrderEstimate } from './market-estimate.ts';
import { isCollateralKind, type OrderDraft } from './types.ts';
import { limitsPassed, type VelocitySettings } from './velocity.ts';
import { grouped, marketAssets as assets } from './words.ts';

export { grouped } from './words.ts';
export { balanceIssue, largestAmount, shareAmount, spendsAsset, type Funds } from './balance.ts';

export const GUARD_IDS = ['price_band', 'notional', 'depth', 'reverse', 'velocity'] as const;
/**
 * `price_band`: a price (or a market order's worst fill) further from the market than the band;
 * `notional`: a value above the ceiling; `depth`: a market order larger than the book read;
 * `reverse`: an order that closes a position and opens one the other way; `velocity`: an order that
 * takes the account's orders of the last minute past its budget per minute.
 */
export type GuardId = (typeof GUARD_IDS)[number];

/** The thresholds, as typed: '' turns that guard off. */
export interface GuardSettings extends VelocitySettings {
  /** Largest distance from the market price, in percent, sent without a question. */
  readonly bandPct: string;
  /** Per-market band overrides (market name -> percent; '' turns the band off for that market). */
  readonly markets: Readonly<Record<string, string>>;
  /** Largest order value in USDT sent without a question. */
  readonly notionalCeiling: string;
  /** Largest order value as a share of the account's equity in USDT, in percent. */
  readonly equityPct: string;
}

export const DEFAULT_GUARDS: GuardSettings = {
  bandPct: '5',
  markets: {},
  notionalCeiling: '',
  equityPct: '25',
  velocityCeiling: '',
  velocityPct: '50',
};

/** One question main asks before the order is sent. */
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

/** What main read for an order's guards; a fact left out asks nothing of the guard that needs it. */
export interface GuardFacts {
  readonly reference?: Reference | undefined;
  /** The order's estimate (a market order: from the book read). */
  readonly estimate?: OrderEstimate | undefined;
  /** True when the book was read for a market order (an empty side then has no estimate). */
  readonly bookRead?: boolean;
  /** The account's equity in USDT; null when it could not be read; absent without an account. */
  readonly equity?: Dec | null | undefined;
  /** USDT per unit of the market's quote asset (USDT itself needs none); absent when unknown. */
  readonly quoteInUsdt?: Dec | undefined;
  /** The account's one-way position on the market (signed base amount); null when none. */
  readonly position?: string | null | undefined;
  /** USDT the account's orders added in the last minute; absent: the velocity budget is not read. */
  readonly recent?: Dec | undefined;
  /** A change's resting order as it stands: the change counts only the value it adds to it. */
  readonly replaces?: OrderDraft | undefined;
}

/** The words for a threshold that cannot be used, or undefined when it can ('' is allowed: off). */
export function thresholdProblem(kind: 'band' | 'notional' | 'equity', value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  const parsed = parsePlain(v);
  if (!parsed) return 'Type a positive number, like 1000 or 2.5, or leave it empty to turn this off.';
  if (parsed.lte(0)) return 'Zero would ask every time: type a number above zero, or leave it empty.';
  if (parsed.dp() > 8) return 'Use at most 8 decimals.';
  if (kind === 'band' && parsed.gt(1000))
    return 'A band wider than 1000 % asks nothing useful: type 1000 or less.';
  if (kind === 'equity' && parsed.gt(1000))
    return 'More than 1000 % of the equity asks nothing useful: type 1000 or less.';
  return undefined;
}

/** The band in force for a market, in percent, or undefined when it is off. */
export function bandFor(settings: GuardSettings, market: string | undefined): Dec | undefined {
  const own = market === undefined ? undefined : settings.markets[market];
  const text = (own ?? settings.bandPct).trim();
  return text === '' ? undefined : parsePlain(text);
}

/** The distance in percent, rounded away from zero so a tripped band never reads as within it. */
function distance(price: Dec, reference: Dec): Dec {
  const pct = price.sub(reference).abs().mul(100).div(reference);
  const places = pct.gte(100) ? 0 : pct.gte(10) ? 1 : 2;
  return pct.toDecimalPlaces(places, Dec.ROUND_UP);
}

/** A value in words: 2 decimals from 1 up, 8 below, rounded up so a ceiling is never shown as met. */
export function money(value: Dec): string {
  return grouped(value.toDecimalPlaces(value.abs().gte(1) ? 2 : 8, Dec.ROUND_UP));
}

/** What the order does, in words: "Buy 0.01 BTC at 700,000", "Sell 25 BTC at market". */
export function describeDraft(
  d: OrderDraft,
  field: 'price' | 'activation_price' | 'stop_limit_price' | 'amount' = 'price',
  estimate?: OrderEstimate,
): string {
  const { base, quote } = assets(d.market);
  const verb = d.side === 'sell' ? 'Sell' : 'Buy';
  const what = sizedInQuote(d)
    ? `${verb} ${estimate ? `about ${grouped(estimate.base)} ` : ''}${base} for ${grouped(d.amount)} ${quote}`
    : `${verb} ${d.amount} ${base}`;
  if (field === 'activation_price' && d.activation_price)
    return `${what} when the price reaches ${grouped(d.activation_price)}`;
  if (field === 'stop_limit_price' && d.stop_limit_price)
    return `${what} at ${grouped(d.stop_limit_price)} once the price reaches ${grouped(d.activation_price ?? '')}`;
  if (d.price) return `${what} at ${grouped(d.price)}`;
  if (takesBookNow(d.kind)) return `${what} at market`;
  return what;
}

/**
 * The order's value in the quote asset, when it can be known: what a market buy spends, what the
 * book read fills (its unread rest at the worst price read), else amount × its price.
 */
export function notionalOf(
  d: OrderDraft,
  reference: string | undefined,
  estimate?: OrderEstimate,
): Dec | undefined {
  const amount = parsePlain(d.amount);
  if (!amount) return undefined;
  if (sizedInQuote(d)) return amount;
  if (estimate?.source === 'book' && estimate.worst) {
    const rest = Dec.max(0, amount.sub(estimate.base));
    return new Dec(estimate.value).add(rest.mul(estimate.worst));
  }
  const price = [d.price, d.activation_price, reference]
    .map((p) => (p ? parsePlain(p) : undefined))
    .find(Boolean);
  return price ? amount.mul(price) : undefined;
}

function bandQuestions(draft: OrderDraft, band: Dec, reference: Reference, facts: GuardFacts, only: Only) {
  const questions: GuardQuestion[] = [];
  const ref = parsePlain(reference.price);
  if (!ref || ref.lte(0)) return questions;
  const beyond = (price: Dec) => price.sub(ref).abs().mul(100).gt(band.mul(ref));
  const where = (price: Dec) =>
    `${grouped(distance(price, ref))}% ${price.gt(ref) ? 'above' : 'below'} the ${reference.label} ${grouped(ref)} (your band is ${band.toFixed()}%)`;
  const fields = [
    ['price', draft.price, only.price ?? true],
    ['activation_price', draft.activation_price, only.activation ?? true],
    // an OCO's stop leg rests at its own price once triggered
    ['stop_limit_price', draft.stop_limit_price, only.price ?? true],
  ] as const;
  for (const [field, text, wanted] of fields) {
    const price = text ? parsePlain(text) : undefined;
    if (!wanted || !price || price.lte(0) || !beyond(price)) continue;
    questions.push({
      guard: 'price_band',
      field,
      message: `${describeDraft(draft, field)} — ${where(price)}.`,
    });
  }
  const worst = facts.estimate?.worst ? parsePlain(facts.estimate.worst) : undefined;
  if (takesBookNow(draft.kind) && worst && beyond(worst))
    questions.push({
      guard: 'price_band',
      field: 'amount',
      message: `${describeDraft(draft, 'amount', facts.estimate)} — its worst fill, ${grouped(worst)}, is ${where(worst)}.`,
    });
  return questions;
}

function depthQuestion(draft: OrderDraft, facts: GuardFacts): GuardQuestion | undefined {
  if (!takesBookNow(draft.kind) || !facts.bookRead || !parsePlain(draft.amount)?.gt(0)) return undefined;
  const e = facts.estimate;
  if (e?.complete) return undefined;
  const { base } = assets(draft.market);
  const what = describeDraft(draft, 'amount', e);
  const side = draft.side === 'buy' ? 'asks' : 'bids';
  return {
    guard: 'depth',
    field: 'amount',
    message: e
      ? `${what} — larger than the ${String(e.levelsRead ?? BOOK_LEVELS)} levels of the book read, which hold ${grouped(e.sideBase ?? e.base)} ${base}: the rest would fill at prices nobody can see now.`
      : `${what} — the book has no ${side} now: nothing shows what it would fill at.`,
  };
}

/**
 * The order's value in USDT as the ceilings read it: undefined when its value cannot be known, null
 * when it can but its quote asset has no USDT price now.
 */
export function usdtValueOf(
  draft: OrderDraft,
  facts: Pick<GuardFacts, 'reference' | 'estimate' | 'quoteInUsdt'>,
): { value: Dec; usdt: Dec | null } | undefined {
  const value = notionalOf(draft, facts.reference?.price, facts.estimate);
  if (!value) return undefined;
  const { quote } = assets(draft.market);
  const rate = quote === 'USDT' ? new Dec(1) : facts.quoteInUsdt;
  return { value, usdt: rate ? value.mul(rate) : null };
}

function valueQuestions(draft: OrderDraft, settings: GuardSettings, facts: GuardFacts): GuardQuestion[] {
  if (draft.reduceOnly === true) return [];
  const ceiling = settings.notionalCeiling.trim() ? parsePlain(settings.notionalCeiling.trim()) : undefined;
  const share = settings.equityPct.trim() ? parsePlain(settings.equityPct.trim()) : undefined;
  const shareWanted = share !== undefined && facts.equity !== undefined;
  if (!ceiling && !shareWanted) return [];
  const { quote } = assets(draft.market);
  const valued = usdtValueOf(draft, facts);
  if (!valued) return [];
  const what = describeDraft(draft, 'price', facts.estimate);
  const ask = (message: string): GuardQuestion[] => [{ guard: 'notional', field: 'amount', message }];
  if (!valued.usdt)
    return ask(
      `${what} — worth ${money(valued.value)} ${quote}, whose value in USDT could not be worked out, so the order value ceiling could not be checked.`,
    );
  const usdt = valued.usdt;
  const worth = `worth ${quote === 'USDT' ? '' : 'about '}${money(usdt)} USDT`;
  const limits: string[] = [];
  if (ceiling && usdt.gt(ceiling)) limits.push(`your order value ceiling of ${grouped(ceiling)} USDT`);
  if (shareWanted && facts.equity === null)
    return ask(
      `${what} — ${worth}; this account's equity could not be read, so the order could not be held to ${share.toFixed()}% of it.`,
    );
  if (shareWanted && facts.equity) {
    const most = facts.equity.mul(share).div(100);
    if (usdt.gt(most))
      limits.push(
        `${share.toFixed()}% of this account's equity (${money(Dec.max(most, 0))} of ${money(facts.equity)} USDT)`,
      );
  }
  return limits.length ? ask(`${what} — ${worth}, more than ${limits.join(' and more than ')}.`) : [];
}

/**
 * The USDT an order adds to what the account has resting: its whole value, or for a change the value
 * beyond the order it replaces (never below 0). Undefined when it cannot be known in USDT.
 */
export function addedUsdt(draft: OrderDraft, facts: GuardFacts): Dec | undefined {
  const now = usdtValueOf(draft, facts)?.usdt;
  if (!now || !facts.replaces) return now ?? undefined;
  const was = usdtValueOf(facts.replaces, { ...facts, estimate: undefined })?.usdt;
  return was ? Dec.max(0, now.sub(was)) : now;
}

/**
 * The velocity budget's question: the value the order adds, with what the account sent in the last
 * minute, past the budget per minute (or the equity it is a share of unread). Nothing for an order
 * that adds no value, closes only, or whose value in USDT is unknown (the value ceiling asks then).
 */
export function velocityQuestion(
  draft: OrderDraft,
  settings: GuardSettings,
  facts: GuardFacts,
): GuardQuestion | undefined {
  if (draft.reduceOnly === true || facts.recent === undefined) return undefined;
  const adds = addedUsdt(draft, facts);
  if (!adds) return undefined;
  const { passed, unread } = limitsPassed(adds, facts.recent, settings, facts.equity);
  if (passed.length === 0 && !unread) return undefined;
  const what = describeDraft(draft, 'price', facts.estimate);
  const adding = `${facts.replaces ? 'adds' : 'worth'} about ${money(adds)} USDT`;
  const sent = facts.recent.gt(0)
    ? `; with the ${money(facts.recent)} USDT this account sent in the last minute that is ${money(facts.recent.add(adds))} USDT`
    : '';
  const message =
    passed.length > 0
      ? `${what} — ${adding}${sent}, more than ${passed.map((l) => `${l.words} (${money(l.most)} USDT)`).join(' and more than ')}.`
      : `${what} — ${adding}${sent}; this account's equity could not be read, so its orders could not be held to ${unread ?? ''}.`;
  return { guard: 'velocity', field: 'amount', message };
}

function reverseQuestion(draft: OrderDraft, facts: GuardFacts): GuardQuestion | undefined {
  if (!isCollateralKind(draft.kind) || draft.reduceOnly === true) return undefined;
  if (draft.positionSide === 'LONG' || draft.positionSide === 'SHORT' || !facts.position) return undefined;
  const held = parsePlain(facts.position.replace(/^-/, ''));
  const amount = parsePlain(draft.amount);
  const long = !facts.position.startsWith('-');
  if (!held || !amount || held.isZero() || long === (draft.side === 'buy') || amount.lte(held))
    return undefined;
  const { base } = assets(draft.market);
  const [was, now] = long ? ['long', 'short'] : ['short', 'long'];
  return {
    guard: 'reverse',
    field: 'amount',
    message: `${describeDraft(draft, 'amount')} closes your ${held.toFixed()} ${base} ${was} and opens a ${amount.sub(held).toFixed()} ${base} ${now}.`,
  };
}

type Only = { readonly price?: boolean; readonly activation?: boolean; readonly notional?: boolean };

/**
 * The questions this order asks before it is sent: each price (limit and activation) and a market
 * order's worst fill further from the reference than the market's band, a market order larger than
 * the book read, a value above the ceilings, a position turned around, the account's orders of the
 * last minute taken past its budget per minute. Empty when it may go at once.
 * Unreadable values ask nothing here: the pre-trade rules refuse them.
 */
export function guardQuestions(
  draft: OrderDraft,
  settings: GuardSettings,
  facts: GuardFacts,
  only: Only = {},
): GuardQuestion[] {
  const questions: GuardQuestion[] = [];
  const band = bandFor(settings, draft.market);
  if (band && facts.reference) questions.push(...bandQuestions(draft, band, facts.reference, facts, only));
  const depth = depthQuestion(draft, facts);
  if (depth) questions.push(depth);
  if (only.notional ?? true) questions.push(...valueQuestions(draft, settings, facts));
  const reverse = reverseQuestion(draft, facts);
  if (reverse) questions.push(reverse);
  const velocity = (only.notional ?? true) ? velocityQuestion(draft, settings, facts) : undefined;
  if (velocity) questions.push(velocity);
  return questions;
}
