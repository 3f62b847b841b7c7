/**
 * Public market data read from the sandbox's own trade tape (the WebSocket feed's recent trades and
 * minute candles): `GET /api/v4/public/trades/{market}` (the 100 latest trades, newest first, by taker
 * side) and the v1 `GET /api/v1/public/ticker?market=` (a market's last 24 hours and its best prices),
 * as the exchange publishes them.
 */
import { Decimal } from 'decimal.js';
import type { Engine } from '../engine/engine.ts';
import { fromUnits } from '../engine/units.ts';
import { ApiError } from '../http/errors.ts';
import type { PublicRoute } from '../http/route.ts';
import type { MarketDef, SandboxState } from '../state.ts';
import type { Feed } from '../ws/feed.ts';
import { marketStats } from '../ws/stats.ts';

/** Where the trade tape is: the WebSocket server's feed, once it is attached. */
export interface TapeSource {
  feed: Feed | undefined;
}

/** The published answer's size: the latest 100 trades, no `limit` parameter. */
export const PUBLIC_TRADES = 100;

export function marketDataRoutes(state: SandboxState, engine: Engine, tape: TapeSource): PublicRoute[] {
  const market = (name: string | null): MarketDef | undefined =>
    name === null ? undefined : state.markets.get(name);
  return [
    {
      method: 'GET',
      path: '/api/v4/public/trades/{market}',
      errors: 'flat',
      handler: ({ path, query }) => {
        const m = market(decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)));
        if (!m) throw new ApiError(422, { market: ['Market is not available.'] });
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
      path: '/api/v1/public/ticker',
      handler: ({ query }) => {
        const m = market(query.get('market'));
        if (!m) throw new ApiError(422, { message: 'Market is not available.' });
        const { feed } = tape;
        const stats = feed
          ? marketStats({ state, feed }, m)[1]
          : {
              open: m.basePrice,
              last: m.basePrice,
              high: m.basePrice,
              low: m.basePrice,
              volume: '0',
              deal: '0',
            };
        const book = engine.book(m.name);
        const best = (side: 'buy' | 'sell'): string => {
          const p = book.best(side);
          return p === null ? '0' : fromUnits(p, m.moneyPrec);
        };
        const open = new Decimal(String(stats['open']));
        const last = new Decimal(String(stats['last']));
        return {
          success: true,
          message: null,
          result: {
            open: open.toFixed(),
            bid: best('buy'),
            ask: best('sell'),
            low: String(stats['low']),
            high: String(stats['high']),
            last: last.toFixed(),
            volume: String(stats['volume']),
            deal: String(stats['deal']),
            change: open.isZero() ? '0' : last.minus(open).div(open).times(100).toFixed(2),
          },
        };
      },
    },
  ];
}
