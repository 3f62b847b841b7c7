/**
 * The time for "3 min ago" texts: one shared clock that ticks every few seconds while something on
 * screen reads it, so ages move without each view keeping a timer.
 */
import { createSubscriber } from 'svelte/reactivity';

const TICK_MS = 5_000;

class Clock {
  readonly #subscribe = createSubscriber((update) => {
    const timer = setInterval(update, TICK_MS);
    return () => clearInterval(timer);
  });

  /** Milliseconds now; a reader in an effect or template is run again at every tick. */
  get now(): number {
    this.#subscribe();
    return Date.now();
  }
}

export const clock = new Clock();
