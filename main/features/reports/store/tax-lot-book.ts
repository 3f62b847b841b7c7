/**
 * The matching of one account's deals for the tax-lot report: every purchase a lot of its base asset
 * (cost in the market's quote currency), every sale matched against the oldest (FIFO) or newest
 * (LIFO) lots, one CSV line per disposal and lot it used. Exact: BigInt units of 10^-18, a lot's cost
 * shared out as it is sold and the rest staying with it. The fixed text of each market's lines is
 * formatted once, so a line is one string built from its figures.
 */
import { csvField, isoMicros } from '../../../cache/csv.ts';
import type { ReadableDB } from '../../../cache/db.ts';
import { share, toUnits } from '../../../cache/fixed.ts';
import { nameOf } from '../../../cache/repos/deal-keys.ts';
import type { CsvFile } from './csv-file.ts';
import { baseOf, DAY_S, quoteOf, text } from './scope.ts';

const DAY_US = DAY_S * 1e6;
const LONG_TERM_US = 365 * DAY_US;

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

export interface Totals {
  proceeds: bigint;
  cost: bigint;
  shortTerm: bigint;
  longTerm: bigint;
}

/** What a market's deals go to: its asset's lots and its totals, and the fixed text of its lines. */
interface Book {
  /** A perpetual: its deals are no purchase or sale of an asset. */
  skip: boolean;
  base: string;
  quote: string;
  lots: Lots;
  /** The totals of the quote currency, once a disposal of known cost counted in them. */
  totals: Totals | undefined;
  /** The line's fields before the disposal time (account, asset, currency), as CSV. */
  head: string;
  /** The market between the gain and the deal id, as CSV. */
  market: string;
}

/** A deal as the report reads it: time_us, id, market_ref, side, amount, deal, fee, fee_asset, order_id. */
export type DealRow = [number, number, number, string, string, string, string, string, number];

export interface LotOptions {
  lifo: boolean;
  feesDeductible: boolean;
  /** Disposals before this time (µs) are matched but not reported. */
  fromUs: number;
  /** The end of every line: the method and the fees, as CSV with its CRLF. */
  tail: string;
}

/** One account's lots, totals and counts, its lines written to the CSV as its deals are taken. */
export class AccountLots {
  readonly totals = new Map<string, Totals>();
  disposals = 0;
  unknownCost = 0;
  /** Deals taken, and the time and id of the last. */
  taken = 0;
  lastUs = -Infinity;
  lastId = -Infinity;
  readonly #lotsOf = new Map<string, Lots>();
  readonly #books = new Map<number, Book>();
  readonly #db: ReadableDB;
  readonly #account: string;
  readonly #collateral: ReadonlySet<number>;
  readonly #csv: CsvFile;
  readonly #o: LotOptions;

  constructor(db: ReadableDB, account: string, collateral: ReadonlySet<number>, csv: CsvFile, o: LotOptions) {
    this.#db = db;
    this.#account = account;
    this.#collateral = collateral;
    this.#csv = csv;
    this.#o = o;
  }

  #book(marketRef: number): Book {
    const market = nameOf(this.#db, 'market', marketRef);
    const base = baseOf(market);
    const quote = quoteOf(market);
    const key = `${base}\n${quote}`;
    let lots = this.#lotsOf.get(key);
    if (!lots) this.#lotsOf.set(key, (lots = new Lots(this.#o.lifo)));
    const book: Book = {
      skip: market.endsWith('_PERP'),
      base,
      quote,
      lots,
      totals: this.totals.get(quote),
      head: `${csvField(this.#account, true)},${csvField(base, true)},${csvField(quote, true)},`,
      market: `,${csvField(market, true)},`,
    };
    this.#books.set(marketRef, book);
    return book;
  }

  /**
   * Takes deals in time order; with `rising`, stops at the first that is older than the one before
   * and answers false (deals read by id, whose ids do not follow their times).
   */
  take(rows: Iterable<DealRow>, rising: boolean): boolean {
    const { feesDeductible, fromUs, tail } = this.#o;
    for (const [timeUs, id, marketRef, side, amount, value, fee, feeAsset, orderId] of rows) {
      if (rising && timeUs < this.lastUs) return false;
      this.taken++;
      this.lastUs = timeUs;
      this.lastId = id;
      const book = this.#books.get(marketRef) ?? this.#book(marketRef);
      if (book.skip || this.#collateral.has(orderId)) continue;
      const { base, quote, lots } = book;
      const qty = toUnits(amount);
      const v = toUnits(value);
      const f = toUnits(fee);
      if (side === 'buy') {
        // a fee in the base asset arrives less base; one in the quote costs more
        const got = feeAsset === base ? qty - f : qty;
        const cost =
          feeAsset === quote ? (feesDeductible ? v + f : v) : feesDeductible ? v : share(v, got, qty);
        lots.add({ timeUs, amount: got, cost });
        continue;
      }
      const proceeds = feeAsset === quote && feesDeductible ? v - f : v;
      const counted = timeUs >= fromUs;
      if (counted) this.disposals++;
      const disposed = counted ? `${book.head}${isoMicros(timeUs)},` : '';
      const dealId = `${String(id)}${tail}`;
      let left = qty;
      let proceedsLeft = proceeds;
      while (left > 0n) {
        const lot = lots.next();
        const take = lot ? (lot.amount < left ? lot.amount : left) : left;
        const part = take === left ? proceedsLeft : share(proceeds, take, qty);
        proceedsLeft -= part;
        if (!lot) {
          left -= take;
          if (!counted) continue;
          this.unknownCost++;
          this.#csv.write(`${disposed}${text(take)},unknown,,unknown,,${text(part)},${book.market}${dealId}`);
          continue;
        }
        const cost = take === lot.amount ? lot.cost : share(lot.cost, take, lot.amount);
        const acquiredUs = lot.timeUs;
        lot.amount -= take;
        lot.cost -= cost;
        if (lot.amount === 0n) lots.drop();
        left -= take;
        if (!counted) continue;
        const held = timeUs - acquiredUs;
        const long = held > LONG_TERM_US;
        const gain = part - cost;
        let t = book.totals;
        if (!t) {
          t = this.totals.get(quote) ?? { proceeds: 0n, cost: 0n, shortTerm: 0n, longTerm: 0n };
          this.totals.set(quote, (book.totals = t));
        }
        t.proceeds += part;
        t.cost += cost;
        if (long) t.longTerm += gain;
        else t.shortTerm += gain;
        this.#csv.write(
          `${disposed}${text(take)},${isoMicros(acquiredUs)},${String(Math.floor(held / DAY_US))},${long ? 'long' : 'short'},${text(cost)},${text(part)},${text(gain)}${book.market}${dealId}`,
        );
      }
    }
    return true;
  }
}
