/**
 * Gives memory back after a large batch of work. A desk refresh of 1,000 accounts allocates fast
 * enough that V8 grows the main thread's young generation to its largest (128 MB on a machine with
 * plenty of memory), and it keeps that size for the rest of the session: V8 shrinks it only in a
 * garbage collection that reduces memory, which an idle process never runs by itself. So once such
 * a batch is done and main has been quiet for a while, one is asked for (it pauses main for tens
 * of milliseconds; the live heap after a refresh is about 30 MB).
 *
 * That collection also throws away much of main's compiled code (V8 keeps no map alive for it, so
 * code built on them is deoptimized): the 4,020 reads of a board refresh of 1,005 accounts then
 * cost main's thread about 270 ms more CPU and its process about 400 ms more (medians of 8 pairs,
 * against the same reads run again). So memory is given back once the desk has rested for half a
 * minute, not between the refreshes of a person working the board.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options: { type: 'major'; execution: 'async' | 'sync'; flavor: 'last-resort' }) => unknown;
/** The collector once reached; null where the runtime does not allow it. */
let gc: Gc | null | undefined;

/**
 * One garbage collection that reduces memory: young generation shrunk, free pages returned. Resolves
 * when it is done (`async`: main runs on meanwhile).
 */
export async function reduceMemory(execution: 'async' | 'sync' = 'async'): Promise<void> {
  if (gc === null) return;
  try {
    if (!gc) {
      // The collector is reachable from script only behind this flag; a fresh context picks it up.
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as Gc;
    }
    await gc({ type: 'major', execution, flavor: 'last-resort' });
  } catch {
    // A runtime that keeps its V8 flags fixed: memory is given back by V8 in its own time.
    gc = null;
  }
}

/** How long main stays quiet after a batch before memory is given back. */
const QUIET_MS = 30_000;

export class MemoryTrim {
  readonly #quietMs: number;
  readonly #reduce: () => unknown;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #busy = 0;
  /** Told when memory has been given back after the last batch. */
  #settledWaiters: Array<() => void> = [];
  #reducing: Promise<unknown> | undefined;

  constructor(options: { quietMs?: number; reduce?: () => unknown } = {}) {
    this.#quietMs = options.quietMs ?? QUIET_MS;
    this.#reduce = options.reduce ?? (() => reduceMemory());
  }

  /**
   * Resolves once no batch runs and the memory of the last one has been given back (at once when
   * that is so already): what a memory reading waits for.
   */
  settled(): Promise<void> {
    if (this.#busy === 0 && this.#timer === undefined && this.#reducing === undefined)
      return Promise.resolve();
    return new Promise((resolve) => this.#settledWaiters.push(resolve));
  }

  /** A large batch starts: no trim while it runs. */
  started(): void {
    this.#busy += 1;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** It ended: memory is given back once no batch has run for the quiet time. */
  ended(): void {
    this.#busy = Math.max(0, this.#busy - 1);
    if (this.#busy > 0) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const reducing = Promise.resolve(this.#reduce()).finally(() => {
        if (this.#reducing !== reducing) return;
        this.#reducing = undefined;
        if (this.#busy > 0 || this.#timer !== undefined) return;
        const waiters = this.#settledWaiters;
        this.#settledWaiters = [];
        for (const resolve of waiters) resolve();
      });
      this.#reducing = reducing;
    }, this.#quietMs);
    this.#timer.unref();
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const waiters = this.#settledWaiters;
    this.#settledWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
