/** How often answers arriving one by one are drawn, at most. */
export const DRAW_EVERY_MS = 250;

/**
 * Answers that arrive one by one (a thousand accounts' balances), handed on together at most every
 * `everyMs`: the screen draws a batch at a time, not once per answer. While a read of a known number
 * of them runs (`start`), `reading` counts those that arrived.
 */
export class Arrivals<T> {
  reading = $state<{ done: number; total: number } | undefined>();
  readonly #draw: (items: readonly T[]) => void;
  readonly #everyMs: number;
  #items: T[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(draw: (items: readonly T[]) => void, everyMs = DRAW_EVERY_MS) {
    this.#draw = draw;
    this.#everyMs = everyMs;
  }

  add(item: T): void {
    this.#items.push(item);
    this.#timer ??= setTimeout(() => this.flush(), this.#everyMs);
    // Another read's answers (another window's) may come too: the count stops at the total.
    if (this.reading)
      this.reading = { ...this.reading, done: Math.min(this.reading.total, this.reading.done + 1) };
  }

  /** A read of `total` answers starts; `done` ends it. */
  start(total: number): void {
    this.reading = { done: 0, total };
  }

  done(): void {
    this.reading = undefined;
  }

  /** Draws what has arrived now. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const items = this.#items;
    this.#items = [];
    if (items.length > 0) this.#draw(items);
  }

  /** Drops what has not been drawn. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#items = [];
  }
}
