/** Alerts as a feature: price, margin ratio and liquidation distance alerts, evaluated in main. */
import { join } from 'node:path';
import type { MainBus } from '../../bus.ts';
import type { EventHub } from '../../event-hub.ts';
import type { Logger } from '../../log.ts';
import type { AccountService } from '../../services/accounts.ts';
import { AlertService } from './service.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { LiveService } from '../../services/live/service.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import { alertsHandlers } from './handlers.ts';

export interface AlertsDeps {
  profileDir: string;
  accounts: AccountService;
  registry: AccountRegistry;
  connection: ExchangeConnection;
  live: LiveService;
  events: EventHub;
  bus: MainBus;
  log: Logger;
  /** Reads these accounts' board rows again (the desk feature's board). */
  refreshBoard(ids?: readonly string[]): Promise<unknown>;
  /** A desktop notice of an alert (the notifications feature's). */
  notify(title: string, body: string): void;
  /** How often account alerts read their accounts again (60 s by default; 0 only on adding one). */
  pollMs?: number | undefined;
}

export function create(deps: AlertsDeps) {
  const { connection } = deps;
  const alerts = new AlertService({
    file: join(deps.profileDir, 'alerts.json'),
    events: deps.events,
    bus: deps.bus,
    live: deps.live,
    accounts: () => deps.accounts.list().filter((a) => a.connection === connection.id),
    onAccountsChanged: (listener) => deps.registry.onAccountsChanged(listener),
    requireMarket: (market) => connection.catalog.require(market),
    refreshBoard: (ids) => deps.refreshBoard(ids),
    notify: deps.notify,
    log: deps.log,
    ...(deps.pollMs === undefined ? {} : { accountPollMs: deps.pollMs }),
  });
  return { handlers: alertsHandlers({ alerts }), alerts, close: () => alerts.close() };
}
