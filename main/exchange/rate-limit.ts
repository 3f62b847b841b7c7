import { endpointGroup, type GroupLimit } from './endpoint-groups.ts';

/** Time source and timers, injectable so tests run without waiting. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  done: boolean;
  cleanup: () => void;
}

export interface SlotBucketOptions extends GroupLimit {
  readonly clock?: Clock;
  /**
   * Extra time a used slot stays out, so requests sent just inside the window cannot arrive just
   * inside the server's window after network jitter. Default 50 ms.
   */
  readonly marginMs?: number;
  /**
   * Share of the slots background work (history sync) may not take, so interactive requests (orders,
   * the screen the user is looking at) always find a slot at once. Default 0.2.
   */
  readonly reserveShare?: number;
}

/** Slots a bucket's ring holds at first. */
const INITIAL_STAMPS = 8;

/**
 * A token bucket of `limit` slots in which each slot comes back `windowMs` (+ margin) after it was
 * taken. That is exactly "at most `limit` requests in any window": it never exceeds a sliding or a
 * fixed window on the server, and allows a full burst when the key has been idle. Waiters are served
 * first in, first out; a waiter can leave by aborting its signal. Background waiters are served only
 * when no interactive one waits, and never from the last `reserve` free slots.
 */
export class SlotBucket {
  readonly limit: number;
  private readonly windowMs: number;
  private readonly clock: Clock;
  /**
   * Times the last `count` slots were taken, oldest at `head` (a ring). It grows as slots are taken,
   * up to `limit`: a desk holds a bucket per key and endpoint, thousands of them, most of which see a
   * few requests per window, never their whole budget.
   */
  private stamps: Float64Array;
  private head = 0;
  private count = 0;
  private readonly queue: Waiter[] = [];
  private queueHead = 0;
  private readonly backgroundQueue: Waiter[] = [];
  /** Slots kept free for interactive requests. */
  readonly reserve: number;
  private pending = 0;
  private pausedUntil = 0;
  private timer: unknown = undefined;
  private timerAt = Infinity;

  constructor(options: SlotBucketOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError('limit must be >= 1');
    this.limit = options.limit;
    this.windowMs = options.windowMs + (options.marginMs ?? 50);
    this.clock = options.clock ?? systemClock;
    this.stamps = new Float64Array(Math.min(options.limit, INITIAL_STAMPS));
    this.reserve = Math.min(options.limit - 1, Math.floor(options.limit * (options.reserveShare ?? 0.2)));
  }

  /** Callers waiting for a slot. */
  get waiting(): number {
    return this.pending;
  }

  /** Slots free right now (0 while paused). */
  available(): number {
    const now = this.clock.now();
    if (now < this.pausedUntil) return 0;
    this.expire(now);
    return this.limit - this.count;
  }

  /** Takes a slot if one is free and nobody is queued ahead. */
  tryTake(): boolean {
    if (this.waiting > 0 || this.available() === 0) return false;
    this.record(this.clock.now());
    return true;
  }

