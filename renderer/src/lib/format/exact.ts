/**
 * Exact arithmetic on decimal strings for every screen, through decimal.js (never Number): the one
 * place the renderer sets decimal.js up. Results carry no trailing zeros ("1.50" + "1" = "2.5") and no
 * negative zero. Only plain decimals as the exchange writes them are read ("-0.0150", "64250.5"):
 * no exponent, no grouping, no "Infinity". The binary operations throw on anything else;
 * `sumDecimals` answers undefined instead, for values typed by a person.
 */
import { Decimal } from 'decimal.js';

/** A plain decimal: optional sign, digits, optionally a point and more digits. */
export const PLAIN_DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * decimal.js with room for every digit a sum or product of exchange values has (a thousand
 * significant digits), so that only `divideDecimal` and the rounding a screen asks for ever cut.
 */
export const Exact = Decimal.clone({ precision: 1000, rounding: Decimal.ROUND_DOWN });
export type Exact = InstanceType<typeof Exact>;

/** The value of a plain decimal string; undefined for any other text. */
export function exact(value: string): Exact | undefined {
  const typed = value.trim();
  return PLAIN_DECIMAL.test(typed) ? new Exact(typed) : undefined;
}

function need(value: string): Exact {
  const d = exact(value);
  if (!d) throw new RangeError(`not a decimal: ${value}`);
  return d;
}

/** A value written as the screens write a result: plain digits, no trailing zeros, no "-0". */
export function plain(d: Exact): string {
  return d.isZero() ? '0' : d.toFixed();
}

/** a + b, exactly. */
export function addDecimal(a: string, b: string): string {
  return plain(need(a).plus(need(b)));
}

/** a − b, exactly. */
export function subtractDecimal(a: string, b: string): string {
  return plain(need(a).minus(need(b)));
}

/** a × b, exactly. */
export function multiplyDecimal(a: string, b: string): string {
  return plain(need(a).times(need(b)));
}

/** a ÷ b cut (toward zero) to `places` decimals; undefined when b is zero. */
export function divideDecimal(a: string, b: string, places: number): string | undefined {
  const x = need(a);
  const y = need(b);
  if (y.isZero()) return undefined;
  return plain(x.dividedBy(y).toDecimalPlaces(places, Decimal.ROUND_DOWN));
}

/** The exact sum of decimal strings; undefined if one of them is not a decimal. */
export function sumDecimals(values: readonly string[]): string | undefined {
  let total = new Exact(0);
  for (const value of values) {
    const next = exact(value);
    if (!next) return undefined;
    total = total.plus(next);
  }
  return plain(total);
}
