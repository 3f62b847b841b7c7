/**
 * Channel subscriptions of one connection: what it asked for, what it was last sent (for the
 * per-connection diffs of depth and best prices), the `_request` answers, and the pushes of each
 * change in the shapes the exchange publishes. The account's channels are in `account-channels.ts`.
 */
import type { Account, MarketDef } from '../state.ts';
import { ACCOUNT_CHANNELS, AccountSubscriptions, type AccountChannel } from './account-channels.ts';
import type { Changes } from './feed.ts';
import { SUCCESS } from './protocol.ts';
import { candleParams, channelRequest } from './requests.ts';
import { marketStats, marketTodayStats } from './stats.ts';
import type { CandleInterval } from '../candles.ts';
import { bookTicker, depthParams, depthSnapshot, marketOf, marketsOf } from './world.ts';
import type { Levels, World } from './world.ts';
import { premiumRecord } from './collateral-shapes.ts';
import { invalidArgument } from './protocol.ts';

export const PUBLIC_CHANNELS = [
  'lastprice',
  'depth',
  'trades',
  'premiumIndex',
  'bookTicker',
  'candles',
  'market',
  'marketToday',
] as const;
export const PRIVATE_CHANNELS = ACCOUNT_CHANNELS;
export type Channel = (typeof PUBLIC_CHANNELS)[number] | AccountChannel;

const ACCOUNT = new Set<string>(ACCOUNT_CHANNELS);
const isAccountChannel = (c: Channel): c is AccountChannel => ACCOUNT.has(c);

interface DepthSub {
  limit: number;
  asks: Levels;
  bids: Levels;
  updateId: number;
}

type Send = (method: string, params: unknown) => void;

/** Latest trades of each market in the first push of a `trades` subscription. */
export const TRADES_SNAPSHOT = 100;

function levelDiff(before: Levels, after: Levels): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [p, a] of after) if (before.get(p) !== a) out.push([p, a]);
  for (const p of before.keys()) if (!after.has(p)) out.push([p, '0']);
  return out;
}

export { ACCOUNT_CHECK_MS } from './account-channels.ts';

export class Subscriptions {
  readonly lastprice = new Set<string>();
  readonly trades = new Set<string>();
  readonly premiumIndex = new Set<string>();
  /** `premiumIndex` subscribed with no market named: every futures market, together in one push. */
  premiumAll = false;
  readonly market = new Set<string>();
  readonly marketToday = new Set<string>();
  readonly depth = new Map<string, DepthSub>();
  /** market -> last sent best bid/ask (JSON) and the market's update counter */
  readonly bookTicker = new Map<string, string>();
  private bookTickerId = 0;
  /** One market and interval per connection: a new subscribe replaces it. */
  candles: { market: string; interval: CandleInterval } | undefined;
  readonly account: AccountSubscriptions;
  private readonly w: World;
  private readonly send: Send;

  constructor(world: World, send: Send) {
    this.w = world;
    this.send = send;
    this.account = new AccountSubscriptions(world, send);
  }

