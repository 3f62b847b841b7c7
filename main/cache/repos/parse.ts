import type { z } from 'zod';
import { fieldWords } from '../../errors.ts';
import { CacheInputError } from '../errors.ts';

/** Validates a method argument, turning the first issue into a `CacheInputError` naming the field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.map(String) ?? [];
  const field = path.join('.') || undefined;
  // Words, not a path: "The cursor is not valid (Time us: …)"; the field stays in `field`.
  const words = path.length > 0 ? `${fieldWords(path)}: ` : '';
  throw new CacheInputError(`The ${what} is not valid (${words}${issue?.message ?? 'not valid'}).`, field);
}
