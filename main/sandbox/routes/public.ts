/** Public reference data: markets, futures, collateral markets, assets. No authentication. */
import { Decimal } from 'decimal.js';
import { ApiError } from '../http/errors.ts';
import type { Engine } from '../engine/engine.ts';
import { fromUnits } from '../engine/units.ts';
import type { PublicRoute } from '../http/route.ts';
import type { AssetDef, MarketDef, SandboxState } from '../state.ts';

/** Mark price snapshots older than this are not "fresh": `mark_price` is then the empty string. */
export const MARK_FRESH_MS = 60_000;

export function marketRecord(m: MarketDef): Record<string, unknown> {
  return {
    name: m.name,
    stock: m.stock,
    money: m.money,
    // precisions are stringified integers in the exchange's answer ("3")
    stockPrec: String(m.stockPrec),
    moneyPrec: String(m.moneyPrec),
    feePrec: '4',
    // fee ratios are published in percent, as the live service does ("0.1" = 0.1 %)
    makerFee: new Decimal(m.makerFee).times(100).toFixed(),
    takerFee: new Decimal(m.takerFee).times(100).toFixed(),
    minAmount: m.minAmount,
    minTotal: m.minTotal,
    maxTotal: m.maxTotal,
    tickSize: m.tickSize,
    stepSize: m.stepSize,
    tradesEnabled: true,
    isCollateral: m.isCollateral,
    type: m.type,
    isTradFiFutures: m.isTradFiFutures,
    delistedAt: m.delistedAt ?? null,
  };
}

/** index_price: spot last price, else futures last price, else `0`. */
export function indexPrice(state: SandboxState, m: MarketDef): string {
  const spot = state.lastPrices.get(`${m.stock}_USDT`);
  if (spot) return spot;
  const own = state.lastPrices.get(m.name);
  if (own) return own;
  return '0';
}

export function markPrice(state: SandboxState, m: MarketDef): string {
  const snap = state.markPrices.get(m.name);
  if (!snap || state.now() - snap.at > MARK_FRESH_MS) return '';
  return snap.price;
}

const LEVERAGE_TIERS = [1, 2, 3, 5, 10, 20, 50, 100];

/** Per leverage tier, a number as the exchange publishes it (the sandbox's: the largest position it allows, in USDT). */
function brackets(m: MarketDef): Record<string, number> {
  const out: Record<string, number> = {};
  for (const lev of LEVERAGE_TIERS) {
    if (lev > m.maxLeverage) break;
    out[String(lev)] = Math.round(10_000_000 / lev);
  }
  return out;
}

/**
 * A futures market as the exchange lists it. The sandbox keeps no 24-hour tally or open interest
 * apart from its candles and positions: the best prices are the book's, the rest the last price and 0.
 */
function futuresRecord(state: SandboxState, engine: Engine, m: MarketDef): Record<string, unknown> {
  const last = state.lastPrices.get(m.name) || '0';
  const best = (side: 'buy' | 'sell') => {
    const p = engine.book(m.name).best(side);
    return p === null ? last : fromUnits(p, m.moneyPrec);
  };
  return {
    ticker_id: m.name,
    stock_currency: m.stock,
    money_currency: m.money,
    last_price: last,
    stock_volume: '0',
    money_volume: '0',
    bid: best('buy'),
    ask: best('sell'),
    high: last,
    low: last,
    product_type: 'Perpetual',
    open_interest: '0',
    index_price: indexPrice(state, m),
    index_name: `${m.stock} Index`,
    index_currency: m.stock,
    mark_price: markPrice(state, m),
    funding_rate: m.fundingRate,
    funding_cap: m.fundingCap ?? null,
    funding_floor: m.fundingFloor ?? null,
    next_funding_rate_timestamp: String((Math.floor(state.now() / 28_800_000) + 1) * 28_800_000),
    brackets: brackets(m),
    max_leverage: m.maxLeverage,
    funding_interval_minutes: 480,
  };
}

/**
 * An asset's deposit and withdrawal fees and limits as `public/fee` lists them: a crypto asset's flat,
 * a fiat currency's per payment provider. The sandbox charges a fixed withdrawal fee and no deposit fee.
 */
