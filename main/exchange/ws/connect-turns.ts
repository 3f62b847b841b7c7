/**
 * When one socket connects next: each connect and reconnect waits its turn in the pacer, in the
 * socket's lane (`interactive` once a person waits on it, ahead of the board's `background`); after
 * a drop the next connect waits a jittered backoff, longer with each failure until the data is good.
 */
import { reconnectDelay, type BackoffOptions } from './backoff.ts';
import type { ConnectionPacer, Lane } from './pacer.ts';
import type { Timers } from './timers.ts';

export interface ConnectTurnsOptions {
  readonly timers: Timers;
  readonly pacer?: ConnectionPacer | undefined;
  readonly backoff?: BackoffOptions | undefined;
  readonly random?: (() => number) | undefined;
}

export class ConnectTurns {
  /** The pacer's lane of this socket's connects. */
  lane: Lane = 'background';
  /** Failed connects since the data was last good (the backoff's step). */
  #attempt = 0;
  #retryTimer: unknown;
  /** Gives up the turn while the pacer holds it. */
  #cancelTurn: (() => void) | undefined;
  readonly #options: ConnectTurnsOptions;

  constructor(options: ConnectTurnsOptions) {
    this.#options = options;
  }

  /** Waits for this socket's turn to connect (at once without a pacer), then `open`. */
  take(open: () => void): void {
    const pacer = this.#options.pacer;
    if (!pacer) return open();
    this.#cancelTurn = pacer.queue(() => {
      this.#cancelTurn = undefined;
      open();
    }, this.lane);
  }

  /**
   * A person now waits on this socket: its connects go in the interactive lane, and a turn already
   * waited for is given up and taken again there (`again`).
   */
  raise(again: () => void): void {
    if (this.lane !== 'background') return;
    this.lane = 'interactive';
    if (!this.#cancelTurn) return;
    this.#cancelTurn();
    again();
  }

  /** After a drop: `connect` again once the backoff of the failures so far has passed. */
  retry(connect: () => void): void {
    const delay = reconnectDelay(
      this.#attempt++,
      this.#options.backoff ?? {},
      this.#options.random ?? Math.random,
    );
    this.#retryTimer = this.#options.timers.setTimeout(connect, delay);
  }

  /** The data is good again: the backoff starts over. */
  settled(): void {
    this.#attempt = 0;
  }

  /** Stops waiting for a turn or a retry. */
  cancel(): void {
    this.#options.timers.clearTimeout(this.#retryTimer);
    this.#cancelTurn?.();
    this.#cancelTurn = undefined;
  }
}
