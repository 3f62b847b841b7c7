/**
 * The v1 public market data the exchange still publishes (and ccxt reads): `markets`, `symbols`,
 * `ticker`, `tickers`, `kline`, `depth/result` and `history`, each in its `{success, message,
 * result}` envelope (`depth/result` bare), from the same books, tape and 24-hour tally as v4.
 * A refusal is the published `ErrorV1` `{success: false, message, params: []}`, status 422.
 */
import { Decimal } from 'decimal.js';
import type { Engine } from '../engine/engine.ts';
import { fromUnits } from '../engine/units.ts';
import { ApiError } from '../http/errors.ts';
import type { PublicRoute } from '../http/route.ts';
import type { MarketDef, SandboxState } from '../state.ts';
import { dayChange, lastDayStats } from '../ws/stats.ts';
import type { TapeSource } from './market-data.ts';
import { marketRecord } from './public.ts';

const ok = (result: unknown) => ({ success: true, message: null, result });

/** A refusal in the v1 envelope, as the exchange words it. */
const refuse = (message: string): ApiError => new ApiError(422, { message });

/** Kline intervals as published, in seconds; `1M` is a calendar month. */
export const KLINE_INTERVALS: Record<string, number> = {
  '1s': 1,
  '10s': 10,
  '30s': 30,
  '1m': 60,
  '3m': 180,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '2h': 7200,
  '4h': 14400,
  '6h': 21600,
  '8h': 28800,
  '12h': 43200,
  '1d': 86400,
  '3d': 259200,
  '1w': 604800,
  '1M': 2592000,
};

/** The window asked for when neither `start` nor `end` is given, by the interval's size (as published). */
function defaultWindow(interval: string, seconds: number): number {
  if (seconds < 60) return 600;
  if (seconds < 3600) return 86_400;
  if (seconds < 86_400) return 7 * 86_400;
  return interval === '1M' ? 365 * 86_400 : 30 * 86_400;
}

/** An optional integer query parameter within [min, max]; a refusal names it. */
function intParam(query: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw refuse(`The ${name} must be an integer.`);
  const n = Number(raw);
  if (n < min) throw refuse(`The ${name} must be at least ${String(min)}.`);
  if (n > max) throw refuse(`The ${name} may not be greater than ${String(max)}.`);
  return n;
}

