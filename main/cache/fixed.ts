/**
 * Exact sums SQLite can add: a decimal as an integer of 10^-18 units, stored in two INTEGER columns
 * (`hi` = units / 10^12, `lo` = the rest, same sign), so `sum(hi)` and `sum(lo)` stay exact (SQLite
 * raises an error instead of overflowing) and `hi * 10^12 + lo` is the total. A value with more than
 * 18 decimals is rounded half away from zero to 18.
 */
import { Decimal } from 'decimal.js';

export const SCALE = 18;
const SPLIT = 10n ** 12n;
const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;
const PAD = '0'.repeat(SCALE);

const POW10 = Array.from({ length: SCALE + 1 }, (_, i) => 10n ** BigInt(i));
/** Digit strings up to this length are exact as a double (< 2^53). */
const SMALL_DIGITS = 15;

/**
 * A decimal string as 10^-18 units. A plain decimal of at most 15 digits and 18 decimals is read
 * digit by digit into a double (exact below 2^53) and scaled in BigInt; anything else (longer,
 * exponent form, stray characters) goes through the pattern and decimal.js.
 */
export function toUnits(value: string): bigint {
  const length = value.length;
  const start = value.charCodeAt(0) === 45 ? 1 : 0;
  let n = 0;
  let dot = -1;
  for (let i = start; i < length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) n = n * 10 + (c - 48);
    else if (c === 46 && dot < 0) dot = i;
    else return parseUnits(value);
  }
  const digits = length - start - (dot < 0 ? 0 : 1);
  const fraction = dot < 0 ? 0 : length - dot - 1;
  if (
    digits > SMALL_DIGITS ||
    fraction > SCALE ||
    dot === start ||
    (fraction === 0 && dot >= 0) ||
    digits === 0
  )
    return parseUnits(value);
  const units = BigInt(n) * (POW10[SCALE - fraction] as bigint);
  return start ? -units : units;
}

/** `toUnits` by the pattern (and decimal.js for any other form decimal.js reads). */
function parseUnits(value: string): bigint {
  let match = PLAIN.exec(value);
  if (!match) match = PLAIN.exec(new Decimal(value).toFixed());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const fraction = match[3] ?? '';
  let units = BigInt((match[2] ?? '0') + (fraction + PAD).slice(0, SCALE));
  if (fraction.length > SCALE && (fraction.charCodeAt(SCALE) ?? 48) >= 53) units += 1n;
  return match[1] === '-' ? -units : units;
}

/** 10^-18 units as a plain decimal string without trailing zeros (`12.5`, `-0.003`, `0`). */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString();
  const length = digits.length;
  // the fraction is the last SCALE digits (zeros in front when there are fewer); its zeros at the end go
  const point = length - SCALE;
  let end = length;
  while (end > point && end > 0 && digits.charCodeAt(end - 1) === 48) end--;
  let text: string;
  if (point > 0)
    text = end === point ? digits.slice(0, point) : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
  else if (end === 0) return '0';
  else text = `0.${PAD.slice(0, -point)}${digits.slice(0, end)}`;
  return negative ? `-${text}` : text;
}

/** The two columns of a value. */
export function split(units: bigint): [bigint, bigint] {
  const hi = units / SPLIT;
  return [hi, units - hi * SPLIT];
}

/** A value from its two columns (or their sums), as SQLite answers them (numbers or bigints). */
export function joined(hi: bigint | number | null, lo: bigint | number | null): bigint {
  return BigInt(hi ?? 0) * SPLIT + BigInt(lo ?? 0);
}

/** `a * numerator / denominator`, rounded half away from zero (a share of a cost or proceeds). */
export function share(a: bigint, numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) return 0n;
  const product = a * numerator;
  const negative = product < 0n !== denominator < 0n;
  const p = product < 0n ? -product : product;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (p + d / 2n) / d;
  return negative ? -q : q;
}
