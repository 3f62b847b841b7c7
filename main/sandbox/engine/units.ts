/** Fixed-point integers for the engine: a price or amount as a bigint count of 10^-scale units. */
import { Decimal } from 'decimal.js';

const POW10: bigint[] = [];
for (let i = 0; i <= 40; i++) POW10.push(10n ** BigInt(i));

export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

/** Exact conversion; the value must have at most `scale` decimals (validated before). */
export function toUnits(value: Decimal | string, scale: number): bigint {
  const s = typeof value === 'string' ? value : value.toFixed();
  const dot = s.indexOf('.');
  if (dot < 0) return BigInt(s) * pow10(scale);
  const frac = s.slice(dot + 1);
  if (frac.length > scale) throw new RangeError(`${s} has more than ${scale} decimals`);
  return BigInt(s.slice(0, dot) + frac.padEnd(scale, '0'));
}

/** Canonical decimal string of a unit count: no exponent, no trailing zeros. */
export function fromUnits(v: bigint, scale: number): string {
  const neg = v < 0n;
  let s = (neg ? -v : v).toString();
  if (scale > 0) {
    s = s.padStart(scale + 1, '0');
    const int = s.slice(0, s.length - scale);
    const frac = s.slice(s.length - scale).replace(/0+$/, '');
    s = frac ? `${int}.${frac}` : int;
  }
  return neg ? `-${s}` : s;
}

/** Decimal of a unit count; builds the digit string directly (trailing zeros are fine for Decimal). */
export function unitsToDecimal(v: bigint, scale: number): Decimal {
  if (scale === 0) return new Decimal(v.toString());
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(scale + 1, '0');
  const cut = s.length - scale;
  return new Decimal(`${neg ? '-' : ''}${s.slice(0, cut)}.${s.slice(cut)}`);
}
