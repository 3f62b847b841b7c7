/**
 * What the exchange says of itself, read on a schedule: whether the platform is in planned
 * maintenance (`public/platform/status`) and its clock (`public/time`), handed to the connection's
 * health, which pushes them with the rest of the top bar's model. A reading that fails leaves the
 * last one standing: the health's own probe says when the exchange does not answer.
 */
import { platformMaintenance, serverTimeMs } from '../../exchange/endpoints/public.ts';
import type { ExchangeHttp } from '../../exchange/http.ts';
import { offsetOf } from './clock.ts';

export interface ExchangeStatusOptions {
  /** How often the status and the clock are read. Default 30 s. */
  everyMs?: number;
  /** How often while the platform is in maintenance, so its end is seen soon. Default 10 s. */
  maintenanceEveryMs?: number;
  now?: () => number;
}

/** Where the readings go (the connection's health). */
export interface ExchangeStatusSink {
  setPlatform(maintenance: boolean): void;
  setClock(offsetMs: number): void;
}

/** A round trip longer than this says too little of the offset to be kept. */
const SLOW_MS = 2_000;

export class ExchangeStatus {
  readonly #http: ExchangeHttp;
  readonly #sink: ExchangeStatusSink;
  readonly #options: ExchangeStatusOptions;
  readonly #now: () => number;
  #maintenance = false;
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  #stopped = false;

  constructor(http: ExchangeHttp, sink: ExchangeStatusSink, options: ExchangeStatusOptions = {}) {
    this.#http = http;
    this.#sink = sink;
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** Reads now, then on the schedule. */
  start(): void {
    void this.check().then(() => this.#schedule());
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Reads the status and the clock once (a second call while one runs shares it). */
  check(): Promise<void> {
    this.#checking ??= Promise.all([this.#status(), this.#clock()]).then(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  async #status(): Promise<void> {
    try {
      this.#maintenance = await platformMaintenance(this.#http);
      if (!this.#stopped) this.#sink.setPlatform(this.#maintenance);
    } catch {
      // unreachable or an answer not read: the health says the first; the last reading stands
    }
  }

  async #clock(): Promise<void> {
    try {
      const sent = this.#now();
      const server = await serverTimeMs(this.#http);
      const answered = this.#now();
      if (answered - sent <= SLOW_MS && !this.#stopped) this.#sink.setClock(offsetOf(server, sent, answered));
    } catch {
      // as above
    }
  }

  #schedule(): void {
    if (this.#stopped) return;
    const delay = this.#maintenance
      ? (this.#options.maintenanceEveryMs ?? 10_000)
      : (this.#options.everyMs ?? 30_000);
    this.#timer = setTimeout(() => void this.check().then(() => this.#schedule()), delay);
    this.#timer.unref();
  }
}
