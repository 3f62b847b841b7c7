/**
 * Exact arithmetic on decimal strings for the Wallet screen (the fee on top of a withdrawal, what is
 * free to move): scaled BigInts, never Number.
 */
import { parseDecimal } from '../../lib/format/decimal.ts';

interface Scaled {
  n: bigint;
  scale: number;
}

function scaled(value: string): Scaled | undefined {
  const p = parseDecimal(value);
  if (!p) return undefined;
  const n = BigInt(`${p.int}${p.frac}` || '0');
  return { n: p.sign === '-' ? -n : n, scale: p.frac.length };
}

function format(n: bigint, scale: number): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? `.${digits.slice(-scale)}` : '';
  return `${negative ? '-' : ''}${int}${frac}`;
}

function combine(a: string, b: string, sign: 1n | -1n): string | undefined {
  const x = scaled(a);
  const y = scaled(b);
  if (!x || !y) return undefined;
  const scale = Math.max(x.scale, y.scale);
  const n = x.n * 10n ** BigInt(scale - x.scale) + sign * y.n * 10n ** BigInt(scale - y.scale);
  return format(n, scale);
}

/** a + b exactly, at the larger of their scales ("25.5" + "1" = "26.5"); undefined if either is not a decimal. */
export function addDecimals(a: string, b: string): string | undefined {
  return combine(a, b, 1n);
}

/** a − b exactly. */
export function subtractDecimals(a: string, b: string): string | undefined {
  return combine(a, b, -1n);
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

/** A fresh id for one attempt of a money movement (withdrawal uniqueId, convert idempotency key). */
export function attemptId(prefix: string): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
