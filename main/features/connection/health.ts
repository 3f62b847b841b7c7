/**
 * One model of the app's connections, pushed to the renderer as `connection.health`: whether the
 * exchange's REST API answers (read from every request's attempts as they happen, and from a probe
 * when a WebSocket drops or nothing was asked for a while), the WebSockets per account, and the
 * accounts whose keys the exchange refuses while it answers others.
 *
 * An unreachable exchange is probed every `probeMs` until it answers again, so the state clears by
 * itself when it comes back.
 */
import type { AttemptOutcome, ExchangeHttp } from '../../exchange/http.ts';
import type {
  AccountTroubleView,
  ClockView,
  ConnectionHealthView,
  PlatformView,
  ReachState,
} from '../../views/connection.ts';
import type { LiveState } from '../../views/live.ts';
import type { PageEvents } from '../../services/live/page-events.ts';
import { clockView } from './clock.ts';
import type { ExchangeStatusSink } from './exchange-status.ts';

export interface ConnectionHealthOptions {
  /** The account a public key belongs to on this connection (undefined: not registered). */
  accountOfKey: (apiKey: string) => string | undefined;
  /** Tells `listener` of every account's socket state as it changes; answers the way to stop. */
  onSocketState: (listener: (accountId: string, state: LiveState) => void) => () => void;
  /** How often an unreachable exchange is asked again. Default 1 s. */
  probeMs?: number;
  /**
   * Without any answer for this long, the exchange is asked whether it is still there, so a stopped
   * exchange is seen within about this long even when no screen asks it anything. Default 2 s (the
   * exchange's health check, `public/ping`, far under its limit of 2,000 per 10 s).
   */
  idleMs?: number;
  now?: () => number;
}

interface Trouble extends AccountTroubleView {
  /** For `no_permission`: the functions refused, each cleared when it is allowed again. */
  paths: Set<string>;
}

export class ConnectionHealth implements ExchangeStatusSink {
  readonly #http: ExchangeHttp;
  readonly #events: PageEvents;
  readonly #options: ConnectionHealthOptions;
  readonly #now: () => number;
  #state: ReachState = 'checking';
  #sinceMs: number;
  #lastAnswerMs: number | null = null;
  #reason: string | undefined;
  readonly #sockets = new Map<string, LiveState>();
  /** Accounts whose socket has been live since it was opened: not live now means reconnecting. */
  readonly #wasLive = new Set<string>();
  readonly #troubles = new Map<string, Trouble>();
  #platform: PlatformView | undefined;
  #clock: ClockView | undefined;
  #probing: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #stops: Array<() => void> = [];
  #last = '';

