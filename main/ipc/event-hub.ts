import type { EventName, EventPayload } from './contract.ts';

export type EventListener = (name: EventName, payload: unknown) => void;

/** Typed pushes from services to every connected view (the Electron window, the test host). */
export class EventHub {
  readonly #listeners = new Set<EventListener>();

  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
    for (const listener of this.#listeners) listener(name, payload);
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
