/**
 * Batches pushes before they cross to the renderer, at most one batch per window: the first push after
 * a quiet window goes on at once (with whatever arrived in the same turn of the event loop), and what
 * arrives during the window after a batch waits for the window's end. Within one window, a replaceable
 * push (a mark price, a last price) keeps only its latest value per market; every other push is kept,
 * in order. A 0.5 s premiumIndex stream over dozens of markets thus becomes one batch per window, and
 * a lone balance push is not held back at all. Each push is
 * read into its channel's views as it comes in; one not in its channel's shape is not delivered and is
 * told to `onUnreadable` (the live service counts it against the socket: `WsClient.unreadable`).
 */
import type { LiveEvent } from '../records.ts';
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
  /** The shortest time between two batches; 100 to 250 ms suits a renderer. Default 150 ms. */
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
  /** A batch went out less than a window ago: what comes now waits for the window's end. */
  #cooling = false;

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
      this.#timer = this.#timers.setTimeout(() => this.#tick(), this.#cooling ? this.#windowMs : 0);
  }

  /** The timer: sends what is pending; a batch sent starts a window, a quiet one ends it. */
  #tick(): void {
    this.#timer = undefined;
    if (this.#send()) this.#timer = this.#timers.setTimeout(() => this.#tick(), this.#windowMs);
    this.#cooling = this.#timer !== undefined;
  }

  /** Sends what is pending now (before the socket closes, say). */
  flush(): void {
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#cooling = false;
    this.#send();
  }

  /** Answers whether a batch went out. */
  #send(): boolean {
    const events = this.#events.filter((e): e is PushEvent => e !== undefined);
    const replaced = this.#replaced;
    this.#events = [];
    this.#latest = new Map();
    this.#replaced = 0;
    if (events.length > 0) this.#sink({ events, replaced });
    return events.length > 0;
  }
}
