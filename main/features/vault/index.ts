/**
 * The history vault as a feature: every account's history synced far ahead of the exchange's six
 * months (its parts of each account's sync, on a schedule and on demand), how far back each record
 * goes, a check against the exchange, a backup and a restore.
 */
import type { Cache } from '../../cache/index.ts';
import type { HandlersOf } from '../../views/schemas.ts';
import type { vaultProcedures } from './procedures.ts';
import type { Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { HistoryService } from '../../services/history.ts';
import { vaultHandlers } from './handlers.ts';
import { vaultParts } from './parts.ts';
import { VaultSchedule } from './schedule.ts';
import { VaultService } from './service.ts';

type Handlers = HandlersOf<typeof vaultProcedures>;

export interface VaultDeps {
  cache: Cache;
  accounts: AccountService;
  history: HistoryService;
  platform: Platform;
  log: Logger;
  profileDir: string;
  connectionId: string;
  inTeam: () => boolean;
  /** How often every account syncs by itself (ms); undefined: only when asked. */
  scheduleMs?: number | undefined;
}

export interface VaultFeature {
  readonly service: VaultService;
  readonly handlers: Pick<Handlers, Extract<keyof Handlers, `vault.${string}`>>;
  close(): Promise<void>;
}

export function create(deps: VaultDeps): VaultFeature {
  const service = new VaultService(deps);
  deps.history.useParts(vaultParts({ subAccountsOf: (id) => service.subAccountsOf(id) }));
  const schedule = new VaultSchedule({ syncAll: () => service.sync(), log: deps.log });
  if (deps.scheduleMs) schedule.start(deps.scheduleMs);
  return {
    service,
    handlers: vaultHandlers(service),
    close: () => {
      schedule.stop();
      return Promise.resolve();
    },
  };
}
