/**
 * A socket's JSON-RPC requests waiting for their answers: numbered, timed out, failed together, and
 * paced under the exchange's per-connection budgets (order placements and all other requests each
 * have their own): a request over budget waits for a slot instead of being refused.
 */
import { WS_LIMITS, wsMethodGroup } from '../endpoint-groups.ts';
import { ExchangeError, timeoutError } from '../errors.ts';
import { SlotBucket } from '../rate-limit.ts';
import type { Timers } from './timers.ts';
import { closedError, wsError } from './errors.ts';

interface Pending {
  method: string;
  resolve: (v: unknown) => void;
  reject: (e: ExchangeError) => void;
  timer: unknown;
  order: boolean;
}

export class PendingRequests {
  readonly #pending = new Map<number, Pending>();
  readonly #timers: Timers;
  readonly #timeoutMs: number;
  readonly #budgets: Record<'placements' | 'requests', SlotBucket>;
  #nextId = 1;

  constructor(timers: Timers, timeoutMs: number, now: () => number = Date.now) {
    this.#timers = timers;
    this.#timeoutMs = timeoutMs;
    const clock = {
      now,
      setTimeout: (fn: () => void, ms: number) => timers.setTimeout(fn, ms),
      clearTimeout: (handle: unknown) => timers.clearTimeout(handle),
    };
    this.#budgets = {
      placements: new SlotBucket({ ...WS_LIMITS.placements, clock }),
      requests: new SlotBucket({ ...WS_LIMITS.requests, clock }),
    };
  }

  /** Requests still waiting for their answer. */
  get size(): number {
    return this.#pending.size;
  }

  /**
   * Sends one request through `send` once its budget has a slot (at once when it has one);
   * `order`: an order method (its own error numbering). `send` throws when the socket has closed.
   */
  start(method: string, params: unknown[], order: boolean, send: (frame: string) => void): Promise<unknown> {
    const budget = this.#budgets[wsMethodGroup(method)];
    if (budget.tryTake()) return this.#start(method, params, order, send);
    return budget.take().then(() => this.#start(method, params, order, send));
  }

  #start(method: string, params: unknown[], order: boolean, send: (frame: string) => void): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = this.#timers.setTimeout(() => {
        this.#pending.delete(id);
        reject(timeoutError(this.#timeoutMs, method));
      }, this.#timeoutMs);
      this.#pending.set(id, { method, resolve, reject, timer, order });
      try {
        send(JSON.stringify({ id, method, params }));
      } catch (error) {
        this.#pending.delete(id);
        this.#timers.clearTimeout(timer);
        reject(error instanceof ExchangeError ? error : closedError(method));
      }
    });
  }

  /** Settles the request `id` (unknown ids are ignored); true when it was answered without error. */
  answer(id: number, result: unknown, error: { code: number; message: string } | undefined): boolean {
    const p = this.#pending.get(id);
    if (!p) return false;
    this.#pending.delete(id);
    this.#timers.clearTimeout(p.timer);
    if (error) p.reject(wsError(p.method, error, p.order));
    else p.resolve(result);
    return !error;
  }

  /** Fails every waiting request: the socket closed before their answers came. */
  failAll(): void {
    for (const [id, p] of this.#pending) {
      this.#timers.clearTimeout(p.timer);
      p.reject(closedError(p.method));
      this.#pending.delete(id);
    }
  }
}
