/**
 * Follows some accounts' WebSocket channels for a screen: subscribes, hands each pushed event (read
 * into its view by main) to the screen, or the state main merged the pushes into (`onKnown`: whole
 * balances, never a change to merge again), knows whether each socket is live, and runs a slow poll
 * only while a followed socket is not live (the pushes then do not come). `stop()` ends all of it.
 */
import type { KnownPushedView, LiveChannel, LiveEvent, LiveState } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { ReplyGuard } from './reply-guard.ts';

/** How often a screen reads again while its socket is down. */
export const FALLBACK_POLL_MS = 60_000;

export interface LiveFollowOptions {
  /** Each pushed event of a followed account and channel (only what is not state main keeps). */
  onPush?: (accountId: string, event: LiveEvent) => void;
  /** A followed account's state as main merged its pushes (whole values of the kinds changed). */
  onKnown?: (pushed: KnownPushedView) => void;
  /** Reads the screen again: every `pollMs` while a socket is not live, and once when it is live again. */
  refresh?: () => void;
  pollMs?: number;
  /** Told when main refuses a subscription. */
  onRefused?: (error: IpcError) => void;
  /** Told when the followed sockets become live (true) or stop being live (false). */
  onLive?: (live: boolean) => void;
}

export class LiveFollow {
  /** Each followed account's socket state, as main last said. */
  states = $state<Record<string, LiveState>>({});
  /** When a followed socket stopped being live (ms); null while every one is live. */
  downSinceMs = $state<number | null>(null);
  readonly #api: TxcApi;
  readonly #options: LiveFollowOptions;
  #accounts = $state<string[]>([]);
  /** Main answered this follow's subscriptions: the pushes asked for are on their way. */
  #subscribed = $state(false);
  #subscriptions: string[] = [];
  #stops: Array<() => void> = [];
  #poll: ReturnType<typeof setInterval> | undefined;
  readonly #follows = new ReplyGuard();

  constructor(api: TxcApi, options: LiveFollowOptions) {
    this.#api = api;
    this.#options = options;
  }

  /**
   * Whether every followed socket is live now and this follow's subscriptions are in place (its
   * pushes arrive): a socket another read opened first is not yet this screen's feed.
   */
  get live(): boolean {
    return this.#subscribed && this.#socketsLive;
  }

  get #socketsLive(): boolean {
    return this.#accounts.length > 0 && this.#accounts.every((a) => this.states[a] === 'live');
  }

  /**
   * Follows `channels` of `accountIds` for `topic` ('*': every ticker or market), replacing what was
   * followed.
   */
  async follow(accountIds: readonly string[], channels: readonly LiveChannel[], topic = '*'): Promise<void> {
    await this.stop();
    const asked = this.#follows.next();
    this.#accounts = [...accountIds];
    if (accountIds.length === 0) return;
    const followed = (accountId: string) => accountIds.includes(accountId);
    const wanted = (channel: string) => (channels as readonly string[]).includes(channel);
    const { onPush, onKnown } = this.#options;
    // Only what the screen reads crosses from main: a screen of merged state reads no pushes.
    if (onPush)
      this.#stops.push(
        this.#api.on('ws.batch', (batch) => {
          if (!followed(batch.accountId)) return;
          for (const e of batch.events) if (wanted(e.channel)) onPush(batch.accountId, e);
        }),
      );
    if (onKnown)
      this.#stops.push(
        this.#api.on('known.pushed', (pushed) => {
          if (followed(pushed.accountId)) onKnown(pushed);
        }),
      );
    this.#stops.push(
      this.#api.on('ws.state', ({ accountId, state }) => {
        if (followed(accountId)) this.#state(accountId, state);
      }),
    );
    const replies = await Promise.all(
      accountIds.flatMap((accountId) =>
        channels.map((channel) => this.#api.live.subscribe({ accountId, channel, topic })),
      ),
    );
    const ids = replies.flatMap((r) => (r.ok ? [r.value] : []));
    const refusal = replies.find((r) => !r.ok);
    if (refusal && !refusal.ok) this.#options.onRefused?.(refusal.error);
    if (asked.stale) {
      await Promise.all(ids.map((id) => this.#api.live.unsubscribe({ id })));
      return;
    }
    this.#subscriptions = ids;
    const wasLive = this.live;
    this.#subscribed = true;
    this.#settle(wasLive);
    // The sockets' states come after: the screen reads what it shows meanwhile.
    void Promise.all(accountIds.map((accountId) => this.#api.live.state({ accountId }))).then((states) => {
      if (asked.stale) return;
      accountIds.forEach((a, i) => {
        const s = states[i];
        // A state event that came meanwhile is newer than this answer.
        if (s?.ok && this.states[a] === undefined) this.#state(a, s.value);
      });
    });
    if (this.#options.refresh)
      this.#poll = setInterval(() => {
        if (!this.live) this.#options.refresh?.();
      }, this.#options.pollMs ?? FALLBACK_POLL_MS);
  }

  #state(accountId: string, state: LiveState): void {
    const wasLive = this.live;
    this.states = { ...this.states, [accountId]: state };
    // Down is the sockets' state: a follow whose subscriptions are still on their way is not down.
    if (this.#socketsLive) this.downSinceMs = null;
    else this.downSinceMs ??= Date.now();
    this.#settle(wasLive);
  }

  /** Tells the screen when its feed became live or stopped being live. */
  #settle(wasLive: boolean): void {
    if (wasLive !== this.live) this.#options.onLive?.(this.live);
    // Nothing is replayed after a reconnect: what changed meanwhile is read again.
    if (!wasLive && this.live && this.#everLive) this.#options.refresh?.();
    if (this.live) this.#everLive = true;
  }

  #everLive = false;

  async stop(): Promise<void> {
    this.#follows.dropAll();
    clearInterval(this.#poll);
    this.#poll = undefined;
    for (const stop of this.#stops) stop();
    this.#stops = [];
    this.#accounts = [];
    this.#subscribed = false;
    this.states = {};
    this.downSinceMs = null;
    this.#everLive = false;
    const ids = this.#subscriptions;
    this.#subscriptions = [];
    await Promise.all(ids.map((id) => this.#api.live.unsubscribe({ id })));
  }
}
