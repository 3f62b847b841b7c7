/**
 * Desk reports as a feature: realized PnL, volume, fees and funding, closed positions against the
 * exchange's own figures, equity and balance history, exposure, and FIFO/LIFO tax lots, all read
 * offline from the archive in the cache's workers (its store, `store/methods.ts`), each as CSV.
 */
import type { Cache } from '../../cache/index.ts';
import type { HandlersOf } from '../../views/schemas.ts';
import type { reportsProcedures } from './procedures.ts';
import type { Logger } from '../../log.ts';
import type { PageEvents } from '../../services/live/page-events.ts';
import type { Platform } from '../../platform.ts';
import type { HistoryService } from '../../services/history.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import { reportsHandlers } from './handlers.ts';
import { ReportsService } from './service.ts';

type Handlers = HandlersOf<typeof reportsProcedures>;

/** The store's module, which every cache worker loads (`OpenCacheOptions.extensions`); from source. */
export const STORE_MODULE = new URL('./store/methods.ts', import.meta.url);
/** The store's file beside the bundled cache worker (`scripts/build.ts` emits it). */
export const STORE_BUNDLE = 'reports-store.js';

export interface ReportsDeps {
  cache: Cache;
  registry: AccountRegistry;
  history: HistoryService;
  connectionId: string;
  platform: Platform;
  events: PageEvents;
  log: Logger;
}

export interface ReportsFeature {
  readonly service: ReportsService;
  readonly handlers: Pick<Handlers, Extract<keyof Handlers, `reports.${string}`>>;
  close(): Promise<void>;
}

export function create(deps: ReportsDeps): ReportsFeature {
  const service = new ReportsService(deps);
  // after each account's sync (into this computer's cache), the ledger reads what it brought
  deps.history.useParts([
    {
      name: 'ledger',
      run: (c) =>
        c.sink === deps.cache
          ? service
              .catchUp()
              .catch((error: unknown) =>
                deps.log.log('warn', 'the ledger could not read the new deals', error),
              )
          : Promise.resolve(),
    },
  ]);
  return {
    service,
    handlers: reportsHandlers(service),
    close: () => {
      service.close();
      return Promise.resolve();
    },
  };
}
