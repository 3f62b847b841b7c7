/**
 * The sandbox's JSON-RPC WebSocket on path `/ws` of its HTTP server: ping, time, authorize with a
 * one-time token from the REST token route, channels, the 21 order methods, per-connection limits,
 * the idle timeout, and fault injection (drop every connection now or at random intervals).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Positions } from '../collateral/positions.ts';
import type { Engine } from '../engine/engine.ts';
import { FUNDING_PERIOD_MS } from '../market-sim.ts';
import { createRng } from '../rng.ts';
import type { Account, SandboxState } from '../state.ts';
import { PRIVATE_CHANNELS, PUBLIC_CHANNELS, Subscriptions } from './channels.ts';
import type { Channel } from './channels.ts';
import type { World } from './world.ts';
import { Feed } from './feed.ts';
import { SlidingWindow, WS_DEFAULT_LIMITS } from './limits.ts';
import type { WindowLimit } from './limits.ts';
import { ORDER_METHODS, OrderMethods } from './orders.ts';
import type { CollateralOrders } from '../collateral/orders.ts';
import type { OrderMethod } from './orders.ts';
import {
  RpcFailure,
  SUCCESS,
  WS_ERRORS,
  answer,
  failure,
  invalidArgument,
  parseRequest,
  push,
} from './protocol.ts';
import type { RpcRequest } from './protocol.ts';
import type { TapeSource } from '../routes/market-data.ts';
import { TokenRegistry } from './tokens.ts';
import { tell, watched } from '../traffic.ts';

/** What the WebSocket needs of a started sandbox (its `server` and `control`). */
export interface WsHost {
  server: Server;
  control: {
    state: SandboxState;
    engine: Engine;
    positions: Positions;
    collateralOrders?: CollateralOrders;
    /** Where the REST market data reads this server's trade tape from (`routes/market-data.ts`). */
    tape?: TapeSource;
  };
}

export interface WsOptions {
  path?: string;
  /** Idle connections are closed after this long without a frame from the client. Default 60 s. */
  idleMs?: number;
  /** premiumIndex push period. Default 0.5 s. */
  premiumMs?: number;
  /**
   * Period of the pushes the exchange sends on its own: the live candle every tick, the last price and
   * the `market`/`marketToday` statistics every second tick. Default 0.5 s.
   */
  tickMs?: number;
  /** ADLQuantile push period. Default 30 s. */
  adlMs?: number;
  /** How often the sandbox is looked at for changes besides after every request. Default 100 ms; 0 = never. */
  pollMs?: number;
  /** A token not used within this long is void. Default 10 min. */
  tokenTtlMs?: number;
  limits?: Partial<Record<keyof typeof WS_DEFAULT_LIMITS, WindowLimit>>;
  /** Told of every push as it is sent, with the account of its connection (benches time pushes). */
  onPush?: (accountId: string | undefined, method: string, params: unknown) => void;
  /** Clock of the rate limits; defaults to the sandbox's. */
  now?: () => number;
}

export interface RandomDrops {
  minMs: number;
  maxMs: number;
  seed?: number;
}

export interface SandboxWs {
  /** Number of open connections. */
  readonly connections: number;
  /** Fault injection: closes every connection now, as a lost network would (no close frame). */
  dropAll(): number;
  /** Fault injection: drops every connection again and again, at seeded random intervals. */
  dropAtRandom(options: RandomDrops | undefined): void;
  /** Per open connection, its subscribed channels and how many markets/tickers each names. */
  subscriptions(): Array<Record<string, number>>;
  /** Looks for changes and pushes them now (tests need not wait for the poll). */
  flush(): void;
  close(): Promise<void>;
}

interface Conn {
  ws: WebSocket;
  account: Account | undefined;
  subs: Subscriptions;
  placements: SlidingWindow;
  requests: SlidingWindow;
  idle: NodeJS.Timeout;
  /** The idle deadline passed; the connection closes unless a message already on the socket is read first. */
  idleDue: boolean;
}

const CHANNELS = new Set<string>([...PUBLIC_CHANNELS, ...PRIVATE_CHANNELS]);
const PRIVATE = new Set<string>(PRIVATE_CHANNELS);
const ORDER_SET = new Set<string>(ORDER_METHODS);

