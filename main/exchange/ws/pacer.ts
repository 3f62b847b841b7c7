/**
 * Paces new WebSocket connections under the exchange's limit (1,000 new connections per minute from
 * one address): every connect and reconnect of every account's client waits its turn in one queue,
 * opened as soon as the last `limit` opens leave room in the window. One timer for the whole queue,
 * however many sockets wait.
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
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #timers: Timers;
  readonly #now: () => number;
  /** Times of the last `limit` opens, oldest at `#next`. */
  readonly #opened: Float64Array;
  #next = 0;
  #queue: Waiting[] = [];
  #head = 0;
  #timer: unknown;

  constructor(options: PacerOptions = {}) {
    this.#limit = options.limit ?? PACED_CONNECTIONS.limit;
    this.#windowMs = options.windowMs ?? PACED_CONNECTIONS.windowMs;
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? {
      setTimeout: (fn, ms) => {
        const t = setTimeout(fn, ms);
        t.unref();
        return t;
      },
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    };
    this.#opened = new Float64Array(this.#limit).fill(-Infinity);
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
      const oldest = this.#opened[this.#next] ?? -Infinity;
      const wait = oldest + this.#windowMs - now;
      if (wait > 0) {
        this.#timer = this.#timers.setTimeout(() => {
          this.#timer = undefined;
          this.#drain();
        }, wait);
        return;
      }
      this.#opened[this.#next] = now;
      this.#next = (this.#next + 1) % this.#limit;
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
