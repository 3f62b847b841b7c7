/**
 * Public market data read from the sandbox's own trade tape (the WebSocket feed's recent trades and
 * minute candles) and the engine's books: `GET /api/v4/public/trades/{market}` (the 100 latest
 * trades, newest first, by taker side), `GET /api/v4/public/ticker` (every market's last 24 hours)
 * and `GET /api/v4/public/orderbook/depth/{market}` (the levels within ±2 % of the last price), as
 * the exchange publishes them.
 */
import { Decimal } from 'decimal.js';
import type { Engine } from '../engine/engine.ts';
import { fromUnits, toUnits } from '../engine/units.ts';
import { ApiError } from '../http/errors.ts';
import type { PublicRoute } from '../http/route.ts';
import type { MarketDef, SandboxState } from '../state.ts';
import type { Feed } from '../ws/feed.ts';
import { dayChange, lastDayStats } from '../ws/stats.ts';

/** Where the trade tape is: the WebSocket server's feed, once it is attached. */
export interface TapeSource {
  feed: Feed | undefined;
}

/** The published answer's size: the latest 100 trades, no `limit` parameter. */
export const PUBLIC_TRADES = 100;

/** The band of `orderbook/depth`: levels within this fraction of the last price. */
export const DEPTH_BAND = new Decimal('0.02');

/** CoinMarketCap ids of the sandbox's assets, as `public/ticker` gives them (0 when unknown). */
const CMC_IDS: Record<string, number> = { BTC: 1, LTC: 2, XRP: 52, USDT: 825, ETH: 1027 };

/** The market of a path's last segment, or the published 422 `{market: ["Market is not available."]}`. */
export function pathMarket(state: SandboxState, path: string): MarketDef {
  const m = state.markets.get(decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)));
  if (!m) throw new ApiError(422, { market: ['Market is not available.'] });
  return m;
}

/** A market's last price: its last trade, else the price it started at. */
export const lastPrice = (state: SandboxState, m: MarketDef): string =>
  state.lastPrices.get(m.name) || m.basePrice;

export function marketDataRoutes(state: SandboxState, engine: Engine, tape: TapeSource): PublicRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/v4/public/trades/{market}',
      errors: 'flat',
      handler: ({ path, query }) => {
        const m = pathMarket(state, path);
        const type = query.get('type');
        if (type !== null && type !== 'buy' && type !== 'sell')
          throw new ApiError(422, { type: ["Type should be 'sell' or 'buy'."] });
        const trades = (tape.feed?.recentTrades(m.name) ?? []).filter(
          (t) => type === null || t.type === type,
        );
        return trades
          .slice(-PUBLIC_TRADES)
          .reverse()
          .map((t) => ({
            tradeID: t.id,
            price: t.price,
            quote_volume: t.amount,
            base_volume: new Decimal(t.price).times(t.amount).toFixed(m.moneyPrec, Decimal.ROUND_DOWN),
            trade_timestamp: Math.floor(t.time),
            type: t.type,
            rpi: t.rpi,
          }));
      },
    },
    {
      method: 'GET',
      path: '/api/v4/public/ticker',
      handler: () =>
        Object.fromEntries(
          [...state.markets.values()].map((m) => {
            const s = lastDayStats(state, tape.feed, m);
            return [
              m.name,
              {
                base_id: CMC_IDS[m.stock] ?? 0,
                quote_id: CMC_IDS[m.money] ?? 0,
                last_price: s.last,
                quote_volume: s.deal,
                base_volume: s.volume,
                isFrozen: state.maintenance.has(m.name),
                change: dayChange(s),
              },
            ];
          }),
        ),
    },
    {
      method: 'GET',
      path: '/api/v4/public/orderbook/depth/{market}',
      errors: 'flat',
      handler: ({ path }) => {
        const m = pathMarket(state, path);
        const last = new Decimal(lastPrice(state, m));
        const low = toUnits(
          last.times(Decimal.sub(1, DEPTH_BAND)).toFixed(m.moneyPrec, Decimal.ROUND_UP),
          m.moneyPrec,
        );
        const high = toUnits(
          last.times(DEPTH_BAND.plus(1)).toFixed(m.moneyPrec, Decimal.ROUND_DOWN),
          m.moneyPrec,
        );
        const book = engine.book(m.name);
        const within = ([p]: [bigint, bigint]) => p >= low && p <= high;
        const level = ([p, q]: [bigint, bigint]) => [fromUnits(p, m.moneyPrec), fromUnits(q, m.stockPrec)];
        return {
          ticker_id: m.name,
          timestamp: Math.floor(state.now() / 1000),
          asks: book.depth('sell', Number.MAX_SAFE_INTEGER).filter(within).map(level),
          bids: book.depth('buy', Number.MAX_SAFE_INTEGER).filter(within).map(level),
        };
      },
    },
  ];
}
