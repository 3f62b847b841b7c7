/**
 * Price-time priority order book of one market, in integer units. Levels are kept best-first in a
 * sorted array per side, each a FIFO queue; matching walks levels from the best price.
 */

export type Side = 'buy' | 'sell';
export type Stp = 'no' | 'cb' | 'cn' | 'co';

export interface Resting {
  id: number;
  owner: string;
  side: Side;
  price: bigint;
  left: bigint;
  /** RPI liquidity: hidden from public depth, matched only by retail takers. */
  rpi: boolean;
}

export interface Taker {
  owner: string;
  side: Side;
  /** Limit price; null for a market order. */
  price: bigint | null;
  /** Base quantity still to fill (for quote-budget orders: a cap, see `budget`). */
  left: bigint;
  /** Quote budget for buy market orders in units of 10^-(moneyPrec+stockPrec); null otherwise. */
  budget: bigint | null;
  retail: boolean;
  stp: Stp;
}

export interface MatchHandlers {
  fill(maker: Resting, price: bigint, amount: bigint): void;
  /** A resting order removed by self-trade prevention. */
  stpCancel(maker: Resting): void;
}

export interface MatchResult {
  /** The taker was stopped by self-trade prevention (`cn` or `cb`). */
  stpStopped: boolean;
  /** A quote budget could not buy one more unit at the next price. */
  budgetExhausted: boolean;
}

interface Level {
  price: bigint;
  orders: Resting[];
  head: number;
}

class SideBook {
  readonly levels: Level[] = [];
  readonly byPrice = new Map<bigint, Level>();
  private readonly better: (a: bigint, b: bigint) => boolean;

  constructor(side: Side) {
    this.better = side === 'buy' ? (a, b) => a > b : (a, b) => a < b;
  }

  add(o: Resting): void {
    let level = this.byPrice.get(o.price);
    if (!level) {
      level = { price: o.price, orders: [], head: 0 };
      this.byPrice.set(o.price, level);
      // binary search for the insertion point, best first
      let lo = 0;
      let hi = this.levels.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.better((this.levels[mid] as Level).price, o.price)) lo = mid + 1;
        else hi = mid;
      }
      this.levels.splice(lo, 0, level);
    }
    level.orders.push(o);
  }

  remove(o: Resting): boolean {
    const level = this.byPrice.get(o.price);
    if (!level) return false;
    const i = level.orders.indexOf(o, level.head);
    if (i < 0) return false;
    level.orders.splice(i, 1);
    this.dropIfEmpty(level);
    return true;
  }

  /** Compacts the queue; removes the level when empty and then returns true. */
  dropIfEmpty(level: Level): boolean {
    if (level.head > 32 && level.head * 2 > level.orders.length) {
      level.orders.splice(0, level.head);
      level.head = 0;
    }
    if (level.head < level.orders.length) return false;
    this.byPrice.delete(level.price);
    const i = this.levels.indexOf(level);
    if (i >= 0) this.levels.splice(i, 1);
    return true;
  }
}

export class Book {
  readonly bids = new SideBook('buy');
  readonly asks = new SideBook('sell');

  add(o: Resting): void {
    (o.side === 'buy' ? this.bids : this.asks).add(o);
  }

  remove(o: Resting): boolean {
    return (o.side === 'buy' ? this.bids : this.asks).remove(o);
  }

  /** Best visible (non-RPI unless `withRpi`) price on a side, or null. */
  best(side: Side, withRpi = false): bigint | null {
    const book = side === 'buy' ? this.bids : this.asks;
    for (const level of book.levels) {
      for (let i = level.head; i < level.orders.length; i++) {
        if (withRpi || !(level.orders[i] as Resting).rpi) return level.price;
      }
    }
    return null;
  }

  /** Would a taker at `price` on `side` match anything right now (RPI counted as liquidity)? */
  wouldMatch(side: Side, price: bigint): boolean {
    const best = this.best(side === 'buy' ? 'sell' : 'buy', true);
    if (best === null) return false;
    return side === 'buy' ? best <= price : best >= price;
  }

  /** Aggregated visible depth: [price, amount] per level, best first. RPI orders are left out. */
  depth(side: Side, limit: number): Array<[bigint, bigint]> {
    const out: Array<[bigint, bigint]> = [];
    const book = side === 'buy' ? this.bids : this.asks;
    for (const level of book.levels) {
      let sum = 0n;
      for (let i = level.head; i < level.orders.length; i++) {
        const o = level.orders[i] as Resting;
        if (!o.rpi) sum += o.left;
      }
      if (sum > 0n) out.push([level.price, sum]);
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Matches the taker against the opposite side; mutates `taker.left`/`taker.budget`. */
  match(taker: Taker, h: MatchHandlers): MatchResult {
    const book = taker.side === 'buy' ? this.asks : this.bids;
    const crosses =
      taker.price === null
        ? () => true
        : taker.side === 'buy'
          ? (p: bigint) => p <= (taker.price as bigint)
          : (p: bigint) => p >= (taker.price as bigint);
    let li = 0;
    while (li < book.levels.length && taker.left > 0n) {
      const level = book.levels[li] as Level;
      if (!crosses(level.price)) break;
      let skipped = false;
      for (let i = level.head; i < level.orders.length && taker.left > 0n;) {
        const maker = level.orders[i] as Resting;
        if (maker.rpi && !taker.retail) {
          skipped = true;
          i++;
          continue;
        }
        if (maker.owner === taker.owner && taker.stp !== 'no') {
          if (taker.stp === 'cn') return { stpStopped: true, budgetExhausted: false };
          i = this.take(level, i);
          h.stpCancel(maker);
          if (taker.stp === 'cb') {
            book.dropIfEmpty(level);
            return { stpStopped: true, budgetExhausted: false };
          }
          continue;
        }
        let qty = maker.left < taker.left ? maker.left : taker.left;
        if (taker.budget !== null) {
          const affordable = taker.budget / level.price;
          if (affordable < qty) qty = affordable;
          if (qty <= 0n) {
            book.dropIfEmpty(level);
            return { stpStopped: false, budgetExhausted: true };
          }
          taker.budget -= qty * level.price;
        }
        maker.left -= qty;
        taker.left -= qty;
        h.fill(maker, level.price, qty);
        if (maker.left === 0n) i = this.take(level, i);
        else i++;
        if (taker.budget !== null && taker.budget < level.price) {
          // prices only get worse from here: the budget cannot buy another unit
          book.dropIfEmpty(level);
          return { stpStopped: false, budgetExhausted: true };
        }
      }
      // a removed level lets the next one slide into index li; a kept one (RPI skipped) is passed
      if (!book.dropIfEmpty(level) && (skipped || taker.left > 0n)) li++;
    }
    return { stpStopped: false, budgetExhausted: false };
  }

  /** Removes the order at index i of the level; returns the index of the next order. */
  private take(level: Level, i: number): number {
    if (i === level.head) {
      level.head++;
      return i + 1;
    }
    level.orders.splice(i, 1);
    return i;
  }
}