export function publicV1Routes(state: SandboxState, engine: Engine, tape: TapeSource): PublicRoute[] {
  const market = (query: URLSearchParams): MarketDef => {
    const name = query.get('market');
    if (name === null || name === '') throw refuse('The market field is required.');
    const m = state.markets.get(name);
    if (!m) throw refuse('Market is not available.');
    return m;
  };
  const best = (m: MarketDef, side: 'buy' | 'sell'): string => {
    const p = engine.book(m.name).best(side);
    return p === null ? '0' : fromUnits(p, m.moneyPrec);
  };
  const level =
    (m: MarketDef) =>
    ([p, q]: [bigint, bigint]) => [fromUnits(p, m.moneyPrec), fromUnits(q, m.stockPrec)];
  return [
    {
      method: 'GET',
      path: '/api/v1/public/markets',
      handler: () =>
        ok(
          [...state.markets.values()].map((m) => {
            // v1 publishes the first fields of v4's record
            const { name, stock, money, stockPrec, moneyPrec, feePrec, makerFee, takerFee, minAmount } =
              marketRecord(m);
            return { name, stock, money, stockPrec, moneyPrec, feePrec, makerFee, takerFee, minAmount };
          }),
        ),
    },
    {
      method: 'GET',
      path: '/api/v1/public/symbols',
      handler: () => ok([...state.markets.keys()]),
    },
    {
      method: 'GET',
      path: '/api/v1/public/ticker',
      handler: ({ query }) => {
        const m = market(query);
        const s = lastDayStats(state, tape.feed, m);
        return ok({
          open: s.open,
          bid: best(m, 'buy'),
          ask: best(m, 'sell'),
          low: s.low,
          high: s.high,
          last: s.last,
          volume: s.volume,
          deal: s.deal,
          change: dayChange(s),
        });
      },
    },
    {
      method: 'GET',
      path: '/api/v1/public/tickers',
      handler: () => {
        const at = Math.floor(state.now() / 1000);
        return ok(
          Object.fromEntries(
            [...state.markets.values()].map((m) => {
              const s = lastDayStats(state, tape.feed, m);
              const ticker = {
                bid: best(m, 'buy'),
                ask: best(m, 'sell'),
                low: s.low,
                high: s.high,
                last: s.last,
                vol: s.volume,
                deal: s.deal,
                change: dayChange(s),
              };
              return [m.name, { ticker, at }];
            }),
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/api/v1/public/depth/result',
      handler: ({ query }) => {
        const m = market(query);
        const limit = intParam(query, 'limit', 1, 100) ?? 100;
        const book = engine.book(m.name);
        return {
          asks: book.depth('sell', limit).map(level(m)),
          bids: book.depth('buy', limit).map(level(m)),
        };
      },
    },
    {
      method: 'GET',
      path: '/api/v1/public/history',
      handler: ({ query }) => {
        const m = market(query);
        const lastId = intParam(query, 'lastId', 0, Number.MAX_SAFE_INTEGER);
        if (lastId === undefined) throw refuse('The last id field is required.');
        const limit = intParam(query, 'limit', 1, 10_000) ?? 50;
        const trades = (tape.feed?.recentTrades(m.name) ?? []).filter((t) => t.id > lastId);
        return ok(
          trades
            .slice(-limit)
            .reverse()
            .map((t) => ({ id: t.id, time: t.time, price: t.price, amount: t.amount, type: t.type })),
        );
      },
    },
    {
      method: 'GET',
      path: '/api/v1/public/kline',
      handler: ({ query }) => {
        const m = market(query);
        const name = query.get('interval') ?? '1h';
        const seconds = KLINE_INTERVALS[name];
        if (seconds === undefined) throw refuse('The selected interval is invalid.');
        const now = Math.floor(state.now() / 1000);
        const limit = intParam(query, 'limit', 1, 1440);
        const end = intParam(query, 'end', 0, Number.MAX_SAFE_INTEGER) ?? now;
        if (end > now) throw refuse('End field may not be greater than the current time.');
        let start = intParam(query, 'start', 0, Number.MAX_SAFE_INTEGER);
        if (start !== undefined && start > end) throw refuse('End field must be greater then start.');
        if (limit !== undefined) start = end - limit * seconds;
        start ??= query.has('end') ? end - 1440 * seconds : end - defaultWindow(name, seconds);
        return ok(klineRows(tape, m, name, seconds, start, end).slice(-(limit ?? 1440)));
      },
    },
  ];
}

/**
 * Candles of `interval` from the tape's minute bars (a row: time, open, close, high, low, volume
 * stock, volume money). The sandbox keeps no bars under a minute: a sub-minute interval has none;
 * `1M` is the calendar month, from the day bars.
 */
function klineRows(
  tape: TapeSource,
  m: MarketDef,
  name: string,
  seconds: number,
  start: number,
  end: number,
): Array<[number, string, string, string, string, string, string]> {
  const candles = tape.feed?.candles;
  if (!candles || seconds < 60) return [];
  const strip = (r: readonly [number, string, string, string, string, string, string, string]) =>
    [r[0], r[1], r[2], r[3], r[4], r[5], r[6]] as [number, string, string, string, string, string, string];
  // the aggregation is by whole intervals of seconds: any multiple of a minute
  const rows = (from: number, to: number, s: number) => candles.rows(m.name, from, to, s as 60);
  if (name !== '1M') return rows(start, end, seconds).map(strip);
  const monthOf = (t: number) => {
    const d = new Date(t * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  };
  const out: Array<[number, string, string, string, string, string, string]> = [];
  for (const r of rows(monthOf(start), end, 86_400)) {
    const t = monthOf(r[0]);
    const last = out.at(-1);
    if (!last || last[0] !== t) {
      out.push([t, r[1], r[2], r[3], r[4], r[5], r[6]]);
      continue;
    }
    last[2] = r[2];
    last[3] = Decimal.max(last[3], r[3]).toFixed();
    last[4] = Decimal.min(last[4], r[4]).toFixed();
    last[5] = new Decimal(last[5]).plus(r[5]).toFixed();
    last[6] = new Decimal(last[6]).plus(r[6]).toFixed();
  }
  return out;
}
