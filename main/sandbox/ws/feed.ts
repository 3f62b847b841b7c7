/**
 * What changed in the sandbox since the last look, computed once for every connection: order events
 * (1 new, 2 update, 3 finish; an order that matched at once in full is one event 3, as the exchange
 * sends it), new deals, margin calls and liquidations, last prices and public trades.
 *
 * The engine emits no events, so this module diffs its records (`orders` only grows, deal lists are
 * append-only) and wraps the engine's fill step on this one instance to see public trades, including
 * those of the background liquidity that has no deal records.
 */
import type { MarginEvent, Positions } from '../collateral/positions.ts';
import type { Deal, Engine } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { fromUnits } from '../engine/units.ts';
import type { MarketDef, SandboxState } from '../state.ts';
import { Candles } from '../candles.ts';
import { toUnits } from '../engine/units.ts';
import { orderSignature } from './shapes.ts';

export interface OrderEvent {
  event: 1 | 2 | 3;
  order: Order;
}

export interface PublicTrade {
  id: number;
  time: number;
  price: string;
  amount: string;
  /** Taker side. */
  type: 'buy' | 'sell';
  /** The maker was an RPI order (Retail Price Improvement liquidity). */
  rpi: boolean;
}

/** A fill as recorded on the engine's hot path; turned into decimal strings only when read. */
interface RawTrade {
  id: number;
  time: number;
  price: bigint;
  qty: bigint;
  side: 'buy' | 'sell';
  rpi: boolean;
  m: MarketDef;
}

function publicTrade(t: RawTrade): PublicTrade {
  return {
    id: t.id,
    time: t.time,
    price: fromUnits(t.price, t.m.moneyPrec),
    amount: fromUnits(t.qty, t.m.stockPrec),
    type: t.side,
    rpi: t.rpi,
  };
}

export interface Changes {
  /** Per account, in the order they happened as far as a diff can tell (finishes first). */
  orders: Map<string, OrderEvent[]>;
  deals: Map<string, Deal[]>;
  /** Per account, margin calls and liquidations in the order they happened. */
  margin: Map<string, MarginEvent[]>;
  lastPrices: Array<[string, string]>;
  trades: Map<string, PublicTrade[]>;
}

/** Most recent public trades kept per market for `trades_request`. */
export const TRADES_KEPT = 1000;

type Settle = (maker: Order, taker: Order, price: bigint, qty: bigint, m: MarketDef) => void;

export class Feed {
  /** Minute bars of every market, for the `candles` channel. */
  readonly candles = new Candles();
  /** Newest last, at most 2 x TRADES_KEPT per market. */
  private readonly recent = new Map<string, RawTrade[]>();
  private readonly state: SandboxState;
  private readonly engine: Engine;
  private readonly known = new Map<number, string>();
  private orderCursor: number;
  private readonly dealCursor = new Map<string, number>();
  private readonly prices = new Map<string, string>();
  private pendingTrades = new Map<string, RawTrade[]>();
  private readonly restoreEngine: () => void;
  /** Ids of orders an engine step touched since the last look. */
  private dirty = new Set<number>();

  /** Where margin calls and liquidations are noted (none read without it). */
  private readonly positions: Positions | undefined;

  constructor(state: SandboxState, engine: Engine, positions?: Positions) {
    this.state = state;
    this.engine = engine;
    this.positions = positions;
    let max = 0;
    for (const id of engine.orders.keys()) if (id > max) max = id;
    this.orderCursor = max;
    for (const [owner, open] of engine.open) {
      if (!state.accounts.has(owner)) continue;
      for (const o of open.values()) this.known.set(o.id, orderSignature(o));
    }
    for (const [owner, list] of engine.deals) this.dealCursor.set(owner, list.length);
    for (const [m, p] of state.lastPrices) {
      this.prices.set(m, p);
      const market = state.markets.get(m);
      if (market) this.candles.seed(market, toUnits(p, market.moneyPrec), state.now() / 1000);
    }
    // the engine's order-changing steps, wrapped on this instance: what they touch is looked at next
    const host = engine as unknown as {
      settle: Settle;
      execute: (o: Order, ...rest: unknown[]) => void;
      finish: (o: Order, ...rest: unknown[]) => void;
      reopen: (o: Order) => void;
      nextDealId: number;
    };
    const originals = {
      settle: host.settle,
      execute: host.execute,
      finish: host.finish,
      reopen: host.reopen,
    };
    host.settle = (maker, taker, price, qty, m) => {
      const id = host.nextDealId;
      originals.settle.call(engine, maker, taker, price, qty, m);
      this.dirty.add(maker.id);
      this.dirty.add(taker.id);
      const time = Math.round(state.now() * 1000) / 1_000_000;
      this.trade({ id, time, price, qty, side: taker.side, rpi: maker.rpi, m });
    };
    host.execute = (o, ...rest) => {
      originals.execute.call(engine, o, ...rest);
      this.dirty.add(o.id);
    };
    host.finish = (o, ...rest) => {
      originals.finish.call(engine, o, ...rest);
      this.dirty.add(o.id);
    };
    host.reopen = (o) => {
      originals.reopen.call(engine, o);
      this.dirty.add(o.id);
    };
    this.restoreEngine = () => Object.assign(host, originals);
  }

