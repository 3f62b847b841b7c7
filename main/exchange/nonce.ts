import { readFileSync } from 'node:fs';
import { writeJsonFile } from '../json-file.ts';
import { NonceError } from './errors.ts';

/**
 * Where each key's nonce high-water mark survives a restart. `save` must be durable when it returns:
 * a nonce is handed out only after the mark at or above it is saved.
 */
export interface NonceStore {
  load(keyId: string): number | undefined;
  save(keyId: string, highWater: number): void;
  /**
   * How far the saved marks already cover this key now (a store may cover every key with one save);
   * a nonce at or below it needs no save. Absent: only the key's own mark covers it.
   */
  covered?(keyId: string): number | undefined;
}

/** A store that forgets on restart; for tests and for keys that are never reused across runs. */
export class MemoryNonceStore implements NonceStore {
  readonly marks = new Map<string, number>();
  saves = 0;

  load(keyId: string): number | undefined {
    return this.marks.get(keyId);
  }

  save(keyId: string, highWater: number): void {
    this.marks.set(keyId, highWater);
    this.saves += 1;
  }
}

/**
 * All keys' marks in one small JSON file, rewritten atomically (write a temporary file, fsync, rename)
 * so a crash leaves either the old or the new file, never a torn one. A file that exists but cannot
 * be read is an error, not a reset: starting over could reuse nonces.
 */
export class FileNonceStore implements NonceStore {
  readonly path: string;
  private marks: Map<string, number> | undefined;
  private startFloorValue: number | undefined;

  constructor(path: string) {
    this.path = path;
  }

  private read(): Map<string, number> {
    if (this.marks) return this.marks;
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.marks = new Map();
      return this.marks;
    }
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error(`nonce file ${this.path} does not hold an object`);
    const marks = new Map<string, number>();
    for (const [key, value] of Object.entries(parsed)) {
      if (!Number.isSafeInteger(value)) throw new Error(`nonce file ${this.path}: bad mark for ${key}`);
      marks.set(key, value as number);
    }
    this.marks = marks;
    return marks;
  }

  /** The floor every key's nonces stayed below when this process started (the file's `*` mark). */
  private startFloor(): number {
    this.startFloorValue ??= this.read().get(EVERY_KEY) ?? 0;
    return this.startFloorValue;
  }

  /** A key's mark: its own, and never below what every key was covered to before this start. */
  load(keyId: string): number | undefined {
    const own = this.read().get(keyId);
    const floor = this.startFloor();
    return own === undefined && floor === 0 ? undefined : Math.max(own ?? 0, floor);
  }

  covered(keyId: string): number | undefined {
    const marks = this.read();
    return Math.max(marks.get(keyId) ?? 0, marks.get(EVERY_KEY) ?? 0, this.startFloor());
  }

  /**
   * Saves the key's mark and raises the `*` mark to it too, so one write covers every key until then:
   * a desk of a thousand keys writes the file about once per reserve window, not once per key.
   */
  save(keyId: string, highWater: number): void {
    this.startFloor();
    const next = new Map(this.read());
    next.set(keyId, highWater);
    next.set(EVERY_KEY, Math.max(next.get(EVERY_KEY) ?? 0, highWater));
    writeJsonFile(this.path, Object.fromEntries(next), false);
    this.marks = next;
  }
}

/** How far from its own clock the exchange takes a signed request's nonce (either way). */
export const NONCE_WINDOW_MS = 5_000;

/** The mark in the nonce file that covers every key. */
const EVERY_KEY = '*';

export interface NonceSourceOptions {
  readonly keyId: string;
  readonly store: NonceStore;
  /** Wall clock in milliseconds; injectable for tests. */
  readonly now?: () => number;
  /**
   * How far ahead of the last nonce handed out the saved mark is placed. A larger value saves less
   * often; after a restart the first nonce may lead the clock by up to this much. Default 1000 ms.
   */
  readonly reserveMs?: number;
  /**
   * Largest lead over the local clock a nonce may have; the server accepts ±5 s. Default 4000 ms,
   * which leaves a second for the request to travel and for the two clocks to differ.
   */
  readonly maxLeadMs?: number;
}

