/**
 * Building blocks of the endpoints' request and answer schemas: how the exchange writes amounts and
 * numbers, an empty body, and an answer the app reads nothing of. Nothing here imports the registry.
 */
import { Decimal } from 'decimal.js';
import { z } from 'zod';

/** A decimal string as the exchange sends amounts and prices: `12`, `-0.5`, `0.00000001`. */
export const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a decimal string');
/**
 * An amount the exchange documents as a decimal string but shows as a JSON number in a published
 * example (the collateral balance): read as the decimal string of that number, never as a float.
 */
export const decimalLike = z.union([
  decimal,
  z
    .number()
    .refine(Number.isFinite)
    .transform((n) => new Decimal(n).toFixed()),
]);
/** A decimal string that may be empty where the exchange has no value (tickSize, mark_price). */
export const decimalOrEmpty = z.union([decimal, z.literal('')]);
/** Some integer fields arrive as numbers or numeric strings; both become numbers. */
export const integerLike = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** The body of an endpoint the client sends no fields of its own (only the signing fields). */
export const noFields = z.strictObject({});

/**
 * The answer of an endpoint the app reads nothing of: the status says it was done. It takes any
 * body; its descriptor says why nothing is read (`unread`).
 */
export const unreadAnswer = z.unknown();

/** The optional paging fields of a list's request. */
export const paging = { limit: z.number().int().optional(), offset: z.number().int().optional() };
