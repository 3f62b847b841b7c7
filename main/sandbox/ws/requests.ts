/** `<channel>_request`: the current state of a channel, for the channels that have one. */
import type { MarketDef } from '../state.ts';
import type { Account } from '../state.ts';
import type { Channel } from './channels.ts';
import { CANDLE_INTERVALS, type CandleInterval } from '../candles.ts';
import { RpcFailure, WS_ERRORS, intParam, invalidArgument, stringList } from './protocol.ts';
import { typeCode } from './codes.ts';
import { adlRows, marginBalances, premiumRecord } from './collateral-shapes.ts';
import { dealRecord, executedRecord, pushedOrder, spotBalances } from './shapes.ts';
import { marketStats, marketTodayStats } from './stats.ts';
import { depthParams, depthSnapshot, marketOf, marketsOf } from './world.ts';
import type { World } from './world.ts';

/** `[market, …, interval]` of the candles channel: a known market and one of the exchange's intervals. */
export function candleParams(
  state: World['state'],
  market: unknown,
  interval: unknown,
): { m: MarketDef; interval: CandleInterval } {
  const m = marketOf(state, market);
  if (!CANDLE_INTERVALS.includes(interval as CandleInterval))
    throw invalidArgument(`interval must be one of ${CANDLE_INTERVALS.join(', ')} seconds`);
  return { m, interval: interval as CandleInterval };
}

/** `order_types` of `ordersExecuted_request`: order-type numbers. */
function codeList(v: unknown): Set<number> {
  if (!Array.isArray(v) || !v.every((x) => Number.isInteger(x)))
    throw invalidArgument('order_types must be a list of order type numbers');
  return new Set(v as number[]);
}

/** The answer of a `_request`; throws RpcFailure on bad params. */
export function channelRequest(
  w: World,
  channel: Channel,
  params: unknown[],
  account: Account | undefined,
): unknown {
  const { state, engine, positions, feed } = w;
  const acc = account as Account;
  switch (channel) {
    case 'lastprice':
      return state.lastPrices.get(marketOf(w.state, params[0]).name) ?? '0';
    case 'depth': {
      const { m, limit } = depthParams(w.state, params);
      const snap = depthSnapshot(w.engine, m, limit);
      return { timestamp: state.now() / 1000, asks: [...snap.asks], bids: [...snap.bids] };
    }
    case 'trades': {
      const m = marketOf(w.state, params[0]);
      const limit = intParam(params[1], 100, 1, 1000, 'limit');
      const below = intParam(params[2], 0, 0, Number.MAX_SAFE_INTEGER, 'last id');
      const list = feed.recentTrades(m.name).filter((t) => below === 0 || t.id < below);
      return list.slice(-limit).reverse();
    }
    case 'bookTicker':
    case 'positionsMargin':
    case 'borrowsMargin':
    case 'positionsAccountMargin':
      // the exchange publishes these channels' pushes only, no request
      throw new RpcFailure(WS_ERRORS.methodNotFound.code, WS_ERRORS.methodNotFound.message);
    case 'premiumIndex':
      return premiumRecord(state, marketOf(w.state, params[0]), w.fundingPeriodMs, true);
    case 'balanceSpot':
      return spotBalances(state, acc, stringList(params, 'tickers'));
    case 'balanceMargin':
      return marginBalances(state, positions, acc, stringList(params, 'tickers'));
    case 'ADLQuantile':
      return adlRows(state, positions, acc, new Set(marketsOf(w.state, params)));
    case 'marketToday':
      return marketTodayStats(w, marketOf(w.state, params[0]))[1];
    case 'market': {
      // params [market, period]: the sandbox keeps the last 24 hours only
      const m = marketOf(w.state, params[0]);
      if (params[1] !== undefined && params[1] !== 86_400) throw invalidArgument('period must be 86400');
      return marketStats(w, m)[1];
    }
    case 'candles': {
      const { m, interval } = candleParams(state, params[0], params[3]);
      const start = intParam(params[1], 0, 0, Number.MAX_SAFE_INTEGER, 'start');
      const end = intParam(params[2], 0, 0, Number.MAX_SAFE_INTEGER, 'end');
      if (end <= start) throw invalidArgument('end must be after start');
      return feed.candles.rows(m.name, start, end, interval);
    }
    case 'ordersPending': {
      const m = marketOf(w.state, params[0]);
      const offset = intParam(params[1], 0, 0, 10_000, 'offset');
      const limit = intParam(params[2], 50, 1, 100, 'limit');
      const all = engine
        .openOrders(acc.id)
        .filter((o) => o.market === m.name)
        .sort((a, b) => b.id - a.id);
      return {
        limit,
        offset,
        total: all.length,
        records: all.slice(offset, offset + limit).map((o) => pushedOrder(o, m)),
      };
    }
    case 'ordersExecuted': {
      // `[{market, order_types}, offset, limit]`: order_types a list of order-type numbers (all when absent)
      const q = (params[0] ?? {}) as { market?: unknown; order_types?: unknown };
      const m = q.market === undefined ? undefined : marketOf(w.state, q.market);
      const types = q.order_types === undefined ? undefined : codeList(q.order_types);
      const offset = intParam(params[1], 0, 0, 10_000, 'offset');
      const limit = intParam(params[2], 50, 1, 100, 'limit');
      const all = [...engine.orders.values()]
        .filter((o) => o.owner === acc.id && !o.open && o.dealStock > 0n && (!m || o.market === m.name))
        .filter((o) => !types || types.has(typeCode(o)))
        .sort((a, b) => b.id - a.id);
      return {
        limit,
        offset,
        records: all
          .slice(offset, offset + limit)
          .map((o) => executedRecord(o, state.markets.get(o.market) as MarketDef)),
      };
    }
    case 'deals': {
      const m = marketOf(w.state, params[0]);
      const offset = intParam(params[1], 0, 0, 10_000, 'offset');
      const limit = intParam(params[2], 50, 1, 100, 'limit');
      const all = engine
        .dealsOf(acc.id)
        .filter((d) => d.market === m.name)
        .slice()
        .reverse();
      return { limit, offset, records: all.slice(offset, offset + limit).map((d) => dealRecord(state, d)) };
    }
  }
}
