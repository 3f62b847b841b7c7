import type { CallOptions, WorkerChannel } from './channel.ts';
import { CacheClosedError } from './errors.ts';

/**
 * The worker of long reads (totals, counts, CSV export), started by the first of them and closed
 * once none has run for `idleMs`; a call after that starts a fresh one.
 */
export class HeavyReader {
  readonly #start: () => WorkerChannel;
  readonly #idleMs: number;
  #channel: WorkerChannel | undefined;
  #calls = 0;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(start: () => WorkerChannel, idleMs: number) {
    this.#start = start;
    this.#idleMs = idleMs;
  }

  get running(): boolean {
    return this.#channel !== undefined;
  }

  async call(method: string, args: unknown[], options?: CallOptions): Promise<unknown> {
    if (this.#closed) throw new CacheClosedError();
    clearTimeout(this.#idle);
    this.#channel ??= this.#start();
    const channel = this.#channel;
    this.#calls++;
    try {
      await channel.ready.catch((error: unknown) => {
        // A worker that could not open is not kept: the next long read tries a fresh one.
        if (this.#channel === channel) this.#channel = undefined;
        throw error;
      });
      return await channel.call(method, args, options);
    } finally {
      if (--this.#calls === 0) {
        this.#idle = setTimeout(() => {
          if (this.#calls > 0 || this.#channel !== channel) return;
          this.#channel = undefined;
          void channel.close();
        }, this.#idleMs);
        this.#idle.unref();
      }
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idle);
    await this.#channel?.close();
    this.#channel = undefined;
  }
}
