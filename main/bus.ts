/**
 * Main's own bus: what one service of the main process tells the others (an account's pushes, the
 * state pushes merged, board rows drawn, a mining or webhook event). Typed by topic, each listener
 * gets its topic's payload. Nothing on it reaches a window by itself: `core.ts` forwards to the
 * windows' hub (`event-hub.ts`) what a page may read.
 */
import type { BoardRowView } from './views/board.ts';
import type { EventPayload } from './views/events.ts';
import type { KnownKinds } from './views/known.ts';
import type { LiveEvent } from './views/live.ts';
import type { MiningAlertView } from './views/mining.ts';
import type { KnownKind } from './views/known.ts';

/** An account's last known state as pushes left it, merged in memory (written to the cache after). */
export interface MergedState {
  account: string;
  /** The kinds the pushes changed ('' scope), each with its whole merged value. */
  values: { [K in KnownKind]?: KnownKinds[K] };
  /** The market-scoped values changed, each whole, by kind and market. */
  scoped?: { [K in KnownKind]?: Record<string, KnownKinds[K]> };
  /** Every kind changed, market-scoped ones included. */
  kinds: KnownKind[];
  asOfMs: number;
}

export interface MainTopics {
  /** An account's pushes of one window, read into their views (`allPositions`: a `*` positions feed). */
  'live.pushes': { accountId: string; events: readonly LiveEvent[]; allPositions: boolean };
  /** An account's state pushes changed, merged: handed to its followers before it is stored. */
  'known.merged': MergedState;
  /** Board rows drawn (a batch of a refresh, or pushes); `removed`: accounts gone from the desk. */
  'board.rows': { rows: BoardRowView[]; removed?: string[] };
  'mining.alert': MiningAlertView;
  'webhook.event': EventPayload<'webhook.event'>;
}

type Listener<P> = (payload: P) => void;

export class Bus<T> {
  readonly #listeners = new Map<keyof T, Set<Listener<never>>>();
  readonly #onError: ((topic: keyof T, error: unknown) => void) | undefined;

  /** `onError`: told when a listener throws (the other listeners are still told). */
  constructor(onError?: (topic: keyof T, error: unknown) => void) {
    this.#onError = onError;
  }

  /** Listens to one topic; answers the function that stops. */
  on<K extends keyof T>(topic: K, listener: Listener<T[K]>): () => void {
    let set = this.#listeners.get(topic);
    if (!set) this.#listeners.set(topic, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends keyof T>(topic: K, payload: T[K]): void {
    for (const listener of this.#listeners.get(topic) ?? []) {
      try {
        (listener as Listener<T[K]>)(payload);
      } catch (error) {
        if (!this.#onError) throw error;
        this.#onError(topic, error);
      }
    }
  }
}

/** The main process's bus. */
export class MainBus extends Bus<MainTopics> {}
