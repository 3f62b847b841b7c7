import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import type { CachedDealView } from '../records.ts';
import { CacheInputError } from '../errors.ts';
import {
  dealCursorSchema,
  dealFilterSchema,
  dealWhere,
  parseInput,
  toMicros,
  type DealCursor,
  type DealFilter,
} from './deal-filter.ts';
import { findRef, forgetKeys, nameOf, refFor } from './deal-keys.ts';
import { forgetRollup, RollupBatch } from './deal-rollup.ts';

/**
 * An executed deal with the account and market it belongs to: the app's one deal (`DealView`), its
 * time in Unix seconds with microseconds as the exchange sends it.
 */
export type DealRecord = CachedDealView;

export interface DealPage {
  rows: DealRecord[];
  /** Pass back to get the next (older) page; null on the last page. */
  next: DealCursor | null;
}

export const DEFAULT_PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 1000;
/** Column order of every deal row read or written here (`DealRow`). */
export const DEAL_COLUMNS =
  'account_ref, id, market_ref, side, role, amount, price, deal, fee, fee_asset, order_id, client_order_id, time_us';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const NAME_MAX = 128;

function invalid(index: number, field: string, value: unknown): never {
  throw new CacheInputError(`deals[${index}].${field}: ${JSON.stringify(value)} is not accepted`, field);
}

/** Checks one deal field by field (faster than a schema at 250k rows/s). */
function check(d: DealRecord, i: number): void {
  if (typeof d.account !== 'string' || d.account === '' || d.account.length > NAME_MAX) {
    invalid(i, 'account', d.account);
  }
  if (typeof d.market !== 'string' || d.market === '' || d.market.length > NAME_MAX)
    invalid(i, 'market', d.market);
  if (!Number.isSafeInteger(d.id)) invalid(i, 'id', d.id);
  if (!Number.isSafeInteger(d.orderId)) invalid(i, 'orderId', d.orderId);
  if (d.side !== 'buy' && d.side !== 'sell') invalid(i, 'side', d.side);
  if (d.role !== 'maker' && d.role !== 'taker') invalid(i, 'role', d.role);
  if (typeof d.time !== 'number' || !Number.isFinite(d.time) || d.time < 0) invalid(i, 'time', d.time);
  if (typeof d.amount !== 'string' || !DECIMAL.test(d.amount)) invalid(i, 'amount', d.amount);
  if (typeof d.price !== 'string' || !DECIMAL.test(d.price)) invalid(i, 'price', d.price);
  if (typeof d.deal !== 'string' || !DECIMAL.test(d.deal)) invalid(i, 'deal', d.deal);
  if (typeof d.fee !== 'string' || !DECIMAL.test(d.fee)) invalid(i, 'fee', d.fee);
  if (typeof d.feeAsset !== 'string') invalid(i, 'feeAsset', d.feeAsset);
  if (typeof d.clientOrderId !== 'string') invalid(i, 'clientOrderId', d.clientOrderId);
}

const INSERT = `INSERT INTO deals (${DEAL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (account_ref, id) DO NOTHING`;

/**
 * Stores a page of deals in one transaction. Deals are immutable on the exchange, so a deal already
 * cached (same account and id) is kept as is: the same page twice, or overlapping pages, leave no
 * double. The whole page is checked before anything is written. The daily totals are updated with
 * the deals actually inserted, in the same transaction, unless the caller passes its own `rollup` to
 * apply later in that transaction (`deal-group.ts`). Called inside a transaction, it writes in that
 * one (no savepoint): if it throws, the caller must roll back, as `deals.upsert` does.
 */
export function upsertDeals(
  db: WritableDB,
  rows: readonly DealRecord[],
  rollup?: RollupBatch,
): { inserted: number; duplicates: number } {
  rows.forEach(check);
  const insert = prepared(db, INSERT);
  const totals = rollup ?? new RollupBatch();
  let inserted = 0;
  // Inside the caller's transaction (deals.upsert with its checkpoint) the rows need no savepoint of
  // their own: a failure rolls back the whole transaction, and a savepoint costs a copy of each page
  // the page of deals touches again.
  const store = () => {
    for (const d of rows) {
      const accountRef = refFor(db, 'account', d.account);
      const marketRef = refFor(db, 'market', d.market);
      const timeUs = toMicros(d.time);
      const { changes } = insert.run(
        accountRef,
        d.id,
        marketRef,
        d.side,
        d.role,
        d.amount,
        d.price,
        d.deal,
        d.fee,
        d.feeAsset,
        d.orderId,
        d.clientOrderId,
        timeUs,
      );
      if (changes === 0) continue;
      inserted++;
      totals.add(accountRef, marketRef, timeUs, d.side, d.role, d.feeAsset, d.amount, d.deal, d.fee);
    }
    if (!rollup) totals.apply(db);
  };
  try {
    if (db.inTransaction) store();
    else db.transaction(store)();
  } catch (error) {
    forgetDealCaches(db);
    throw error;
  }
  return { inserted, duplicates: rows.length - inserted };
}

/**
 * Drops what the writer keeps in memory about deals (names and refs, daily rows): call when a
 * transaction that stored deals rolls back, even after `upsertDeals` itself returned.
 */
