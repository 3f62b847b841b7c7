/**
 * The app's WebSocket client for one account: one connection, authorized with a fresh token on every
 * connect, pinged every 50 s, reconnected with jittered capped exponential backoff. After each
 * (re)connect it subscribes again with pushes held back, reconciles by REST, and only then lets the
 * held pushes through, so nothing that happened while it was down is lost and nothing is applied
 * twice out of order. One server subscription per channel, however many listeners.
 *
 * Every frame passes one guard (`#onMessage`): what cannot be read is logged and dropped. A socket
 * whose ping goes unanswered or whose pushes cannot be read (here, or by a listener: `unreadable`)
 * is `stale` until it has reconnected, read the account again by REST and delivered a good frame.
 */
import WebSocket from 'ws';
import type { z } from 'zod';
import { ExchangeError } from '../errors.ts';
import type { WsClientOptions } from './client-options.ts';
import type { Channel } from './channels.ts';
import { closedError, unexpectedAnswer } from './errors.ts';
import { MAX_FRAME_BYTES, readFrame } from './frames.ts';
import { HeldPushes, type Listener } from './listeners.ts';
import { PendingRequests } from './requests.ts';
import { ConnectTurns } from './connect-turns.ts';
import type { Lane } from './pacer.ts';
import { ServerSubscriptions } from './subscriptions.ts';
import { realTimers, type Timers } from './timers.ts';
import { WS, type WsMethod } from '../registry/index.ts';

export type { Timers, WsClientOptions };
type Phase = 'idle' | 'connecting' | 'authorizing' | 'reconciling' | 'live' | 'stopped';
/** The socket's phase, or `stale` while its data cannot be trusted (see the file's comment). */
export type WsState = Phase | 'stale';

export class WsClient {
  #phase: Phase = 'idle';
  /** The data may have missed a push since the last good frame after a reconcile. */
  #stale = false;
  /** The state last told to `onState`. */
  #told: WsState = 'idle';
  /** How many pushes were found unreadable (by the client or a listener's reader). */
  #unreadableCount = 0;
  #socket: WebSocket | undefined;
  #pingTimer: unknown;
  /** When it connects next: its turn in the pacer (interactive from its first interactive use), the backoff. */
  readonly #turns: ConnectTurns;
  readonly #pending: PendingRequests;
  readonly #subscriptions: ServerSubscriptions;
  readonly #reconcilers = new Set<() => Promise<void>>();
  readonly #liveWaiters = new Set<() => void>();
  readonly #openWaiters = new Set<() => void>();
  /** Pushes held back while a reconnect reconciles. */
  #held: HeldPushes | undefined;
  readonly #options: WsClientOptions;
  readonly #timers: Timers;
  /** How many times the connection became live. */
  connects = 0;
  /** Pushes that arrived on this socket but could not be read in their channel's shape. */
  unreadablePushes = 0;