  /** `_subscribe`: replaces the previous subscription of the channel; returns what to push at once. */
  subscribe(channel: Channel, params: unknown[], account: Account | undefined): () => void {
    if (isAccountChannel(channel)) return this.account.subscribe(channel, params, account as Account);
    const { state } = this.w;
    switch (channel) {
      case 'lastprice':
        return this.replace(this.lastprice, marketsOf(state, params), () => {
          for (const m of this.lastprice) this.send('lastprice_update', [m, state.lastPrices.get(m) ?? '0']);
        });
      case 'bookTicker': {
        const list = marketsOf(state, params);
        this.bookTicker.clear();
        for (const name of list.length > 0 ? list : [...state.markets.keys()]) this.bookTicker.set(name, '');
        return () => this.pushBookTickers();
      }
      case 'trades':
        // As published: a subscription starts with one push of each market's latest trades, newest first.
        return this.replace(this.trades, marketsOf(state, params), () => {
          for (const m of this.trades) {
            const latest = this.w.feed.recentTrades(m).slice(-TRADES_SNAPSHOT).reverse();
            if (latest.length > 0) this.send('trades_update', [m, latest]);
          }
        });
      case 'premiumIndex': {
        const list = marketsOf(state, params);
        for (const name of list)
          if (marketOf(state, name).type !== 'futures')
            throw invalidArgument(`${name} is not a futures market`);
        this.premiumAll = list.length === 0;
        return this.replace(this.premiumIndex, list, () => this.pushPremium());
      }
      case 'depth': {
        const { m, limit } = depthParams(state, params);
        if (params[3] !== true) this.depth.clear();
        const snap = depthSnapshot(this.w.engine, m, limit);
        this.depth.set(m.name, { limit, ...snap, updateId: 1 });
        const now = state.now() / 1000;
        return () =>
          this.send('depth_update', [
            true,
            { timestamp: now, asks: [...snap.asks], bids: [...snap.bids], update_id: 1, event_time: now },
            m.name,
          ]);
      }
      case 'market':
        return this.replace(this.market, marketsOf(state, params), () => this.pushStats('market'));
      case 'marketToday':
        return this.replace(this.marketToday, marketsOf(state, params), () => this.pushStats('marketToday'));
      case 'candles': {
        const { m, interval } = candleParams(state, params[0], params[1]);
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
    if (this.premiumIndex.size > 0 || this.premiumAll) out['premiumIndex'] = this.premiumIndex.size;
    if (this.market.size > 0) out['market'] = this.market.size;
    if (this.marketToday.size > 0) out['marketToday'] = this.marketToday.size;
    if (this.depth.size > 0) out['depth'] = this.depth.size;
    if (this.bookTicker.size > 0) out['bookTicker'] = this.bookTicker.size;
    if (this.candles) out['candles'] = 1;
    this.account.active(out);
    return out;
  }

  unsubscribe(channel: Channel): void {
    if (isAccountChannel(channel)) return this.account.unsubscribe(channel);
    switch (channel) {
      case 'lastprice':
      case 'trades':
      case 'market':
      case 'marketToday':
        this[channel].clear();
        break;
      case 'premiumIndex':
        this.premiumIndex.clear();
        this.premiumAll = false;
        break;
      case 'depth':
        this.depth.clear();
        break;
      case 'bookTicker':
        this.bookTicker.clear();
        break;
      case 'candles':
        this.candles = undefined;
    }
  }

  /** `_request`: the channel's current state, where the channel has one. */
  request(channel: Channel, params: unknown[], account: Account | undefined): unknown {
    return channelRequest(this.w, channel, params, account);
  }

  /**
   * Pushes each subscribed market whose best bid or ask changed since it was last sent:
   * `[[transaction_time, message_time, market, update_id, bid, bid_amount, ask, ask_amount]]`.
   */
  private pushBookTickers(): void {
    for (const [name, last] of this.bookTicker) {
      const m = this.w.state.markets.get(name) as MarketDef;
      const now = bookTicker(this.w.engine, m);
      const text = JSON.stringify(now);
      if (text === last) continue;
      this.bookTicker.set(name, text);
      const time = this.w.state.now() / 1000;
      this.send('bookTicker_update', [
        [time, time, name, ++this.bookTickerId, now.bid, now.bid_size, now.ask, now.ask_size],
      ]);
    }
  }

  private pushStats(channel: 'market' | 'marketToday'): void {
    const stats = channel === 'market' ? marketStats : marketTodayStats;
    for (const name of this[channel]) {
      const m = this.w.state.markets.get(name);
      if (m) this.send(`${channel}_update`, stats(this.w, m));
    }
  }

  /**
   * What the exchange sends on its own, trades or none: the live candle every half second (`second`
   * false and true), the last price (`lastprice`) and the markets' statistics (`market`,
   * `marketToday`) every second.
   */
  tick(second: boolean): void {
    const { state } = this.w;
    if (this.candles) {
      const row = this.w.feed.candles.live(this.candles.market, state.now() / 1000, this.candles.interval);
      if (row) this.send('candles_update', [row]);
    }
    if (!second) return;
    for (const m of this.lastprice) this.send('lastprice_update', [m, state.lastPrices.get(m) ?? '0']);
    this.pushStats('market');
    this.pushStats('marketToday');
  }

  /** One push per named market (with the server's time), or every futures market in one push. */
  pushPremium(): void {
    const { state, fundingPeriodMs } = this.w;
    if (this.premiumAll) {
      const all = [...state.markets.values()].filter((m) => m.type === 'futures');
      this.send(
        'premiumIndex_update',
        all.map((m) => premiumRecord(state, m, fundingPeriodMs, false)),
      );
      return;
    }
    for (const name of this.premiumIndex) {
      const m = state.markets.get(name);
      if (m) this.send('premiumIndex_update', premiumRecord(state, m, fundingPeriodMs, true));
    }
  }

  pushAdl(account: Account | undefined): void {
    this.account.pushAdl(account);
  }

  /** Pushes what changed for this connection. */
  dispatch(changes: Changes, account: Account | undefined): void {
    const { state } = this.w;
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
      const now = state.now() / 1000;
      this.send('depth_update', [
        false,
        { timestamp: now, update_id: sub.updateId, past_update_id: past, asks, bids, event_time: now },
        name,
      ]);
    }
    if (account) this.account.dispatch(changes, account);
  }
}

export { SUCCESS };
