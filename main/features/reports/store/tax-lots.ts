/**
 * The tax-lot report: each account's spot deals in time order, every purchase a lot of its base asset
 * (cost in the market's quote currency), every sale matched against the oldest (FIFO) or newest
 * (LIFO) lots, one CSV line per disposal and lot it used: cost basis, proceeds, gain, days held.
 * Fees either go into the cost and come off the proceeds (deductible), or are left out of both.
 * Runs on a worker of its own in chunks of deals, with progress, and stops when cancelled; exact
 * (BigInt units of 10^-18: a lot's cost is shared out as it is sold, the rest stays with it).
 */
import { z } from 'zod';
import { isoMicros } from '../../../cache/csv.ts';
import { prepared, type ReadableDB } from '../../../cache/db.ts';
import { CacheCancelledError } from '../../../cache/errors.ts';
import { share, toUnits } from '../../../cache/fixed.ts';
import { findRef, nameOf } from '../../../cache/repos/deal-keys.ts';
import { parseInput } from '../../../cache/repos/parse.ts';
import type { TaxLotsView } from '../views.ts';
import { CsvFile } from './csv-file.ts';
import { baseOf, DAY_S, quoteOf, text } from './scope.ts';

const CHUNK = 50_000;
const LONG_TERM_US = 365 * DAY_S * 1e6;

export const taxLotsInput = z.object({
  job: z.string().min(1).max(64),
  accounts: z.array(z.string().min(1).max(128)).min(1).max(5000),
  fromDay: z.number().int().min(0),
  toDay: z.number().int().min(0),
  method: z.enum(['FIFO', 'LIFO']),
  feesDeductible: z.boolean(),
  path: z.string().min(1),
});
export type TaxLotsInput = z.infer<typeof taxLotsInput>;

export const TAX_HEADER = [
  'account',
  'asset',
  'currency',
  'disposed_utc',
  'amount',
  'acquired_utc',
  'days_held',
  'term',
  'cost_basis',
  'proceeds',
  'gain',
  'market',
  'deal_id',
  'method',
  'fees',
];
const TEXT_COLUMNS = new Set([0, 1, 2, 11, 13, 14]);

interface Lot {
  timeUs: number;
  amount: bigint;
  cost: bigint;
}

/** The lots of one asset: a queue read from the front (FIFO) or a stack read from the back (LIFO). */
class Lots {
  readonly #lots: Lot[] = [];
  #head = 0;
  readonly #lifo: boolean;

  constructor(lifo: boolean) {
    this.#lifo = lifo;
  }

  add(lot: Lot): void {
    this.#lots.push(lot);
  }

