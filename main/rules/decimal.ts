import { Decimal as DecimalJs } from 'decimal.js';
import { UserFacingError } from '../errors.ts';

/**
 * The decimal type of the rules: 80 significant digits (order values reach 1e17 with 18 decimals),
 * exponent-free output. A private clone, so no other module's Decimal settings change ours.
 */
export const Dec = DecimalJs.clone({
  precision: 80,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
export type Dec = InstanceType<typeof Dec>;

const PLAIN = /^\d+(\.\d+)?$/;

/** A plain non-negative decimal string (digits, optional fraction; no sign, exponent or spaces). */
export function parsePlain(value: string): Dec | undefined {
  return PLAIN.test(value) ? new Dec(value) : undefined;
}

/**
 * A step from market data: a positive plain decimal, or undefined for "no step" (the empty string,
 * and also zero or an unreadable value, which the exchange does not enforce either).
 */
export function parseStep(value: string): Dec | undefined {
  const step = parsePlain(value.trim());
  return step && step.gt(0) ? step : undefined;
}

/** Exponent-free text without trailing zeros: 1e-8 -> "0.00000001", "1.2300" -> "1.23". */
export function show(value: Dec): string {
  return value.toFixed();
}

/** Canonical form of a plain decimal string, for sending: "001.2300" -> "1.23". */
export function normalizeDecimal(value: string): string {
  const parsed = parsePlain(value);
  if (!parsed) throw new TypeError(`not a plain decimal: ${value}`);
  return show(parsed);
}

/** 10^-places. */
export function unit(places: number): Dec {
  return new Dec(10).pow(-places);
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Smallest positive decimal that is a multiple of both (both positive). */
export function commonMultiple(a: Dec, b: Dec): Dec {
  const places = Math.max(a.dp(), b.dp());
  const scale = new Dec(10).pow(places);
  const x = BigInt(a.mul(scale).toFixed(0));
  const y = BigInt(b.mul(scale).toFixed(0));
  return new Dec(((x / gcd(x, y)) * y).toString()).div(scale);
}

/** Largest multiple of `grid` at or below `value`. */
export function floorTo(value: Dec, grid: Dec): Dec {
  return value.div(grid).floor().mul(grid);
}

/** Smallest multiple of `grid` at or above `value`. */
export function ceilTo(value: Dec, grid: Dec): Dec {
  return value.div(grid).ceil().mul(grid);
}

export function isMultiple(value: Dec, grid: Dec): boolean {
  return value.mod(grid).isZero();
}

/**
 * A decimal typed by a person or sent by the renderer, read strictly: digits with at most one point,
 * nothing else (no sign, exponent, hex, `Infinity`, `NaN` or spaces). Refuses anything else with an
 * error naming the field in plain words.
 */
export function parseStrictDecimal(text: string, field: string): Dec {
  const parsed = typeof text === 'string' && text.length <= 40 ? parsePlain(text) : undefined;
  if (!parsed)
    throw new UserFacingError(
      'invalid_input',
      `The ${field} must be a plain number such as 12.5 (digits and one point; no sign, exponent or letters).`,
      field,
    );
  return parsed;
}
