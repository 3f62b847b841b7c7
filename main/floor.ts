/**
 * The shared floor: what several features stand on, built before any of them in an order that needs
 * no forward reference, each part's close kept in one list (`Closers`) run the last built first.
 */
import { join } from 'node:path';
import { openCache, type Cache } from './cache/index.ts';
import type { AppEnvironment } from './environment.ts';
import { EventHub } from './event-hub.ts';
import { MainBus } from './bus.ts';
import type { Logger } from './log.ts';
import { headlessPlatform, type Platform } from './platform.ts';
import { AccountService } from './services/accounts.ts';
import { AddressBook } from './services/wallet/address-book.ts';
import { SignedRequestLog } from './services/signed-request-log.ts';
import {
  connectionIdOf,
  openConnection,
  SANDBOX_CONNECTION,
  type ConnectionTarget,
  type ExchangeConnection,
} from './services/exchange-connection.ts';
import { GuardSettingsStore } from './services/guard-settings.ts';
import { HistoryService } from './services/history.ts';
import { LastKnown } from './services/live/last-known.ts';
import { LiveService } from './services/live/service.ts';
import { MemoryTrim } from './services/memory-trim.ts';
import { TeamService } from './services/team.ts';
import { startFourEyes, type FourEyes } from './services/four-eyes/index.ts';
import { AccountRegistry } from './vault/registry.ts';
import { KeytarSecretStore, type SecretStore } from './vault/secret-store.ts';

/** Closes, the last added first; on a failure while building, what was built so far (`guard`). */
export class Closers {
  readonly #list: (() => unknown)[] = [];

  add(close: () => unknown): void {
    this.#list.push(close);
  }

  async close(): Promise<void> {
    for (const close of this.#list.splice(0).reverse()) await close();
  }

  /** Runs `build`; when it throws, closes what is open and throws on. */
  async guard<T>(build: () => Promise<T>): Promise<T> {
    try {
      return await build();
    } catch (error) {
      await this.close();
      throw error;
    }
  }
}

export interface FloorOptions {
  environment: AppEnvironment;
  log: Logger;
  /** Dialogs and clipboard of the desktop; headless by default. */
  platform?: Platform;
  /** Where API secrets are kept; the OS keychain by default. */
  secrets?: SecretStore;
  /** The embedded sandbox by default. */
  connection?: ConnectionTarget;
  /** The profile whose registry and cache are used. */
  profile?: string;
  /** The cache worker's entry; the bundled app passes its built file. */
  cacheWorkerUrl?: URL;
  /** The modules of the features' stores every cache worker loads. */
  storeExtensions: URL[];
  /** How soon a sync that could not reach the exchange tries again (first delay, cap). */
  syncRetry?: { firstMs?: number; capMs?: number };
  /** How soon a lost team server is tried again (first delay, cap). */
  teamRetry?: { firstMs?: number; capMs?: number };
}

export interface Floor {
  readonly environment: AppEnvironment;
  readonly log: Logger;
  readonly platform: Platform;
  readonly events: EventHub;
  readonly bus: MainBus;
  readonly profile: string;
  readonly profileDir: string;
  readonly secrets: SecretStore;
  readonly cache: Cache;
  readonly registry: AccountRegistry;
  readonly signedRequests: SignedRequestLog;
  readonly connection: ExchangeConnection;
  readonly team: TeamService;
  readonly accounts: AccountService;
  readonly fourEyes: FourEyes;
  readonly lastKnown: LastKnown;
  readonly live: LiveService;
  readonly trim: MemoryTrim;
  readonly guards: GuardSettingsStore;
  readonly history: HistoryService;
  readonly addressBook: AddressBook;
}

/** Builds the floor; each part's close goes into `closers` (the caller closes them if this throws). */
export async function openFloor(options: FloorOptions, closers: Closers): Promise<Floor> {
  const { environment, log } = options;
  const events = new EventHub();
  const bus = new MainBus((topic, error) => log.log('warn', `a follower of ${String(topic)} failed`, error));
  const target = options.connection ?? { kind: 'sandbox' };
  const connectionId =
    target.kind === 'sandbox' ? SANDBOX_CONNECTION : connectionIdOf({ ...target, kind: 'live' });
  const profile = options.profile ?? 'default';
  const profileDir = join(environment.dataDir, 'profiles', profile);
  const secrets = options.secrets ?? new KeytarSecretStore();
  // The cache and the registry first: every signed request goes to the audit log from the first.
  const cache = await openCache({
    dataDir: environment.dataDir,
    profile,
    ...(options.cacheWorkerUrl ? { workerUrl: options.cacheWorkerUrl } : {}),
    extensions: options.storeExtensions,
  });
  closers.add(() => cache.close());
  const registry = new AccountRegistry(join(profileDir, 'accounts.sqlite'), secrets, {
    legacy: target.kind === 'live' ? { restUrl: target.restUrl, connection: connectionId } : undefined,
  });
  closers.add(() => registry.close());
  const signedRequests = new SignedRequestLog(
    cache,
    (apiKey) => registry.idForKey(connectionId, apiKey),
    log,
  );
  closers.add(() => signedRequests.flush());
  const connection = await openConnection(target, environment.dataDir, (entry) =>
    signedRequests.write(entry),
  );
  closers.add(() => connection.close());
  const platform = options.platform ?? headlessPlatform;
  await registry.keys
    .load()
    .catch((error: unknown) => log.log('warn', 'could not list the keys in the keychain', error));
  registry.onAnyChange(() => events.emit('accounts.changed', { atMs: Date.now() }));
  const team = new TeamService({
    profileDir,
    profile,
    secrets,
    registry,
    platform,
    events,
    log,
    appVersion: environment.version,
    ...(options.teamRetry ? { retry: options.teamRetry } : {}),
  });
  closers.add(() => team.close());
  const accounts = new AccountService(registry, connection, platform);
  const fourEyes = startFourEyes({ profileDir, team, accounts, connection, platform, log });
  const lastKnown = new LastKnown(cache);
  const live = new LiveService(connection.status.wsUrl, accounts, events, log, (accountId, batch, all) =>
    bus.emit('live.pushes', { accountId, events: batch, allPositions: all }),
  );
  closers.add(() => live.stop());
  const trim = new MemoryTrim();
  closers.add(() => trim.stop());
  const guards = new GuardSettingsStore(join(profileDir, 'order-guards.json'), platform, log);
  connection.trading.useGuardSettings(() => guards.current);
  // an order beyond a guard goes only when the person answers main's own native question
  connection.trading.useGuardQuestions((question) => platform.confirm(question));
  const history = new HistoryService(cache, accounts, events, platform, log, options.syncRetry);
  closers.add(async () => {
    history.cancel();
    await history.idle();
  });
  const addressBook = new AddressBook(join(profileDir, 'address-book.json'), log, platform);
  const registered = await accounts.registerDemoAccounts();
  if (registered > 0) log.log('info', `registered ${String(registered)} sandbox demo accounts`);
  return {
    environment,
    log,
    platform,
    events,
    bus,
    profile,
    profileDir,
    secrets,
    cache,
    registry,
    signedRequests,
    connection,
    team,
    accounts,
    fourEyes,
    lastKnown,
    live,
    trim,
    guards,
    history,
    addressBook,
  };
}
