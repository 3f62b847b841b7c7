/**
 * How a request goes out to the exchange: on a connection free to carry it at once, within one time
 * limit, its failures made ExchangeErrors and its body read as JSON.
 *
 * A private request is signed with a nonce the exchange accepts for 5 s only, so it is signed when a
 * connection can carry it at once, never before: a request signed and then queued in the pool behind
 * the others aged there, and on a busy desk (a board refresh keeps 192 reads out, the pool has 64
 * connections) it reached the exchange more than 5 s old and was refused. A request takes a slot
 * (`SendSlots`) before it is made and gives it back when its answer is in, so no more are out than
 * the pool has connections, and the time limit runs from when it is sent.
 *
 * Two lanes, as the keys' budgets have (`rate-limit.ts`): background work (the board's reads, a
 * history sync) waits behind every interactive request (an order, the screen a person looks at) and
 * leaves the last `reserve` slots free, so an order never waits for a desk's reads to come back.
 */
import { ExchangeError, networkError, timeoutError } from './errors.ts';
import {
  AnswerTooLarge,
  CONNECTIONS_PER_ORIGIN,
  SendTimeout,
  type RawAnswer,
  type RawRequest,
  type Sender,
} from './http-send.ts';

/** An answer of the exchange, any status, its body parsed as JSON when it is JSON. */
export interface Answer {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

export class Outbound {
  readonly #sender: Sender;
  readonly #slots: SendSlots;
  readonly #timeoutMs: number;

  constructor(sender: Sender, options: { connections?: number; timeoutMs?: number } = {}) {
    this.#sender = sender;
    this.#slots = new SendSlots(options.connections ?? CONNECTIONS_PER_ORIGIN);
    this.#timeoutMs = options.timeoutMs ?? 15_000;
  }

  /**
   * Sends the request `make` makes, made (and a private one signed) only once a connection can carry
   * it at once.
   */
  async send(
    url: string,
    path: string,
    background: boolean,
    signal: AbortSignal | undefined,
    make: () => RawRequest | Promise<RawRequest>,
  ): Promise<Answer> {
    const release = await this.#slots.take(background, signal);
    try {
      return await this.#exchange(url, await make(), path, signal);
    } finally {
      release();
    }
  }

  async #exchange(
    url: string,
    request: RawRequest,
    path: string,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    const timeoutMs = this.#timeoutMs;
    let raw: RawAnswer;
    try {
      raw = await this.#sender(url, request, { timeoutMs, ...(signal ? { signal } : {}) });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof SendTimeout) throw timeoutError(timeoutMs, path);
      if (error instanceof AnswerTooLarge)
        throw new ExchangeError(
          'answer_too_large',
          `The exchange answered ${path} with more than ${String(error.limit / 1024 / 1024)} MiB, more than any answer of its API; the app did not read it.`,
        );
      throw networkError(error);
    }
    let body: unknown = raw.text;
    try {
      body = raw.text ? JSON.parse(raw.text) : undefined;
    } catch {
      // left as text; classifyResponse and the schema check deal with it
    }
    return { status: raw.status, body, retryAfter: raw.retryAfter };
  }
}

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (reason: unknown) => void;
  /** Left the line (aborted) or served. */
  done: boolean;
  cleanup: () => void;
}

/** The connections requests may take at once, in two lanes (see above). */
export class SendSlots {
  readonly size: number;
  /** Slots background work may not take. */
  readonly reserve: number;
  #busy = 0;
  readonly #interactive: Waiter[] = [];
  readonly #background: Waiter[] = [];

  constructor(size: number, reserveShare = 0.125) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a whole number >= 1');
    this.size = size;
    this.reserve = Math.min(size - 1, Math.floor(size * reserveShare));
  }

  /**
   * Resolves with the way to give the slot back once the caller holds one; rejects with the signal's
   * reason if it aborts first.
   */
  take(background: boolean, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    // an interactive request goes ahead of the background ones waiting; one of a lane waits its turn
    const ahead = this.#first(this.#interactive) ?? (background ? this.#first(this.#background) : undefined);
    if (!ahead && this.#free(background)) return Promise.resolve(this.#hold());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, done: false, cleanup: () => undefined };
      if (signal) {
        const onAbort = (): void => {
          if (waiter.done) return;
          waiter.done = true;
          reject(signal.reason as Error);
          this.#drain();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiter.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      (background ? this.#background : this.#interactive).push(waiter);
      this.#drain();
    });
  }

  #free(background: boolean): boolean {
    return this.size - this.#busy > (background ? this.reserve : 0);
  }

  /** The first of a line still waiting (those gone are dropped). */
  #first(line: Waiter[]): Waiter | undefined {
    while (line[0]?.done) line.shift();
    return line[0];
  }

  #hold(): () => void {
    this.#busy += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#busy -= 1;
      this.#drain();
    };
  }

  #drain(): void {
    for (;;) {
      const interactive = this.#first(this.#interactive);
      const waiter = interactive ?? this.#first(this.#background);
      if (!waiter || !this.#free(!interactive)) return;
      (interactive ? this.#interactive : this.#background).shift();
      waiter.done = true;
      waiter.cleanup();
      waiter.resolve(this.#hold());
    }
  }
}
