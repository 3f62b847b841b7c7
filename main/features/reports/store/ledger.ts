/**
 * Bringing the ledger up to date on the writer: the series (account and market) the cache marked
 * changed (`deal_changes`) are read again from where they stand, a bounded number of deals per call,
 * so other writes go on between calls. A series goes on from its saved state when every deal it had
 * read is still all there is up to where it stopped (the count says so); otherwise (older deals came,
 * a backfill) it is read again from its first deal. Position records say which orders traded a
 * collateral position, and on which side; a liquidation record closes its position. The days and
 * their sums are stored by `ledger-days.ts`.
 */
import { prepared, type WritableDB } from '../../../cache/db.ts';
import { split } from '../../../cache/fixed.ts';
import { nameOf } from '../../../cache/repos/deal-keys.ts';
import {
  emptyDay,
  LedgerBook,
  loadState,
  saveState,
  type DayFigures,
  type Instance,
  type PositionSide,
} from './ledger-book.ts';
import { dropDays, writeDays } from './ledger-days.ts';

const DAY_US = 86_400_000_000;

export interface LedgerProgress {
  /** Deals read in this call. */
  deals: number;
  /** Series still marked changed after this call (0: the ledger is up to date). */
  pending: number;
}

interface Mark {
  account_ref: number;
  market_ref: number;
  from_day: number;
}

interface SeriesRow {
  deals: number;
  last_time_us: number;
  last_id: number;
  state: string;
}

type DealRow = [number, number, string, string, string, string, string, number];

/** Reads at most about `budget` deals of marked series into the ledger; see the module note. */
export function buildLedger(db: WritableDB, budget = 200_000): LedgerProgress {
  let deals = 0;
  const marks = prepared(
    db,
    'SELECT account_ref, market_ref, from_day FROM deal_changes ORDER BY account_ref, market_ref',
  ).all() as Mark[];
  for (const mark of marks) {
    if (deals >= budget) break;
    deals += db.transaction(() => buildSeries(db, mark, budget - deals))();
  }
  const pending = prepared(db, 'SELECT count(*) FROM deal_changes').pluck().get() as number;
  return { deals, pending };
}

/** One series: on from its state or from the start; answers the deals read. The mark goes once done. */
function buildSeries(db: WritableDB, mark: Mark, budget: number): number {
  const { account_ref: accountRef, market_ref: marketRef } = mark;
  const account = nameOf(db, 'account', accountRef);
  const market = nameOf(db, 'market', marketRef);
  let series = prepared(
    db,
    'SELECT deals, last_time_us, last_id, state FROM ledger_series WHERE account_ref = ? AND market_ref = ?',
  ).get(accountRef, marketRef) as SeriesRow | undefined;
  if (series && !stillWhole(db, mark, series)) {
    dropDays(db, accountRef, marketRef);
    for (const table of ['ledger_positions', 'ledger_series'])
      prepared(db, `DELETE FROM ${table} WHERE account_ref = ? AND market_ref = ?`).run(
        accountRef,
        marketRef,
      );
    series = undefined;
  }
  const book = new LedgerBook(loadState(series?.state), market);
  const sides = new Map(
    (
      prepared(
        db,
        'SELECT order_id, side FROM positions_history WHERE account = ? AND market = ? AND order_id <> 0',
      ).all(account, market) as Array<{ order_id: number; side: PositionSide }>
    ).map((r) => [r.order_id, r.side]),
  );
  const futures = market.endsWith('_PERP');
  const after = series ? [series.last_time_us, series.last_id] : [-1, -1];
  const rows = prepared(
    db,
    `SELECT time_us, id, side, amount, deal, fee, fee_asset, order_id FROM deals
     WHERE account_ref = ? AND market_ref = ? AND (time_us, id) > (?, ?)
     ORDER BY time_us, id LIMIT ?`,
  )
    .raw(true)
    .all(accountRef, marketRef, after[0], after[1], budget) as DealRow[];
  const liquidations = liquidationsOf(db, account, market, after[0] ?? -1);
  const days = new Map<string, DayFigures>();
  const dayOf = (timeUs: number, book: 'spot' | 'collateral') => {
    const key = `${String(Math.floor(timeUs / DAY_US))}|${book}`;
    let d = days.get(key);
    if (!d) days.set(key, (d = emptyDay()));
    return d;
  };
  let l = 0;
  for (const [timeUs, , side, amount, value, fee, feeAsset, orderId] of rows) {
    for (; l < liquidations.length && (liquidations[l]?.timeUs ?? 0) <= timeUs; l++) {
      const liq = liquidations[l] as Liquidation;
      book.liquidation(liq.side, liq.timeUs, liq.price, dayOf(liq.timeUs, 'collateral'));
    }
    const positionSide = sides.get(orderId) ?? (futures ? 'BOTH' : undefined);
    const e = { timeUs, side: side as 'buy' | 'sell', amount, value, fee, feeAsset, orderId, positionSide };
    book.deal(e, dayOf(timeUs, positionSide === undefined ? 'spot' : 'collateral'));
  }
  const done = rows.length < budget;
  if (done)
    for (; l < liquidations.length; l++) {
      const liq = liquidations[l] as Liquidation;
      book.liquidation(liq.side, liq.timeUs, liq.price, dayOf(liq.timeUs, 'collateral'));
    }
  writeDays(db, accountRef, marketRef, days);
  writeInstances(db, account, accountRef, marketRef, book.closed);
  const last = rows.at(-1);
  prepared(
    db,
    `INSERT INTO ledger_series (account_ref, market_ref, deals, last_time_us, last_id, state) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_ref, market_ref) DO UPDATE SET deals = excluded.deals, last_time_us = excluded.last_time_us,
       last_id = excluded.last_id, state = excluded.state`,
  ).run(
    accountRef,
    marketRef,
    (series?.deals ?? 0) + rows.length,
    last ? last[0] : (series?.last_time_us ?? -1),
    last ? last[1] : (series?.last_id ?? -1),
    saveState(book.state),
  );
  if (done)
    prepared(db, 'DELETE FROM deal_changes WHERE account_ref = ? AND market_ref = ? AND from_day = ?').run(
      accountRef,
      marketRef,
      mark.from_day,
    );
  return rows.length;
}

