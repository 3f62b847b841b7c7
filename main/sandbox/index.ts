/** Embedded exchange sandbox: starts the REST server on 127.0.0.1 with a seeded fixture. */
import { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFaults } from './faults.ts';
import type { FaultOptions } from './faults.ts';
import { createState } from './fixture.ts';
import { seedDeskActivity } from './desk-seed.ts';
import { createHttpServer } from './http/server.ts';
import { buildRoutes } from './route-table.ts';

export { buildRoutes, servedRoutes } from './route-table.ts';
import { attachWebSocket, type SandboxWs, type WsOptions } from './ws/index.ts';
import { Engine } from './engine/engine.ts';
import { releaseHold } from './ledger.ts';
import { MarketSim, seedLiquidity } from './market-sim.ts';
import { Decimal } from 'decimal.js';
import { advanceWallet } from './wallet-state.ts';
import { advanceFlex } from './flex-state.ts';
import { delistMarket } from './delisting.ts';
import { createSaver, load } from './persistence.ts';
import { Webhooks } from './webhooks.ts';
import type { WebhookOptions } from './webhooks.ts';
import { cancelWalletRecord, failRefund, simulateDeposit } from './wallet-state.ts';
import { fireKillSwitches } from './routes/kill-switch.ts';
import type { TapeSource } from './routes/market-data.ts';
import { Positions } from './collateral/positions.ts';
import { CollateralOrders } from './collateral/orders.ts';
import { sweepClosed } from './routes/collateral.ts';
import { seedBorrows } from './routes/collateral-history.ts';
import { stableUuid, subsOf } from './sub-account-state.ts';
import type { ReceivedRequest, SandboxState } from './state.ts';
import type { SandboxControl } from './control.ts';

export type { SandboxControl, SandboxWebhooks } from './control.ts';

export type { FaultOptions } from './faults.ts';
export type { ReceivedRequest } from './state.ts';

export interface SandboxOptions {
  port?: number;
  seed?: number;
  dataDir?: string;
  host?: string;
  faults?: FaultOptions;
  now?: () => number;
  /**
   * The seeded price walk (default on, one step per 5 s of server time). `false` keeps books still:
   * only the initial liquidity ladder rests in them.
   */
  simulate?: boolean | { stepMs?: number };
  /** Extra plain sub-accounts `sub-001`.. (100 USDT main, 100 USDT + 0.01 BTC spot each); default 0. */
  extraSubAccounts?: number;
  /**
   * The extra sub-accounts trade too: 1,000 USDT collateral each, a small BTC_PERP position (pairs of
   * them long and short against each other) and a resting spot order each. Default off.
   */
  deskActivity?: boolean;
  /** Webhook retry timing (default: about an hour apart, 24 attempts); compress it for tests. */
  webhooks?: WebhookOptions;
  /** The JSON-RPC WebSocket on `/ws` of the same port (on by default); `false` leaves it out. */
  ws?: WsOptions | false;
}

export interface SandboxAccount {
  label: string;
  apiKey: string;
  apiSecret: string;
  subAccountId?: string;
  kind: 'main' | 'sub';
}

export interface Sandbox {
  rest: string;
  ws: string;
  /** Current credentials (reflects key resets). */
  readonly accounts: SandboxAccount[];
  /** The node:http server, so a WebSocket `upgrade` handler can be attached. */
  server: Server;
  control: SandboxControl;
  /** The WebSocket server, unless started with `ws: false`. */
  websocket: SandboxWs | undefined;
  /**
   * Goes down as a stopped exchange does: stops listening and cuts every open connection, REST and
   * WebSocket, without an answer. Its state is kept for `resume`.
   */
  suspend(): Promise<void>;
  /** Listens again on the same address after `suspend`, with the state it had. */
  resume(): Promise<void>;
  /** Between `suspend` and `resume`. */
  readonly suspended: boolean;
  close(): Promise<void>;
}

