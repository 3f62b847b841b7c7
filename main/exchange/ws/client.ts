/**
 * The app's WebSocket client for one account: one connection, authorized with a fresh token on every
 * connect, pinged every 50 s, reconnected with jittered capped exponential backoff. After each
 * (re)connect it subscribes again with pushes held back, reconciles by REST, and only then lets the
 * held pushes through, so nothing that happened while it was down is lost and nothing is applied
 * twice out of order. One server subscription per channel, however many listeners.
 */
import WebSocket from 'ws';
import { timeoutError } from '../errors.ts';
import type { ExchangeError } from '../errors.ts';
import { reconnectDelay } from './backoff.ts';
import type { BackoffOptions } from './backoff.ts';
import { pushTopic, subscribeFrames } from './channels.ts';
import type { Channel, ChannelParams } from './channels.ts';
import { closedError, wsError } from './errors.ts';
import type { ConnectionPacer, Lane } from './pacer.ts';

export type WsState = 'idle' | 'connecting' | 'authorizing' | 'reconciling' | 'live' | 'stopped';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface WsClientOptions {
  /** `{ws_url}/ws`. */
  readonly url: string;
  /**
   * A fresh one-time token (REST `websocketToken`); called on every connect, with the socket's lane
   * (a background socket's token is background work of its key: it waits behind the screens' requests).
   */
  readonly token: (lane: Lane) => Promise<string>;
  /** Ping period. Default 50 s (the server closes after 60 s idle). */
  readonly pingMs?: number;
  /** Time allowed for an answer. Default 10 s. */
  readonly requestTimeoutMs?: number;
  readonly backoff?: BackoffOptions;
  readonly random?: () => number;
  readonly timers?: Timers;
  readonly onState?: (state: WsState) => void;
  /** Told of failures that the client handles itself (reconnects), for the log. */
  readonly onError?: (error: unknown) => void;
  /** Paces every connect and reconnect with the other clients' (the exchange limits new connections). */
  readonly pacer?: ConnectionPacer;
  /** Told of each push that arrived but could not be read in its channel's shape (`pushUnreadable`). */
  readonly onUnreadable?: (channel: Channel) => void;
}

type Listener<C extends Channel> = (params: ChannelParams[C]) => void;

interface ChannelSubs {
  /** topic ('*' for all) -> listeners */
  topics: Map<string, Set<Listener<Channel>>>;
}

interface Pending {
  method: string;
  resolve: (v: unknown) => void;
  reject: (e: ExchangeError) => void;
  timer: unknown;
  order: boolean;
}

export class WsClient {
  #state: WsState = 'idle';
  #socket: WebSocket | undefined;
  #nextId = 1;
  #attempt = 0;
  #reconnectTimer: unknown;
  #pingTimer: unknown;
  /** Gives up the turn to connect while the pacer holds it. */
  #cancelOpen: (() => void) | undefined;
  /** The pacer's lane of this socket's connects: interactive from its first interactive use until it stops. */
  #lane: Lane = 'background';
  readonly #pending = new Map<number, Pending>();
  readonly #subs = new Map<Channel, ChannelSubs>();
  readonly #reconcilers = new Set<() => Promise<void>>();
  readonly #subscribing = new Map<Channel, Promise<void>>();
  readonly #liveWaiters = new Set<() => void>();
  readonly #openWaiters = new Set<() => void>();
  /** Pushes held back while a reconnect reconciles. */
  #held: Array<[Channel, unknown]> | undefined;
  readonly #options: WsClientOptions;
  readonly #timers: Timers;
  /** How many times the connection became live. */
  connects = 0;
  /** Pushes that arrived on this socket but could not be read in their channel's shape. */
  unreadablePushes = 0;

  constructor(options: WsClientOptions) {
    this.#options = options;
    this.#timers = options.timers ?? realTimers;
  }

  get state(): WsState {
    return this.#state;
  }

  /** Runs after every authorize, before held pushes are let through (REST reconciliation). */
  addReconciler(fn: () => Promise<void>): () => void {
    this.#reconcilers.add(fn);
    return () => this.#reconcilers.delete(fn);
  }

  /**
   * Connects (once; later calls only raise the lane). `interactive`: a person waits on this socket, so
   * its connects go ahead of the background ones, and a connect already waiting its turn moves ahead.
   */
  start(lane: Lane = 'interactive'): void {
    if (this.#state === 'idle' || this.#state === 'stopped') {
      this.#lane = lane;
      this.#connect();
      return;
    }
    if (lane === 'interactive' && this.#lane === 'background') {
      this.#lane = 'interactive';
      if (this.#cancelOpen) {
        this.#cancelOpen();
        this.#connect();
      }
    }
  }

