import { prepared, type ReadableDB } from '../db.ts';
import { DecimalSum } from '../decimal-sum.ts';
import { dealFilterSchema, dealWhere, parseInput } from './deal-filter.ts';

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
  readonly netAmount = new DecimalSum();
  readonly buyValue = new DecimalSum();
  readonly sellValue = new DecimalSum();
  readonly netValue = new DecimalSum();
  readonly fees = new Map<string, DecimalSum>();
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
  const where = dealWhere(parseInput(dealFilterSchema, filter, 'filter'));
  const statement = prepared(
    db,
    `SELECT market, side, amount, deal, fee, fee_asset FROM deals WHERE ${where.sql}`,
  ).raw(true);
  const markets = new Map<string, MarketSums>();
  const allFees = new Map<string, DecimalSum>();
  let total = 0;
  for (const row of statement.iterate(...where.params)) {
    const [market, side, amount, deal, fee, feeAsset] = row as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    let m = markets.get(market);
    if (!m) {
      m = new MarketSums();
      markets.set(market, m);
    }
    m.deals++;
    total++;
    if (side === 'buy') {
      m.buyAmount.add(amount);
      m.netAmount.add(amount);
      m.buyValue.add(deal);
      m.netValue.add(negate(deal));
    } else {
      m.sellAmount.add(amount);
      m.netAmount.add(negate(amount));
      m.sellValue.add(deal);
      m.netValue.add(deal);
    }
    sumOf(m.fees, feeAsset).add(fee);
    sumOf(allFees, feeAsset).add(fee);
  }
  const out: MarketTotals[] = [...markets]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([market, m]) => {
      const volume = new DecimalSum();
      volume.add(m.buyAmount.toString());
      volume.add(m.sellAmount.toString());
      const value = new DecimalSum();
      value.add(m.buyValue.toString());
      value.add(m.sellValue.toString());
      return {
        market,
        deals: m.deals,
        buyAmount: m.buyAmount.toString(),
        sellAmount: m.sellAmount.toString(),
        netAmount: m.netAmount.toString(),
        buyValue: m.buyValue.toString(),
        sellValue: m.sellValue.toString(),
        netValue: m.netValue.toString(),
        volume: volume.toString(),
        value: value.toString(),
        fees: fees(m.fees),
      };
    });
  return { deals: total, markets: out, fees: fees(allFees) };
}
