/**
 * A screen asks main again before an earlier answer came back (another market picked, a key typed, a
 * push that starts a read): the answers may arrive in any order. A `ReplyGuard` marks each request,
 * and an answer whose request is no longer the newest is dropped, so an older reply arriving late
 * never overwrites what a newer one shows.
 *
 *   const asked = this.#replies.next();
 *   const reply = await this.#api.orders.active({ accountId });
 *   if (asked.stale) return;
 */
export interface Asked {
  /** A newer request was made since (or every request was dropped): this one's answer is not shown. */
  readonly stale: boolean;
}

/** An answer never made stale (work the caller does not guard). */
export const UNGUARDED: Asked = { stale: false };

export class ReplyGuard {
  #newest = 0;

  /** A new request: answers to every request made before it are stale from now on. */
  next(): Asked {
    return this.#mark(++this.#newest);
  }

  /** The newest request, for work that goes on with it (the next page of the same list). */
  newest(): Asked {
    return this.#mark(this.#newest);
  }

  /** Every request out is stale: the screen stopped, or what it shows changed. */
  dropAll(): void {
    this.#newest++;
  }

  #mark(n: number): Asked {
    const newest = () => this.#newest;
    return {
      get stale() {
        return n !== newest();
      },
    };
  }
}
