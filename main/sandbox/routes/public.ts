/** Public reference data: markets, futures, collateral markets, assets. No authentication. */
import { Decimal } from 'decimal.js';
import { ApiError } from '../http/errors.ts';
import type { Engine } from '../engine/engine.ts';
import { fromUnits } from '../engine/units.ts';
import type { PublicRoute } from '../http/route.ts';
import type { MarketDef, SandboxState } from '../state.ts';

/** Mark price snapshots older than this are not "fresh": `mark_price` is then the empty string. */
export const MARK_FRESH_MS = 60_000;

export function marketRecord(m: MarketDef): Record<string, unknown> {
  return {
    name: m.name,
    stock: m.stock,
    money: m.money,
    stockPrec: m.stockPrec,
    moneyPrec: m.moneyPrec,
    feePrec: 4,
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

function brackets(m: MarketDef): Record<string, string> {
  const out: Record<string, string> = {};
  for (const lev of LEVERAGE_TIERS) {
    if (lev > m.maxLeverage) break;
    out[String(lev)] = new Decimal(10_000_000).div(lev).toFixed(0);
  }
  return out;
}

function futuresRecord(state: SandboxState, m: MarketDef): Record<string, unknown> {
  const last = state.lastPrices.get(m.name) ?? '0';
  return {
    ticker_id: m.name,
    stock_currency: m.stock,
    money_currency: m.money,
    last_price: last || '0',
    product_type: 'Perpetual',
    index_price: indexPrice(state, m),
    index_name: `${m.stock} Index`,
    index_currency: m.stock,
    mark_price: markPrice(state, m),
    funding_rate: m.fundingRate,
    next_funding_rate_timestamp: String((Math.floor(state.now() / 28_800_000) + 1) * 28_800_000),
    max_leverage: m.maxLeverage,
    brackets: brackets(m),
    is_trad_fi: m.isTradFiFutures,
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
      handler: ({ path, query }) => {
        const name = path.slice(path.lastIndexOf('/') + 1);
        const m = state.markets.get(name);
        if (!m) throw new ApiError(422, { message: 'Market is not available.' });
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
          .map((m) => futuresRecord(state, m)),
      }),
    },
    {
      method: 'GET',
      path: '/api/v4/public/collateral/markets',
      group: 'publicCollateral',
      errorsArray: true,
      handler: () => {
        if (state.marginUnavailable) throw new ApiError(503, { message: 'api.margin.unavailable' });
        return { success: true, message: null, result: collateralMarketNames(state, undefined) };
      },
    },
    {
      method: 'GET',
      path: '/api/v4/public/assets',
      handler: () => {
        const out: Record<string, unknown> = {};
        for (const a of state.assets.values()) {
          out[a.ticker] = {
            name: a.name,
            can_withdraw: a.canWithdraw,
            can_deposit: a.canDeposit,
            min_withdraw: a.minWithdraw,
            max_withdraw: a.maxWithdraw,
            withdraw_fee: a.withdrawFee,
            currency_precision: a.precision,
            is_memo: a.memo === true,
            is_fiat: a.fiat,
            networks: { deposits: a.networks, withdraws: a.networks, default: a.defaultNetwork },
          };
        }
        return out;
      },
    },
  ];
}
