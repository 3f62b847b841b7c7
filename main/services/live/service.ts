/**
 * Live data for the renderer: one WebSocket client per account (connected on first use, re-authorized
 * with a fresh token on every connect), one server subscription per channel and topic however many
 * views listen, and pushes coalesced per account (one window) before they go to main's followers
 * (`onBatch`) and, as `ws.batch` events, to the pages that subscribed to them (`pages`).
 */
import { randomUUID } from 'node:crypto';
import * as profile from '../../exchange/endpoints/profile.ts';
import {
  ConnectionPacer,
  placeOrderWs,
  WsClients,
  type Channel,
  type Lane,
  type WsClient,
  type WsClientOptions,
} from '../../exchange/ws/index.ts';
import { readCandles, readTrades } from './reads.ts';
import { AccountBatches } from './batches.ts';
import { PageReads } from './pages.ts';
import type { CandleInterval } from '../../exchange/ws/channels.ts';
import { placeTpSlWs, type TpSlPosition, type TpSlRequest } from '../../exchange/ws/tpsl.ts';
import type { CandleView, LiveEvent, LiveState, LiveTradeView } from '../../views/live.ts';
import type { OrderView, PlaceResultView } from '../../views/orders.ts';
import type { AccountContext, MarketRules, OrderDraft } from '../../rules/index.ts';
import { newClientOrderId, type TradingService } from '../trading/trading.ts';
import { ocoLimitLeg, withOcoStop } from '../trading/order-requests.ts';
import type { MarketCatalog } from '../market-catalog.ts';
import type { PageEvents } from './page-events.ts';
import type { Logger } from '../../log.ts';
import type { AccountService } from '../accounts.ts';

/** How soon an unused socket with a request still out is looked at again. */
const CLOSE_RETRY_MS = 1_000;
/** How many sent client order ids are remembered for recognising a retry. */
const SENT_IDS_KEPT = 10_000;

export class LiveService {
  readonly #clients: WsClients;
  /** Each account's pushes, one batch per window. */
  readonly #batches: AccountBatches;
  /** Subscription id -> the listener it holds (several ids may share one) and the page that made it. */
  readonly #subscriptions = new Map<string, { key: string; owner: string | undefined; toPage: boolean }>();
  /** What each page reads of the pushes (its own subscriptions): `batchFor` narrows a batch to a page. */
  readonly pages = new PageReads();
  /**
   * One client listener per account, channel and topic, however many subscriptions want it: a push
   * enters the batch once, not once per screen or service listening.
   */
  readonly #listeners = new Map<string, { holders: number; stop: () => void }>();
  /** Accounts whose unused socket waits for its last request before it closes. */
  readonly #closing = new Set<string>();
  #closingTimer: ReturnType<typeof setTimeout> | undefined;
  /** How many of `#listeners` each account has. */
  readonly #listenersOf = new Map<string, number>();
  readonly #accounts: AccountService;
  /** `account\nclientOrderId` of the orders sent over the WebSocket, newest last. */
  readonly #sentIds = new Set<string>();

  /** Told of every account's socket state as it changes (main's own followers: the board). */
  readonly #stateListeners = new Set<(account: string, state: LiveState) => void>();
  #orderGate: ((account: string, method: string) => void) | undefined;
  /** Every socket's connects and reconnects take turns under the exchange's new-connection limit. */
  readonly pacer: ConnectionPacer;