/** Whether every deal from the marked day to where the series stopped is one it read (none came in between). */
function stillWhole(db: WritableDB, mark: Mark, series: SeriesRow): boolean {
  const from = mark.from_day * DAY_US;
  if (from > series.last_time_us) return true;
  const stored = prepared(
    db,
    `SELECT count(*) FROM deals WHERE account_ref = ? AND market_ref = ? AND time_us >= ?
     AND (time_us, id) <= (?, ?)`,
  )
    .pluck()
    .get(mark.account_ref, mark.market_ref, from, series.last_time_us, series.last_id) as number;
  const read = prepared(
    db,
    'SELECT coalesce(sum(deals), 0) FROM ledger_days WHERE account_ref = ? AND market_ref = ? AND day >= ?',
  )
    .pluck()
    .get(mark.account_ref, mark.market_ref, mark.from_day) as number;
  return stored === read;
}

interface Liquidation {
  timeUs: number;
  side: PositionSide;
  price: string;
}

/** Liquidations of the series after `fromUs` (those past the last deal read wait until the series has no more). */
function liquidationsOf(db: WritableDB, account: string, market: string, fromUs: number): Liquidation[] {
  const rows = prepared(
    db,
    `SELECT modify_us, side, trade_price FROM positions_history WHERE account = ? AND market = ? AND order_id = 0
     AND liquidation_state = 'liquidation' AND modify_us > ? ORDER BY modify_us`,
  ).all(account, market, fromUs) as Array<{ modify_us: number; side: PositionSide; trade_price: string }>;
  return rows.map((r) => ({ timeUs: r.modify_us, side: r.side, price: r.trade_price }));
}

/** Stores the positions the book saw close, each named by the exchange's position of its closing order. */
function writeInstances(
  db: WritableDB,
  account: string,
  accountRef: number,
  marketRef: number,
  closed: Instance[],
): void {
  const positionOf = prepared(
    db,
    `SELECT position_id FROM positions_history WHERE account = ? AND order_id = ? AND amount IN ('0', '0.0')
     ORDER BY modify_us DESC LIMIT 1`,
  ).pluck();
  const liquidated = prepared(
    db,
    `SELECT position_id FROM positions_history WHERE account = ? AND order_id = 0 AND liquidation_state = 'liquidation'
     AND modify_us = ? LIMIT 1`,
  ).pluck();
  const write = prepared(
    db,
    `INSERT OR REPLACE INTO ledger_positions (account_ref, market_ref, side, open_us, close_us, position_id, deals,
       closed_hi, closed_lo, realized_hi, realized_lo, fee_value_hi, fee_value_lo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const i of closed) {
    const position =
      i.closingOrder === 0
        ? liquidated.get(account, i.closeUs)
        : i.closingOrder === null
          ? undefined
          : positionOf.get(account, i.closingOrder);
    write.run(
      accountRef,
      marketRef,
      i.side,
      i.openUs,
      i.closeUs,
      position ?? null,
      i.deals,
      ...split(i.closed),
      ...split(i.realized),
      ...split(i.fee),
    );
  }
}
