/**
 * Batches pushes before they cross to the renderer. Within one window, a replaceable push (a mark
 * price, a last price) keeps only its latest value per market; every other push is kept, in order.
 * A 0.5 s premiumIndex stream over dozens of markets thus becomes one batch per window. Each push is
 * read into its channel's views as it comes in; one not in its channel's shape is not delivered and is
 * told to `onUnreadable` (the live service counts it against the socket: `WsClient.unreadable`).
 */
import type { LiveEvent } from '../../domains/live/views.ts';
import type { Channel } from './channels.ts';
import type { Timers } from './client.ts';
import { eventTopic, liveEvents } from './views.ts';

/** A push as its channel's view (read once, here, as it enters the batch). */
export type PushEvent = LiveEvent;

export interface PushBatch {
  /** Every kept push, in arrival order (replaceable ones at the place of their latest value). */
  events: PushEvent[];
  /** Pushes dropped because a newer one of the same channel and market came in the same window. */
  replaced: number;
}

/** Channels where only the newest push per market matters. */
export const REPLACEABLE: ReadonlySet<Channel> = new Set<Channel>([
  'premiumIndex',
  'lastprice',
  'positionsMargin',
  'ADLQuantile',
]);

export interface CoalescerOptions {
  /** Window length; 100 to 250 ms suits a renderer. Default 150 ms. */
  readonly windowMs?: number;
  readonly sink: (batch: PushBatch) => void;
  readonly timers?: Timers;
  /** Told of each push dropped because it is not in its channel's shape. */
  readonly onUnreadable?: (channel: Channel, params: unknown) => void;
}

export class PushCoalescer {
  readonly #sink: (batch: PushBatch) => void;
  readonly #windowMs: number;
  readonly #timers: Timers;
  readonly #onUnreadable: ((channel: Channel, params: unknown) => void) | undefined;
  #events: Array<PushEvent | undefined> = [];
  #latest = new Map<string, number>();
  #replaced = 0;
  #timer: unknown;

  constructor(options: CoalescerOptions) {
    this.#sink = options.sink;
    this.#windowMs = options.windowMs ?? 150;
    this.#onUnreadable = options.onUnreadable;
    this.#timers = options.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    };
  }

  add(channel: Channel, params: unknown): void {
    const events = liveEvents(channel, params);
    if (!events) {
      this.#onUnreadable?.(channel, params);
      return;
    }
    for (const event of events) {
      if (REPLACEABLE.has(channel)) {
        const key = `${channel}|${eventTopic(event)}`;
        const at = this.#latest.get(key);
        if (at !== undefined) {
          this.#events[at] = undefined;
          this.#replaced++;
        }
        this.#latest.set(key, this.#events.length);
      }
      this.#events.push(event);
    }
    if (this.#timer === undefined && this.#events.length > 0)
      this.#timer = this.#timers.setTimeout(() => this.flush(), this.#windowMs);
  }

  /** Sends what is pending now (also called by the window timer). */
  flush(): void {
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    const events = this.#events.filter((e): e is PushEvent => e !== undefined);
    const replaced = this.#replaced;
    this.#events = [];
    this.#latest = new Map();
    this.#replaced = 0;
    if (events.length > 0) this.#sink({ events, replaced });
  }
}
