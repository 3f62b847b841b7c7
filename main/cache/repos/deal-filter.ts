import { z } from 'zod';
export { parseInput } from './parse.ts';

const name = z.string().min(1).max(128);

/** What a deals view may filter on. Dates are Unix seconds (fractions allowed): `from` <= time < `to`. */
export const dealFilterSchema = z.strictObject({
  accounts: z.array(name).min(1).max(500).optional(),
  market: name.optional(),
  side: z.enum(['buy', 'sell']).optional(),
  role: z.union([z.literal(1), z.literal(2)]).optional(),
  from: z.number().nonnegative().optional(),
  to: z.number().nonnegative().optional(),
  orderId: z.number().int().nonnegative().optional(),
  clientOrderId: z.string().min(1).max(255).optional(),
});
export type DealFilter = z.infer<typeof dealFilterSchema>;

/** Where the previous page stopped: the last row's time (microseconds), deal id and account. */
export const dealCursorSchema = z.strictObject({
  timeUs: z.number().int(),
  id: z.number().int(),
  account: z.string(),
});
export type DealCursor = z.infer<typeof dealCursorSchema>;

export const toMicros = (seconds: number): number => Math.round(seconds * 1e6);

/** The WHERE clause (without keyset) and its parameters for a filter, in a fixed column order. */
export function dealWhere(filter: DealFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.accounts) {
    if (filter.accounts.length === 1) parts.push('account = ?');
    else parts.push(`account IN (${filter.accounts.map(() => '?').join(', ')})`);
    params.push(...filter.accounts);
  }
  const equal = (column: string, value: unknown) => {
    if (value === undefined) return;
    parts.push(`${column} = ?`);
    params.push(value);
  };
  equal('market', filter.market);
  equal('side', filter.side);
  equal('role', filter.role);
  equal('order_id', filter.orderId);
  equal('client_order_id', filter.clientOrderId);
  // Repeats what the filter implies so the planner may use the partial index on non-empty ids.
  if (filter.clientOrderId !== undefined) parts.push(`client_order_id <> ''`);
  if (filter.from !== undefined) {
    parts.push('time_us >= ?');
    params.push(toMicros(filter.from));
  }
  if (filter.to !== undefined) {
    parts.push('time_us < ?');
    params.push(toMicros(filter.to));
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
}
