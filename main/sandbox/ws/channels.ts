/**
 * Channel subscriptions of one connection: what it asked for, what it was last sent (for the
 * per-connection diffs of depth, balances and positions), and the `_request` answers.
 */
import type { Deal } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import type { Account, MarketDef } from '../state.ts';
import type { Changes } from './feed.ts';
import { SUCCESS, intParam, invalidArgument, stringList } from './protocol.ts';
import { candleParams, channelRequest } from './requests.ts';
import { borrowsParams, marketStats } from './stats.ts';
import type { CandleInterval } from '../candles.ts';
import { bookTicker, depthParams, depthSnapshot, marketOf, marketsOf } from './world.ts';
import type { Levels, World } from './world.ts';
import {
  adlRecords,
  dealParams,
  marginBalances,
  positionsParams,
  premiumParams,
  spotBalances,
  wsOrder,
} from './shapes.ts';

export const PUBLIC_CHANNELS = [
  'lastprice',
  'depth',
  'trades',
  'premiumIndex',
  'bookTicker',
  'candles',
  'market',
] as const;
export const PRIVATE_CHANNELS = [
  'balanceSpot',
  'balanceMargin',
  'ordersPending',
  'ordersExecuted',
  'deals',
  'positionsMargin',
  'ADLQuantile',
  'borrowsMargin',
] as const;
export type Channel = (typeof PUBLIC_CHANNELS)[number] | (typeof PRIVATE_CHANNELS)[number];

interface DepthSub {
  limit: number;
  asks: Levels;
  bids: Levels;
  updateId: number;
}

type Send = (method: string, params: unknown) => void;

function levelDiff(before: Levels, after: Levels): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [p, a] of after) if (before.get(p) !== a) out.push([p, a]);
  for (const p of before.keys()) if (!after.has(p)) out.push([p, '0']);
  return out;
}

/** How often an account's balances and positions are compared when nothing of its own moved. */
export const ACCOUNT_CHECK_MS = 1_000;

export class Subscriptions {
  readonly lastprice = new Set<string>();
  readonly trades = new Set<string>();
  readonly premiumIndex = new Set<string>();
  readonly market = new Set<string>();
  readonly depth = new Map<string, DepthSub>();
  /** market -> last sent best bid/ask (JSON) */
  readonly bookTicker = new Map<string, string>();
  balanceSpot: { tickers: string[]; last: string } | undefined;
  balanceMargin: { tickers: string[]; last: string } | undefined;
  ordersPending: Set<string> | undefined;
  ordersExecuted: { markets: Set<string>; filter: number } | undefined;
  deals: Set<string> | undefined;
  positionsMargin: { markets: string[]; last: string } | undefined;
  borrowsMargin: { last: string } | undefined;
  adl = false;
  /** One market and interval per connection: a new subscribe replaces it. */
  candles: { market: string; interval: CandleInterval } | undefined;
  private readonly w: World;
  private readonly send: Send;
  /** When the account's balances and positions were last compared (sandbox ms). */
  private accountCheckedAt = -Infinity;

  constructor(world: World, send: Send) {
    this.w = world;
    this.send = send;
  }