  constructor(http: ExchangeHttp, events: PageEvents, options: ConnectionHealthOptions) {
    this.#http = http;
    this.#events = events;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#sinceMs = this.#now();
    this.#stops.push(http.observe((outcome) => this.#attempt(outcome)));
    this.#stops.push(
      options.onSocketState((accountId, state) => {
        const before = this.#sockets.get(accountId);
        this.#sockets.set(accountId, state);
        if (state === 'live') this.#wasLive.add(accountId);
        else if (state === 'idle' || state === 'stopped') this.#wasLive.delete(accountId);
        // A socket that was live and drops: ask the exchange now rather than at the next request.
        if (before === 'live' && state === 'connecting') void this.probe();
        this.#publish();
      }),
    );
  }

  /** Starts watching: one probe now, then the idle check and the probes while unreachable. */
  start(): void {
    void this.probe();
    this.#schedule();
  }

  get view(): ConnectionHealthView {
    let live = 0;
    let opening = 0;
    let down = 0;
    for (const [account, s] of this.#sockets) {
      if (s === 'live') live++;
      else if (s === 'idle' || s === 'stopped') continue;
      else if (this.#wasLive.has(account)) down++;
      else opening++;
    }
    return {
      exchange: {
        state: this.#state,
        sinceMs: this.#sinceMs,
        lastAnswerMs: this.#lastAnswerMs,
        ...(this.#reason ? { reason: this.#reason } : {}),
      },
      sockets: { live, opening, down },
      accounts: [...this.#troubles.values()]
        .sort((a, b) => b.sinceMs - a.sinceMs)
        .map(({ account, kind, message, sinceMs }) => ({ account, kind, message, sinceMs })),
      ...(this.#platform ? { platform: this.#platform } : {}),
      ...(this.#clock ? { clock: this.#clock } : {}),
    };
  }

  /** The platform's status as the exchange last said it (`exchange-status.ts`). */
  setPlatform(maintenance: boolean): void {
    if (this.#platform?.maintenance === maintenance) return;
    this.#platform = { maintenance, sinceMs: this.#now() };
    this.#publish();
  }

  /** The clock offset last measured (`exchange-status.ts`). */
  setClock(offsetMs: number): void {
    this.#clock = clockView(offsetMs, this.#now());
    this.#publish();
  }

  /** True while the exchange is known not to answer (requests then fail at once instead of retrying). */
  get unreachable(): boolean {
    return this.#state === 'unreachable';
  }

  /** Asks the exchange once whether it answers (one probe at a time: a second call shares the first). */
  probe(): Promise<void> {
    this.#probing ??= this.#http.probe().then(
      () => {
        this.#probing = undefined;
      },
      () => {
        this.#probing = undefined;
      },
    );
    return this.#probing;
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const stop of this.#stops.splice(0)) stop();
  }

  /**
   * While unreachable, a probe every `probeMs`; while reachable, one once nothing has answered for
   * `idleMs` (every answer to the app's own requests puts it off).
   */
  #schedule(): void {
    clearTimeout(this.#timer);
    if (this.#stopped) return;
    const probeMs = this.#options.probeMs ?? 1_000;
    const idleMs = this.#options.idleMs ?? 2_000;
    const quietAt = (this.#lastAnswerMs ?? 0) + idleMs;
    const delay = this.#state === 'reachable' ? Math.max(0, quietAt - this.#now()) : probeMs;
    this.#timer = setTimeout(() => {
      const quiet = this.#now() - (this.#lastAnswerMs ?? 0) >= idleMs;
      const asking = this.#state !== 'reachable' || quiet ? this.probe() : Promise.resolve();
      void asking.then(() => this.#schedule());
    }, delay);
    this.#timer.unref();
  }

  #attempt(outcome: AttemptOutcome): void {
    const now = this.#now();
    // The common answer (reached, no error, nothing in trouble) changes nothing that is shown: no
    // view to build and compare for each of a desk's thousands of requests.
    if (outcome.reached && !outcome.error && this.#state === 'reachable' && this.#troubles.size === 0) {
      this.#lastAnswerMs = now;
      return;
    }
    if (outcome.reached) {
      this.#lastAnswerMs = now;
      this.#set('reachable', undefined);
      if (outcome.apiKey) this.#keyAnswer(outcome, now);
    } else {
      this.#set('unreachable', outcome.error?.message ?? 'The exchange did not answer.');
    }
    this.#publish();
  }

  #keyAnswer(outcome: AttemptOutcome & { apiKey?: string }, now: number): void {
    const account = this.#options.accountOfKey(outcome.apiKey ?? '');
    if (!account) return;
    const error = outcome.error;
    const trouble = this.#troubles.get(account);
    if (!error || error.code !== 'auth_failed') {
      // The key works for this function: a disabled or refused key is fine again, and so is this path.
      if (!error && trouble) {
        trouble.paths.delete(outcome.path);
        if (trouble.kind !== 'no_permission' || trouble.paths.size === 0) this.#troubles.delete(account);
      }
      return;
    }
    const kind: Trouble['kind'] = /disabled/i.test(error.message)
      ? 'key_disabled'
      : /not allowed/i.test(error.message)
        ? 'no_permission'
        : 'key_refused';
    if (trouble && trouble.kind === kind) {
      trouble.paths.add(outcome.path);
      return;
    }
    this.#troubles.set(account, {
      account,
      kind,
      message: error.message,
      sinceMs: now,
      paths: new Set([outcome.path]),
    });
  }

  #set(state: ReachState, reason: string | undefined): void {
    if (state === this.#state) {
      if (state === 'unreachable') this.#reason ??= reason;
      return;
    }
    this.#state = state;
    this.#sinceMs = this.#now();
    this.#reason = reason;
  }

  /** Emits the view when it differs from the last one sent. */
  #publish(): void {
    const view = this.view;
    const { lastAnswerMs: _ignored, ...exchange } = view.exchange;
    // a clock read again is news only when what it says changed (its level, its tenth of a second)
    const clock = view.clock && { level: view.clock.level, tenths: Math.round(view.clock.offsetMs / 100) };
    const key = JSON.stringify({ ...view, exchange, clock });
    if (key === this.#last) return;
    this.#last = key;
    this.#events.emit('connection.health', view);
  }
}
