/** Strict readers for JSON body fields; each failure is a 422 with the field under `errors`. */
import { Decimal } from 'decimal.js';
import { fieldError } from './errors.ts';

export type Body = Record<string, unknown>;

const DECIMAL_RE = /^(0|[1-9]\d*)(\.\d+)?$/;

export function required(field: string): string {
  return `The ${field} field is required.`;
}

export function optString(body: Body, field: string, max?: number): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw fieldError(field, `The ${field} must be a string.`);
  if (max !== undefined && v.length > max)
    throw fieldError(field, `The ${field} may not be greater than ${max} characters.`);
  return v;
}

export function reqString(body: Body, field: string, max?: number): string {
  const v = optString(body, field, max);
  if (v === undefined || v === '') throw fieldError(field, required(field));
  return v;
}

export function optBool(body: Body, field: string): boolean | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw fieldError(field, `The ${field} field must be true or false.`);
  return v;
}

/**
 * An integer field: a JSON integer or its digit string, as the exchange's validation (Laravel's
 * `integer` rule) takes both (`4180284841` or `"4180284841"`; ccxt sends ids as strings).
 */
export function optInt(body: Body, field: string, min?: number, max?: number): number | undefined {
  const raw = body[field];
  if (raw === undefined || raw === null) return undefined;
  const v = typeof raw === 'string' && /^-?\d{1,16}$/.test(raw) ? Number(raw) : raw;
  if (typeof v !== 'number' || !Number.isSafeInteger(v))
    throw fieldError(field, `The ${field} must be an integer.`);
  if (min !== undefined && v < min) throw fieldError(field, `The ${field} must be at least ${min}.`);
  if (max !== undefined && v > max) throw fieldError(field, `The ${field} may not be greater than ${max}.`);
  return v;
}

/** An integer field the exchange documents as "String/Int" (every integer field reads both, see `optInt`). */
export const optIntOrText = optInt;

export function oneOf<T extends string>(body: Body, field: string, values: readonly T[]): T | undefined {
  const v = optString(body, field);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v))
    throw fieldError(field, `The selected ${field} is invalid.`);
  return v as T;
}

/**
 * A non-negative decimal such as "0.0015": a numeric string or a JSON number, as the exchange takes
 * both ("Amount field should be numeric string or number."). `code` is the field's validation code.
 */
export function parseDecimal(field: string, v: unknown, code = 30): Decimal {
  const name = field.charAt(0).toUpperCase() + field.slice(1);
  const wrong = () => fieldError(field, `${name} field should be numeric string or number.`, code);
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v < 0) throw wrong();
    return new Decimal(v);
  }
  if (typeof v !== 'string' || !DECIMAL_RE.test(v)) throw wrong();
  return new Decimal(v);
}

export function reqDecimal(body: Body, field: string): Decimal {
  const v = body[field];
  if (v === undefined || v === null || v === '') throw fieldError(field, required(field));
  return parseDecimal(field, v);
}

export function positive(field: string, d: Decimal): Decimal {
  if (d.lte(0)) throw fieldError(field, `The ${field} must be greater than 0.`);
  return d;
}

/** Canonical decimal string: no exponent, no trailing zeros. */
export function fmt(d: Decimal): string {
  return d.toFixed();
}
