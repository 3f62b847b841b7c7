/** Market reference data for the pre-trade rules, fetched once and refreshed when stale. */
import { Decimal } from 'decimal.js';
import type { ExchangeHttp } from '../exchange/http.ts';
import * as publicApi from '../exchange/endpoints/public.ts';
import { UserFacingError } from '../errors.ts';
import { ValidationError } from '../exchange/errors.ts';
import type { LiveTradeView } from '../exchange/records.ts';
import type {
  FundingPointView,
  MarketTickerView,
  MarketView,
  NearDepthView,
  OrderBookView,
} from '../views/markets.ts';
import { kindsForMarket, type MarketRules } from '../rules/index.ts';

export interface CatalogMarket extends MarketRules {
  readonly name: string;
  readonly type: string;
  readonly isTradFiFutures: boolean;
  /** The base (stock) and quote (money) assets, as the exchange lists them. */
  readonly stock?: string | undefined;
  readonly money?: string | undefined;
  /** An announced delisting, Unix seconds; null when none is announced. */
  readonly delistedAt?: number | null;
}

/** How long the exchange caches its tickers: a read younger than this is shared. */
const TICKERS_FRESH_MS = 1_000;

/**
 * A public read of one market, with the exchange's "market is not available" (its answer for a market
 * it does not list, or no longer opens to trading) said with the market's name.
 */
async function ofMarket<T>(market: string, read: Promise<T>): Promise<T> {
  return read.catch((error: unknown) => {
    if (error instanceof ValidationError && error.field === 'market')
      throw new UserFacingError(
        'invalid_input',
        `The exchange does not list ${market} now: it may be delisted or closed to trading.`,
        'market',
      );
    throw error;
  });
}

export class MarketCatalog {
  readonly #http: ExchangeHttp;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #markets = new Map<string, CatalogMarket>();
  #loadedAt = -Infinity;
  #loading: Promise<void> | undefined;
  #tickers: { at: number; read: Promise<Record<string, MarketTickerView>> } | undefined;

  constructor(http: ExchangeHttp, options: { maxAgeMs?: number; now?: () => number } = {}) {
    this.#http = http;
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** Every market, refreshed first when older than `maxAgeMs`. */
  async all(): Promise<CatalogMarket[]> {
    await this.#fresh();
    return [...this.#markets.values()];
  }

  /** One market's rules, or undefined when the exchange does not list it. */
  async get(name: string): Promise<CatalogMarket | undefined> {
    await this.#fresh();
    return this.#markets.get(name);
  }

  /** One market's rules; a market the exchange does not list is refused, naming the field. */
  async require(name: string | undefined): Promise<CatalogMarket> {
    const market = name === undefined ? undefined : await this.get(name);
    if (!market) {
      throw new UserFacingError(
        'rule_violation',
        `market ${name ?? '(none)'} is not listed by the exchange`,
        'market',
      );
    }
    return market;
  }

  /** Every market as the renderer shows it: precision, limits and steps. */
  async views(): Promise<MarketView[]> {
    return (await this.all()).map((m) => ({
      name: m.name,
      // A perpetual's name ends in PERP; its prices are in the money asset the exchange lists.
      base: m.stock || (m.name.split('_')[0] ?? m.name),
      quote: m.money || (m.name.split('_')[1] ?? ''),
      type: m.type,
      stockPrec: m.stockPrec,
      moneyPrec: m.moneyPrec,
      minAmount: m.minAmount,
      minTotal: m.minTotal,
      maxTotal: m.maxTotal,
      tickSize: m.tickSize,
      stepSize: m.stepSize,
      isTradFiFutures: m.isTradFiFutures,
      ...(m.collateral === undefined ? {} : { collateral: m.collateral }),
      ...(m.maxLeverage === undefined ? {} : { maxLeverage: m.maxLeverage }),
      orderKinds: [...kindsForMarket(m)],
      ...(m.delistedAt ? { delistedAtMs: m.delistedAt * 1000 } : {}),
    }));
  }

  /** The markets open to collateral trading in the caller's region, as the exchange lists them now. */
  collateralMarkets(): Promise<string[]> {
    return publicApi.collateralMarkets(this.#http);
  }

  /** A snapshot of a market's order book. */
  async depth(market: string, limit?: number): Promise<OrderBookView> {
    const book = await ofMarket(market, publicApi.orderBook(this.#http, market, limit));
    return { timestamp: book.timestamp, asks: book.asks, bids: book.bids };
  }

  /** How much the book holds within ±2 % of the last price, each side. */
  async nearDepth(market: string): Promise<NearDepthView> {
    const book = await ofMarket(market, publicApi.nearDepth(this.#http, market));
    const sum = (levels: ReadonlyArray<readonly [string, string]>) =>
      levels.reduce((total, [, amount]) => total.plus(amount), new Decimal(0)).toFixed();
    // the exchange stamps it in seconds
    return { bids: sum(book.bids), asks: sum(book.asks), timestampMs: book.timestamp * 1000 };
  }

  /**
   * Every market's ticker, by market. The exchange caches it for a second: a call within a second of
   * the last read shares that read (every window's market picker asks it).
   */
  tickers(): Promise<Record<string, MarketTickerView>> {
    const last = this.#tickers;
    if (last && this.#now() - last.at < TICKERS_FRESH_MS) return last.read;
    const read = this.#readTickers();
    this.#tickers = { at: this.#now(), read };
    read.catch(() => {
      if (this.#tickers?.read === read) this.#tickers = undefined;
    });
    return read;
  }

  async #readTickers(): Promise<Record<string, MarketTickerView>> {
    const all = await publicApi.tickers(this.#http);
    return Object.fromEntries(
      Object.entries(all).map(([market, t]) => [
        market,
        { last: t.last_price, change: t.change, volume: t.base_volume, frozen: t.isFrozen },
      ]),
    );
  }

  /** A market's recent trades, newest first, read without a key (the book of a market no socket follows). */
  trades(market: string): Promise<LiveTradeView[]> {
    return ofMarket(market, publicApi.recentTrades(this.#http, market));
  }

  /** A perpetual's last funding settlements (at most 100), oldest first, for its chart. */
  async fundingHistory(market: string, limit = 100): Promise<FundingPointView[]> {
    const page = await ofMarket(market, publicApi.fundingHistory(this.#http, market, { limit }));
    return page
      .map((f) => ({ timeMs: f.fundingTime * 1000, rate: f.fundingRate, settlementPrice: f.settlementPrice }))
      .sort((a, b) => a.timeMs - b.timeMs);
  }

  async #fresh(): Promise<void> {
    if (this.#now() - this.#loadedAt < this.#maxAgeMs) return;
    this.#loading ??= this.#load().finally(() => (this.#loading = undefined));
    await this.#loading;
  }

  async #load(): Promise<void> {
    const [markets, futures, collateral] = await Promise.all([
      publicApi.markets(this.#http),
      publicApi.futures(this.#http),
      // an unavailable list leaves the flag unknown rather than failing the catalog
      publicApi.collateralMarkets(this.#http).then(
        (names) => new Set(names),
        () => undefined,
      ),
    ]);
    const leverage = new Map(futures.map((f) => [f.ticker_id, f.max_leverage]));
    const next = new Map<string, CatalogMarket>();
    for (const m of markets) {
      const maxLeverage = leverage.get(m.name);
      next.set(m.name, {
        ...m,
        ...(maxLeverage === undefined ? {} : { maxLeverage }),
        ...(collateral ? { collateral: collateral.has(m.name) } : {}),
      });
    }
    this.#markets = next;
    this.#loadedAt = this.#now();
  }
}
