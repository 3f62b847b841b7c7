import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { DecimalSum } from '../decimal-sum.ts';
import type { DealRecord } from './deals.ts';

/** One UTC day in microseconds: the rollup's time grain. */
export const DAY_US = 86_400_000_000;
export const DAY_S = 86_400;

export const dayOf = (timeUs: number): number => Math.floor(timeUs / DAY_US);

/** A stored daily row as the writer last wrote (or read) it. */
interface Stored {
  /** Whether the row is in the table (else the next write inserts it). */
  exists: boolean;
  deals: number;
  amount: DecimalSum;
  value: DecimalSum;
  fee: DecimalSum;
}

/**
 * The writer's copy of the daily rows it has read or written, so a write adds to them without reading
 * them back first. Valid only while every write that touched them committed: `forgetRollup` after a
 * rollback. Bounded: cleared when it grows past `STORED_MAX` rows.
 */
const storedRows = new WeakMap<WritableDB, Map<string, Stored>>();
const STORED_MAX = 20_000;

/** Drops the writer's copy of the daily rows (after a rolled-back write that may have changed them). */
export function forgetRollup(db: ReadableDB): void {
  storedRows.delete(db as WritableDB);
}

/**
 * A deal's role as the deals table holds it: `maker` / `taker`, and in a cache not yet past migration 9
 * (whose migration 4 rolls its deals up), the exchange's 1 / 2.
 */
type StoredRole = DealRecord['role'] | number;

interface Group {
  key: [number, number, number, string, StoredRole, string];
  deals: number;
  amount: DecimalSum;
  value: DecimalSum;
  fee: DecimalSum;
}

/**
 * Daily totals per (account, market, day, side, role, fee asset), kept in `deal_daily_totals` as the
 * deals are stored, so totals over whole days never rescan the deals. Collect the newly inserted
 * deals of one write, then `apply` inside the same transaction.
 */
export class RollupBatch {
  /**
   * Groups by account ref, then by market ref and side packed in one number, then a short list told
   * apart by role, day and fee asset (a batch rarely spans more than a day or two): number-keyed maps
   * instead of a key string built for every deal.
   */
  readonly #groups = new Map<number, Map<number, Group[]>>();
  #size = 0;
  /** Per account ref, per market ref: the earliest day of the batch (for `deal_changes`). */
  readonly #earliest = new Map<number, Map<number, number>>();
  readonly #markChanges: boolean;

  /** `markChanges: false` leaves `deal_changes` alone (a schema before migration 11 has none). */
  constructor(options: { markChanges?: boolean } = {}) {
    this.#markChanges = options.markChanges ?? true;
  }

  add(
    accountRef: number,
    marketRef: number,
    timeUs: number,
    side: string,
    role: StoredRole,
    feeAsset: string,
    amount: string,
    value: string,
    fee: string,
  ): void {
    const day = dayOf(timeUs);
    let earliest = this.#earliest.get(accountRef);
    if (!earliest) this.#earliest.set(accountRef, (earliest = new Map()));
    const seen = earliest.get(marketRef);
    if (seen === undefined || day < seen) earliest.set(marketRef, day);
    let byMarket = this.#groups.get(accountRef);
    if (!byMarket) {
      byMarket = new Map();
      this.#groups.set(accountRef, byMarket);
    }
    const slot = marketRef * 2 + (side === 'buy' ? 1 : 0);
    let list = byMarket.get(slot);
    if (!list) {
      list = [];
      byMarket.set(slot, list);
    }
    let g: Group | undefined;
    for (const candidate of list) {
      if (candidate.key[2] === day && candidate.key[4] === role && candidate.key[5] === feeAsset) {
        g = candidate;
        break;
      }
    }
    if (!g) {
      g = {
        key: [accountRef, marketRef, day, side, role, feeAsset],
        deals: 0,
        amount: new DecimalSum(),
        value: new DecimalSum(),
        fee: new DecimalSum(),
      };
      list.push(g);
      this.#size++;
    }
    g.deals++;
    g.amount.add(amount);
    g.value.add(value);
    g.fee.add(fee);
  }

  /**
   * Adds the batch to the stored daily rows. Run in the transaction that inserted the deals; if that
   * transaction rolls back, call `forgetRollup`.
   */
  apply(db: WritableDB): void {
    if (this.#size === 0) return;
    const read = prepared(
      db,
      `SELECT deals, amount, value, fee FROM deal_daily_totals WHERE account_ref = ? AND market_ref = ?
       AND day = ? AND side = ? AND role = ? AND fee_asset = ?`,
    );
    const insert = prepared(
      db,
      `INSERT INTO deal_daily_totals
       (account_ref, market_ref, day, side, role, fee_asset, deals, amount, value, fee)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const update = prepared(
      db,
      `UPDATE deal_daily_totals SET deals = ?, amount = ?, value = ?, fee = ? WHERE account_ref = ?
       AND market_ref = ? AND day = ? AND side = ? AND role = ? AND fee_asset = ?`,
    );
    let stored = storedRows.get(db);
    if (!stored || stored.size > STORED_MAX) {
      stored = new Map();
      storedRows.set(db, stored);
    }
    for (const g of this.#all()) {
      const id = g.key.join('|');
      let row = stored.get(id);
      if (!row) {
        const old = read.get(...g.key) as
          { deals: number; amount: string; value: string; fee: string } | undefined;
        row = {
          exists: old !== undefined,
          deals: 0,
          amount: new DecimalSum(),
          value: new DecimalSum(),
          fee: new DecimalSum(),
        };
        if (old) {
          row.deals = old.deals;
          row.amount.add(old.amount);
          row.value.add(old.value);
          row.fee.add(old.fee);
        }
        stored.set(id, row);
      }
      row.deals += g.deals;
      row.amount.addSum(g.amount);
      row.value.addSum(g.value);
      row.fee.addSum(g.fee);
      const totals = [row.deals, row.amount.toString(), row.value.toString(), row.fee.toString()];
      if (row.exists) update.run(...totals, ...g.key);
      else {
        insert.run(...g.key, ...totals);
        row.exists = true;
      }
    }
    this.#groups.clear();
    this.#size = 0;
    if (this.#markChanges) markDealChanges(db, this.#earliest);
    this.#earliest.clear();
  }

  *#all(): Generator<Group> {
    for (const byMarket of this.#groups.values()) {
      for (const list of byMarket.values()) yield* list;
    }
  }
}

/**
 * Notes, per account and market, the earliest day whose deals (or position records) changed since a
 * follower (the ledger) last took the marks: the day moves only earlier until it is taken.
 */
export function markDealChanges(
  db: WritableDB,
  earliest: ReadonlyMap<number, ReadonlyMap<number, number>>,
): void {
  const mark = prepared(
    db,
    `INSERT INTO deal_changes (account_ref, market_ref, from_day) VALUES (?, ?, ?)
     ON CONFLICT (account_ref, market_ref) DO UPDATE SET from_day = min(from_day, excluded.from_day)`,
  );
  for (const [accountRef, byMarket] of earliest)
    for (const [marketRef, day] of byMarket) mark.run(accountRef, marketRef, day);
}
