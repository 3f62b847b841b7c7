/**
 * The ledger's figures over a scope, summed per day and market or per account and market, each from
 * the smallest table that holds them: the desk's sums per market and day (`ledger_market_days`) when
 * the scope is every account; each account's months (`ledger_months`) for the months wholly inside
 * the period, and its days (`ledger_days`) for the days before and after them. SQLite adds the hi
 * and lo columns exactly; the two parts are added here in BigInt.
 */
import { prepared, type ReadableDB } from '../../../cache/db.ts';
import { accountsWhere, type ReportScope } from './scope.ts';
import { monthOf } from './ledger-days.ts';

const FIGURES = [
  'realized',
  'fee_value',
  'fee_quote',
  'fee_base',
  'buy_value',
  'sell_value',
  'buy_amount',
  'sell_amount',
  'unmatched',
];
const SUMMED = ['deals', 'fee_other', ...FIGURES.flatMap((c) => [`${c}_hi`, `${c}_lo`])];
const SUMS = SUMMED.map((c) => `sum(${c}) AS ${c}`).join(', ');

export type LedgerRow = Record<string, bigint>;

/** Whether the scope is every account the archive holds deals of. */
function wholeDesk(db: ReadableDB, scope: ReportScope): boolean {
  if (scope.accounts === null) return true;
  const all = prepared(db, 'SELECT count(*) FROM deal_accounts').pluck().get() as number;
  if (scope.accounts.length < all) return false;
  const where = accountsWhere(db, scope, 'ref', 'ref');
  const inScope = prepared(db, `SELECT count(*) FROM deal_accounts WHERE ${where.sql}`)
    .pluck()
    .get(...where.params) as number;
  return inScope === all;
}

function daySums(db: ReadableDB, scope: ReportScope, group: string, from: number, to: number): LedgerRow[] {
  if (from > to) return [];
  const where = accountsWhere(db, scope, 'account_ref', 'ref');
  return prepared(
    db,
    `SELECT ${group}, ${SUMS} FROM ledger_days WHERE day >= ? AND day <= ? AND ${where.sql} GROUP BY ${group}`,
  )
    .safeIntegers(true)
    .all(from, to, ...where.params) as LedgerRow[];
}

/** Figures per day and market (`day`, `market_ref` and every sum). */
export function sumsByDay(db: ReadableDB, scope: ReportScope): LedgerRow[] {
  if (!wholeDesk(db, scope)) return daySums(db, scope, 'day, market_ref', scope.fromDay, scope.toDay);
  return prepared(
    db,
    `SELECT day, market_ref, ${SUMS} FROM ledger_market_days WHERE day >= ? AND day <= ? GROUP BY day, market_ref`,
  )
    .safeIntegers(true)
    .all(scope.fromDay, scope.toDay) as LedgerRow[];
}

/** Figures per account and market (`account_ref`, `market_ref` and every sum). */
export function sumsByAccount(db: ReadableDB, scope: ReportScope): LedgerRow[] {
  const next = (day: number) => monthOf(monthOf(day) + 31);
  // the months wholly inside the period: [first, end)
  const first = monthOf(scope.fromDay) === scope.fromDay ? scope.fromDay : next(scope.fromDay);
  const end = monthOf(scope.toDay + 1);
  if (first >= end) return daySums(db, scope, 'account_ref, market_ref', scope.fromDay, scope.toDay);
  const where = accountsWhere(db, scope, 'account_ref', 'ref');
  // `+month`: read in the key's order (accounts and markets grouped as they come), not by the month index
  const months = prepared(
    db,
    `SELECT account_ref, market_ref, ${SUMS} FROM ledger_months WHERE +month >= ? AND +month < ? AND ${where.sql}
     GROUP BY account_ref, market_ref`,
  )
    .safeIntegers(true)
    .all(first, end, ...where.params) as LedgerRow[];
  const rows = new Map<string, LedgerRow>();
  const parts = [
    months,
    daySums(db, scope, 'account_ref, market_ref', scope.fromDay, first - 1),
    daySums(db, scope, 'account_ref, market_ref', end, scope.toDay),
  ];
  for (const part of parts)
    for (const r of part) {
      const key = `${String(r['account_ref'])}|${String(r['market_ref'])}`;
      const row = rows.get(key);
      if (!row) rows.set(key, r);
      else for (const c of SUMMED) row[c] = (row[c] ?? 0n) + (r[c] ?? 0n);
    }
  return [...rows.values()];
}