  /** `_subscribe`: replaces the previous subscription of the channel; returns what to push at once. */
  subscribe(channel: Channel, params: unknown[], account: Account | undefined): () => void {
    const { state, positions } = this.w;
    switch (channel) {
      case 'lastprice':
        return this.replace(this.lastprice, marketsOf(this.w.state, params), () => {
          for (const m of this.lastprice) this.send('lastprice_update', [m, state.lastPrices.get(m) ?? '0']);
        });
      case 'bookTicker': {
        const list = marketsOf(this.w.state, params);
        this.bookTicker.clear();
        for (const name of list) this.bookTicker.set(name, '');
        return () => this.pushBookTickers();
      }
      case 'trades':
        return this.replace(this.trades, marketsOf(this.w.state, params), () => undefined);
      case 'premiumIndex': {
        const list = marketsOf(this.w.state, params);
        for (const name of list)
          if (marketOf(this.w.state, name).type !== 'futures')
            throw invalidArgument(`${name} is not a futures market`);
        return this.replace(this.premiumIndex, list, () => this.pushPremium());
      }
      case 'depth': {
        const { m, limit } = depthParams(this.w.state, params);
        if (params[3] !== true) this.depth.clear();
        const snap = depthSnapshot(this.w.engine, m, limit);
        this.depth.set(m.name, { limit, ...snap, updateId: 1 });
        return () =>
          this.send('depth_update', [
            true,
            { timestamp: state.now() / 1000, asks: [...snap.asks], bids: [...snap.bids], update_id: 1 },
            m.name,
          ]);
      }
      case 'balanceSpot': {
        const tickers = stringList(params, 'tickers');
        const now = spotBalances(state, account as Account, tickers);
        this.balanceSpot = { tickers, last: JSON.stringify(now) };
        return () => undefined;
      }
      case 'balanceMargin': {
        const tickers = stringList(params, 'tickers');
        this.balanceMargin = {
          tickers,
          last: JSON.stringify(marginBalances(state, positions, account as Account, tickers)),
        };
        return () => undefined;
      }
      case 'ordersPending':
        this.ordersPending = new Set(marketsOf(this.w.state, params));
        return () => undefined;
      case 'ordersExecuted': {
        const markets = marketsOf(this.w.state, Array.isArray(params[0]) ? [params[0]] : []);
        const filter = intParam(params[1], 0, 0, 2, 'filter');
        this.ordersExecuted = { markets: new Set(markets), filter };
        return () => undefined;
      }
      case 'deals':
        this.deals = new Set(marketsOf(this.w.state, params));
        return () => undefined;
      case 'positionsMargin': {
        const markets = marketsOf(this.w.state, params);
        const now = positionsParams(state, positions, account as Account, markets);
        this.positionsMargin = { markets, last: JSON.stringify(now) };
        return () => this.send('positionsMargin_update', now);
      }
      case 'ADLQuantile':
        this.adl = true;
        return () => this.pushAdl(account as Account);
      case 'market':
        return this.replace(this.market, marketsOf(this.w.state, params), () => {
          for (const name of this.market)
            this.send('market_update', marketStats(this.w, state.markets.get(name) as MarketDef));
        });
      case 'borrowsMargin': {
        const now = borrowsParams(state, positions, account as Account);
        this.borrowsMargin = { last: JSON.stringify(now) };
        return () => this.send('borrowsMargin_update', now);
      }
      case 'candles': {
        const { m, interval } = candleParams(this.w.state, params[0], params[1]);
        this.candles = { market: m.name, interval };
        return () => undefined;
      }
    }
  }

  private replace(set: Set<string>, list: string[], after: () => void): () => void {
    set.clear();
    for (const x of list) set.add(x);
    return after;
  }

  /** Channels with a live subscription, with their market or ticker count (tests, tooling). */
  active(): Record<string, number> {
    const out: Record<string, number> = {};
    if (this.lastprice.size > 0) out['lastprice'] = this.lastprice.size;
    if (this.trades.size > 0) out['trades'] = this.trades.size;
    if (this.premiumIndex.size > 0) out['premiumIndex'] = this.premiumIndex.size;
    if (this.market.size > 0) out['market'] = this.market.size;
    if (this.borrowsMargin) out['borrowsMargin'] = 0;
    if (this.depth.size > 0) out['depth'] = this.depth.size;
    if (this.bookTicker.size > 0) out['bookTicker'] = this.bookTicker.size;
    if (this.balanceSpot) out['balanceSpot'] = this.balanceSpot.tickers.length;
    if (this.balanceMargin) out['balanceMargin'] = this.balanceMargin.tickers.length;
    if (this.ordersPending) out['ordersPending'] = this.ordersPending.size;
    if (this.ordersExecuted) out['ordersExecuted'] = this.ordersExecuted.markets.size;
    if (this.deals) out['deals'] = this.deals.size;
    if (this.positionsMargin) out['positionsMargin'] = this.positionsMargin.markets.length;
    if (this.adl) out['ADLQuantile'] = 0;
    if (this.candles) out['candles'] = 1;
    return out;
  }

  unsubscribe(channel: Channel): void {
    switch (channel) {
      case 'lastprice':
      case 'trades':
      case 'premiumIndex':
      case 'market':
        this[channel].clear();
        break;
      case 'depth':
        this.depth.clear();
        break;
      case 'bookTicker':
        this.bookTicker.clear();
        break;
      case 'ADLQuantile':
        this.adl = false;
        break;
      default:
        this[channel] = undefined;
    }
  }

  /** `_request`: the channel's current state, where the channel has one. */
  request(channel: Channel, params: unknown[], account: Account | undefined): unknown {
    return channelRequest(this.w, channel, params, account);
  }

  /** Pushes each subscribed market whose best bid or ask changed since it was last sent. */
  private pushBookTickers(): void {
    for (const [name, last] of this.bookTicker) {
      const m = this.w.state.markets.get(name) as MarketDef;
      const now = bookTicker(this.w.engine, m);
      const text = JSON.stringify(now);
      if (text === last) continue;
      this.bookTicker.set(name, text);
      this.send('bookTicker_update', [name, { ...now, time: this.w.state.now() / 1000 }]);
    }
  }

  pushPremium(): void {
    for (const name of this.premiumIndex) {
      const m = this.w.state.markets.get(name);
      if (m) this.send('premiumIndex_update', premiumParams(this.w.state, m, this.w.fundingPeriodMs));
    }
  }

  pushAdl(account: Account | undefined): void {
    if (!this.adl || !account) return;
    this.send('ADLQuantile_update', { records: adlRecords(this.w.state, this.w.positions, account) });
  }