  /** The lot a sale takes from next, or undefined when none is left. */
  next(): Lot | undefined {
    if (this.#lifo) return this.#lots.at(-1);
    return this.#lots[this.#head];
  }

  drop(): void {
    if (this.#lifo) this.#lots.pop();
    else if (++this.#head > 1024 && this.#head * 2 > this.#lots.length) {
      this.#lots.splice(0, this.#head);
      this.#head = 0;
    }
  }
}

interface Totals {
  proceeds: bigint;
  cost: bigint;
  shortTerm: bigint;
  longTerm: bigint;
}

type Row = [number, number, number, string, string, string, string, string, number];

const yieldNow = () => new Promise((resolve) => setImmediate(resolve));

export async function taxLots(
  db: ReadableDB,
  input: unknown,
  signal: AbortSignal,
  progress: (value: unknown) => void,
): Promise<TaxLotsView> {
  const q = parseInput(taxLotsInput, input, 'input');
  const endUs = (q.toDay + 1) * DAY_S * 1e6;
  const fromUs = q.fromDay * DAY_S * 1e6;
  const refs = q.accounts
    .map((a) => [a, findRef(db, 'account', a)] as const)
    .filter((x): x is [string, number] => x[1] !== null);
  const total = refs.reduce(
    (n, [, ref]) =>
      n +
      (prepared(db, 'SELECT count(*) FROM deals WHERE account_ref = ? AND time_us < ?')
        .pluck()
        .get(ref, endUs) as number),
    0,
  );
  const csv = new CsvFile(q.path, TAX_HEADER);
  const totals = new Map<string, Totals>();
  const view: TaxLotsView = {
    job: q.job,
    file: q.path,
    method: q.method,
    feesDeductible: q.feesDeductible,
    disposals: 0,
    lines: 0,
    totals: [],
    unknownCost: 0,
    cancelled: false,
  };
  const fees = q.feesDeductible ? 'deductible' : 'not deductible';
  let done = 0;
  try {
    for (const [account, ref] of refs) {
      const collateral = new Set(
        prepared(db, 'SELECT DISTINCT order_id FROM positions_history WHERE account = ?')
          .pluck()
          .all(account) as number[],
      );
      const books = new Map<string, Lots>();
      let after: [number, number] = [-1, -1];
      for (;;) {
        if (signal.aborted) throw new CacheCancelledError('The tax-lot report was cancelled.');
        const rows = prepared(
          db,
          `SELECT time_us, id, market_ref, side, amount, deal, fee, fee_asset, order_id FROM deals
           WHERE account_ref = ? AND time_us < ? AND (time_us, id) > (?, ?)
           ORDER BY time_us, id LIMIT ?`,
        )
          .raw(true)
          .all(ref, endUs, after[0], after[1], CHUNK) as Row[];
        for (const [timeUs, id, marketRef, side, amount, value, fee, feeAsset, orderId] of rows) {
          const market = nameOf(db, 'market', marketRef);
          if (market.endsWith('_PERP') || collateral.has(orderId)) continue;
          const base = baseOf(market);
          const quote = quoteOf(market);
          const key = `${base}\n${quote}`;
          let lots = books.get(key);
          if (!lots) books.set(key, (lots = new Lots(q.method === 'LIFO')));
          const qty = toUnits(amount);
          const v = toUnits(value);
          const f = toUnits(fee);
          if (side === 'buy') {
            // a fee in the base asset arrives less base; one in the quote costs more
            const got = feeAsset === base ? qty - f : qty;
            const cost =
              feeAsset === quote ? (q.feesDeductible ? v + f : v) : q.feesDeductible ? v : share(v, got, qty);
            lots.add({ timeUs, amount: got, cost });
            continue;
          }
          const proceeds = feeAsset === quote && q.feesDeductible ? v - f : v;
          const counted = timeUs >= fromUs;
          if (counted) view.disposals++;
          let left = qty;
          let proceedsLeft = proceeds;
          while (left > 0n) {
            const lot = lots.next();
            const take = lot ? (lot.amount < left ? lot.amount : left) : left;
            const part = take === left ? proceedsLeft : share(proceeds, take, qty);
            proceedsLeft -= part;
            let cost: bigint | null = null;
            if (lot) {
              cost = take === lot.amount ? lot.cost : share(lot.cost, take, lot.amount);
              lot.amount -= take;
              lot.cost -= cost;
              if (lot.amount === 0n) lots.drop();
            }
            left -= take;
            if (!counted) continue;
            const held = lot ? timeUs - lot.timeUs : null;
            const long = held !== null && held > LONG_TERM_US;
            if (cost === null) view.unknownCost++;
            else {
              const t = totals.get(quote) ?? { proceeds: 0n, cost: 0n, shortTerm: 0n, longTerm: 0n };
              t.proceeds += part;
              t.cost += cost;
              if (long) t.longTerm += part - cost;
              else t.shortTerm += part - cost;
              totals.set(quote, t);
            }
            csv.row(
              [
                account,
                base,
                quote,
                isoMicros(timeUs),
                text(take),
                lot ? isoMicros(lot.timeUs) : 'unknown',
                held === null ? null : Math.floor(held / (DAY_S * 1e6)),
                held === null ? 'unknown' : long ? 'long' : 'short',
                cost === null ? null : text(cost),
                text(part),
                cost === null ? null : text(part - cost),
                market,
                id,
                q.method,
                fees,
              ],
              TEXT_COLUMNS,
            );
          }
        }
        done += rows.length;
        progress({ job: q.job, deals: done, total });
        if (rows.length < CHUNK) break;
        const last = rows.at(-1) as Row;
        after = [last[0], last[1]];
        await yieldNow();
      }
    }
    view.lines = csv.lines;
    csv.finish();
  } catch (error) {
    csv.abort();
    throw error;
  }
  view.totals = [...totals].map(([quote, t]) => ({
    quote,
    proceeds: text(t.proceeds),
    cost: text(t.cost),
    gain: text(t.proceeds - t.cost),
    shortTerm: text(t.shortTerm),
    longTerm: text(t.longTerm),
  }));
  return view;
}
