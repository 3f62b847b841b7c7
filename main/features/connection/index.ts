/**
 * The exchange connection as a feature: whether the exchange answers (its health, the top bar's
 * model: the sockets and refused keys included) and the saved choice of exchange, with the restart.
 */
import type { EventHub } from '../../event-hub.ts';
import type { Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { ExchangeStatus } from './exchange-status.ts';
import { ConnectionHealth } from './health.ts';
import { ConnectionSettings } from './settings.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { LiveService } from '../../services/live/service.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import { connectionHandlers } from './handlers.ts';

export interface ConnectionDeps {
  dataDir: string;
  connection: ExchangeConnection;
  accounts: AccountService;
  registry: AccountRegistry;
  live: LiveService;
  events: EventHub;
  platform: Platform;
  log: Logger;
  /** How often the platform's status and the exchange's clock are read (ms). Default 30 s. */
  statusMs?: number;
}

export interface ConnectionFeature {
  readonly handlers: ReturnType<typeof connectionHandlers>;
  readonly health: ConnectionHealth;
  readonly settings: ConnectionSettings;
  close(): void;
}

export function create(deps: ConnectionDeps): ConnectionFeature {
  const { connection, registry } = deps;
  const health = new ConnectionHealth(connection.http, deps.events, {
    accountOfKey: (apiKey) => registry.idForKey(connection.id, apiKey),
    onSocketState: (listener) => deps.live.onState(listener),
  });
  connection.http.useReachability(() => health.unreachable);
  health.start();
  const status = new ExchangeStatus(
    connection.http,
    health,
    deps.statusMs === undefined ? {} : { everyMs: deps.statusMs, maintenanceEveryMs: deps.statusMs },
  );
  status.start();
  const settings = new ConnectionSettings(deps.dataDir, connection, deps.accounts, deps.platform, deps.log);
  return {
    handlers: connectionHandlers({ connection, health, connectionSettings: settings }),
    health,
    settings,
    close: () => {
      status.stop();
      health.stop();
    },
  };
}