  constructor(options: WsClientOptions) {
    this.#options = options;
    this.#timers = options.timers ?? realTimers;
    this.#turns = new ConnectTurns({ ...options, timers: this.#timers });
    this.#pending = new PendingRequests(this.#timers, options.requestTimeoutMs ?? 10_000);
    this.#subscriptions = new ServerSubscriptions({
      request: (method, params) => this.request(method, params),
      ready: () =>
        this.#socket?.readyState === WebSocket.OPEN &&
        (this.#phase === 'reconciling' || this.#phase === 'live'),
      onError: (e) => this.#options.onError?.(e),
    });
  }

  get state(): WsState {
    return this.#stale && this.#phase !== 'idle' && this.#phase !== 'stopped' ? 'stale' : this.#phase;
  }

  /**
   * A listener's reader could not read a push of `channel`: the data may have missed a change, so
   * the socket is stale and reconnects (and reads the account again by REST).
   */
  unreadable(channel: Channel): void {
    this.#unreadableCount++;
    this.unreadablePushes++;
    this.#options.onUnreadable?.(channel);
    this.#goStale(this.#socket, `a ${channel} push not in the channel's shape`);
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
    if (this.#phase === 'idle' || this.#phase === 'stopped') {
      this.#turns.lane = lane;
      this.#connect();
    } else if (lane === 'interactive') this.#turns.raise(() => this.#connect());
  }

  stop(): void {
    this.#stale = false;
    this.#setPhase('stopped');
    this.#turns.cancel();
    this.#timers.clearTimeout(this.#pingTimer);
    this.#socket?.terminate();
    this.#socket = undefined;
  }

  /** Resolves when the connection is (next) live. */
  live(): Promise<void> {
    if (this.#phase === 'live') return Promise.resolve();
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
    return this.#subscriptions.add(channel, topic, listener);
  }

  /** Number of server subscriptions (one per channel) and of listeners. */
  subscriptionCount(): { channels: number; listeners: number } {
    return this.#subscriptions.count();
  }

  /** One JSON-RPC request on the live connection. */
  request<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    return this.#send(method, params, false) as Promise<T>;
  }

  /**
   * A method by its descriptor, its answer read by the descriptor's schema. A method that touches
   * orders is shown to `beforeOrder` first and fails in the order error numbering.
   */
  async call<P extends z.ZodType, A extends z.ZodType>(
    m: WsMethod<P, A>,
    params: z.input<P>,
  ): Promise<z.output<A>> {
    const order = m.desk !== undefined;
    if (order) this.#options.beforeOrder?.(m.method);
    const parsed = m.answer.safeParse(await this.#send(m.method, params as unknown[], order));
    if (parsed.success) return parsed.data;
    throw unexpectedAnswer(m.desk ? `a request to ${m.desk.what}` : m.method);
  }

  #send(method: string, params: unknown[], order: boolean): Promise<unknown> {
    const socket = this.#socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(closedError(method));
    return this.#pending.start(method, params, order, (frame) => {
      if (this.#socket !== socket || socket.readyState !== WebSocket.OPEN) throw closedError(method);
      socket.send(frame);
    });
  }

  #setPhase(phase: Phase): void {
    this.#phase = phase;
    this.#tell();
    if (phase === 'live') {
      for (const w of this.#liveWaiters) w();
      this.#liveWaiters.clear();
    }
  }

  /** Tells `onState` of the state when it changed. */
  #tell(): void {
    const state = this.state;
    if (state === this.#told) return;
    this.#told = state;
    this.#options.onState?.(state);
  }

  /**
   * The socket's data cannot be trusted: say so, drop the socket and reconnect. Without a socket
   * (already reconnecting) the flag alone is set.
   */
  #goStale(socket: WebSocket | undefined, reason: string): void {
    if (socket !== this.#socket || this.#phase === 'stopped' || this.#phase === 'idle') return;
    if (!socket && this.#stale) return;
    this.#stale = true;
    const why = `The live data is stale: the exchange sent ${reason}. The app reconnects and reads the account again.`;
    this.#options.onError?.(new ExchangeError('stale_feed', why));
    if (!socket) return this.#tell();
    this.#drop();
    socket.terminate();
  }

  /** A good frame came after the reconcile: the data is live again. */
  #fresh(): void {
    if (!this.#stale || this.#phase !== 'live') return;
    this.#stale = false;
    this.#turns.settled();
    this.#tell();
  }

  /** Requests still waiting for their answer (a socket with one is in use). */
  get pendingRequests(): number {
    return this.#pending.size;
  }
  #connect(): void {
    this.#setPhase('connecting');
    this.#turns.take(() => {
      if (this.#phase === 'connecting') this.#open();
    });
  }

  #open(): void {
    const maxPayload = this.#options.maxFrameBytes ?? MAX_FRAME_BYTES;
    const socket = new WebSocket(this.#options.url, { maxPayload });
    this.#socket = socket;
    socket.on('open', () => {
      for (const w of this.#openWaiters) w();
      this.#openWaiters.clear();
      void this.#session(socket);
    });
    socket.on('message', (data) => this.#onMessage(socket, data));
    socket.on('error', (e) => {
      // a socket this client let go (stopped, or dropped as stale) may still say why it closed: not news
      if (socket !== this.#socket) return;
      this.#options.onError?.(e);
      // A frame the protocol layer could not read (too large, bad UTF-8, bad opcode): ws closes.
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_'))
        this.#goStale(
          socket,
          code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'
            ? `a message larger than ${String(Math.round(maxPayload / 1024))} KiB`
            : 'a message that breaks the WebSocket protocol',
        );
    });
    socket.on('close', () => {
      if (this.#socket === socket) this.#drop();
    });
  }

  /** The one guard every frame passes: nothing a frame holds escapes it, nor stops the next frame. */
  #onMessage(socket: WebSocket, data: WebSocket.RawData): void {
    if (socket !== this.#socket) return;
    try {
      this.#frame(socket, Array.isArray(data) ? Buffer.concat(data).toString() : data.toString());
    } catch (error) {
      this.#options.onError?.(error);
      this.#goStale(socket, 'a message the app could not handle');
    }
  }

  async #session(socket: WebSocket): Promise<void> {
    try {
      this.#setPhase('authorizing');
      const token = await this.#options.token(this.#turns.lane);
      await this.call(WS.authorize, [token, 'public']);
      this.#schedulePing(socket);
      this.#setPhase('reconciling');
      // subscribe first and hold the pushes: the REST snapshot then covers everything before them
      this.#held = new HeldPushes(this.#options.maxHeld);
      await this.#subscriptions.resendAll();
      for (const fn of this.#reconcilers) await fn();
      // closed while reconciling: the next connect starts over
      if (this.#socket !== socket || !this.#held) return;
      const held = this.#held;
      this.#held = undefined;
      let good = false;
      for (const { channel, params, topic } of held.pushes) {
        good = this.#dispatch(channel, params, topic) || good;
        if (this.#socket !== socket) return; // a listener found a push unreadable: dropped
      }
      this.connects++;
      if (good) this.#stale = false;
      // the backoff starts over only once the data is good: a feed that keeps failing waits longer
      if (!this.#stale) this.#turns.settled();
      this.#setPhase('live');
      // stale before: the next good frame says the data is live again; a ping brings one now
      if (this.#stale) this.#ping(socket);
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
      this.#ping(socket);
      this.#schedulePing(socket);
    }, this.#options.pingMs ?? 50_000);
  }

  /** A ping; its answer is a good frame, no answer in time makes the socket stale. */
  #ping(socket: WebSocket): void {
    this.call(WS.ping, []).catch(() => this.#goStale(socket, 'no answer to a ping'));
  }

  /** Forgets the socket (closed, or dropped as stale), fails its requests and schedules the reconnect. */
  #drop(): void {
    this.#socket = undefined;
    this.#held = undefined;
    this.#timers.clearTimeout(this.#pingTimer);
    this.#pending.failAll();
    if (this.#phase === 'stopped') return;
    this.#setPhase('connecting');
    this.#turns.retry(() => {
      if (this.#phase !== 'stopped') this.#connect();
    });
  }

  #frame(socket: WebSocket, text: string): void {
    const frame = readFrame(text);
    if (frame.kind === 'ignored') return;
    if (frame.kind === 'unreadable') return this.#goStale(socket, frame.reason);
    if (frame.kind === 'push') {
      const held = this.#held;
      if (!held) {
        if (this.#dispatch(frame.channel, frame.params, frame.topic) && this.#socket === socket)
          this.#fresh();
        return;
      }
      if (!held.hold(frame, text.length))
        this.#goStale(socket, 'more pushes than the app holds while it reads the account again');
      return;
    }
    if (this.#pending.answer(frame.id, frame.result, frame.error)) this.#fresh();
  }

  /** Hands a push to its listeners; true when none of their readers found it unreadable. */
  #dispatch(channel: Channel, params: unknown, topic: string): boolean {
    const unreadable = this.#unreadableCount;
    this.#subscriptions.dispatch(channel, params, topic, (e) => this.#options.onError?.(e));
    return this.#unreadableCount === unreadable;
  }
}
