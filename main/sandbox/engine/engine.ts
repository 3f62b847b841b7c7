/**
 * The exchange engine: one price-time book per market, order lifecycle (limit, market, stock market,
 * stop orders), spot settlement with fees, self-trade prevention, deals history.
 */
import { ApiError } from '../http/errors.ts';
import { settleSpot } from './settlement.ts';
import type { CollateralFill } from './settlement.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import { Book } from './book.ts';
import { freezeOrder, refreezeOrder, releaseOrder } from './funds.ts';
import { newOrder, reduceOnlyEnd, type Order } from './order.ts';
import type { Deal, EngineSnapshot, PlaceRequest } from './types.ts';
import { fromUnits, pow10, toUnits } from './units.ts';

export type { Deal, EngineSnapshot, PlaceRequest } from './types.ts';

export const POST_ONLY_WOULD_MATCH = 'The post-only order would match immediately.';

export class Engine {
  readonly books = new Map<string, Book>();
  readonly orders = new Map<number, Order>();
  /** Open orders (resting or waiting stop) per account. */
  readonly open = new Map<string, Map<number, Order>>();
  readonly stops = new Map<string, Order[]>();
  readonly deals = new Map<string, Deal[]>();
  private clientIds = new Map<string, Order>();
  private readonly state: SandboxState;
  private nextOrderId = 1;
  private nextDealId = 1;
  /** Called after trades on a market (stop activation, listeners). */
  onTrade: ((market: string) => void) | undefined;
  /** Settles a fill of a collateral order (positions, margin); set by the collateral module. */
  collateralFill: CollateralFill | undefined;
  /** Called when an activated stop order finished executing (TP/SL siblings). */
  onStopExecuted: ((o: Order) => void) | undefined;
  /**
   * Base units a reduce-only collateral order may still close of its position (0 when the position is
   * gone or on the order's own side); set by the collateral module.
   */
  reduceOnlyRoom: ((o: Order) => bigint) | undefined;

  constructor(state: SandboxState) {
    this.state = state;
    for (const m of state.markets.values()) this.books.set(m.name, new Book());
  }

  market(name: string): MarketDef {
    const m = this.state.markets.get(name);
    if (!m)
      throw new ApiError(422, {
        code: 30,
        message: 'Validation failed',
        errors: { market: ['Market is not available.'] },
      });
    return m;
  }

  book(name: string): Book {
    const b = this.books.get(name);
    if (!b) throw new Error(`no book ${name}`);
    return b;
  }

  clientOrderIdTaken(owner: string, market: string, clientOrderId: string): boolean {
    return this.clientIds.has(`${owner}|${market}|${clientOrderId}`);
  }

  findOpenByClientId(owner: string, market: string, clientOrderId: string): Order | undefined {
    return this.clientIds.get(`${owner}|${market}|${clientOrderId}`);
  }

  openOrders(owner: string): Order[] {
    return [...(this.open.get(owner)?.values() ?? [])];
  }

  private account(owner: string): Account | undefined {
    return this.state.accounts.get(owner);
  }

  private nowSeconds(): number {
    return Math.round(this.state.now() * 1000) / 1_000_000;
  }

  /** Creates, freezes funds for, and matches an order. Throws before any change on rejection. */
  place(req: PlaceRequest): Order {
    const m = this.market(req.market);
    const book = this.book(m.name);
    const isStop = req.type === 'stop limit' || req.type === 'stop market';
    const price = req.price ?? null;
    if (!isStop && req.postOnly && price !== null && book.wouldMatch(req.side, price))
      throw new ApiError(422, {
        code: 30,
        message: POST_ONLY_WOULD_MATCH,
        errors: { postOnly: [POST_ONLY_WOULD_MATCH] },
      });
    const order = newOrder(this.nextOrderId, req, m.name, this.nowSeconds());
    if (!order.collateral) freezeOrder(order, m, this.account(order.owner));
    this.nextOrderId++;
    this.orders.set(order.id, order);
    if (isStop) {
      this.track(order);
      let list = this.stops.get(m.name);
      if (!list) this.stops.set(m.name, (list = []));
      list.push(order);
      return order;
    }
    this.execute(order, m, book);
    return order;
  }

