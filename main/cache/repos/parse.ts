import type { z } from 'zod';
import { CacheInputError } from '../errors.ts';

/** Validates a method argument, turning the first issue into a `CacheInputError` naming the field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw new CacheInputError(`${what}${field ? `.${field}` : ''}: ${issue?.message ?? 'not valid'}`, field);
}
