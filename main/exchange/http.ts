/**
 * The exchange's REST transport: signs private calls, queues them behind the key's rate-limit
 * buckets, times out, classifies failures into typed errors and checks every answer's shape.
 *
 * Retries are only made where they are safe: a rate-limit or nonce rejection means the exchange did
 * nothing, so any call is sent again (after backing off); a network failure, server error or timeout
 * may have been applied, so only calls marked `idempotent` are sent again. Orders, withdrawals and
 * converts are looked up by their own handle by the service that sent them before any retry.
 */
import type { z } from 'zod';
import { ExchangeError, NonceError, RateLimitError } from './errors.ts';
import { classifyResponse } from './classify-response.ts';
import type { NonceRegistry } from './nonce.ts';
import { backoffDelay, type RateLimits } from './rate-limit.ts';
import { defaultSender, type Sender } from './http-send.ts';
import { Outbound, type Answer } from './outbound.ts';
import { requestHash } from './request-hash.ts';
import type { ApprovalTicket, SignGate, SignedWith } from './sign-gate.ts';
import { signRequest, type Credentials, type RequestFields } from './signer.ts';
import { REST, type RestEndpoint } from './registry/index.ts';

export interface AuditEntry {
  readonly path: string;
  readonly apiKey: string;
  readonly at: number;
  /** SHA-256 of the request without its nonce (`request-hash.ts`). */
  readonly bodyHash: string;
  /** The order's client order id, when the request placed one. */
  readonly clientOrderId?: string;
  /** `ok`, or the error code the call ended with. */
  readonly outcome: string;
  readonly status: number | undefined;
  readonly attempts: number;
  /** The approval the request was signed with (four eyes), with its approver's name. */
  readonly approval?: SignedWith;
}

/** What one attempt of a request came to: an answer of the exchange (any status), or none. */
export interface AttemptOutcome {
  readonly path: string;
  /** The exchange answered (any HTTP status); false: refused connection, DNS, reset or timeout. */
  readonly reached: boolean;
  /** The key of a signed call. */
  readonly apiKey?: string;
  /** Sent as background work of its key (behind the interactive calls). */
  readonly background?: boolean;
  /** The error the answer was read as, when it was one (never carries a secret). */
  readonly error?: ExchangeError;
}

export interface ExchangeHttpOptions {
  /** REST base address, e.g. `https://exchange.example` or the sandbox's `http://127.0.0.1:PORT`. */
  readonly baseUrl: string;
  readonly nonces: NonceRegistry;
  readonly limits: RateLimits;
  /** Per-request time limit. Default 15 s. */
  readonly timeoutMs?: number;
  /** How many times a retryable failure is retried. Default 3. */
  readonly maxRetries?: number;
  /** How requests go out; undici's keep-alive pool (`http-send.ts`) by default. */
  readonly sender?: Sender;
  /** Requests out at once: the sender's connections (`outbound.ts`). Default `CONNECTIONS_PER_ORIGIN`. */
  readonly connections?: number;
  /** How back-offs wait; injectable so tests need not. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
  /** Told of every signed request (never the secret or the signature). */
  readonly audit?: (entry: AuditEntry) => void;
}

export interface CallOptions {
  /** Sending it twice does no harm (reads). Decides retries after network failures and timeouts. */
  readonly idempotent: boolean;
  readonly signal?: AbortSignal;
  /** Background work (history sync) queues behind interactive calls and leaves them a reserve. */
  readonly background?: boolean;
  /** The approved proposal this request is sent under (four eyes). */
  readonly approval?: ApprovalTicket | undefined;
}

export class UnexpectedResponseError extends ExchangeError {
  /** Which part of the answer was not as expected ("data.0.amount: …"), for the log, never the screen. */
  readonly detail: string;

  constructor(path: string, issue: string, status: number) {
    super(
      'unexpected_response',
      `The exchange answered ${path} in a form the app does not know, so the app did not use the answer.`,
      {
        status,
      },
    );
    this.name = 'UnexpectedResponseError';
    this.detail = issue;
  }
}

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

