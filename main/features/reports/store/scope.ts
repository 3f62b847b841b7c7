/**
 * What every report is asked for: which accounts (a list, or every account of the archive) and which
 * UTC days, checked in the worker; and the pieces every report adds up with.
 */
import { z } from 'zod';
import type { ReadableDB } from '../../../cache/db.ts';
import { fromUnits, joined } from '../../../cache/fixed.ts';
import { findRef } from '../../../cache/repos/deal-keys.ts';
import { parseInput } from '../../../cache/repos/parse.ts';

export const DAY_S = 86_400;

export const scopeSchema = z.object({
  /** Registry ids; null: every account the archive holds. */
  accounts: z.array(z.string().min(1).max(128)).max(5000).nullable(),
  /** UTC day numbers (Unix seconds / 86,400), both included. */
  fromDay: z.number().int().min(0).max(200_000),
  toDay: z.number().int().min(0).max(200_000),
});
export type ReportScope = z.infer<typeof scopeSchema>;

export function readScope(input: unknown): ReportScope {
  const scope = parseInput(scopeSchema, input, 'scope');
  if (scope.toDay < scope.fromDay) return { ...scope, toDay: scope.fromDay };
  return scope;
}

/**
 * A condition on an account column: `ref` for integer keys (deals, ledger), `name` for registry ids
 * (vault, balances). Null accounts: no condition.
 */
export function accountsWhere(
  db: ReadableDB,
  scope: ReportScope,
  column: string,
  kind: 'ref' | 'name',
): { sql: string; params: unknown[] } {
  if (scope.accounts === null) return { sql: '1', params: [] };
  const values =
    kind === 'name'
      ? scope.accounts
      : scope.accounts.map((a) => findRef(db, 'account', a)).filter((r): r is number => r !== null);
  return { sql: `${column} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(values)] };
}

/** The quote currency of a market: what follows `_`, USDT for a perpetual (`BTC_PERP`). */
export function quoteOf(market: string): string {
  const quote = market.slice(market.indexOf('_') + 1);
  return quote === 'PERP' ? 'USDT' : quote;
}

export function baseOf(market: string): string {
  return market.slice(0, Math.max(0, market.indexOf('_')));
}

/** `YYYY-MM-DD` of a UTC day number. */
export function dayText(day: number): string {
  return new Date(day * DAY_S * 1000).toISOString().slice(0, 10);
}

/** `YYYY-MM` of a UTC day number. */
export function monthText(day: number): string {
  return dayText(day).slice(0, 7);
}

/** Sums of exact 10^-18 units, keyed. */
export class Sums<K extends string> {
  readonly #sums = new Map<string, Map<K, bigint>>();

  add(key: string, field: K, units: bigint): void {
    let row = this.#sums.get(key);
    if (!row) this.#sums.set(key, (row = new Map()));
    row.set(field, (row.get(field) ?? 0n) + units);
  }

  get(key: string, field: K): bigint {
    return this.#sums.get(key)?.get(field) ?? 0n;
  }

  keys(): string[] {
    return [...this.#sums.keys()];
  }

  has(key: string): boolean {
    return this.#sums.has(key);
  }
}

/** A column pair's total as SQLite answered it (safe integers on), as units. */
export const units = (row: Record<string, unknown>, column: string): bigint =>
  joined(row[`${column}_hi`] as bigint | null, row[`${column}_lo`] as bigint | null);

export const text = fromUnits;
