import { isEventName, type EventName, type EventPayload } from './views/events.ts';

export type EventListener = (name: EventName, payload: unknown) => void;

/** A window's page as the hub sees it: the events it reads, and how they reach it. */
export interface PageOutlet {
  /** The events the page reads now (its listeners); names the contract does not declare are left out. */
  reads(names: readonly unknown[]): void;
  /** The page is gone: nothing more is sent to it. */
  close(): void;
}

interface Page {
  frame: () => string | undefined;
  send: (name: EventName, payload: unknown) => void;
  reads: Set<EventName>;
}

type Narrow<K extends EventName> = (
  frame: string | undefined,
  payload: EventPayload<K>,
) => EventPayload<K> | undefined;

/**
 * Typed events from main's services to the windows. A page receives only the events it reads (the
 * bridge tells which: `PageOutlet.reads`), and an event narrowed per page (`narrow`: an account's
 * pushes, to the channels and topics that page subscribed to) only its part, or nothing. This is the
 * windows' hub, not main's internal bus (`main/bus.ts`).
 */
export class EventHub {
  readonly #taps = new Set<EventListener>();
  readonly #pages = new Set<Page>();
  readonly #narrow = new Map<EventName, Narrow<never>>();

  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
    for (const tap of this.#taps) tap(name, payload);
    const narrow = this.#narrow.get(name) as Narrow<K> | undefined;
    for (const page of this.#pages) {
      if (!page.reads.has(name)) continue;
      const part = narrow ? narrow(page.frame(), payload) : payload;
      if (part !== undefined) page.send(name, part);
    }
  }

  /** Whether any page reads `name` now (an emitter may skip the work of one nobody reads). */
  read(name: EventName): boolean {
    if (this.#taps.size > 0) return true;
    for (const page of this.#pages) if (page.reads.has(name)) return true;
    return false;
  }

  /** Each page gets only its part of `name` (undefined: none of it). */
  narrow<K extends EventName>(name: K, narrow: Narrow<K>): void {
    this.#narrow.set(name, narrow as Narrow<never>);
  }

  /**
   * A window's page (`frame`: the page instance now, whose live subscriptions narrow its pushes). It
   * reads nothing until it says what it reads.
   */
  page(frame: () => string | undefined, send: (name: EventName, payload: unknown) => void): PageOutlet {
    const page: Page = { frame, send, reads: new Set() };
    this.#pages.add(page);
    return {
      reads: (names) => {
        page.reads = new Set(names.filter(isEventName));
      },
      close: () => this.#pages.delete(page),
    };
  }

  /** Every event as emitted, unnarrowed: for tools and tests watching main (never a window). */
  subscribe(listener: EventListener): () => void {
    this.#taps.add(listener);
    return () => this.#taps.delete(listener);
  }
}