export class ExchangeHttp {
  readonly baseUrl: string;
  readonly #options: ExchangeHttpOptions;
  readonly #sender: Sender;
  readonly #outbound: Outbound;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #observers = new Set<(outcome: AttemptOutcome) => void>();
  #knownUnreachable: () => boolean = () => false;
  #gate: SignGate | undefined;

  constructor(options: ExchangeHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#options = options;
    this.#sender = options.sender ?? defaultSender;
    this.#outbound = new Outbound(this.#sender, options);
    this.#sleep = options.sleep ?? defaultSleep;
  }

  /** Tells `observer` of every attempt's outcome as it happens (before any retry); returns the stop. */
  observe(observer: (outcome: AttemptOutcome) => void): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  /**
   * One unsigned GET of the exchange's health check (`public/ping`), without retries: resolves true
   * when the exchange answers at all (whatever the status), false when it cannot be reached in
   * `timeoutMs`.
   */
  async probe(timeoutMs = 2_000): Promise<boolean> {
    const path = REST.ping.path;
    try {
      await this.#sender(
        `${this.baseUrl}${path}`,
        { method: 'GET', headers: { Accept: 'application/json' } },
        { timeoutMs },
      );
      this.#tell({ path, reached: true });
      return true;
    } catch {
      this.#tell({ path, reached: false });
      return false;
    }
  }

  /**
   * While `unreachable()` answers true, a request that could not reach the exchange fails at once
   * instead of being retried with back-off: the caller shows what it last knew without waiting.
   */
  useReachability(unreachable: () => boolean): void {
    this.#knownUnreachable = unreachable;
  }

  /**
   * Every private request is first shown to `gate` (the team desk's roles and four eyes): a refusal
   * is thrown before anything is signed, and the approval it used is logged with the request.
   */
  useSignGate(gate: SignGate | undefined): void {
    this.#gate = gate;
  }

  #tell(outcome: AttemptOutcome): void {
    for (const observer of this.#observers) observer(outcome);
  }

  /**
   * An unauthenticated GET of a public endpoint (always idempotent): `query` is its request, `path`
   * the endpoint's path with its parameters filled in (`pathWith`); the answer is read by its schema.
   */
  async publicGet<Q extends z.ZodType, A extends z.ZodType>(
    endpoint: RestEndpoint<Q, A>,
    query: z.input<Q>,
    signal?: AbortSignal,
    path: string = endpoint.path,
  ): Promise<z.output<A>> {
    const qs = new URLSearchParams(
      Object.entries(query as Record<string, string | undefined>).filter(
        (e): e is [string, string] => e[1] !== undefined,
      ),
    ).toString();
    const url = `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`;
    const answer = await this.#withRetries(path, { idempotent: true, signal }, undefined, undefined, () =>
      this.#outbound.send(url, path, false, signal, () => ({
        method: 'GET',
        headers: { Accept: 'application/json' },
      })),
    );
    return parseAnswer(path, endpoint.answer, answer);
  }

  /**
   * A signed POST of a private endpoint: `input` is its body fields (its request, without the
   * signing fields); the answer is read by its schema.
   */
  async privatePost<Q extends z.ZodType, A extends z.ZodType>(
    credentials: Credentials,
    endpoint: RestEndpoint<Q, A>,
    input: z.input<Q>,
    options: CallOptions,
  ): Promise<z.output<A>> {
    const path = endpoint.path;
    const fields = input as RequestFields;
    // Decided before anything is signed: a refusal leaves no request and no log entry.
    const approval = await this.#gate?.({
      apiKey: credentials.apiKey,
      path,
      fields,
      approval: options.approval,
    });
    const limiter = this.#options.limits.forKey(credentials.apiKey);
    const nonces = this.#options.nonces.forKey(credentials.apiKey);
    let attempts = 0;
    let answer: Answer | undefined;
    try {
      answer = await this.#withRetries(path, options, limiter, credentials.apiKey, async () => {
        attempts++;
        await limiter.acquire(path, options.signal, options.background);
        return this.#outbound.send(
          `${this.baseUrl}${path}`,
          path,
          options.background ?? false,
          options.signal,
          async () => {
            // Waiting for the clock to catch up with the nonces always takes real time.
            const nonce = await nonces.acquire(defaultSleep, 10_000, options.signal);
            const signed = signRequest(credentials, path, nonce, fields);
            const headers = { ...signed.headers, Accept: 'application/json' };
            return { method: 'POST', headers, body: signed.body };
          },
        );
      });
      const value = parseAnswer(path, endpoint.answer, answer);
      this.#audit(path, credentials.apiKey, fields, 'ok', answer.status, attempts, approval);
      return value;
    } catch (error) {
      const code = error instanceof ExchangeError ? error.code : 'failed';
      const status = error instanceof ExchangeError ? error.status : undefined;
      this.#audit(path, credentials.apiKey, fields, code, status, attempts, approval);
      throw error;
    }
  }

  #audit(
    path: string,
    apiKey: string,
    fields: RequestFields,
    outcome: string,
    status: number | undefined,
    attempts: number,
    approval: SignedWith | undefined,
  ): void {
    const audit = this.#options.audit;
    if (!audit) return;
    const clientOrderId = fields['clientOrderId'];
    audit({
      path,
      apiKey,
      at: Date.now(),
      bodyHash: requestHash(path, fields),
      ...(typeof clientOrderId === 'string' && clientOrderId !== '' ? { clientOrderId } : {}),
      outcome,
      status,
      attempts,
      ...(approval ? { approval } : {}),
    });
  }

  async #withRetries(
    path: string,
    options: CallOptions,
    limiter: { pause(path: string, ms: number): void } | undefined,
    apiKey: string | undefined,
    attempt: () => Promise<Answer>,
  ): Promise<Answer> {
    const maxRetries = this.#options.maxRetries ?? 3;
    // One outcome object per attempt, and only when someone watches: this runs for every request.
    const tell = (reached: boolean, error: ExchangeError | null): void => {
      if (this.#observers.size === 0) return;
      const outcome: { -readonly [K in keyof AttemptOutcome]: AttemptOutcome[K] } = { path, reached };
      if (apiKey) outcome.apiKey = apiKey;
      if (options.background) outcome.background = true;
      if (error) outcome.error = error;
      this.#tell(outcome);
    };
    for (let retry = 0; ; retry++) {
      let failure: ExchangeError;
      try {
        const answer = await attempt();
        const error = classifyResponse(answer.status, answer.body, answer.retryAfter);
        tell(true, error);
        if (!error) return answer;
        failure = error;
      } catch (error) {
        if (!(error instanceof ExchangeError)) throw error;
        if (error.code === 'network_error' || error.code === 'timeout') tell(false, error);
        failure = error;
      }
      if (retry >= maxRetries || !retryable(failure, options.idempotent)) throw failure;
      const unreached = failure.code === 'network_error' || failure.code === 'timeout';
      if (unreached && failure.status === undefined && this.#knownUnreachable()) throw failure;
      const delay =
        failure instanceof NonceError
          ? 0
          : backoffDelay(retry, {
              retryAfterMs: failure instanceof RateLimitError ? failure.retryAfterMs : undefined,
              random: this.#options.random,
            });
      if (failure instanceof RateLimitError) limiter?.pause(path, delay);
      else if (delay > 0) await this.#sleep(delay, options.signal);
    }
  }
}

/**
 * Rate-limit answers and "nonce not greater than the last" (a 429) were not applied, so a fresh
 * attempt is safe; a nonce outside the time window would fail again. Network failures and timeouts
 * are retried only when sending twice is harmless.
 */
function retryable(error: ExchangeError, idempotent: boolean): boolean {
  if (error instanceof RateLimitError) return true;
  if (error instanceof NonceError) return error.status === 429;
  return idempotent && (error.code === 'network_error' || error.code === 'timeout');
}

function parseAnswer<S extends z.ZodType>(path: string, schema: S, answer: Answer): z.output<S> {
  const parsed = schema.safeParse(answer.body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'body';
  throw new UnexpectedResponseError(path, `${where}: ${issue?.message ?? 'invalid'}`, answer.status);
}
