/**
 * Paces new WebSocket connections under the exchange's limit (1,000 new connections per minute from
 * one address): every connect and reconnect of every account's client waits its turn in one queue,
 * and the turns come evenly spaced, `windowMs / limit` apart, so no window ever holds more than
 * `limit` opens and a desk of 1,000 accounts does not hit the exchange (nor main) with a thousand
 * handshakes at once. One timer for the whole queue, however many sockets wait.
 *
 * Two lanes share the turns: a socket a person is waiting on (the Trade screen's, an order sent over
 * the WebSocket) takes the next turn ahead of the desk's background sockets (the board's thousand),
 * so it opens within one spacing however many of those wait.
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

/** `interactive`: a person is waiting on this socket; `background`: main's own following (the board). */
export type Lane = 'interactive' | 'background';

interface Waiting {
  open: () => void;
  cancelled: boolean;
}

/** One lane's line: the waiting in order, and where the next one is. */
class Line {
  items: Waiting[] = [];
  head = 0;

  /** The first still waiting (cancelled ones are passed over for good), or undefined. */
  first(): Waiting | undefined {
    while (this.head < this.items.length) {
      const w = this.items[this.head];
      if (w && !w.cancelled) return w;
      this.head++;
    }
    this.items = [];
    this.head = 0;
    return undefined;
  }

  get waiting(): number {
    let n = 0;
    for (let i = this.head; i < this.items.length; i++) if (!this.items[i]?.cancelled) n++;
    return n;
  }
}

export class ConnectionPacer {
  readonly #timers: Timers;
  readonly #now: () => number;
  /** Time between two opens. */
  readonly #spacingMs: number;
  #lastOpen = -Infinity;
  readonly #lines: Record<Lane, Line> = { interactive: new Line(), background: new Line() };
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

  /**
   * Opens at once when the window has room, else when it will, after every socket waiting in its lane
   * and, for a background socket, after every interactive one; answers the function that gives up the turn.
   */
  queue(open: () => void, lane: Lane = 'interactive'): () => void {
    const waiting: Waiting = { open, cancelled: false };
    this.#lines[lane].items.push(waiting);
    this.#drain();
    return () => {
      if (waiting.cancelled) return;
      waiting.cancelled = true;
      this.#drain();
    };
  }

  /** Connections waiting for their turn (in one lane, or in both). */
  waitingIn(lane?: Lane): number {
    return lane
      ? this.#lines[lane].waiting
      : this.#lines.interactive.waiting + this.#lines.background.waiting;
  }

  get waiting(): number {
    return this.waitingIn();
  }

  #drain(): void {
    // An open that queues again (re-entering here) may have set the timer: then it holds the next turn.
    while (this.#timer === undefined) {
      const first = this.#lines.interactive.first() ?? this.#lines.background.first();
      if (!first) return;
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
      first.cancelled = true;
      try {
        first.open();
      } catch {
        // one socket failing to open costs the others nothing (its client reconnects itself)
      }
    }
  }
}