  constructor(
    wsUrl: string,
    accounts: AccountService,
    events: PageEvents,
    log: Logger,
    onBatch?: (account: string, events: readonly LiveEvent[], allPositions: boolean) => void,
    pacer: ConnectionPacer = new ConnectionPacer(),
    /** The sockets' timing (reconnect backoff, ping period), the client's defaults otherwise. */
    timing: Pick<WsClientOptions, 'backoff' | 'pingMs' | 'requestTimeoutMs'> = {},
  ) {
    this.pacer = pacer;
    this.#batches = new AccountBatches(
      (account, batch) => {
        events.emit('ws.batch', { accountId: account, ...batch });
        onBatch?.(account, batch.events, this.#listeners.has(`${account}\npositionsMargin\n*`));
      },
      // A push its reader cannot read may hide a change: the socket counts it, logs it and is stale
      // until it reads again.
      (account, channel) => this.#clients.peek(account)?.unreadable(channel),
    );
    this.#accounts = accounts;
    this.#clients = new WsClients((account) => ({
      url: wsUrl,
      token: async (lane) => {
        const caller = await accounts.caller(account);
        return profile.websocketToken(lane === 'background' ? caller.inBackground() : caller);
      },
      onState: (state) => {
        events.emit('ws.state', { accountId: account, state });
        for (const listener of this.#stateListeners) listener(account, state);
      },
      onError: (error) => log.log('warn', `WebSocket of ${account}`, error),
      beforeOrder: (method) => this.#orderGate?.(account, method),
      onUnreadable: (channel) =>
        log.log('warn', `a ${channel} push of ${account} was not in the channel's shape and was not used`),
      pacer,
      ...timing,
    }));
  }

  /**
   * Asked before each order method goes on an account's socket (the team desk's roles): a throw
   * refuses it unsent, as the REST transport's sign gate does.
   */
  useOrderGate(gate: ((account: string, method: string) => void) | undefined): void {
    this.#orderGate = gate;
  }

  /** `lane`: whether a person waits on this use of the socket (the pacer's turns go to those first). */
  #client(account: string, lane: Lane = 'interactive'): WsClient {
    // An account of another connection never opens this connection's WebSocket (nor asks a token).
    this.#accounts.onThisConnection(account);
    const client = this.#clients.get(account, lane);
    client.start(lane);
    return client;
  }

  /**
   * Starts listening; pushes arrive as `ws.batch` events. Returns the id that stops it. A subscription
   * made for a page (`owner`) ends with that page (`endOwner`), and only that page may stop it early;
   * one made by main itself (no owner) lasts until main stops it. The page receives the pushes of its
   * subscriptions (`batchFor`) unless `toPage` is false (main follows them for it: the board).
   */
  subscribe(
    account: string,
    channel: Channel,
    topic: string,
    owner?: string,
    lane: Lane = 'interactive',
    toPage = true,
  ): string {
    const key = `${account}\n${channel}\n${topic}`;
    // Asked for even when the subscription is shared: a screen's use moves a socket the board queued ahead.
    const client = this.#client(account, lane);
    let listener = this.#listeners.get(key);
    if (!listener) {
      const stop = client.subscribe(channel, topic, this.#batches.forwarder(account, channel));
      this.#listeners.set(key, (listener = { holders: 0, stop }));
      this.#listenersOf.set(account, (this.#listenersOf.get(account) ?? 0) + 1);
    }
    listener.holders++;
    const id = randomUUID();
    const forPage = toPage && owner !== undefined;
    this.#subscriptions.set(id, { key, owner, toPage: forPage });
    if (forPage) this.pages.change(owner, account, channel, topic, 1);
    return id;
  }

  /** How many subscriptions are open (all, or those of one page). */
  subscriptionCount(owner?: string): number {
    if (owner === undefined) return this.#subscriptions.size;
    let n = 0;
    for (const s of this.#subscriptions.values()) if (s.owner === owner) n++;
    return n;
  }

  /** Ends every subscription a page made: it navigated away, reloaded or closed. */
  endOwner(owner: string): number {
    let ended = 0;
    for (const [id, s] of this.#subscriptions) if (s.owner === owner && this.unsubscribe(id, owner)) ended++;
    return ended;
  }

  /**
   * Places an order over the account's WebSocket instead of REST, after the same pre-trade checks,
   * under one client order id: the draft's, or one made here for this call. A lost answer is
   * recovered as on REST (`TradingService.sendRecovering`): the order is looked up by its id before it
   * is sent again. A draft whose id this app sent before (a retry) is looked up first and not placed
   * twice.
   */
  async placeOrder(
    account: string,
    draft: OrderDraft,
    catalog: MarketCatalog,
    trading: TradingService,
    context: AccountContext = {},
  ): Promise<PlaceResultView> {
    const market = await catalog.require(draft.market);
    const clientOrderId = draft.clientOrderId || newClientOrderId();
    const caller = await this.#accounts.caller(account);
    const key = `${account}\n${clientOrderId}`;
    if (this.#sentIds.has(key)) {
      const earlier = await trading.find(caller, market.name, clientOrderId);
      if (earlier) return earlier;
    }
    this.#sentIds.add(key);
    if (this.#sentIds.size > SENT_IDS_KEPT) this.#sentIds.delete(this.#sentIds.values().next().value ?? '');
    const placed = await trading.sendRecovering(caller, market.name, clientOrderId, async () => {
      const client = this.#client(account);
      await client.live();
      const answer = await placeOrderWs(client, { ...draft, clientOrderId }, market, context);
      if (!('take_profit' in answer)) return answer;
      // an OCO answers its pair: its limit leg (the pair's id), linked to its stop-limit leg
      const [limit, stop] = [answer.take_profit, answer.stop_loss];
      return ocoLimitLeg(typeof answer.id === 'number' ? answer.id : limit.orderId, limit, stop);
    });
    return withOcoStop(placed);
  }

  /**
   * Adds take-profit / stop-loss legs to an open position over the account's WebSocket, after the
   * price rules; answers each leg placed in the REST order shape.
   */
  async addTpSl(
    account: string,
    request: TpSlRequest,
    market: MarketRules,
    position: TpSlPosition,
  ): Promise<{ takeProfit?: OrderView; stopLoss?: OrderView }> {
    const client = this.#client(account);
    await client.live();
    return placeTpSlWs(client, request, market, position);
  }

  /**
   * True when the account's WebSocket is live (connected and authorized) or becomes live within
   * `ms`: the socket is opened if it was not. False when it does not come up in time.
   */
  async liveWithin(account: string, ms: number): Promise<boolean> {
    const client = this.#client(account);
    if (client.state === 'live') return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      return await Promise.race([client.live().then(() => true as const), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Tells `listener` of every account's socket state as it changes; answers the function that stops it. */
  onState(listener: (account: string, state: LiveState) => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** How many accounts' WebSockets are open or opening. */
  get sockets(): number {
    return this.#clients.size;
  }

  /** The state of the account's WebSocket now, without opening one ('idle' when none is open). */
  state(account: string): LiveState {
    return this.#clients.peek(account)?.state ?? 'idle';
  }

  /** The account's WebSocket once it is live (authorized, subscriptions sent): for order methods. */
  async ready(account: string): Promise<WsClient> {
    const client = this.#client(account);
    await client.live();
    return client;
  }

  /** A market's candles of one interval, oldest first (`live-reads.ts`). */
  candles(
    account: string,
    market: string,
    interval: CandleInterval,
    start?: number,
    end?: number,
  ): Promise<CandleView[]> {
    return readCandles(this.#client(account), market, interval, start, end);
  }

  /** A market's latest trades, newest first (`live-reads.ts`). */
  trades(account: string, market: string): Promise<LiveTradeView[]> {
    return readTrades(this.#client(account), market);
  }

  /** Stops a subscription; a page's subscription only when `owner` is that page. */
  unsubscribe(id: string, owner?: string): boolean {
    const subscription = this.#subscriptions.get(id);
    if (subscription === undefined || subscription.owner !== owner) return false;
    this.#subscriptions.delete(id);
    if (subscription.toPage && owner !== undefined) {
      const [account = '', channel = '', topic = ''] = subscription.key.split('\n');
      this.pages.change(owner, account, channel, topic, -1);
    }
    const listener = this.#listeners.get(subscription.key);
    if (listener && --listener.holders === 0) {
      listener.stop();
      this.#listeners.delete(subscription.key);
      this.#closeUnused(subscription.key.slice(0, subscription.key.indexOf('\n')));
    }
    return true;
  }

  /**
   * Closes an account's socket once nothing listens to it and no request waits on it: a desk of
   * 1,000 accounts left by the board does not keep 1,000 sockets open (nor retrying). One with a
   * request still out (a ping, an unsubscribe, an order) is looked at again by one shared timer.
   */
  #closeUnused(account: string): void {
    const left = (this.#listenersOf.get(account) ?? 1) - 1;
    if (left > 0) {
      this.#listenersOf.set(account, left);
      return;
    }
    this.#listenersOf.delete(account);
    this.#closeIdle(account);
  }

  #closeIdle(account: string): void {
    if (this.#listenersOf.has(account)) return;
    const client = this.#clients.peek(account);
    if (!client) return;
    if (client.pendingRequests > 0) {
      this.#closing.add(account);
      this.#closingTimer ??= setTimeout(() => {
        this.#closingTimer = undefined;
        const accounts = [...this.#closing];
        this.#closing.clear();
        for (const a of accounts) this.#closeIdle(a);
      }, CLOSE_RETRY_MS).unref();
      return;
    }
    this.#batches.drop(account);
    this.#clients.drop(account);
  }

  stop(): void {
    clearTimeout(this.#closingTimer);
    this.#closing.clear();
    for (const listener of this.#listeners.values()) listener.stop();
    this.#listeners.clear();
    this.#listenersOf.clear();
    this.#subscriptions.clear();
    this.pages.clear();
    this.#batches.flushAll();
    this.#clients.stopAll();
  }
}
