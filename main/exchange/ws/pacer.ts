/**
 * Paces new WebSocket connections under the exchange's limit (1,000 new connections per minute from
 * one address): every connect and reconnect of every account's client waits its turn in one queue,
 * and the turns come evenly spaced, `windowMs / limit` apart, so no window ever holds more than
 * `limit` opens and a desk of 1,000 accounts does not hit the exchange (nor main) with a thousand
 * handshakes at once. One timer for the whole queue, however many sockets wait.
 */
import type { Timers } from './client.ts';

export interface PacerOptions {
  /** Opens allowed per window. Default 950: under the exchange's 1,000, with room for a clock skew. */
  readonly limit?: number;
  /** Default 60 s. */
  readonly windowMs?: number;
  readonly timers?: Timers;
  readonly now?: () => number;
}

export const PACED_CONNECTIONS = { limit: 950, windowMs: 60_000 } as const;

interface Waiting {
  open: () => void;
  cancelled: boolean;
}

export class ConnectionPacer {
  readonly #timers: Timers;
  readonly #now: () => number;
  /** Time between two opens. */
  readonly #spacingMs: number;
  #lastOpen = -Infinity;
  #queue: Waiting[] = [];
  #head = 0;
  #timer: unknown;

  constructor(options: PacerOptions = {}) {
    const limit = options.limit ?? PACED_CONNECTIONS.limit;
    this.#spacingMs = (options.windowMs ?? PACED_CONNECTIONS.windowMs) / limit;
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? {
      setTimeout: (fn, ms) => {
        const t = setTimeout(fn, ms);
        t.unref();
        return t;
      },
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    };
  }

  /** Opens at once when the window has room, else when it will; answers the function that gives up the turn. */
  queue(open: () => void): () => void {
    const waiting: Waiting = { open, cancelled: false };
    this.#queue.push(waiting);
    this.#drain();
    return () => {
      if (waiting.cancelled) return;
      waiting.cancelled = true;
      this.#drain();
    };
  }

  /** Connections waiting for their turn. */
  get waiting(): number {
    let n = 0;
    for (let i = this.#head; i < this.#queue.length; i++) if (!this.#queue[i]?.cancelled) n++;
    return n;
  }

  #drain(): void {
    if (this.#timer !== undefined) return;
    while (this.#head < this.#queue.length) {
      const first = this.#queue[this.#head];
      if (!first || first.cancelled) {
        this.#head++;
        continue;
      }
      const now = this.#now();
      const wait = this.#lastOpen + this.#spacingMs - now;
      if (wait > 0) {
        this.#timer = this.#timers.setTimeout(() => {
          this.#timer = undefined;
          this.#drain();
        }, wait);
        return;
      }
      this.#lastOpen = now;
      this.#head++;
      first.cancelled = true;
      try {
        first.open();
      } catch {
        // one socket failing to open costs the others nothing (its client reconnects itself)
      }
    }
    this.#queue = [];
    this.#head = 0;
  }
}
