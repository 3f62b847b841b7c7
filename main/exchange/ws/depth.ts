/**
 * A market's order book kept from `depth_update` pushes: a full snapshot, then diffs where an amount
 * of `0` removes the level. `update_id`/`past_update_id` tell a missed diff; the book then asks for
 * a new snapshot (resubscribe) rather than show a wrong book.
 */
import { Decimal } from 'decimal.js';
import type { ChannelParams, Levels } from './channels.ts';

export class DepthBook {
  readonly market: string;
  #asks = new Map<string, string>();
  #bids = new Map<string, string>();
  #updateId: number | undefined;
  /** False until a snapshot arrived, and after a gap in the diffs. */
  synced = false;

  constructor(market: string) {
    this.market = market;
  }

  /** Applies one push; answers false when a diff does not follow the last one (a snapshot is needed). */
  apply([full, book, market]: ChannelParams['depth']): boolean {
    if (market !== this.market) return true;
    if (full) {
      this.#asks = new Map(book.asks);
      this.#bids = new Map(book.bids);
      this.#updateId = book.update_id;
      this.synced = true;
      return true;
    }
    if (!this.synced) return false;
    if (
      book.past_update_id !== undefined &&
      this.#updateId !== undefined &&
      book.past_update_id !== this.#updateId
    ) {
      this.synced = false;
      return false;
    }
    for (const [p, a] of book.asks)
      if (new Decimal(a).isZero()) this.#asks.delete(p);
      else this.#asks.set(p, a);
    for (const [p, a] of book.bids)
      if (new Decimal(a).isZero()) this.#bids.delete(p);
      else this.#bids.set(p, a);
    this.#updateId = book.update_id ?? this.#updateId;
    return true;
  }

  /** Best-first levels, at most `limit` per side. */
  top(limit = 100): { asks: Levels; bids: Levels } {
    const by = (a: [string, string], b: [string, string]): number => new Decimal(a[0]).comparedTo(b[0]);
    return {
      asks: [...this.#asks].sort(by).slice(0, limit),
      bids: [...this.#bids].sort((a, b) => by(b, a)).slice(0, limit),
    };
  }
}
