/**
 * The private channels of one connection: what the account asked for, what it was last sent (for the
 * per-connection diffs of balances and positions), and the pushes of each change in the shapes the
 * exchange publishes.
 */
import type { Deal } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import type { Account, MarketDef } from '../state.ts';
import { LIMIT_CODES, MARKET_CODES, typeCode } from './codes.ts';
import {
  adlRows,
  marginBalanceEntries,
  marginBalances,
  marginEventParams,
  positionsParams,
  type MarginBalance,
} from './collateral-shapes.ts';
import type { Changes } from './feed.ts';
import { intParam, invalidArgument, stringList } from './protocol.ts';
import { dealParams, pushedOrder, spotBalances } from './shapes.ts';
import { borrowRecord, borrowsParams } from './stats.ts';
import { marketsOf } from './world.ts';
import type { World } from './world.ts';

export const ACCOUNT_CHANNELS = [
  'balanceSpot',
  'balanceMargin',
  'ordersPending',
  'ordersExecuted',
  'deals',
  'positionsMargin',
  'positionsAccountMargin',
  'ADLQuantile',
  'borrowsMargin',
  'borrowsAccountMargin',
] as const;
export type AccountChannel = (typeof ACCOUNT_CHANNELS)[number];

type Send = (method: string, params: unknown) => void;

/** How often an account's balances and positions are compared when nothing of its own moved. */
export const ACCOUNT_CHECK_MS = 1_000;

export class AccountSubscriptions {
  balanceSpot: { tickers: string[]; last: string } | undefined;
  balanceMargin: { tickers: string[]; last: string } | undefined;
  ordersPending: Set<string> | undefined;
  ordersExecuted: { markets: Set<string>; filter: number } | undefined;
  deals: Set<string> | undefined;
  positionsMargin: { markets: string[]; last: string } | undefined;
  positionsAccountMargin = false;
  /** Margin calls and liquidations of the account's borrows (`borrowsAccountMargin`). */
  borrowsAccountMargin = false;
  borrowsMargin: { last: string } | undefined;
  /** The futures markets whose ADL ranks are pushed (empty: every one with a position). */
  ADLQuantile: Set<string> | undefined;
  private readonly w: World;
  private readonly send: Send;
  /** When the account's balances and positions were last compared (sandbox ms). */
  private checkedAt = -Infinity;

  constructor(world: World, send: Send) {
    this.w = world;
    this.send = send;
  }

  /** `_subscribe`: replaces the previous subscription of the channel; returns what to push at once. */
  subscribe(channel: AccountChannel, params: unknown[], account: Account): () => void {
    const { state, positions } = this.w;
    switch (channel) {
      case 'balanceSpot': {
        const tickers = stringList(params, 'tickers');
        this.balanceSpot = { tickers, last: JSON.stringify(spotBalances(state, account, tickers)) };
        return () => undefined;
      }
      case 'balanceMargin': {
        const tickers = stringList(params, 'tickers');
        const now = marginBalances(state, positions, account, tickers);
        this.balanceMargin = { tickers, last: JSON.stringify(now) };
        return () => undefined;
      }
      case 'ordersPending':
        this.ordersPending = new Set(marketsOf(state, params));
        return () => undefined;
      case 'ordersExecuted': {
        const markets = marketsOf(state, Array.isArray(params[0]) ? [params[0]] : []);
        const filter = intParam(params[1], 0, 0, 2, 'filter');
        this.ordersExecuted = { markets: new Set(markets), filter };
        return () => undefined;
      }
      case 'deals':
        this.deals = new Set(marketsOf(state, params));
        return () => undefined;
      case 'positionsMargin': {
        const markets = marketsOf(state, params);
        const now = positionsParams(state, positions, account, markets);
        this.positionsMargin = { markets, last: JSON.stringify(now) };
        return () => this.send('positionsMargin_update', now);
      }
      case 'positionsAccountMargin':
      case 'borrowsAccountMargin':
        if (params.length > 0) throw invalidArgument(`${channel} takes no params`);
        this[channel] = true;
        return () => undefined;
      case 'ADLQuantile': {
        const markets = marketsOf(state, params);
        for (const name of markets)
          if (state.markets.get(name)?.type !== 'futures')
            throw invalidArgument(`${name} is not a futures market`);
        this.ADLQuantile = new Set(markets);
        return () => this.pushAdl(account);
      }
      case 'borrowsMargin': {
        const now = borrowsParams(state, positions, account);
        this.borrowsMargin = { last: JSON.stringify(now) };
        return () => this.send('borrowsMargin_update', now);
      }
    }
  }

  unsubscribe(channel: AccountChannel): void {
    if (channel === 'positionsAccountMargin' || channel === 'borrowsAccountMargin') this[channel] = false;
    else this[channel] = undefined;
  }

