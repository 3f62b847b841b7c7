/**
 * The links between collateral orders, acted on after every change of orders or prices: an OCO leg
 * executing (or ending) cancels the other, an OTO order executing places its take-profit and stop-loss
 * legs. Links are kept on the orders themselves, so they survive a restart of the sandbox (`relink`).
 */
import type { Engine } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { sweepClosed } from '../routes/collateral.ts';
import type { Positions } from './positions.ts';

export class OrderLinks {
  readonly #engine: Engine;
  readonly #positions: Positions;
  /** Orders with a link still to act on: an open OCO leg, or an OTO order whose legs wait. */
  readonly #watched = new Set<Order>();

  constructor(engine: Engine, positions: Positions) {
    this.#engine = engine;
    this.#positions = positions;
    this.relink();
  }

  /** Finds the links again among the engine's orders (after its state was restored). */
  relink(): void {
    this.#watched.clear();
    for (const o of this.#engine.orders.values())
      if ((o.open && o.ocoPeer !== undefined) || o.otoLegs) this.#watched.add(o);
  }

  watch(o: Order): void {
    this.#watched.add(o);
  }

  unwatch(o: Order): void {
    this.#watched.delete(o);
  }

  /** Acts on the links: run after every change of orders or prices. */
  sweep(): void {
    for (const o of [...this.#watched]) {
      if (o.ocoPeer !== undefined) this.#sweepOco(o);
      if (o.otoLegs && !o.open) this.#placeOtoLegs(o);
      if (!o.otoLegs && (o.ocoPeer === undefined || !o.open)) this.#watched.delete(o);
    }
  }

  #sweepOco(o: Order): void {
    const peer = this.#engine.orders.get(o.ocoPeer as number);
    const done = (x: Order) => !x.open || x.dealStock > 0n || (x.activationPrice !== null && x.activated);
    if (!peer) return;
    if (done(o) && peer.open && !done(peer)) this.#engine.cancel(peer);
    else if (done(peer) && o.open && !done(o)) this.#engine.cancel(o);
    if (!o.open || !peer.open || done(o) || done(peer)) {
      this.#watched.delete(o);
      this.#watched.delete(peer);
    }
  }

  #placeOtoLegs(p: Order): void {
    const legs = p.otoLegs;
    delete p.otoLegs;
    if (!legs || p.dealStock === 0n) return;
    const long = p.side === 'buy';
    const positionId = this.#positions.get(p.owner, p.market, p.positionSide ?? 'BOTH')?.positionId;
    for (const [price, above, kind] of [
      [legs.takeProfit, long, 'take_profit'],
      [legs.stopLoss, !long, 'stop_loss'],
    ] as const) {
      if (price === undefined) continue;
      this.#engine.place({
        owner: p.owner,
        market: p.market,
        side: long ? 'sell' : 'buy',
        type: 'stop market',
        amount: p.dealStock,
        activationPrice: price,
        collateral: true,
        ...(p.positionSide ? { positionSide: p.positionSide } : {}),
        reduceOnly: true,
        triggerAbove: above,
        otoId: p.id,
        tpsl: kind,
        ...(positionId === undefined ? {} : { positionId }),
        stp: p.stp,
      });
    }
    // legs of an order that closed (or only reduced) the other side have no position to close
    this.#positions.changed.add(p.owner);
    sweepClosed(this.#engine, this.#positions);
    this.#engine.checkStops(p.market);
  }
}