function feeRecord(a: AssetDef): Record<string, unknown> {
  const flags = {
    is_depositable: a.canDeposit,
    is_withdrawal: a.canWithdraw,
    is_api_withdrawal: a.canWithdraw,
    is_api_depositable: a.canDeposit,
  };
  const withdraw = { max_amount: a.maxWithdraw, min_amount: a.minWithdraw, fixed: a.withdrawFee, flex: null };
  const deposit = { max_amount: '0', min_amount: '0', fixed: null, flex: null };
  if (!a.fiat) return { ticker: a.ticker, name: a.name, providers: [], ...flags, withdraw, deposit };
  const perProvider = (fees: object) =>
    Object.fromEntries(
      a.networks.map((p) => [p, { ticker: p, name: `${a.ticker} ${p}`, ...flags, ...fees }]),
    );
  return {
    ticker: a.ticker,
    name: a.name,
    providers: a.networks,
    ...flags,
    withdraw: perProvider(withdraw),
    deposit: perProvider(deposit),
  };
}

export function collateralMarketNames(state: SandboxState, region: string | undefined): string[] {
  const tradFiAssigned = region === undefined ? true : (state.regions.get(region)?.tradFiAssigned ?? false);
  return [...state.markets.values()]
    .filter((m) => m.isCollateral || m.type === 'futures')
    .filter((m) => !m.isTradFiFutures || tradFiAssigned)
    .map((m) => m.name);
}

export function publicRoutes(state: SandboxState, engine: Engine): PublicRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/v4/public/orderbook/{market}',
      errors: 'flat',
      handler: ({ path, query }) => {
        const name = path.slice(path.lastIndexOf('/') + 1);
        const m = state.markets.get(name);
        if (!m) throw new ApiError(422, { market: ['Market is not available.'] });
        const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 100) || 100));
        const book = engine.book(name);
        const level = ([p, q]: [bigint, bigint]) => [fromUnits(p, m.moneyPrec), fromUnits(q, m.stockPrec)];
        return {
          ticker_id: name,
          timestamp: Math.floor(state.now() / 1000),
          asks: book.depth('sell', limit).map(level),
          bids: book.depth('buy', limit).map(level),
        };
      },
    },
    {
      method: 'GET',
      path: '/api/v4/public/markets',
      handler: () => [...state.markets.values()].map(marketRecord),
    },
    {
      method: 'GET',
      path: '/api/v4/public/futures',
      handler: () => ({
        success: true,
        message: null,
        result: [...state.markets.values()]
          .filter((m) => m.type === 'futures')
          .map((m) => futuresRecord(state, engine, m)),
      }),
    },
    {
      method: 'GET',
      path: '/api/v4/public/collateral/markets',
      group: 'publicCollateral',
      errors: 'array',
      handler: () => {
        if (state.marginUnavailable) throw new ApiError(503, { message: 'api.margin.unavailable' });
        return { success: true, message: null, result: collateralMarketNames(state, undefined) };
      },
    },
    {
      method: 'GET',
      path: '/api/v4/public/fee',
      handler: () => Object.fromEntries([...state.assets.values()].map((a) => [a.ticker, feeRecord(a)])),
    },
    {
      method: 'GET',
      path: '/api/v4/public/assets',
      handler: () => {
        const out: Record<string, unknown> = {};
        for (const a of state.assets.values()) {
          // as the exchange lists an asset; a fiat currency lists its payment providers (its fees are
          // on `public/fee`)
          const perNetwork = <T>(v: T) => Object.fromEntries(a.networks.map((n) => [n, v]));
          out[a.ticker] = {
            name: a.name,
            unified_cryptoasset_id: 0,
            can_withdraw: a.canWithdraw,
            can_deposit: a.canDeposit,
            min_withdraw: a.minWithdraw,
            max_withdraw: a.maxWithdraw,
            maker_fee: '0.1',
            taker_fee: '0.1',
            min_deposit: '0',
            max_deposit: '0',
            currency_precision: a.precision,
            is_memo: a.memo === true,
            memo: { deposit: a.memo === true, withdraw: a.memo === true },
            networks: { deposits: a.networks, withdraws: a.networks, default: a.defaultNetwork },
            ...(a.fiat ? { providers: { deposits: a.networks, withdraws: a.networks } } : {}),
            limits: {
              deposit: perNetwork({ min: '0' }),
              withdraw: perNetwork({ min: a.minWithdraw, max: a.maxWithdraw }),
            },
            confirmations: perNetwork(2),
          };
        }
        return out;
      },
    },
  ];
}
