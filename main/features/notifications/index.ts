/** Desktop notifications as a feature: which are on, and the notices of fills, deposits, withdrawals, workers. */
import { join } from 'node:path';
import type { MainBus } from '../../bus.ts';
import type { EventHub } from '../../event-hub.ts';
import type { Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { LiveService } from '../../services/live/service.ts';
import { NotificationService } from './service.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import { notificationsHandlers } from './handlers.ts';

export interface NotificationsDeps {
  profileDir: string;
  connectionId: string;
  accounts: AccountService;
  registry: AccountRegistry;
  live: LiveService;
  events: EventHub;
  bus: MainBus;
  platform: Platform;
  log: Logger;
}

export function create(deps: NotificationsDeps) {
  const notifications = new NotificationService({
    file: join(deps.profileDir, 'notifications.json'),
    events: deps.events,
    bus: deps.bus,
    platform: deps.platform,
    accounts: () => deps.accounts.list().filter((a) => a.connection === deps.connectionId),
    onAccountsChanged: (listener) => deps.registry.onAccountsChanged(listener),
    live: deps.live,
    log: deps.log,
  });
  return {
    handlers: notificationsHandlers({ notifications }),
    notifications,
    close: () => notifications.close(),
  };
}
