import { prepared, type ReadableDB } from '../db.ts';
import { DecimalSum } from '../decimal-sum.ts';
import { dealFilterSchema, dealWhere, parseInput } from './deal-filter.ts';
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

/**
 * Totals per market and per fee asset for the same filters as the deals view. The sums are exact:
 * rows stream out of SQLite and are added as scaled integers, never as floating point.
 */
export function dealTotals(db: ReadableDB, filter: unknown): DealTotals {
  const where = dealWhere(db, parseInput(dealFilterSchema, filter, 'filter'));
  const statement = prepared(
    db,
    `SELECT market_ref, side, amount, deal, fee, fee_asset FROM deals WHERE ${where.sql}`,
  ).raw(true);
  const byRef = new Map<number, MarketSums>();
  let total = 0;
  // Three exact additions per row; nets, volumes and all-market fees are derived once at the end.
  for (const row of statement.iterate(...where.params)) {
    const [marketRef, side, amount, deal, fee, feeAsset] = row as [
      number,
      string,
      string,
      string,
      string,
      string,
    ];
    let m = byRef.get(marketRef);
    if (!m) {
      m = new MarketSums();
      byRef.set(marketRef, m);
    }
    m.deals++;
    total++;
    if (side === 'buy') {
      m.buyAmount.add(amount);
      m.buyValue.add(deal);
    } else {
      m.sellAmount.add(amount);
      m.sellValue.add(deal);
    }
    sumOf(m.fees, feeAsset).add(fee);
  }
  const allFees = new Map<string, DecimalSum>();
  const markets = [...byRef].map(([ref, m]) => [nameOf(db, 'market', ref), m] as const);
  const out: MarketTotals[] = markets
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
  return { deals: total, markets: out, fees: fees(allFees) };
}
