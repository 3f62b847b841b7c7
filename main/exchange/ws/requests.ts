/** A socket's JSON-RPC requests waiting for their answers: numbered, timed out, failed together. */
import { timeoutError, type ExchangeError } from '../errors.ts';
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
  #nextId = 1;

  constructor(timers: Timers, timeoutMs: number) {
    this.#timers = timers;
    this.#timeoutMs = timeoutMs;
  }

  /** Requests still waiting for their answer. */
  get size(): number {
    return this.#pending.size;
  }

  /** Sends one request through `send`; `order`: an order method (its own error numbering). */
  start(method: string, params: unknown[], order: boolean, send: (frame: string) => void): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = this.#timers.setTimeout(() => {
        this.#pending.delete(id);
        reject(timeoutError(this.#timeoutMs, method));
      }, this.#timeoutMs);
      this.#pending.set(id, { method, resolve, reject, timer, order });
      send(JSON.stringify({ id, method, params }));
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
