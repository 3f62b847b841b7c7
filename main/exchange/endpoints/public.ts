/** Public reference data: no authentication (the schemas: `schemas/public.ts`). */
import { ExchangeError } from '../errors.ts';
import type { ExchangeHttp } from '../http.ts';
import { pathWith, REST } from '../registry/index.ts';
import type { LiveTradeView } from '../records.ts';
import type {
  AssetFee,
  Asset,
  FundingSettlement,
  FuturesMarket,
  Market,
  MiningPool,
  OrderBook,
  Tickers,
} from '../schemas/public.ts';

export type {
  Asset,
  AssetFee,
  FundingSettlement,
  FuturesMarket,
  Market,
  MiningPool,
  OrderBook,
  Tickers,
} from '../schemas/public.ts';

export function markets(http: ExchangeHttp, signal?: AbortSignal): Promise<Market[]> {
  return http.publicGet(REST.markets, {}, signal);
}

export async function futures(http: ExchangeHttp, signal?: AbortSignal): Promise<FuturesMarket[]> {
  return (await http.publicGet(REST.futures, {}, signal)).result;
}

/**
 * Markets available for collateral trading in the caller's region. The exchange serves the list
 * from a cache refreshed about every 10 s and answers `api.margin.unavailable` while it cannot.
 */
export async function collateralMarkets(http: ExchangeHttp, signal?: AbortSignal): Promise<string[]> {
  try {
    return await http.publicGet(REST.collateralMarkets, {}, signal);
  } catch (error) {
    if (error instanceof ExchangeError && error.status !== undefined && error.status >= 500) {
      throw new ExchangeError(
        'margin_unavailable',
        'The list of collateral markets is unavailable at the exchange right now. It refreshes about every 10 seconds; try again shortly.',
        { status: error.status },
      );
    }
    throw error;
  }
}

/** Asset list keyed by ticker. */
export function assets(http: ExchangeHttp, signal?: AbortSignal): Promise<Record<string, Asset>> {
  return http.publicGet(REST.assets, {}, signal);
}

/** The deposit and withdrawal fees of every asset, keyed by ticker (`public/fee`). */
export function fees(http: ExchangeHttp, signal?: AbortSignal): Promise<Record<string, AssetFee>> {
  return http.publicGet(REST.fee, {}, signal);
}

/** The market's order book, best levels first: [price, amount] pairs (RPI orders are never in it). */
export function orderBook(
  http: ExchangeHttp,
  market: string,
  limit = 50,
  signal?: AbortSignal,
): Promise<OrderBook> {
  return http.publicGet(
    REST.orderbook,
    { limit: String(limit) },
    signal,
    pathWith(REST.orderbook, { market }),
  );
}

/** Whether the whole platform is in planned maintenance (`public/platform/status`). */
export async function platformMaintenance(http: ExchangeHttp, signal?: AbortSignal): Promise<boolean> {
  const { status } = await http.publicGet(REST.platformStatus, {}, signal);
  return /maintenance/i.test(status);
}

/** The exchange's clock (ms; it answers whole seconds). */
export async function serverTimeMs(http: ExchangeHttp, signal?: AbortSignal): Promise<number> {
  return (await http.publicGet(REST.serverTime, {}, signal)).time * 1000;
}

/** A futures market's funding settlements, newest first: up to `limit` (at most 100) from `offset`. */
export function fundingHistory(
  http: ExchangeHttp,
  market: string,
  page: { limit?: number; offset?: number; startDate?: number; endDate?: number } = {},
  signal?: AbortSignal,
): Promise<FundingSettlement[]> {
  const query = Object.fromEntries(
    Object.entries(page)
      .filter((e): e is [string, number] => e[1] !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return http.publicGet(
    REST.marketFundingHistory,
    query,
    signal,
    pathWith(REST.marketFundingHistory, { market }),
  );
}

/** The whole mining pool's figures: workers, hashrate now and over the last seven days, blocks found. */
export async function miningPool(http: ExchangeHttp, signal?: AbortSignal): Promise<MiningPool> {
  return (await http.publicGet(REST.miningPool, {}, signal)).data;
}

/** A market's recent trades, newest first, as the `trades` channel pushes them (time in seconds). */
export async function recentTrades(
  http: ExchangeHttp,
  market: string,
  signal?: AbortSignal,
): Promise<LiveTradeView[]> {
  const trades = await http.publicGet(REST.publicTrades, {}, signal, pathWith(REST.publicTrades, { market }));
  return trades.map((t) => ({
    id: t.tradeID,
    time: t.trade_timestamp,
    price: t.price,
    amount: t.quote_volume,
    side: t.type,
  }));
}

/** Every market's last price, 24 h change (percent) and volumes, and whether its trading is off. */
export function tickers(http: ExchangeHttp, signal?: AbortSignal): Promise<Tickers> {
  return http.publicGet(REST.tickers, {}, signal);
}

/** The market's book within ±2 % of its last price, best levels first. */
export function nearDepth(http: ExchangeHttp, market: string, signal?: AbortSignal): Promise<OrderBook> {
  return http.publicGet(REST.nearDepth, {}, signal, pathWith(REST.nearDepth, { market }));
}