  /**
   * Resolves when the caller holds a slot; rejects with the signal's reason if aborted first.
   * `background` work waits behind every interactive caller and leaves the reserve free.
   */
  take(signal?: AbortSignal, background = false): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (background ? this.tryTakeBackground() : this.tryTake()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, done: false, cleanup: () => undefined };
      if (signal) {
        const onAbort = (): void => {
          if (waiter.done) return;
          waiter.done = true;
          this.pending -= 1;
          reject(signal.reason);
          this.drain();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiter.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      (background ? this.backgroundQueue : this.queue).push(waiter);
      this.pending += 1;
      this.drain();
    });
  }

  private tryTakeBackground(): boolean {
    if (this.waiting > 0 || this.available() <= this.reserve) return false;
    this.record(this.clock.now());
    return true;
  }

  /** Hands out no slot for `ms` from now (after a 429 that got through anyway). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    this.drain();
  }

  /** Slots the ring holds before it grows again (never above `limit`). */
  get capacity(): number {
    return this.stamps.length;
  }

  private expire(now: number): void {
    while (this.count > 0 && (this.stamps[this.head] as number) + this.windowMs <= now) {
      this.head = (this.head + 1) % this.stamps.length;
      this.count -= 1;
    }
  }

  private record(now: number): void {
    if (this.count === this.stamps.length) this.grow();
    this.stamps[(this.head + this.count) % this.stamps.length] = now;
    this.count += 1;
  }

  /** Doubles the ring (up to `limit`), oldest stamp first. Only called when it is full. */
  private grow(): void {
    const old = this.stamps;
    const next = new Float64Array(Math.min(this.limit, old.length * 2));
    for (let i = 0; i < this.count; i++) next[i] = old[(this.head + i) % old.length] as number;
    this.stamps = next;
    this.head = 0;
  }

  private nextWaiter(): Waiter | undefined {
    while (this.queueHead < this.queue.length && this.queue[this.queueHead]?.done) this.queueHead += 1;
    if (this.queueHead > 1024 && this.queueHead * 2 > this.queue.length) {
      this.queue.splice(0, this.queueHead);
      this.queueHead = 0;
    }
    return this.queue[this.queueHead];
  }

  private nextBackground(): Waiter | undefined {
    while (this.backgroundQueue[0]?.done) this.backgroundQueue.shift();
    return this.backgroundQueue[0];
  }

  private drain(): void {
    for (;;) {
      const foreground = this.nextWaiter();
      const waiter = foreground ?? this.nextBackground();
      if (!waiter) return;
      const now = this.clock.now();
      if (now < this.pausedUntil) return this.wakeAt(this.pausedUntil);
      this.expire(now);
      const free = this.limit - this.count;
      if (free <= (foreground ? 0 : this.reserve)) {
        return this.wakeAt((this.stamps[this.head] as number) + this.windowMs);
      }
      this.record(now);
      waiter.done = true;
      this.pending -= 1;
      if (foreground) this.queueHead += 1;
      else this.backgroundQueue.shift();
      waiter.cleanup();
      waiter.resolve();
    }
  }

  private wakeAt(at: number): void {
    if (this.timer !== undefined && this.timerAt <= at) return;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Infinity;
        this.drain();
      },
      Math.max(0, at - this.clock.now()),
    );
  }
}

/** The budgets of one API key: one SlotBucket per endpoint group, created on first use. */
export class KeyRateLimiter {
  private readonly buckets = new Map<string, SlotBucket>();
  private readonly clock: Clock;
  private readonly marginMs: number | undefined;

  constructor(clock: Clock = systemClock, marginMs?: number) {
    this.clock = clock;
    this.marginMs = marginMs;
  }

  bucketFor(path: string): SlotBucket {
    const { group, limit } = endpointGroup(path);
    let bucket = this.buckets.get(group);
    if (!bucket) {
      bucket = new SlotBucket({ ...limit, clock: this.clock, marginMs: this.marginMs });
      this.buckets.set(group, bucket);
    }
    return bucket;
  }

  /** Waits for a slot of the group `path` belongs to; background work leaves the reserve free. */
  acquire(path: string, signal?: AbortSignal, background = false): Promise<void> {
    return this.bucketFor(path).take(signal, background);
  }

  /** Holds back the group of `path` for `ms` after a rate-limit answer. */
  pause(path: string, ms: number): void {
    this.bucketFor(path).pause(ms);
  }
}

/** One KeyRateLimiter per API key, shared by every caller of that key. */
export class RateLimits {
  private readonly keys = new Map<string, KeyRateLimiter>();
  private readonly clock: Clock;
  private readonly marginMs: number | undefined;

  constructor(clock: Clock = systemClock, marginMs?: number) {
    this.clock = clock;
    this.marginMs = marginMs;
  }

  forKey(keyId: string): KeyRateLimiter {
    let limiter = this.keys.get(keyId);
    if (!limiter) {
      limiter = new KeyRateLimiter(this.clock, this.marginMs);
      this.keys.set(keyId, limiter);
    }
    return limiter;
  }
}

export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/**
 * How long to hold back after the `attempt`-th failure in a row (0-based): exponential from `baseMs`
 * (1 s), capped at `capMs` (30 s), with "equal jitter" (half fixed, half random) so keys that were
 * limited together, or syncs that failed together, do not come back together. A server Retry-After
 * longer than that wins. The one back-off of the main process: requests, and a sync run that failed.
 */
export function backoffDelay(
  attempt: number,
  options: { retryAfterMs?: number; random?: () => number; baseMs?: number; capMs?: number } = {},
): number {
  const random = options.random ?? Math.random;
  const cap = options.capMs ?? BACKOFF_MAX_MS;
  const ceiling = Math.min(cap, (options.baseMs ?? BACKOFF_MIN_MS) * 2 ** Math.max(0, Math.floor(attempt)));
  const jittered = ceiling / 2 + random() * (ceiling / 2);
  const floor = options.baseMs === undefined ? BACKOFF_MIN_MS : 0;
  const delay = Math.round(Math.min(cap, Math.max(floor, jittered)));
  return Math.max(delay, options.retryAfterMs ?? 0);
}
