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
  /** The work of the newest request made through `run`. */
  #running: Promise<void> = Promise.resolve();

  /**
   * Runs a request as the newest (`work` is handed its mark) and resolves once what will be shown is
   * in: its own answer, or, when a newer request overtook it, the newest one's. Whoever awaits a read
   * then sees its outcome, not a screen still waiting for the read that overtook it. A newer request's
   * failure is its own caller's to hear.
   */
  async run(work: (asked: Asked) => Promise<void>): Promise<void> {
    const mine = work(this.next());
    this.#running = mine;
    await mine;
    for (let seen = mine; this.#running !== seen;) {
      seen = this.#running;
      await seen.catch(() => undefined);
    }
  }

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
