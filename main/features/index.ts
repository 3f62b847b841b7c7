/**
 * The features, composed: each is built by its `create(deps)` in an order that needs no forward
 * reference, answers its procedures, and is closed in the reverse order. The cache's workers load
 * each feature's store (`storeExtensions`).
 */
import type { Cache } from '../cache/index.ts';
import type { Handlers } from '../ipc/router.ts';
import type { Logger } from '../log.ts';
import type { PageEvents } from '../services/page-events.ts';
import type { Platform } from '../platform.ts';
import type { AccountService } from '../services/accounts.ts';
import type { HistoryService } from '../services/history.ts';
import * as reports from './reports/index.ts';
import * as vault from './vault/index.ts';

export interface FeatureDeps {
  cache: Cache;
  accounts: AccountService;
  history: HistoryService;
  platform: Platform;
  events: PageEvents;
  log: Logger;
  profileDir: string;
  connectionId: string;
  /** Whether the profile is in a team desk now. */
  inTeam: () => boolean;
  /** How often the vault syncs every account by itself (ms); undefined: only when asked. */
  vaultScheduleMs?: number | undefined;
}

export type FeatureHandlers = Pick<
  Handlers,
  Extract<keyof Handlers, `vault.${string}` | `reports.${string}`>
>;

export interface Features {
  readonly handlers: FeatureHandlers;
  readonly vault: vault.VaultFeature;
  readonly reports: reports.ReportsFeature;
  /** Closes every feature, the last built first. */
  close(): Promise<void>;
}

/**
 * The modules of the features' stores every cache worker loads: from source, or beside the bundled
 * cache worker when the app runs from its bundle (`cacheWorkerUrl` given).
 */
export function storeExtensions(cacheWorkerUrl?: URL): URL[] {
  return [cacheWorkerUrl ? new URL(`./${reports.STORE_BUNDLE}`, cacheWorkerUrl) : reports.STORE_MODULE];
}

export function createFeatures(deps: FeatureDeps): Features {
  const v = vault.create({ ...deps, scheduleMs: deps.vaultScheduleMs });
  const r = reports.create({ ...deps, registry: deps.accounts.registry });
  const built = [v, r];
  return {
    handlers: { ...v.handlers, ...r.handlers },
    vault: v,
    reports: r,
    async close() {
      for (const feature of built.reverse()) await feature.close();
    },
  };
}