  private track(o: Order): void {
    let map = this.open.get(o.owner);
    if (!map) this.open.set(o.owner, (map = new Map()));
    map.set(o.id, o);
    if (o.clientOrderId) this.clientIds.set(`${o.owner}|${o.market}|${o.clientOrderId}`, o);
  }

  private untrack(o: Order): void {
    o.open = false;
    this.open.get(o.owner)?.delete(o.id);
    if (o.clientOrderId) {
      const k = `${o.owner}|${o.market}|${o.clientOrderId}`;
      if (this.clientIds.get(k) === o) this.clientIds.delete(k);
    }
  }

  /**
   * A reduce-only order closes at most what is left of its position when it executes: cut to that,
   * or canceled when nothing is left (a TP/SL leg never opens or flips a position).
   */
  private capReduceOnly(order: Order, m: MarketDef): boolean {
    if (!order.collateral || !order.reduceOnly || !this.reduceOnlyRoom || order.quoteAmount) return true;
    const room = this.reduceOnlyRoom(order);
    if (room <= 0n) {
      this.finish(order, m, reduceOnlyEnd(order), false);
      return false;
    }
    if (order.left > room) {
      order.amount -= order.left - room;
      order.left = room;
    }
    return true;
  }

  private execute(order: Order, m: MarketDef, book: Book): void {
    if (!this.capReduceOnly(order, m)) return;
    const isMarket = order.type === 'market' || order.type === 'stock market' || order.type === 'stop market';
    const taker = {
      owner: order.owner,
      side: order.side,
      price: isMarket ? null : order.limitPrice,
      left: order.quoteAmount ? 10n ** 40n : order.amount,
      budget: order.quoteAmount ? order.amount : null,
      retail: order.retail && !order.postOnly && !order.rpi,
      stp: order.stp,
    };
    if (order.type === 'stock market' && order.side === 'buy') taker.budget = order.frozen;
    let traded = false;
    const result = book.match(taker, {
      fill: (maker, price, qty) => {
        traded = true;
        this.settle(maker as Order, order, price, qty, m);
      },
      stpCancel: (maker) => this.finish(maker as Order, m, 'CANCELED_STP'),
    });
    if (!order.quoteAmount) order.left = taker.left;
    if (traded) this.state.lastPrices.set(m.name, fromUnits(this.lastTradePrice, m.moneyPrec));
    const done = order.quoteAmount
      ? (result.budgetExhausted || taker.budget === 0n) && order.dealMoney > 0n
      : order.left === 0n;
    if (result.stpStopped) this.finish(order, m, 'CANCELED_STP', false);
    else if (done) this.finish(order, m, 'FILLED', false);
    else if (isMarket || order.ioc) this.finish(order, m, 'CANCELED', false);
    else {
      if (order.dealStock > 0n) order.status = 'PARTIALLY_FILLED';
      this.track(order);
      book.add(order);
    }
    if (traded) this.onTrade?.(m.name);
  }

  private lastTradePrice = 0n;

  private settle(maker: Order, taker: Order, price: bigint, qty: bigint, m: MarketDef): void {
    this.lastTradePrice = price;
    const money = price * qty;
    const time = this.nowSeconds();
    for (const [o, role] of [
      [maker, 1],
      [taker, 2],
    ] as const) {
      o.dealStock += qty;
      o.dealMoney += money;
      const rate = role === 1 ? m.makerFee : m.takerFee;
      const acc = this.account(o.owner);
      if (acc) {
        const { fee, feeAsset } = o.collateral
          ? (this.collateralFill as CollateralFill)(o, acc, price, qty, rate, m)
          : settleSpot(o, acc, price, qty, rate, m);
        o.dealFee += fee;
        o.feeAsset = feeAsset;
        let list = this.deals.get(o.owner);
        if (!list) this.deals.set(o.owner, (list = []));
        list.push({
          id: this.nextDealId,
          time,
          market: m.name,
          accountId: o.owner,
          orderId: o.id,
          dealOrderId: (o === maker ? taker : maker).id,
          clientOrderId: o.clientOrderId,
          side: o.side,
          role,
          amount: qty,
          price,
          deal: money,
          fee,
          feeAsset,
        });
      } else if (!o.collateral) {
        o.frozen -= o.side === 'buy' ? money : qty;
      }
    }
    this.nextDealId++;
    if (maker.left === 0n) this.finish(maker, m, 'FILLED', false);
    else maker.status = 'PARTIALLY_FILLED';
  }

