import { prepared, type WritableDB } from '../db.ts';
import { DecimalSum } from '../decimal-sum.ts';

/** One UTC day in microseconds: the rollup's time grain. */
export const DAY_US = 86_400_000_000;
export const DAY_S = 86_400;

export const dayOf = (timeUs: number): number => Math.floor(timeUs / DAY_US);

interface Group {
  key: [number, number, number, string, number, string];
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
  readonly #groups = new Map<string, Group>();

  add(
    accountRef: number,
    marketRef: number,
    timeUs: number,
    side: string,
    role: number,
    feeAsset: string,
    amount: string,
    value: string,
    fee: string,
  ): void {
    const day = dayOf(timeUs);
    const id = `${accountRef}|${marketRef}|${day}|${side}|${role}|${feeAsset}`;
    let g = this.#groups.get(id);
    if (!g) {
      g = {
        key: [accountRef, marketRef, day, side, role, feeAsset],
        deals: 0,
        amount: new DecimalSum(),
        value: new DecimalSum(),
        fee: new DecimalSum(),
      };
      this.#groups.set(id, g);
    }
    g.deals++;
    g.amount.add(amount);
    g.value.add(value);
    g.fee.add(fee);
  }

  /** Adds the batch to the stored daily rows. Run in the transaction that inserted the deals. */
  apply(db: WritableDB): void {
    if (this.#groups.size === 0) return;
    const read = prepared(
      db,
      `SELECT deals, amount, value, fee FROM deal_daily_totals WHERE account_ref = ? AND market_ref = ?
       AND day = ? AND side = ? AND role = ? AND fee_asset = ?`,
    );
    const write = prepared(
      db,
      `INSERT INTO deal_daily_totals
       (account_ref, market_ref, day, side, role, fee_asset, deals, amount, value, fee)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account_ref, market_ref, day, side, role, fee_asset) DO UPDATE SET
         deals = excluded.deals, amount = excluded.amount, value = excluded.value, fee = excluded.fee`,
    );
    for (const g of this.#groups.values()) {
      const old = read.get(...g.key) as
        { deals: number; amount: string; value: string; fee: string } | undefined;
      if (old) {
        g.deals += old.deals;
        g.amount.add(old.amount);
        g.value.add(old.value);
        g.fee.add(old.fee);
      }
      write.run(...g.key, g.deals, g.amount.toString(), g.value.toString(), g.fee.toString());
    }
    this.#groups.clear();
  }
}