  /** Channels with a live subscription, with their market or ticker count. */
  active(out: Record<string, number>): void {
    if (this.balanceSpot) out['balanceSpot'] = this.balanceSpot.tickers.length;
    if (this.balanceMargin) out['balanceMargin'] = this.balanceMargin.tickers.length;
    if (this.ordersPending) out['ordersPending'] = this.ordersPending.size;
    if (this.ordersExecuted) out['ordersExecuted'] = this.ordersExecuted.markets.size;
    if (this.deals) out['deals'] = this.deals.size;
    if (this.positionsMargin) out['positionsMargin'] = this.positionsMargin.markets.length;
    if (this.positionsAccountMargin) out['positionsAccountMargin'] = 0;
    if (this.borrowsAccountMargin) out['borrowsAccountMargin'] = 0;
    if (this.ADLQuantile) out['ADLQuantile'] = this.ADLQuantile.size;
    if (this.borrowsMargin) out['borrowsMargin'] = 0;
  }

  pushAdl(account: Account | undefined): void {
    if (!this.ADLQuantile || !account) return;
    this.send('ADLQuantile_update', adlRows(this.w.state, this.w.positions, account, this.ADLQuantile));
  }

  private orderJson(o: Order): Record<string, unknown> {
    return pushedOrder(o, this.w.state.markets.get(o.market) as MarketDef);
  }

  /** Whether a finished order passes the `ordersExecuted` filter (0 all, 1 limit, 2 market kinds). */
  private executedPasses(o: Order): boolean {
    const sub = this.ordersExecuted;
    if (!sub || o.dealStock === 0n || (sub.markets.size > 0 && !sub.markets.has(o.market))) return false;
    const code = typeCode(o);
    return sub.filter === 0 || (sub.filter === 1 ? LIMIT_CODES : MARKET_CODES).has(code);
  }

  /** Pushes what changed for this account. */
  dispatch(changes: Changes, account: Account): void {
    const { state, positions } = this.w;
    for (const e of changes.orders.get(account.id) ?? []) {
      const o = e.order;
      if (this.ordersPending && (this.ordersPending.size === 0 || this.ordersPending.has(o.market)))
        this.send('ordersPending_update', [e.event, this.orderJson(o)]);
      if (e.event === 3 && this.executedPasses(o)) this.send('ordersExecuted_update', [this.orderJson(o)]);
    }
    if (this.deals) {
      for (const d of changes.deals.get(account.id) ?? []) {
        if (this.deals.size > 0 && !this.deals.has(d.market)) continue;
        this.send('deals_update', dealParams(state, d as Deal));
      }
    }
    if (this.positionsAccountMargin)
      for (const e of changes.margin.get(account.id) ?? [])
        this.send('positionsAccountMargin_update', marginEventParams(state, positions, account, e));
    // a margin call or liquidation of a position with an open borrow is the borrow's event too
    if (this.borrowsAccountMargin)
      for (const e of changes.margin.get(account.id) ?? []) {
        const borrow = borrowRecord(state, account, e.position);
        if (borrow) this.send('borrowsAccountMargin_update', [e.event === 'margin_call' ? 1 : 2, borrow]);
      }
    // An account whose orders or deals moved is compared now; the others (moved by the mark price, a
    // transfer) at most every ACCOUNT_CHECK_MS, so a thousand idle connections cost little per flush.
    const clock = state.now();
    const touched = changes.orders.has(account.id) || changes.deals.has(account.id);
    if (!touched && clock - this.checkedAt < ACCOUNT_CHECK_MS) return;
    this.checkedAt = clock;
    if (this.balanceSpot) {
      const now = spotBalances(state, account, this.balanceSpot.tickers);
      this.balanceSpot.last = changed(this.balanceSpot.last, now, (diff) =>
        this.send('balanceSpot_update', [diff]),
      );
    }
    if (this.balanceMargin) {
      const now = marginBalances(state, positions, account, this.balanceMargin.tickers);
      this.balanceMargin.last = changed(this.balanceMargin.last, now, (diff) =>
        this.send('balanceMargin_update', marginBalanceEntries(diff as Record<string, MarginBalance>)),
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
}

/** Sends the tickers whose value changed; returns the new last-sent text. */
function changed(
  last: string,
  now: Record<string, unknown>,
  send: (diff: Record<string, unknown>) => void,
): string {
  const text = JSON.stringify(now);
  if (text === last) return last;
  const before = JSON.parse(last) as Record<string, unknown>;
  const diff: Record<string, unknown> = {};
  for (const [t, v] of Object.entries(now)) if (JSON.stringify(before[t]) !== JSON.stringify(v)) diff[t] = v;
  send(diff);
  return text;
}