/**
 * Millisecond nonces for one API key, for `nonceWindow: true` requests. Each nonce is
 * max(now, last + 1): strictly increasing for every caller in this process (handing one out is
 * synchronous, so concurrent requests cannot draw the same value), and never below a nonce handed out
 * before a restart, because the mark saved before each hand-out is reloaded at start.
 *
 * Clock stepping back: nonces keep increasing from the last one and lead the clock. A step back of up
 * to `maxLeadMs` costs nothing. A larger step would put nonces outside the server's ±5 s window, so
 * `next()` refuses with a NonceError rather than send a request bound to fail; `acquire()` waits for
 * the clock to catch up (up to `maxWaitMs`). Trading ordering for acceptance (going back to the clock)
 * is not done: if the old clock was the right one, the lower nonces would repeat ones already used.
 * The same lead guard applies when more than 1000 requests per second are sent on one key.
 */
export class NonceSource {
  readonly keyId: string;
  private readonly store: NonceStore;
  private readonly now: () => number;
  private readonly reserveMs: number;
  private readonly maxLeadMs: number;
  private last: number;
  private reserved: number;

  constructor(options: NonceSourceOptions) {
    this.keyId = options.keyId;
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.reserveMs = options.reserveMs ?? 1000;
    this.maxLeadMs = options.maxLeadMs ?? 4000;
    const saved = this.store.load(this.keyId) ?? 0;
    this.last = saved;
    this.reserved = saved;
  }

  /** How far the next nonce would lead the clock, in milliseconds (0 when it would equal now). */
  lead(): number {
    const now = Math.floor(this.now());
    return Math.max(now, this.last + 1) - now;
  }

  /** The next nonce. Throws NonceError when it would lead the clock by more than `maxLeadMs`. */
  next(): number {
    const now = Math.floor(this.now());
    const candidate = Math.max(now, this.last + 1);
    if (candidate - now > this.maxLeadMs)
      throw new NonceError(
        `The system clock is ${String(candidate - now)} ms behind the last request sent with this key. ` +
          'Wait for it to catch up or correct the clock; requests now would fall outside the exchange’s 5 second window.',
      );
    if (candidate > this.reserved)
      this.reserved = Math.max(this.reserved, this.store.covered?.(this.keyId) ?? 0);
    if (candidate > this.reserved) {
      const mark = candidate + this.reserveMs;
      this.store.save(this.keyId, mark);
      this.reserved = mark;
    }
    this.last = candidate;
    return candidate;
  }

  /**
   * The next nonce, waiting (with `sleep`) while the clock is too far behind, for at most `maxWaitMs`.
   * The value is taken at the end of the wait, so order among callers is still the order of hand-out.
   */
  async acquire(
    sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
    maxWaitMs = 10_000,
    signal?: AbortSignal,
  ): Promise<number> {
    let waited = 0;
    for (;;) {
      const over = this.lead() - this.maxLeadMs;
      if (over <= 0) return this.next();
      if (waited + over > maxWaitMs) return this.next(); // throws the NonceError
      signal?.throwIfAborted();
      await sleep(over, signal);
      waited += over;
    }
  }
}

/** One NonceSource per key, shared by every caller of that key. */
export class NonceRegistry {
  private readonly sources = new Map<string, NonceSource>();
  private readonly options: Omit<NonceSourceOptions, 'keyId'>;

  constructor(options: Omit<NonceSourceOptions, 'keyId'>) {
    this.options = options;
  }

  forKey(keyId: string): NonceSource {
    let source = this.sources.get(keyId);
    if (!source) {
      source = new NonceSource({ ...this.options, keyId });
      this.sources.set(keyId, source);
    }
    return source;
  }
}
