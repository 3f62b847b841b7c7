/**
 * The vault's schedule: every account of the desk is synced by itself every `everyMs` (and once
 * shortly after start), so every part of its history is read long before the exchange's six-month
 * horizon takes it. A sync already running or queued is left alone; a failed one is retried by the
 * history sync's own back-off.
 */
import type { Logger } from '../../log.ts';

export interface ScheduleDeps {
  /** Queues a sync of every account of the desk; answers those queued. */
  syncAll(): string[];
  log: Logger;
}

export class VaultSchedule {
  readonly #deps: ScheduleDeps;
  #timer: ReturnType<typeof setInterval> | undefined;
  #first: ReturnType<typeof setTimeout> | undefined;

  constructor(deps: ScheduleDeps) {
    this.#deps = deps;
  }

  start(everyMs: number, firstAfterMs = Math.min(everyMs, 60_000)): void {
    this.stop();
    this.#first = setTimeout(() => this.#tick(), firstAfterMs);
    this.#first.unref();
    this.#timer = setInterval(() => this.#tick(), everyMs);
    this.#timer.unref();
  }

  #tick(): void {
    try {
      const queued = this.#deps.syncAll();
      if (queued.length > 0)
        this.#deps.log.log('info', `scheduled history sync of ${String(queued.length)} accounts`);
    } catch (error) {
      this.#deps.log.log('warn', 'the scheduled history sync could not start', error);
    }
  }

  stop(): void {
    clearTimeout(this.#first);
    clearInterval(this.#timer);
    this.#first = undefined;
    this.#timer = undefined;
  }
}
