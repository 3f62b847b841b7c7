/**
 * Exact arithmetic on decimal strings for every screen (scaled BigInts, never Number). The one
 * implementation the renderer has: results carry no trailing zeros ("1.50" + "1" = "2.5") and no
 * negative zero. The binary operations throw on text that is not a decimal; `sumDecimals` answers
 * undefined instead, for values typed by a person.
 */
import { parseDecimal } from './decimal.ts';

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

function need(value: string): Scaled {
  const s = scaled(value);
  if (!s) throw new RangeError(`not a decimal: ${value}`);
  return s;
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

/** The exact sum of decimal strings; undefined if one of them is not a decimal. */
export function sumDecimals(values: readonly string[]): string | undefined {
  let total: Scaled = { units: 0n, scale: 0 };
  for (const value of values) {
    const next = scaled(value);
    if (!next) return undefined;
    const [x, y, scale] = align(total, next);
    total = { units: x + y, scale };
  }
  return toText(total.units, total.scale);
}

/** Digits after the point as typed ("1.50" has 2). */
export function decimalPlaces(value: string): number {
  return parseDecimal(value)?.frac.length ?? 0;
}

/** A positive decimal as typed, without exponent or grouping. */
export function isPositiveDecimal(value: string): boolean {
  const p = parseDecimal(value);
  return p !== undefined && p.sign === '' && /[1-9]/.test(p.int + p.frac);
}

/**
 * What is wrong with an amount as typed, in words a person acts on (undefined: it is a positive
 * decimal). An exponent, a decimal comma, a sign or letters are named, never called "not above 0".
 */
export function amountProblem(value: string): string | undefined {
  const typed = value.trim();
  if (isPositiveDecimal(typed)) return undefined;
  if (typed === '') return 'Enter an amount, such as 25.5.';
  if (/^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(typed))
    return `Write the amount in digits, without an exponent: "${typed}" is not taken as a number.`;
  if (/^[1-9]\d{0,2},\d{3}$/.test(typed))
    return `Write the amount without commas: "${typed}" could be ${typed.replace(',', '')} or ${typed.replace(',', '.')}.`;
  if (/^\d+,\d+$/.test(typed)) return `Use a point for decimals: ${typed.replace(',', '.')}, not ${typed}.`;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(typed))
    return `Write the amount without thousands separators: ${typed.replaceAll(',', '')}.`;
  const p = parseDecimal(typed);
  if (p?.sign === '-') return 'The amount must be greater than 0: a negative amount cannot be sent.';
  if (p) return 'The amount must be greater than 0.';
  return 'The amount must be a plain number such as 25.5: digits and at most one point, no letters or spaces.';
}
