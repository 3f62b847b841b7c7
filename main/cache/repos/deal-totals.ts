import { prepared, type ReadableDB } from '../db.ts';
import { DecimalSum } from '../decimal-sum.ts';
import { dealFilterSchema, dealWhere, parseInput, toMicros, type DealFilter } from './deal-filter.ts';
import { DAY_S, DAY_US } from './deal-rollup.ts';
import { nameOf } from './deal-keys.ts';

export interface AssetAmount {
  asset: string;
  amount: string;
}

/** Totals of one market for a filtered view; amounts in base currency, values in quote currency. */
export interface MarketTotals {
  market: string;
  deals: number;
  buyAmount: string;
  sellAmount: string;
  /** buyAmount - sellAmount: the base currency the deals added to (or took from) the account. */
  netAmount: string;
  buyValue: string;
  sellValue: string;
  /** sellValue - buyValue: the quote currency the deals realized. */
  netValue: string;
  /** Traded base volume, buys plus sells. */
  volume: string;
  /** Traded quote volume, buys plus sells. */
  value: string;
  fees: AssetAmount[];
}

export interface DealTotals {
  deals: number;
  markets: MarketTotals[];
  /** Fees of every market together, per fee asset. */
  fees: AssetAmount[];
}

class MarketSums {
  deals = 0;
  readonly buyAmount = new DecimalSum();
  readonly sellAmount = new DecimalSum();
  readonly buyValue = new DecimalSum();
  readonly sellValue = new DecimalSum();
  readonly fees = new Map<string, DecimalSum>();
}

/** `a + sign * b` for two decimal strings, exactly. */
function combine(a: string, b: string, sign: 1 | -1): string {
  const sum = new DecimalSum();
  sum.add(a);
  sum.add(sign === 1 ? b : negate(b));
  return sum.toString();
}

function sumOf<K>(map: Map<K, DecimalSum>, key: K): DecimalSum {
  let sum = map.get(key);
  if (!sum) {
    sum = new DecimalSum();
    map.set(key, sum);
  }
  return sum;
}

const fees = (map: Map<string, DecimalSum>): AssetAmount[] =>
  [...map]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([asset, sum]) => ({ asset, amount: sum.toString() }));

const negate = (value: string): string => (value.startsWith('-') ? value.slice(1) : `-${value}`);

/** Sums per market ref, fed by deal rows and by daily rollup rows alike. */
class Accumulator {
  readonly #byRef = new Map<number, MarketSums>();
  #deals = 0;

  add(
    marketRef: number,
    side: string,
    deals: number,
    amount: string,
    value: string,
    feeAsset: string,
    fee: string,
  ) {
    let m = this.#byRef.get(marketRef);
    if (!m) {
      m = new MarketSums();
      this.#byRef.set(marketRef, m);
    }
    m.deals += deals;
    this.#deals += deals;
    if (side === 'buy') {
      m.buyAmount.add(amount);
      m.buyValue.add(value);
    } else {
      m.sellAmount.add(amount);
      m.sellValue.add(value);
    }
    sumOf(m.fees, feeAsset).add(fee);
  }

  /** Nets, volumes and all-market fees are derived once here, not per row. */
  result(db: ReadableDB): DealTotals {
    const allFees = new Map<string, DecimalSum>();
    const out: MarketTotals[] = [...this.#byRef]
      .map(([ref, m]) => [nameOf(db, 'market', ref), m] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([market, m]) => {
        for (const [asset, fee] of m.fees) sumOf(allFees, asset).add(fee.toString());
        const [buyAmount, sellAmount] = [m.buyAmount.toString(), m.sellAmount.toString()];
        const [buyValue, sellValue] = [m.buyValue.toString(), m.sellValue.toString()];
        return {
          market,
          deals: m.deals,
          buyAmount,
          sellAmount,
          netAmount: combine(buyAmount, sellAmount, -1),
          buyValue,
          sellValue,
          netValue: combine(sellValue, buyValue, -1),
          volume: combine(buyAmount, sellAmount, 1),
          value: combine(buyValue, sellValue, 1),
          fees: fees(m.fees),
        };
      });
    return { deals: this.#deals, markets: out, fees: fees(allFees) };
  }
}

type Row = [number, string, string, string, string, string];

/** Adds every deal matching the filter, streamed out of SQLite. */
function scanDeals(db: ReadableDB, filter: DealFilter, into: Accumulator): void {
  const where = dealWhere(db, filter);
  const statement = prepared(
    db,
    `SELECT market_ref, side, amount, deal, fee, fee_asset FROM deals WHERE ${where.sql}`,
  ).raw(true);
  for (const row of statement.iterate(...where.params)) {
    const [marketRef, side, amount, deal, fee, feeAsset] = row as Row;
    into.add(marketRef, side, 1, amount, deal, feeAsset, fee);
  }
}

/** Adds the daily rollup rows of whole days [firstDay, endDay) matching the filter's other fields. */
function addRollup(
  db: ReadableDB,
  filter: DealFilter,
  firstDay: number,
  endDay: number,
  into: Accumulator,
): void {
  const where = dealWhere(db, {
    accounts: filter.accounts,
    market: filter.market,
    side: filter.side,
    role: filter.role,
  });
  const statement = prepared(
    db,
    `SELECT market_ref, side, deals, amount, value, fee_asset, fee FROM deal_daily_totals
     WHERE ${where.sql} AND day >= ? AND day < ?`,
  ).raw(true);
  for (const row of statement.iterate(...where.params, firstDay, endDay)) {
    const [marketRef, side, deals, amount, value, feeAsset, fee] = row as [
      number,
      string,
      number,
      string,
      string,
      string,
      string,
    ];
    into.add(marketRef, side, deals, amount, value, feeAsset, fee);
  }
}

/**
 * Totals per market and per fee asset for the same filters as the deals view, exact (scaled-integer
 * sums, never floating point). Whole UTC days come from the daily rollup; only the partial days at
 * the edges of a date range, and filters by order, client order id or operator, read the deals themselves.
 */
export function dealTotals(db: ReadableDB, filter: unknown): DealTotals {
  const f = parseInput(dealFilterSchema, filter, 'filter');
  const into = new Accumulator();
  const fromUs = f.from === undefined ? null : toMicros(f.from);
  const toUs = f.to === undefined ? null : toMicros(f.to);
  const firstDay = fromUs === null ? Number.MIN_SAFE_INTEGER : Math.ceil(fromUs / DAY_US);
  const endDay = toUs === null ? Number.MAX_SAFE_INTEGER : Math.floor(toUs / DAY_US);
  if (
    f.orderId !== undefined ||
    f.clientOrderId !== undefined ||
    f.operator !== undefined ||
    firstDay >= endDay
  ) {
    scanDeals(db, f, into);
    return into.result(db);
  }
  addRollup(db, f, firstDay, endDay, into);
  if (fromUs !== null && firstDay * DAY_US > fromUs) scanDeals(db, { ...f, to: firstDay * DAY_S }, into);
  if (toUs !== null && endDay * DAY_US < toUs) scanDeals(db, { ...f, from: endDay * DAY_S }, into);
  return into.result(db);
}