export function attachWebSocket(host: WsHost, options: WsOptions = {}): SandboxWs {
  const { server } = host;
  const { state, engine, positions } = host.control;
  const path = options.path ?? '/ws';
  const idleMs = options.idleMs ?? 60_000;
  const now = options.now ?? state.now;
  const limits = { ...WS_DEFAULT_LIMITS, ...options.limits };
  const feed = new Feed(state, engine, positions);
  const { tape } = host.control;
  if (tape) tape.feed = feed;
  const world: World = { state, engine, positions, feed, fundingPeriodMs: FUNDING_PERIOD_MS };
  const orders = new OrderMethods(state, engine, positions, host.control.collateralOrders);
  const tokens = new TokenRegistry(state, options.tokenTtlMs ?? 600_000);
  const unwatch = tokens.watch(server);
  const wss = new WebSocketServer({ noServer: true });
  const conns = new Set<Conn>();
  const arrivals = new Map<string, SlidingWindow>();

  const flush = (): void => {
    orders.sweep();
    const changes = feed.collect();
    for (const c of conns) c.subs.dispatch(changes, c.account);
  };
  let scheduled = false;
  const schedule = (): void => {
    // with nobody connected the poll alone keeps the feed's cursors current
    if (scheduled || conns.size === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      flush();
    });
  };
  const onRequest = (_req: IncomingMessage, res: ServerResponse): void => {
    res.once('finish', schedule);
  };
  server.on('request', onRequest);

  const timers: NodeJS.Timeout[] = [];
  const pollMs = options.pollMs ?? 100;
  if (pollMs > 0) timers.push(setInterval(flush, pollMs));
  timers.push(
    setInterval(() => {
      for (const c of conns) c.subs.pushPremium();
    }, options.premiumMs ?? 500),
  );
  let ticks = 0;
  timers.push(
    setInterval(() => {
      ticks += 1;
      for (const c of conns) c.subs.tick(ticks % 2 === 0);
    }, options.tickMs ?? 500),
  );
  timers.push(
    setInterval(() => {
      for (const c of conns) c.subs.pushAdl(c.account);
    }, options.adlMs ?? 30_000),
  );
  for (const t of timers) t.unref();

  const handle = (c: Conn, req: RpcRequest): unknown => {
    const { method, params } = req;
    const window = method.endsWith('_place') ? c.placements : c.requests;
    if (!window.take(now()))
      throw new RpcFailure(WS_ERRORS.tooManyRequests.code, WS_ERRORS.tooManyRequests.message);
    if (method === 'ping') return 'pong';
    if (method === 'time') return Math.floor(state.now() / 1000);
    if (method === 'authorize') {
      const token = params[0];
      if (typeof token !== 'string' || token === '') throw invalidArgument('token must be a string');
      const accountId = tokens.consume(token);
      const account = accountId ? state.accounts.get(accountId) : undefined;
      if (!account) throw new RpcFailure(WS_ERRORS.authRequired.code, 'Invalid token');
      c.account = account;
      return SUCCESS;
    }
    if (ORDER_SET.has(method)) {
      if (!c.account) throw new RpcFailure(WS_ERRORS.authRequired.code, WS_ERRORS.authRequired.message);
      return orders.call(method as OrderMethod, c.account, params);
    }
    const cut = method.lastIndexOf('_');
    const channel = method.slice(0, cut);
    // `marketToday` names its request `_query`; every other channel `_request`
    const asked = method.slice(cut + 1);
    const action =
      channel === 'marketToday' ? (asked === 'query' ? 'request' : asked === 'request' ? '' : asked) : asked;
    if (!CHANNELS.has(channel) || !['subscribe', 'unsubscribe', 'request'].includes(action))
      throw new RpcFailure(WS_ERRORS.methodNotFound.code, WS_ERRORS.methodNotFound.message);
    if (PRIVATE.has(channel) && !c.account)
      throw new RpcFailure(WS_ERRORS.authRequired.code, WS_ERRORS.authRequired.message);
    const ch = channel as Channel;
    if (action === 'request') return c.subs.request(ch, params, c.account);
    if (action === 'unsubscribe') {
      c.subs.unsubscribe(ch);
      return SUCCESS;
    }
    const after = c.subs.subscribe(ch, params, c.account);
    setImmediate(after);
    return SUCCESS;
  };

  const onConnection = (ws: WebSocket): void => {
    const send = (method: string, params: unknown): void => {
      if (ws.readyState !== ws.OPEN) return;
      const text = push(method, params);
      ws.send(text);
      if (watched()) tell({ via: 'ws', frame: JSON.parse(text) as unknown });
      options.onPush?.(c.account?.id, method, params);
    };
    const c: Conn = {
      ws,
      account: undefined,
      subs: new Subscriptions(world, send),
      placements: new SlidingWindow(limits.placements),
      requests: new SlidingWindow(limits.requests),
      // Idle means no message arrived for idleMs. When the deadline fires, a message that already
      // reached the socket while the process was busy is read (the poll phase) before the close is
      // decided (the check phase): a stalled event loop does not count as a silent client.
      idle: setTimeout(() => {
        c.idleDue = true;
        setImmediate(() => {
          if (c.idleDue) ws.close(1000, 'idle timeout');
        });
      }, idleMs),
      idleDue: false,
    };
    conns.add(c);
    ws.on('message', (data) => {
      c.idleDue = false;
      c.idle.refresh();
      const req = parseRequest(data.toString());
      if (!req) {
        ws.close(1003, 'invalid JSON');
        return;
      }
      let text: string;
      try {
        text = answer(req.id, handle(c, req));
      } catch (e) {
        text =
          e instanceof RpcFailure
            ? failure(req.id, { code: e.code, message: e.message })
            : failure(req.id, WS_ERRORS.internal);
      }
      ws.send(text);
      if (watched())
        tell({
          via: 'ws',
          request: { method: req.method, params: req.params },
          frame: JSON.parse(text) as unknown,
        });
      schedule();
    });
    ws.on('close', () => {
      clearTimeout(c.idle);
      conns.delete(c);
    });
    ws.on('error', () => ws.terminate());
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    if (url.pathname !== path) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const ip = req.socket.remoteAddress ?? 'unknown';
    let window = arrivals.get(ip);
    if (!window) arrivals.set(ip, (window = new SlidingWindow(limits.connections)));
    if (!window.take(now())) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, onConnection);
  };
  server.on('upgrade', onUpgrade);

  let dropTimer: NodeJS.Timeout | undefined;
  let down = false;
  const shutdown = (): void => {
    if (down) return;
    down = true;
    if (dropTimer) clearTimeout(dropTimer);
    for (const t of timers) clearInterval(t);
    server.off('upgrade', onUpgrade);
    server.off('request', onRequest);
    unwatch();
    feed.detach();
    if (tape?.feed === feed) tape.feed = undefined;
    for (const c of conns) {
      clearTimeout(c.idle);
      c.ws.terminate();
    }
    conns.clear();
    server.close = originalClose;
  };
  // upgraded sockets would keep the HTTP server's close() waiting: closing the sandbox ends them
  const originalClose = server.close;
  server.close = function close(this: Server, callback?: (err?: Error) => void): Server {
    shutdown();
    wss.close();
    return originalClose.call(this, callback);
  } as Server['close'];
  const dropAll = (): number => {
    const n = conns.size;
    for (const c of conns) c.ws.terminate();
    return n;
  };

  return {
    get connections() {
      return conns.size;
    },
    dropAll,
    dropAtRandom(drops) {
      if (dropTimer) clearTimeout(dropTimer);
      dropTimer = undefined;
      if (!drops) return;
      const rng = createRng(drops.seed ?? 1);
      const next = (): void => {
        dropTimer = setTimeout(
          () => {
            dropAll();
            next();
          },
          drops.minMs + Math.floor(rng.next() * (drops.maxMs - drops.minMs + 1)),
        );
        dropTimer.unref();
      };
      next();
    },
    flush,
    subscriptions: () => [...conns].map((c) => c.subs.active()),
    close: async () => {
      shutdown();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