  /** Puts the engine's own steps back. */
  detach(): void {
    this.restoreEngine();
  }

  /** The market's most recent public trades, newest last, at most TRADES_KEPT. */
  recentTrades(market: string): PublicTrade[] {
    return (this.recent.get(market) ?? []).slice(-TRADES_KEPT).map(publicTrade);
  }

  private trade(t: RawTrade): void {
    const name = t.m.name;
    this.candles.trade(t.m, t.time, t.price, t.qty);
    let recent = this.recent.get(name);
    if (!recent) this.recent.set(name, (recent = []));
    recent.push(t);
    if (recent.length > TRADES_KEPT * 2) recent.splice(0, recent.length - TRADES_KEPT);
    let pending = this.pendingTrades.get(name);
    if (!pending) this.pendingTrades.set(name, (pending = []));
    pending.push(t);
  }

  /** Everything that changed since the previous call. */
  collect(): Changes {
    const orders = new Map<string, OrderEvent[]>();
    const add = (o: Order, event: 1 | 2 | 3): void => {
      let list = orders.get(o.owner);
      if (!list) orders.set(o.owner, (list = []));
      list.push({ event, order: o });
    };
    // touched known orders: finished (3) first, so a modify reads 3 for the old id then 1 for the new
    const updated: Order[] = [];
    const dirty = this.dirty;
    this.dirty = new Set();
    for (const id of dirty) {
      const sig = this.known.get(id);
      if (sig === undefined) continue;
      const o = this.engine.orders.get(id);
      if (!o || !o.open) {
        this.known.delete(id);
        if (o) add(o, 3);
        continue;
      }
      const now = orderSignature(o);
      if (now !== sig) {
        this.known.set(id, now);
        updated.push(o);
      }
    }
    for (const o of updated) add(o, 2);
    // background orders finished in between leave gaps in the ids: read up to the engine's next id
    const next = (this.engine as unknown as { nextOrderId: number }).nextOrderId;
    for (let id = this.orderCursor + 1; id < next; id++) {
      this.orderCursor = id;
      const o = this.engine.orders.get(id);
      if (!o || !this.state.accounts.has(o.owner)) continue;
      if (o.open) {
        add(o, 1);
        this.known.set(id, orderSignature(o));
      } else add(o, 3);
    }
    const deals = new Map<string, Deal[]>();
    for (const [owner, list] of this.engine.deals) {
      const from = this.dealCursor.get(owner) ?? 0;
      if (list.length > from) {
        deals.set(owner, list.slice(from));
        this.dealCursor.set(owner, list.length);
      }
    }
    const margin = new Map<string, MarginEvent[]>();
    for (const e of this.positions?.marginEvents.splice(0) ?? []) {
      const list = margin.get(e.position.accountId) ?? [];
      list.push(e);
      margin.set(e.position.accountId, list);
    }
    const lastPrices: Array<[string, string]> = [];
    for (const [m, p] of this.state.lastPrices) {
      if (this.prices.get(m) === p) continue;
      this.prices.set(m, p);
      lastPrices.push([m, p]);
    }
    const trades = new Map<string, PublicTrade[]>();
    for (const [name, list] of this.pendingTrades) trades.set(name, list.map(publicTrade));
    this.pendingTrades = new Map();
    return { orders, deals, margin, lastPrices, trades };
  }
}