export function forgetDealCaches(db: ReadableDB): void {
  forgetKeys(db);
  forgetRollup(db);
}

/** A deal as stored: refs for account and market, time in microseconds (see `DEAL_COLUMNS`). */
export type DealRow = [
  number,
  number,
  number,
  'buy' | 'sell',
  DealRecord['role'],
  string,
  string,
  string,
  string,
  string,
  number,
  string,
  number,
];

export function rowToDeal(db: ReadableDB, r: DealRow): DealRecord {
  return {
    account: nameOf(db, 'account', r[0]),
    market: nameOf(db, 'market', r[2]),
    id: r[1],
    clientOrderId: r[11],
    time: r[12] / 1e6,
    side: r[3],
    role: r[4],
    amount: r[5],
    price: r[6],
    deal: r[7],
    fee: r[8],
    orderId: r[10],
    feeAsset: r[9],
  };
}

/** Newest first: time, then deal id, then account ref, all descending. */
function newerFirst(a: DealRow, b: DealRow): number {
  return b[12] - a[12] || b[1] - a[1] || b[0] - a[0];
}

/** The keyset position of a cursor: (time, deal id, account ref). */
type Keyset = [number, number, number];

function selectOneQuery(db: ReadableDB, filter: DealFilter, after: Keyset | null, limit: number): DealRow[] {
  const where = dealWhere(db, filter);
  let sql = `SELECT ${DEAL_COLUMNS} FROM deals WHERE ${where.sql}`;
  const params = [...where.params];
  if (after) {
    sql += ' AND (time_us, id, account_ref) < (?, ?, ?)';
    params.push(...after);
  }
  sql += ' ORDER BY time_us DESC, id DESC, account_ref DESC LIMIT ?';
  params.push(limit);
  return prepared(db, sql)
    .raw(true)
    .all(...params) as DealRow[];
}

function keysetOf(db: ReadableDB, cursor: DealCursor | null): Keyset | null {
  if (!cursor) return null;
  const ref = findRef(db, 'account', cursor.account);
  if (ref === null) throw new CacheInputError('cursor.account: no deal of this account is cached', 'cursor');
  return [cursor.timeUs, cursor.id, ref];
}

/**
 * Raw rows newest first after `cursor`, `limit` of them; the keyset is (time, id, account), no OFFSET.
 * Several accounts are read one index range each and merged, so no query sorts a whole account.
 */
export function selectDealRows(
  db: ReadableDB,
  filter: DealFilter,
  cursor: DealCursor | null,
  limit: number,
): DealRow[] {
  const after = keysetOf(db, cursor);
  const accounts = filter.accounts;
  if (!accounts || accounts.length < 2) return selectOneQuery(db, filter, after, limit);
  const merged: DealRow[] = [];
  for (const account of new Set(accounts)) {
    merged.push(...selectOneQuery(db, { ...filter, accounts: [account] }, after, limit));
  }
  return merged.sort(newerFirst).slice(0, limit);
}

export function cursorAfter(db: ReadableDB, row: DealRow): DealCursor {
  return { timeUs: row[12], id: row[1], account: nameOf(db, 'account', row[0]) };
}

/** One page of a filtered deals view, newest first, and the cursor of the next page. */
export function pageDeals(
  db: ReadableDB,
  filter: unknown,
  cursor: unknown = null,
  limit: number = DEFAULT_PAGE_SIZE,
): DealPage {
  const f = parseInput(dealFilterSchema, filter, 'filter');
  const c = cursor === null || cursor === undefined ? null : parseInput(dealCursorSchema, cursor, 'cursor');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new CacheInputError(`limit: must be a whole number from 1 to ${MAX_PAGE_SIZE}`, 'limit');
  }
  const rows = selectDealRows(db, f, c, limit + 1);
  const more = rows.length > limit;
  if (more) rows.pop();
  const last = rows[rows.length - 1];
  return { rows: rows.map((r) => rowToDeal(db, r)), next: more && last ? cursorAfter(db, last) : null };
}

/** The newest cached deal time of an account (Unix seconds), for the next incremental sync. */
export function newestDealTime(db: ReadableDB, account: string, market?: string): number | null {
  const accountRef = findRef(db, 'account', account);
  if (accountRef === null) return null;
  let row: { t: number | null };
  if (market === undefined) {
    row = prepared(db, 'SELECT max(time_us) AS t FROM deals WHERE account_ref = ?').get(
      accountRef,
    ) as typeof row;
  } else {
    const marketRef = findRef(db, 'market', market);
    if (marketRef === null) return null;
    row = prepared(db, 'SELECT max(time_us) AS t FROM deals WHERE market_ref = ? AND account_ref = ?').get(
      marketRef,
      accountRef,
    ) as typeof row;
  }
  return row.t === null ? null : row.t / 1e6;
}

export function countDeals(db: ReadableDB, filter: unknown): number {
  const where = dealWhere(db, parseInput(dealFilterSchema, filter, 'filter'));
  const row = prepared(db, `SELECT count(*) AS n FROM deals WHERE ${where.sql}`).get(...where.params);
  return (row as { n: number }).n;
}
