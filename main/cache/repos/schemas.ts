import { z } from 'zod';

/** A decimal string as the exchange sends money and amounts: `12`, `-0.5`, `0.00000001`. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal string');
export const accountName = z.string().min(1).max(128);
export const timeMs = z.number().int().nonnegative();
/** Unix seconds, with a fraction where the exchange sends microseconds. */
export const unixSeconds = z.number().nonnegative().finite();