  /** Pushes what changed for this connection. */
  dispatch(changes: Changes, account: Account | undefined): void {
    const { state, positions } = this.w;
    for (const [m, p] of changes.lastPrices) if (this.lastprice.has(m)) this.send('lastprice_update', [m, p]);
    for (const [m, list] of changes.trades) if (this.trades.has(m)) this.send('trades_update', [m, list]);
    if (this.bookTicker.size > 0) this.pushBookTickers();
    for (const m of changes.trades.keys())
      if (this.market.has(m))
        this.send('market_update', marketStats(this.w, state.markets.get(m) as MarketDef));
    if (this.candles && changes.trades.has(this.candles.market)) {
      const { market, interval } = this.candles;
      const row = this.w.feed.candles.rowAt(market, state.now() / 1000, interval);
      if (row) this.send('candles_update', [row]);
    }
    for (const [name, sub] of this.depth) {
      const m = state.markets.get(name) as MarketDef;
      const snap = depthSnapshot(this.w.engine, m, sub.limit);
      const asks = levelDiff(sub.asks, snap.asks);
      const bids = levelDiff(sub.bids, snap.bids);
      if (asks.length === 0 && bids.length === 0) continue;
      sub.asks = snap.asks;
      sub.bids = snap.bids;
      const past = sub.updateId++;
      this.send('depth_update', [
        false,
        { timestamp: state.now() / 1000, asks, bids, past_update_id: past, update_id: sub.updateId },
        name,
      ]);
    }
    if (!account) return;
    if (this.ordersPending) {
      for (const e of changes.orders.get(account.id) ?? []) {
        if (this.ordersPending.size > 0 && !this.ordersPending.has(e.order.market)) continue;
        this.send('ordersPending_update', [e.event, this.orderJson(e.order)]);
      }
    }
    if (this.ordersExecuted) {
      const { markets, filter } = this.ordersExecuted;
      for (const e of changes.orders.get(account.id) ?? []) {
        const o = e.order;
        if (e.event !== 3 || o.dealStock === 0n || (markets.size > 0 && !markets.has(o.market))) continue;
        if (filter === 1 && o.type !== 'limit' && o.type !== 'stop limit') continue;
        if (filter === 2 && o.type !== 'market' && o.type !== 'stock market' && o.type !== 'stop market')
          continue;
        this.send('ordersExecuted_update', [this.orderJson(o)]);
      }
    }
    if (this.deals) {
      for (const d of changes.deals.get(account.id) ?? []) {
        if (this.deals.size > 0 && !this.deals.has(d.market)) continue;
        this.send('deals_update', dealParams(state, d as Deal));
      }
    }
    // An account whose orders or deals moved is compared now; the others (moved by the mark price, a
    // transfer) at most every ACCOUNT_CHECK_MS, so a thousand idle connections cost little per flush.
    const clock = state.now();
    const touched = changes.orders.has(account.id) || changes.deals.has(account.id);
    if (!touched && clock - this.accountCheckedAt < ACCOUNT_CHECK_MS) return;
    this.accountCheckedAt = clock;
    if (this.balanceSpot) {
      const now = spotBalances(state, account, this.balanceSpot.tickers);
      this.balanceSpot.last = this.changed(this.balanceSpot.last, now, (diff) =>
        this.send('balanceSpot_update', [diff]),
      );
    }
    if (this.balanceMargin) {
      const now = marginBalances(state, positions, account, this.balanceMargin.tickers);
      this.balanceMargin.last = this.changed(this.balanceMargin.last, now, (diff) =>
        this.send('balanceMargin_update', [diff]),
      );
    }
    if (this.borrowsMargin) {
      const now = borrowsParams(state, positions, account);
      const text = JSON.stringify(now);
      if (text !== this.borrowsMargin.last) {
        this.borrowsMargin.last = text;
        this.send('borrowsMargin_update', now);
      }
    }
    if (this.positionsMargin) {
      const now = positionsParams(state, positions, account, this.positionsMargin.markets);
      const text = JSON.stringify(now);
      if (text !== this.positionsMargin.last) {
        this.positionsMargin.last = text;
        this.send('positionsMargin_update', now);
      }
    }
  }

  private orderJson(o: Order): Record<string, unknown> {
    return wsOrder(o, this.w.state.markets.get(o.market) as MarketDef);
  }

  /** Sends the tickers whose value changed; returns the new last-sent text. */
  private changed(
    last: string,
    now: Record<string, unknown>,
    send: (diff: Record<string, unknown>) => void,
  ): string {
    const text = JSON.stringify(now);
    if (text === last) return last;
    const before = JSON.parse(last) as Record<string, unknown>;
    const diff: Record<string, unknown> = {};
    for (const [t, v] of Object.entries(now))
      if (JSON.stringify(before[t]) !== JSON.stringify(v)) diff[t] = v;
    send(diff);
    return text;
  }
}

export { SUCCESS };
