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

/** A decimal string as 10^-18 units. */
export function toUnits(value: string): bigint {
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
  const digits = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
  const whole = digits.slice(0, digits.length - SCALE);
  const fraction = digits.slice(digits.length - SCALE).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
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