/** Accounts that have a key, with their first key (sub-accounts made later may have none yet). */
export function describeAccounts(state: SandboxState): SandboxAccount[] {
  return [...state.accounts.values()].flatMap((a) => {
    const key = state.keysById.get(a.keyId);
    if (!key) return [];
    const out: SandboxAccount = {
      label: a.label,
      apiKey: key?.apiKey ?? '',
      apiSecret: key?.apiSecret ?? '',
      kind: a.kind,
    };
    if (a.subAccountId) out.subAccountId = a.subAccountId;
    return [out];
  });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const state = createState(
    options.seed ?? 42,
    options.now ?? Date.now,
    options.extraSubAccounts ?? 0,
    options.deskActivity ?? false,
  );
  const engine = new Engine(state);
  const positions = new Positions(state);
  engine.collateralFill = (o, acc, price, qty, rate, m) => positions.fill(o, acc, price, qty, rate, m);
  engine.reduceOnlyRoom = (o) => positions.closable(o);
  const collateralOrders = new CollateralOrders(state, engine, positions);
  engine.onTrade = (market) => {
    // an OCO leg that executed cancels its peer before a closed position auto-cancels it
    collateralOrders.sweep();
    sweepClosed(engine, positions);
    engine.checkStops(market);
  };
  seedLiquidity(state, engine);
  if (options.deskActivity)
    seedDeskActivity(
      state,
      engine,
      [...state.accounts.values()].filter((a) => /^sub-\d{3,}$/.test(a.label)).map((a) => a.id),
    );
  const main = [...state.accounts.values()].find((a) => a.kind === 'main');
  const heavy = [...state.accounts.values()].find((a) => a.label === 'sub-alpha');
  if (main && heavy) seedBorrows(state, positions, main.id, heavy.id);
  const stepMs = typeof options.simulate === 'object' ? (options.simulate.stepMs ?? 5000) : 5000;
  const seed = options.seed ?? 42;
  const sim = new MarketSim(state, engine, positions, seed, stepMs);
  const world = { seed, state, engine, positions, sim };
  if (options.dataDir) load(options.dataDir, world);
  collateralOrders.relink();
  const saver = options.dataDir ? createSaver(options.dataDir, world) : undefined;
  let faults = createFaults(options.faults);
  const webhooks = new Webhooks(state, options.webhooks);
  state.emit = (accountId, method, params) => webhooks.emit(accountId, method, params);
  const accountId = (label: string): string => {
    const a = [...state.accounts.values()].find((x) => x.label === label);
    if (!a) throw new Error(`no sandbox account ${label}`);
    return a.id;
  };
  const watchers = new Set<(request: ReceivedRequest) => void>();
  /** The WebSocket feed's trade tape, read by the REST market data once the socket is attached. */
  const tape: TapeSource = { feed: undefined };
  const webhookTimer = setInterval(() => void webhooks.flush(), 250);
  webhookTimer.unref();
  const server = createHttpServer({
    state,
    routes: buildRoutes(state, engine, positions, collateralOrders, tape),
    beforeRequest: () => {
      const now = state.now();
      advanceWallet(
        state.wallet,
        now,
        (id, ticker, amount) => releaseHold(state, id, ticker, amount),
        state.emit,
      );
      advanceFlex(state, now);
      if (options.simulate !== false) sim.advance(now);
      fireKillSwitches(state, engine, now);
    },
    faults: () => faults,
    ...(saver ? { afterWrite: () => saver.touch() } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  let websocket: SandboxWs | undefined;
  let suspended = false;
  const listen = (at: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  const sandbox: Sandbox = {
    rest: `http://${hostPart}:${port}`,
    ws: `ws://${hostPart}:${port}/ws`,
    get accounts() {
      return describeAccounts(state);
    },
    server,
    control: {
      state,
      engine,
      positions,
      collateralOrders,
      tape,
      setKeyEnabled(apiKey, enabled) {
        const key = state.keysByPublic.get(apiKey);
        if (key) key.enabled = enabled;
      },
      setKeyResetAnswer(answer) {
        state.keyResetAnswer = answer;
      },
      setMarginUnavailable(value) {
        state.marginUnavailable = value;
      },
      setMaintenance(market, on) {
        if (!on) {
          state.maintenance.delete(market);
          return;
        }
        const m = state.markets.get(market);
        if (!m) return;
        state.maintenance.add(market);
        for (const o of [...engine.orders.values()])
          if (o.open && o.market === market) engine.finish(o, m, 'MAINTENANCE');
      },
      delist: (market) => {
        const done = delistMarket(state, engine, positions, market);
        collateralOrders.sweep();
        return done;
      },
      setPlatformMaintenance(on) {
        state.platformMaintenance = on;
      },
      setPrice(market, price) {
        sim.setPrice(market, new Decimal(price));
      },
      deposit(label, ticker, amount, network) {
        return simulateDeposit(state, accountId(label), ticker, amount, network);
      },
      cancelTransaction: (id) => cancelWalletRecord(state, id),
      awaitApproval(label, ticker, amount) {
        const main = [...state.accounts.values()].find((a) => a.kind === 'main');
        const sub = main ? subsOf(state, main).find((a) => a.label === label) : undefined;
        if (!sub) throw new Error(`no sandbox sub-account ${label}`);
        const approvals = (state.wallet.approvals ??= []);
        const id = stableUuid(`approval:${String(approvals.length)}:${sub.id}`);
        approvals.push({ id, accountId: sub.id, ticker, amount, createdAt: Math.floor(state.now() / 1000) });
        return id;
      },
      failRefund: (depositId) => failRefund(state, depositId),
      grantLoan(label, loan) {
        const id = accountId(label);
        const others = Object.entries(state.wallet.loans ?? {}).filter(([k]) => k !== id);
        state.wallet.loans = Object.fromEntries(
          loan ? [...others, [id, { ...loan, createdAt: Math.floor(state.now() / 1000) }]] : others,
        );
      },
      setWorkers(name, counts) {
        const m = state.wallet.mining.find((x) => x.name === name);
        if (!m) return false;
        if (counts) m.pinned = { ...counts };
        else delete m.pinned;
        return true;
      },
      webhooks: {
        create: (label, url) => webhooks.create(accountId(label), url),
        enable: (label) => webhooks.enable(accountId(label)),
        flush: () => webhooks.flush(),
        pending: () => webhooks.pending(),
      },
      setFaults(next) {
        faults = createFaults(next);
      },
      watchRequests(listener) {
        watchers.add(listener);
        state.received = (request) => watchers.forEach((watch) => watch(request));
        return () => {
          watchers.delete(listener);
          if (watchers.size === 0) state.received = undefined;
        };
      },
    },
    get websocket() {
      return websocket;
    },
    get suspended() {
      return suspended;
    },
    async suspend() {
      if (suspended) return;
      suspended = true;
      // The plain http.Server close (the WebSocket wraps server.close to end itself for good).
      const closed = new Promise<void>((resolve) => Server.prototype.close.call(server, () => resolve()));
      server.closeAllConnections();
      websocket?.dropAll();
      await closed;
    },
    async resume() {
      if (!suspended) return;
      await listen(port);
      suspended = false;
    },
    close: async () => {
      if (suspended) await sandbox.resume();
      await websocket?.close();
      await new Promise<void>((resolve, reject) => {
        saver?.flush();
        clearInterval(webhookTimer);
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
  if (options.ws !== false) websocket = attachWebSocket(sandbox, options.ws ?? {});
  return sandbox;
}
