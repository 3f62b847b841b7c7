/**
 * The composition root: the shared floor (`floor.ts`), then the features on it (`features/index.ts`),
 * each in an order that needs no forward reference, and the router over their handlers. Every part's
 * close joins one list, closed the last built first.
 */
import type { Cache } from './cache/index.ts';
import { createFeatures, storeExtensions, type FeatureOptions } from './features/index.ts';
import { Closers, openFloor, type FloorOptions } from './floor.ts';
import type { EventHub } from './event-hub.ts';
import { createRouter, type Router } from './ipc/router.ts';
import { createLogger, type Logger } from './log.ts';
import type { AccountService } from './services/accounts.ts';
import type { ConnectionHealth } from './features/connection/health.ts';
import type { ExchangeConnection } from './services/exchange-connection.ts';
import type { HistoryService } from './services/history.ts';
import type { LiveService } from './services/live/service.ts';
import type { MemoryTrim } from './services/memory-trim.ts';

/** Everything the main process runs, independent of Electron: the router, its services and events. */
export interface Core {
  readonly router: Router;
  readonly events: EventHub;
  readonly log: Logger;
  readonly connection: ExchangeConnection;
  readonly accounts: AccountService;
  readonly cache: Cache;
  readonly history: HistoryService;
  readonly live: LiveService;
  readonly health: ConnectionHealth;
  /** Gives memory back after a large batch of work (a desk refresh, a desk's sockets opening). */
  readonly trim: MemoryTrim;
  /** A page instance is gone (navigated, reloaded, closed, crashed): what it started ends. */
  endFrame(frame: string): void;
  close(): Promise<void>;
}

export interface CoreOptions extends Omit<FloorOptions, 'log' | 'storeExtensions'>, FeatureOptions {
  log?: Logger;
}

/** Opens the connection and the account registry, registers the sandbox's demo accounts on first start. */
export async function startCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? createLogger();
  const closers = new Closers();
  const { floor, features } = await closers.guard(async () => {
    const floor = await openFloor(
      { ...options, log, storeExtensions: storeExtensions(options.cacheWorkerUrl) },
      closers,
    );
    const features = createFeatures(floor, options, closers);
    await features.resumeTeam();
    return { floor, features };
  });
  const router = createRouter(features.handlers, {
    onInternalError: (procedure, error, reference) =>
      log.log('error', `procedure ${procedure} failed (reference ${reference})`, error),
  });
  const { events, connection, accounts, cache, history, live, trim } = floor;
  return {
    router,
    events,
    log,
    connection,
    accounts,
    cache,
    history,
    live,
    health: features.connection.health,
    trim,
    endFrame: (frame) => {
      features.desk.release(frame);
      live.endOwner(frame);
    },
    close: () => closers.close(),
  };
}
