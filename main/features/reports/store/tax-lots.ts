/**
 * The tax-lot report: each account's spot deals in time order, every purchase a lot of its base asset
 * (cost in the market's quote currency), every sale matched against the oldest (FIFO) or newest
 * (LIFO) lots, one CSV line per disposal and lot it used: cost basis, proceeds, gain, days held.
 * Fees either go into the cost and come off the proceeds (deductible), or are left out of both.
 * Runs on a worker of its own in chunks of deals, with progress, and stops when cancelled; exact
 * (BigInt units of 10^-18: a lot's cost is shared out as it is sold, the rest stays with it). The
 * matching itself is `tax-lot-book.ts`.
 */
import { z } from 'zod';
import { csvField } from '../../../cache/csv.ts';
import { prepared, type ReadableDB } from '../../../cache/db.ts';
import { CacheCancelledError } from '../../../cache/errors.ts';
import { findRef } from '../../../cache/repos/deal-keys.ts';
import { parseInput } from '../../../cache/repos/parse.ts';
import type { TaxLotsView } from '../views.ts';
import { CsvFile } from './csv-file.ts';
import { DAY_S, text } from './scope.ts';
import { AccountLots, type DealRow, type LotOptions, type Totals } from './tax-lot-book.ts';

const CHUNK = 10_000;

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

const BY_TIME = `SELECT time_us, id, market_ref, side, amount, deal, fee, fee_asset, order_id FROM deals
  WHERE account_ref = ? AND time_us < ? AND (time_us, id) > (?, ?) ORDER BY time_us, id LIMIT ?`;
const BY_ID = `SELECT time_us, id, market_ref, side, amount, deal, fee, fee_asset, order_id FROM deals
  WHERE account_ref = ? AND time_us < ? AND id > ? ORDER BY id LIMIT ?`;

const yieldNow = () => new Promise((resolve) => setImmediate(resolve));

export async function taxLots(
  db: ReadableDB,
  input: unknown,
  signal: AbortSignal,
  progress: (value: unknown) => void,
): Promise<TaxLotsView> {
  const q = parseInput(taxLotsInput, input, 'input');
  const endUs = (q.toDay + 1) * DAY_S * 1e6;
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
  const options: LotOptions = {
    lifo: q.method === 'LIFO',
    feesDeductible: q.feesDeductible,
    fromUs: q.fromDay * DAY_S * 1e6,
    tail: `,${csvField(q.method, true)},${csvField(fees, true)}\r\n`,
  };
  let done = 0;
  /** Reads the account's deals into `lots` by id or by time; false when read by id they did not follow time. */
  const read = async (lots: AccountLots, ref: number, byId: boolean): Promise<boolean> => {
    const statement = prepared(db, byId ? BY_ID : BY_TIME).raw(true);
    for (;;) {
      if (signal.aborted) throw new CacheCancelledError('The tax-lot report was cancelled.');
      const after =
        lots.taken === 0 ? (byId ? [-1] : [-1, -1]) : byId ? [lots.lastId] : [lots.lastUs, lots.lastId];
      const rows = statement.all(ref, endUs, ...after, CHUNK) as DealRow[];
      const before = lots.taken;
      if (!lots.take(rows, byId)) {
        done -= before;
        return false;
      }
      done += rows.length;
      progress({ job: q.job, deals: done, total });
      if (rows.length < CHUNK) return true;
      await yieldNow();
    }
  };
  try {
    for (const [account, ref] of refs) {
      const collateral = new Set(
        prepared(db, 'SELECT DISTINCT order_id FROM positions_history WHERE account = ?')
          .pluck()
          .all(account) as number[],
      );
      // by id first (the table's own order, read straight through): the exchange numbers its deals
      // as they happen, so their ids follow their times; if they do not, the account is read again by time
      const mark = csv.mark();
      let lots = new AccountLots(db, account, collateral, csv, options);
      if (!(await read(lots, ref, true))) {
        csv.rewind(mark);
        lots = new AccountLots(db, account, collateral, csv, options);
        await read(lots, ref, false);
      }
      view.disposals += lots.disposals;
      view.unknownCost += lots.unknownCost;
      for (const [quote, t] of lots.totals) {
        const sum = totals.get(quote);
        if (!sum) totals.set(quote, t);
        else {
          sum.proceeds += t.proceeds;
          sum.cost += t.cost;
          sum.shortTerm += t.shortTerm;
          sum.longTerm += t.longTerm;
        }
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
