/** What the per-domain IPC handler factories draw on: the services a core has running. */
import type { Cache } from '../cache/index.ts';
import type { EventHub } from '../ipc/event-hub.ts';
import type { Logger } from '../log.ts';
import type { Platform } from '../platform.ts';
import type { AccountService } from './accounts.ts';
import type { ExchangeConnection } from './exchange-connection.ts';
import type { LiveService } from './live.ts';

export interface HandlerContext {
  readonly accounts: AccountService;
  readonly connection: ExchangeConnection;
  readonly cache: Cache;
  readonly live: LiveService;
  readonly events: EventHub;
  readonly platform: Platform;
  readonly log: Logger;
}
