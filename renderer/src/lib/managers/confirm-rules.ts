/**
 * When an order asks for a second look before it is sent: its value above a notional the user set, or
 * its price further from the market than a percentage the user set. All arithmetic is exact (decimal
 * strings scaled to BigInt), never through Number.
 */
import { groupThousands, parseDecimal } from '../format/decimal.ts';
import type { PreferenceStore } from './storage.ts';

// ---- exact decimal arithmetic ------------------------------------------------------------------

interface Scaled {
  units: bigint;
  scale: number;
}

function scaled(value: string): Scaled | undefined {
  const p = parseDecimal(value);
  if (!p) return undefined;
  const units = BigInt(`${p.int}${p.frac}`) * (p.sign === '-' ? -1n : 1n);
  return { units, scale: p.frac.length };
}

function toText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  const text = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

function align(a: Scaled, b: Scaled): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

function need(value: string): Scaled {
  const s = scaled(value);
  if (!s) throw new RangeError(`not a decimal: ${value}`);
  return s;
}

/** a + b, exactly. */
export function addDecimal(a: string, b: string): string {
  const [x, y, scale] = align(need(a), need(b));
  return toText(x + y, scale);
}

/** a − b, exactly. */
export function subtractDecimal(a: string, b: string): string {
  const [x, y, scale] = align(need(a), need(b));
  return toText(x - y, scale);
}

/** a × b, exactly. */
export function multiplyDecimal(a: string, b: string): string {
  const x = need(a);
  const y = need(b);
  return toText(x.units * y.units, x.scale + y.scale);
}

/** a ÷ b cut (toward zero) to `places` decimals; undefined when b is zero. */
export function divideDecimal(a: string, b: string, places: number): string | undefined {
  const [x, y] = align(need(a), need(b));
  if (y === 0n) return undefined;
  return toText((x * 10n ** BigInt(places)) / y, places);
}

export function absDecimal(a: string): string {
  return a.startsWith('-') ? a.slice(1) : a;
}

/** The sign of a − b: −1, 0 or 1. */
export function compareExact(a: string, b: string): number {
  const [x, y] = align(need(a), need(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

// ---- thresholds --------------------------------------------------------------------------------

export const CONFIRM_KEY = 'txc.trade.confirm';

/** Both as typed; '' means that rule is off. */
export interface ConfirmThresholds {
  /** Order value in the quote asset above which to ask. */
  notional: string;
  /** Distance from the market price, in percent, above which to ask. */
  distancePct: string;
}

export const noThresholds: ConfirmThresholds = { notional: '', distancePct: '' };

/** The words for a threshold that cannot be used, or undefined when it can ('' is allowed: off). */
export function thresholdProblem(field: keyof ConfirmThresholds, value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  const p = parseDecimal(v);
  if (!p || p.sign === '-')
    return 'Type a positive number, like 1000 or 2.5, or leave it empty to turn this off.';
  if (!/[1-9]/.test(p.int + p.frac))
    return 'Zero would ask every time: type a number above zero, or leave it empty.';
  if (field === 'distancePct' && compareExact(v, '1000') > 0)
    return 'A price cannot be more than 1000 % away in any useful sense: type 1000 or less.';
  if (p.frac.length > 8) return 'Use at most 8 decimals.';
  return undefined;
}

export function readThresholds(store: PreferenceStore): ConfirmThresholds {
  try {
    const raw: unknown = JSON.parse(store.getItem(CONFIRM_KEY) ?? '{}');
    const o = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const pick = (key: keyof ConfirmThresholds): string => {
      const v = o[key];
      return typeof v === 'string' && thresholdProblem(key, v) === undefined ? v.trim() : '';
    };
    return { notional: pick('notional'), distancePct: pick('distancePct') };
  } catch {
    return { ...noThresholds };
  }
}

/** Saves both thresholds; refuses (and answers the problems) when either is not valid. */
export function saveThresholds(
  store: PreferenceStore,
  t: ConfirmThresholds,
): Partial<Record<keyof ConfirmThresholds, string>> {
  const problems: Partial<Record<keyof ConfirmThresholds, string>> = {};
  for (const key of ['notional', 'distancePct'] as const) {
    const problem = thresholdProblem(key, t[key]);
    if (problem) problems[key] = problem;
  }
  if (Object.keys(problems).length === 0)
    store.setItem(
      CONFIRM_KEY,
      JSON.stringify({ notional: t.notional.trim(), distancePct: t.distancePct.trim() }),
    );
  return problems;
}

// ---- the rules ---------------------------------------------------------------------------------

/** What the rules look at: the order as it would be sent, and the market price (last, or mid). */
export interface ConfirmInput {
  side: 'buy' | 'sell';
  /** Limit price; '' for market orders. */
  price: string;
  /** Activation price of stop orders; '' otherwise. */
  activationPrice: string;
  amount: string;
  /** True when `amount` is in the quote asset (a market buy). */
  quoteSized: boolean;
  /** The market's price now; '' when unknown. */
  reference: string;
  quote: string;
}

export interface ConfirmReason {
  rule: 'notional' | 'distance';
  message: string;
}

/** The order's value in the quote asset, or undefined when it cannot be known (no price). */
export function notionalOf(o: ConfirmInput): string | undefined {
  if (!scaled(o.amount)) return undefined;
  if (o.quoteSized) return o.amount.trim();
  const price = [o.price, o.activationPrice, o.reference].find((p) => scaled(p.trim()));
  return price === undefined ? undefined : multiplyDecimal(price.trim(), o.amount.trim());
}

/** How far `price` is from `reference`, in percent cut to 2 decimals (positive above, negative below). */
export function distancePct(price: string, reference: string): string | undefined {
  if (!scaled(price) || !scaled(reference) || compareExact(reference, '0') <= 0) return undefined;
  return divideDecimal(multiplyDecimal(subtractDecimal(price, reference), '100'), reference, 2);
}

/**
 * Why this order should be confirmed; empty when it may go at once. The distance rule is strict
 * (exactly at the threshold passes) and exact: |price − reference| × 100 > pct × reference.
 */
export function confirmReasons(o: ConfirmInput, t: ConfirmThresholds): ConfirmReason[] {
  const reasons: ConfirmReason[] = [];
  const unit = o.quote ? ` ${o.quote}` : '';
  const notional = notionalOf(o);
  if (t.notional && notional !== undefined && compareExact(notional, t.notional) > 0) {
    reasons.push({
      rule: 'notional',
      message: `Its value, ${groupThousands(notional)}${unit}, is above your confirmation limit of ${groupThousands(t.notional)}${unit}.`,
    });
  }
  const reference = o.reference.trim();
  if (t.distancePct && scaled(reference)) {
    for (const [name, raw] of [
      ['price', o.price],
      ['activation price', o.activationPrice],
    ] as const) {
      const price = raw.trim();
      if (!scaled(price) || compareExact(reference, '0') <= 0) continue;
      const gap = multiplyDecimal(absDecimal(subtractDecimal(price, reference)), '100');
      if (compareExact(gap, multiplyDecimal(t.distancePct, reference)) <= 0) continue;
      const pct = distancePct(price, reference) ?? '';
      const where = pct.startsWith('-') ? 'below' : 'above';
      reasons.push({
        rule: 'distance',
        message: `Its ${name}, ${groupThousands(price)}, is ${absDecimal(pct)} % ${where} the market price ${groupThousands(reference)} (you asked to confirm beyond ${t.distancePct} %).`,
      });
    }
  }
  return reasons;
}
