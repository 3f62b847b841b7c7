/**
 * The ledger's days as the writer stores them: each series' figures per UTC day and book
 * (`ledger_days`), and the same changes added to the two sums that reports over many accounts read
 * (`ledger_months` per account, market and month; `ledger_market_days` per market and day over every
 * account). Every figure is an exact integer of 10^-18 units in two columns, read, added to in
 * BigInt and written back whole; a sum row records how many days it holds and goes with the last.
 */
import { prepared, type WritableDB } from '../../../cache/db.ts';
import { joined, split } from '../../../cache/fixed.ts';
import type { DayFigures } from './ledger-book.ts';

const DAY_COLUMNS = [
  'buy_amount',
  'sell_amount',
  'buy_value',
  'sell_value',
  'realized',
  'fee_quote',
  'fee_base',
  'fee_value',
  'unmatched',
] as const;
const FIGURE: Record<(typeof DAY_COLUMNS)[number], keyof DayFigures> = {
  buy_amount: 'buyAmount',
  sell_amount: 'sellAmount',
  buy_value: 'buyValue',
  sell_value: 'sellValue',
  realized: 'realized',
  fee_quote: 'feeQuote',
  fee_base: 'feeBase',
  fee_value: 'feeValue',
  unmatched: 'unmatched',
};
const PAIRS = DAY_COLUMNS.flatMap((c) => [`${c}_hi`, `${c}_lo`]);

/** A change to one row: deals, other-asset fees, then each figure in `DAY_COLUMNS` order. */
interface Change {
  deals: bigint;
  feeOther: bigint;
  figures: bigint[];
  /** Ledger days the change adds (1 a new day, -1 a day taken away, 0 a day added to). */
  days: bigint;
}

type Stored = Record<string, bigint>;

/**
 * Adds `change` to the row of `table` at `key` (its key columns in order), creating or removing it;
 * answers whether the row was there.
 */
function addTo(
  db: WritableDB,
  table: string,
  keys: readonly string[],
  key: unknown[],
  change: Change,
): boolean {
  const counted = table !== 'ledger_days';
  const where = keys.map((k) => `${k} = ?`).join(' AND ');
  const old = prepared(
    db,
    `SELECT ${counted ? 'days, ' : ''}deals, fee_other, ${PAIRS.join(', ')} FROM ${table} WHERE ${where}`,
  )
    .safeIntegers(true)
    .get(...key) as Stored | undefined;
  const days = (old?.['days'] ?? 0n) + change.days;
  if (counted && days <= 0n) {
    prepared(db, `DELETE FROM ${table} WHERE ${where}`).run(...key);
    return true;
  }
  const values = DAY_COLUMNS.flatMap((c, i) =>
    split((change.figures[i] as bigint) + (old ? joined(old[`${c}_hi`] ?? 0n, old[`${c}_lo`] ?? 0n) : 0n)),
  );
  const columns = [...keys, ...(counted ? ['days'] : []), 'deals', 'fee_other', ...PAIRS];
  prepared(
    db,
    `INSERT OR REPLACE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  ).run(
    ...key,
    ...(counted ? [days] : []),
    change.deals + (old?.['deals'] ?? 0n),
    change.feeOther + (old?.['fee_other'] ?? 0n),
    ...values,
  );
  return old !== undefined;
}

/** The UTC day number of the first day of the day's month. */
export function monthOf(day: number): number {
  const d = new Date(day * 86_400_000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 86_400_000;
}

/** Adds a change of one series' day to the two sums. */
function addToSums(
  db: WritableDB,
  accountRef: number,
  marketRef: number,
  day: number,
  book: string,
  change: Change,
) {
  addTo(
    db,
    'ledger_months',
    ['account_ref', 'market_ref', 'month', 'book'],
    [accountRef, marketRef, monthOf(day), book],
    change,
  );
  addTo(db, 'ledger_market_days', ['market_ref', 'day', 'book'], [marketRef, day, book], change);
}

/** Adds each day's figures to its stored row (a series read on adds to the day it stopped in). */
export function writeDays(
  db: WritableDB,
  accountRef: number,
  marketRef: number,
  days: Map<string, DayFigures>,
): void {
  for (const [key, d] of days) {
    const [dayText, book] = key.split('|') as [string, 'spot' | 'collateral'];
    const day = Number(dayText);
    const change: Change = {
      deals: BigInt(d.deals),
      feeOther: BigInt(d.feeOther),
      figures: DAY_COLUMNS.map((c) => d[FIGURE[c]] as bigint),
      days: 0n,
    };
    const had = addTo(
      db,
      'ledger_days',
      ['account_ref', 'market_ref', 'day', 'book'],
      [accountRef, marketRef, day, book],
      change,
    );
    addToSums(db, accountRef, marketRef, day, book, { ...change, days: had ? 0n : 1n });
  }
}

/** Takes a series' days out of the ledger and out of the sums (the series is read again from its start). */
export function dropDays(db: WritableDB, accountRef: number, marketRef: number): void {
  const rows = prepared(
    db,
    `SELECT day, book, deals, fee_other, ${PAIRS.join(', ')} FROM ledger_days WHERE account_ref = ? AND market_ref = ?`,
  )
    .safeIntegers(true)
    .all(accountRef, marketRef) as Array<Stored & { book: string }>;
  for (const r of rows)
    addToSums(db, accountRef, marketRef, Number(r['day']), r.book, {
      deals: -(r['deals'] ?? 0n),
      feeOther: -(r['fee_other'] ?? 0n),
      figures: DAY_COLUMNS.map((c) => -joined(r[`${c}_hi`] ?? 0n, r[`${c}_lo`] ?? 0n)),
      days: -1n,
    });
  prepared(db, 'DELETE FROM ledger_days WHERE account_ref = ? AND market_ref = ?').run(accountRef, marketRef);
}