  stop(): void {
    this.#setState('stopped');
    this.#timers.clearTimeout(this.#reconnectTimer);
    this.#timers.clearTimeout(this.#pingTimer);
    this.#cancelOpen?.();
    this.#cancelOpen = undefined;
    this.#socket?.terminate();
    this.#socket = undefined;
  }

  /** Resolves when the connection is (next) live. */
  live(): Promise<void> {
    if (this.#state === 'live') return Promise.resolve();
    return new Promise((resolve) => this.#liveWaiters.add(resolve));
  }

  /**
   * Resolves when the socket is (next) open, before it is authorized and reconciled: what a public
   * request (`candles_request`) waits for, as it needs no authorization.
   */
  opened(): Promise<void> {
    if (this.#socket?.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve) => this.#openWaiters.add(resolve));
  }

  /** Listens to a channel, for one market/ticker or '*' (all). Returns the function that stops it. */
  subscribe<C extends Channel>(channel: C, topic: string, listener: Listener<C>): () => void {
    let subs = this.#subs.get(channel);
    if (!subs) this.#subs.set(channel, (subs = { topics: new Map() }));
    let set = subs.topics.get(topic);
    const fresh = !set;
    if (!set) subs.topics.set(topic, (set = new Set()));
    set.add(listener as Listener<Channel>);
    if (fresh) void this.#sendSubscription(channel);
    return () => {
      const s = this.#subs.get(channel);
      const l = s?.topics.get(topic);
      if (!s || !l || !l.delete(listener as Listener<Channel>)) return;
      if (l.size > 0) return;
      s.topics.delete(topic);
      if (s.topics.size === 0) this.#subs.delete(channel);
      void this.#sendSubscription(channel);
    };
  }

  /** A push of `channel` came that its reader could not read: counted and told, the feed is not whole. */
  pushUnreadable(channel: Channel): void {
    this.unreadablePushes++;
    this.#options.onUnreadable?.(channel);
  }

  /** Number of server subscriptions (one per channel) and of listeners. */
  subscriptionCount(): { channels: number; listeners: number } {
    let listeners = 0;
    for (const s of this.#subs.values()) for (const l of s.topics.values()) listeners += l.size;
    return { channels: this.#subs.size, listeners };
  }

  /** One JSON-RPC request on the live connection. */
  request<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    return this.#send(method, params, false) as Promise<T>;
  }

  /** An order method: its failures use the order error numbering. */
  orderRequest<T = unknown>(method: string, params: unknown[]): Promise<T> {
    return this.#send(method, params, true) as Promise<T>;
  }

  #send(method: string, params: unknown[], order: boolean): Promise<unknown> {
    const socket = this.#socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(closedError(method));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timeoutMs = this.#options.requestTimeoutMs ?? 10_000;
      const timer = this.#timers.setTimeout(() => {
        this.#pending.delete(id);
        reject(timeoutError(timeoutMs, method));
      }, timeoutMs);
      this.#pending.set(id, { method, resolve, reject, timer, order });
      socket.send(JSON.stringify({ id, method, params }));
    });
  }

  #setState(state: WsState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#options.onState?.(state);
    if (state === 'live') {
      for (const w of this.#liveWaiters) w();
      this.#liveWaiters.clear();
    }
  }

  /** Requests still waiting for their answer (a socket with one is in use). */
  get pendingRequests(): number {
    return this.#pending.size;
  }

  #connect(): void {
    this.#setState('connecting');
    const pacer = this.#options.pacer;
    if (!pacer) {
      this.#open();
      return;
    }
    this.#cancelOpen = pacer.queue(() => {
      this.#cancelOpen = undefined;
      if (this.#state === 'connecting') this.#open();
    }, this.#lane);
  }

  #open(): void {
    const socket = new WebSocket(this.#options.url);
    this.#socket = socket;
    socket.on('open', () => {
      for (const w of this.#openWaiters) w();
      this.#openWaiters.clear();
      void this.#session(socket);
    });
    socket.on('message', (data) => this.#frame(data.toString()));
    socket.on('error', (e) => this.#options.onError?.(e));
    socket.on('close', () => this.#closed(socket));
  }

  async #session(socket: WebSocket): Promise<void> {
    try {
      this.#setState('authorizing');
      const token = await this.#options.token(this.#lane);
      await this.request('authorize', [token, 'public']);
      this.#schedulePing(socket);
      this.#setState('reconciling');
      // subscribe first and hold the pushes: the REST snapshot then covers everything before them
      this.#held = [];
      await Promise.all([...this.#subs.keys()].map((c) => this.#sendSubscription(c)));
      for (const fn of this.#reconcilers) await fn();
      // closed while reconciling: the next connect starts over
      if (this.#socket !== socket || !this.#held) return;
      const held = this.#held;
      this.#held = undefined;
      for (const [channel, params] of held) this.#dispatch(channel, params);
      this.#attempt = 0;
      this.connects++;
      this.#setState('live');
    } catch (e) {
      this.#held = undefined;
      this.#options.onError?.(e);
      if (this.#socket === socket) socket.terminate();
    }
  }

  #schedulePing(socket: WebSocket): void {
    this.#timers.clearTimeout(this.#pingTimer);
    this.#pingTimer = this.#timers.setTimeout(() => {
      if (this.#socket !== socket) return;
      this.request('ping').catch(() => socket.terminate());
      this.#schedulePing(socket);
    }, this.#options.pingMs ?? 50_000);
  }

  #closed(socket: WebSocket): void {
    if (this.#socket !== socket) return;
    this.#socket = undefined;
    this.#held = undefined;
    this.#timers.clearTimeout(this.#pingTimer);
    for (const [id, p] of this.#pending) {
      this.#timers.clearTimeout(p.timer);
      p.reject(closedError(p.method));
      this.#pending.delete(id);
    }
    if (this.#state === 'stopped') return;
    this.#setState('connecting');
    const delay = reconnectDelay(
      this.#attempt++,
      this.#options.backoff ?? {},
      this.#options.random ?? Math.random,
    );
    this.#reconnectTimer = this.#timers.setTimeout(() => {
      if (this.#state !== 'stopped') this.#connect();
    }, delay);
  }

  #frame(text: string): void {
    let frame: {
      id?: number | null;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { code: number; message: string } | null;
    };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return;
    }
    if (frame.id === null || frame.id === undefined) {
      const method = frame.method;
      if (typeof method !== 'string' || !method.endsWith('_update')) return;
      const channel = method.slice(0, -7) as Channel;
      if (this.#held) this.#held.push([channel, frame.params]);
      else this.#dispatch(channel, frame.params);
      return;
    }
    const p = this.#pending.get(frame.id);
    if (!p) return;
    this.#pending.delete(frame.id);
    this.#timers.clearTimeout(p.timer);
    if (frame.error) p.reject(wsError(p.method, frame.error, p.order));
    else p.resolve(frame.result);
  }

  #dispatch(channel: Channel, params: unknown): void {
    const subs = this.#subs.get(channel);
    if (!subs) return;
    const topic = pushTopic(channel, params);
    // a push about one market goes to that market's listeners and to '*'; an account-wide one to all
    const keys = topic ? [topic, '*'] : [...subs.topics.keys()];
    for (const key of keys) {
      const listeners = subs.topics.get(key);
      if (!listeners) continue;
      for (const l of listeners) {
        try {
          l(params as ChannelParams[Channel]);
        } catch (e) {
          // one view's failure must not cost the others their pushes, nor the connection
          this.#options.onError?.(e);
        }
      }
    }
  }

  /** Sends the channel's current topic set (or unsubscribes it); only while connected. */
  #sendSubscription(channel: Channel): Promise<void> {
    // one channel's frames go out in call order, each computed from the topics current at send time
    const previous = this.#subscribing.get(channel) ?? Promise.resolve();
    const next = previous.then(() => this.#sendSubscriptionNow(channel));
    this.#subscribing.set(channel, next);
    void next.then(() => {
      if (this.#subscribing.get(channel) === next) this.#subscribing.delete(channel);
    });
    return next;
  }

  async #sendSubscriptionNow(channel: Channel): Promise<void> {
    const socket = this.#socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (this.#state !== 'reconciling' && this.#state !== 'live') return;
    const subs = this.#subs.get(channel);
    try {
      if (!subs) {
        await this.request(`${channel}_unsubscribe`, []);
        return;
      }
      for (const params of subscribeFrames(channel, [...subs.topics.keys()]))
        await this.request(`${channel}_subscribe`, params);
    } catch (e) {
      this.#options.onError?.(e);
    }
  }
}
