import { join } from 'node:path';
import type { AppEnvironment } from './environment.ts';
import { EventHub } from './ipc/event-hub.ts';
import { createRouter, type Handlers, type Router } from './ipc/router.ts';
import { createLogger, type Logger } from './log.ts';
import { headlessPlatform, type Platform } from './platform.ts';
import { AccountService } from './services/accounts.ts';
import { appInfo } from './services/app-info.ts';
import { deskHandlers } from './services/desk-handlers.ts';
import {
  openConnection,
  type ConnectionTarget,
  type ExchangeConnection,
} from './services/exchange-connection.ts';
import { AccountRegistry } from './vault/registry.ts';
import { KeytarSecretStore, type SecretStore } from './vault/secret-store.ts';

/** Everything the main process runs, independent of Electron: the router, its services and events. */
export interface Core {
  readonly router: Router;
  readonly events: EventHub;
  readonly log: Logger;
  readonly connection: ExchangeConnection;
  readonly accounts: AccountService;
  close(): Promise<void>;
}

export interface CoreOptions {
  environment: AppEnvironment;
  log?: Logger;
  /** Dialogs and clipboard of the desktop; headless by default. */
  platform?: Platform;
  /** Where API secrets are kept; the OS keychain by default. */
  secrets?: SecretStore;
  /** The embedded sandbox by default. */
  connection?: ConnectionTarget;
  /** The profile whose registry is used. */
  profile?: string;
}

/** Opens the connection and the account registry, registers the sandbox's demo accounts on first start. */
export async function startCore(options: CoreOptions): Promise<Core> {
  const { environment, log = createLogger() } = options;
  const events = new EventHub();
  const connection = await openConnection(options.connection ?? { kind: 'sandbox' }, environment.dataDir);
  const registryFile = join(environment.dataDir, 'profiles', options.profile ?? 'default', 'accounts.sqlite');
  let registry: AccountRegistry;
  try {
    registry = new AccountRegistry(registryFile, options.secrets ?? new KeytarSecretStore());
  } catch (error) {
    await connection.close();
    throw error;
  }
  const accounts = new AccountService(registry, connection, options.platform ?? headlessPlatform);
  const registered = await accounts.registerDemoAccounts();
  if (registered > 0) log.log('info', `registered ${String(registered)} sandbox demo accounts`);

  const handlers: Handlers = {
    'app.info': () => appInfo(environment),
    ...deskHandlers(accounts, connection),
  };
  const router = createRouter(handlers, {
    onInternalError: (procedure, error) => log.log('error', `procedure ${procedure} failed`, error),
  });
  return {
    router,
    events,
    log,
    connection,
    accounts,
    async close() {
      registry.close();
      await connection.close();
    },
  };
}
