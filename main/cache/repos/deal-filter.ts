import { z } from 'zod';
import type { ReadableDB } from '../db.ts';
import { findRef } from './deal-keys.ts';
export { parseInput } from './parse.ts';

const name = z.string().min(1).max(128);

/** What a deals view may filter on. Dates are Unix seconds (fractions allowed): `from` <= time < `to`. */
export const dealFilterSchema = z.strictObject({
  accounts: z.array(name).min(1).max(500).optional(),
  market: name.optional(),
  side: z.enum(['buy', 'sell']).optional(),
  role: z.enum(['maker', 'taker']).optional(),
  from: z.number().nonnegative().optional(),
  to: z.number().nonnegative().optional(),
  orderId: z.number().int().nonnegative().optional(),
  clientOrderId: z.string().min(1).max(255).optional(),
  /** Deals of the orders an operator of the team placed (told by the signed-request log). */
  operator: z.string().min(1).max(63).optional(),
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

/** A name no deal has used matches no row: its ref is one no row has. */
const NO_REF = -1;

/**
 * The WHERE clause (without keyset) and its parameters for a filter, in a fixed column order.
 * Account and market names become their refs.
 */
export function dealWhere(db: ReadableDB, filter: DealFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.accounts) {
    if (filter.accounts.length === 1) parts.push('account_ref = ?');
    else parts.push(`account_ref IN (${filter.accounts.map(() => '?').join(', ')})`);
    params.push(...filter.accounts.map((a) => findRef(db, 'account', a) ?? NO_REF));
  }
  const equal = (column: string, value: unknown) => {
    if (value === undefined) return;
    parts.push(`${column} = ?`);
    params.push(value);
  };
  if (filter.market !== undefined) equal('market_ref', findRef(db, 'market', filter.market) ?? NO_REF);
  equal('side', filter.side);
  equal('role', filter.role);
  equal('order_id', filter.orderId);
  equal('client_order_id', filter.clientOrderId);
  // Repeats what the filter implies so the planner may use the partial index on non-empty ids.
  if (filter.clientOrderId !== undefined || filter.operator !== undefined)
    parts.push(`client_order_id <> ''`);
  if (filter.operator !== undefined) {
    parts.push(
      'client_order_id IN (SELECT client_order_id FROM signed_requests WHERE operator = ? AND client_order_id IS NOT NULL)',
    );
    params.push(filter.operator);
  }
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