  /** Ends an order: releases what it still holds, leaves the book if `fromBook`. */
  finish(o: Order, m: MarketDef, status: string, fromBook = true): void {
    if (fromBook && o.open) {
      if (o.activationPrice !== null && !o.activated) {
        const list = this.stops.get(m.name);
        const i = list?.indexOf(o) ?? -1;
        if (list && i >= 0) list.splice(i, 1);
      } else if (status !== 'FILLED') {
        this.book(m.name).remove(o);
      }
    }
    o.status = status;
    o.finishedAt = this.nowSeconds();
    releaseOrder(o, m, this.account(o.owner));
    this.untrack(o);
    // background liquidity leaves no records behind (nobody can query them)
    if (!this.account(o.owner)) this.orders.delete(o.id);
  }

  /** Persistence: the records to save; books, open sets and stop lists are rebuilt from them. */
  snapshot(): EngineSnapshot {
    return {
      orders: [...this.orders.values()],
      deals: [...this.deals.values()].flat(),
      nextOrderId: this.nextOrderId,
      nextDealId: this.nextDealId,
    };
  }

  restore(snap: EngineSnapshot): void {
    for (const name of this.books.keys()) this.books.set(name, new Book());
    this.orders.clear();
    this.open.clear();
    this.stops.clear();
    this.deals.clear();
    this.clientIds = new Map();
    for (const o of [...snap.orders].sort((a, b) => a.id - b.id)) {
      this.orders.set(o.id, o);
      if (!o.open) continue;
      this.track(o);
      if (o.activationPrice !== null && !o.activated) {
        let list = this.stops.get(o.market);
        if (!list) this.stops.set(o.market, (list = []));
        list.push(o);
      } else this.books.get(o.market)?.add(o);
    }
    for (const d of snap.deals) {
      let list = this.deals.get(d.accountId);
      if (!list) this.deals.set(d.accountId, (list = []));
      list.push(d);
    }
    this.nextOrderId = snap.nextOrderId;
    this.nextDealId = snap.nextDealId;
  }

  cancel(o: Order): Order {
    this.finish(o, this.market(o.market), 'CANCELED');
    return o;
  }

  /** Puts a just-canceled order back (a rejected modify): funds frozen again, back in the book. */
  reopen(o: Order): void {
    const m = this.market(o.market);
    refreezeOrder(o, m, this.account(o.owner));
    o.open = true;
    o.status = o.dealStock > 0n ? 'PARTIALLY_FILLED' : undefined;
    this.track(o);
    if (o.activationPrice !== null && !o.activated) this.stops.get(m.name)?.push(o);
    else this.book(m.name).add(o);
  }

  /** Activates stop orders whose trigger the last price reached: buy at/above, sell at/below. */
  checkStops(market: string): void {
    const list = this.stops.get(market);
    const lastStr = this.state.lastPrices.get(market);
    if (!list || list.length === 0 || !lastStr) return;
    const m = this.market(market);
    const last = toUnits(lastStr, m.moneyPrec);
    const due = list.filter((o) =>
      (o.triggerAbove ?? o.side === 'buy')
        ? last >= (o.activationPrice as bigint)
        : last <= (o.activationPrice as bigint),
    );
    if (due.length === 0) return;
    this.stops.set(
      market,
      list.filter((o) => !due.includes(o)),
    );
    for (const o of due) {
      // a sibling leg that closed the position has canceled this one meanwhile
      if (!o.open) continue;
      o.activated = true;
      o.timestamp = this.nowSeconds();
      this.untrack(o);
      o.open = true;
      this.execute(o, m, this.book(market));
      this.onStopExecuted?.(o);
    }
  }

  dealsOf(owner: string): Deal[] {
    return this.deals.get(owner) ?? [];
  }

  scaleMoney(m: MarketDef): bigint {
    return pow10(m.moneyPrec + m.stockPrec);
  }
}
