import { join } from 'node:path';
import { openCache, type Cache } from './cache/index.ts';
import type { HandlerContext } from './domains/context.ts';
import { domainHandlers } from './compose.ts';
import { createFeatures, storeExtensions } from './features/index.ts';
import type { AppEnvironment } from './environment.ts';
import { EventHub } from './event-hub.ts';
import { MainBus } from './bus.ts';
import { forwardToPages } from './services/page-events.ts';
import { createRouter, type Handlers, type Router } from './ipc/router.ts';
import { createLogger, type Logger } from './log.ts';
import { headlessPlatform, type Platform } from './platform.ts';
import { AccountService } from './services/accounts.ts';
import { AccountWallet } from './services/account-wallet.ts';
import { AddressBook } from './services/address-book.ts';
import { BalanceMoves } from './services/balance-moves.ts';
import { CollateralAccount } from './services/collateral-account.ts';
import { FlexInvestments } from './services/flex.ts';
import { SubAccountKeys } from './services/sub-account-keys.ts';
import { ConnectionSettings } from './services/connection-settings.ts';
import { BatchAudit } from './services/desk/audit.ts';
import { SignedRequestLog } from './services/signed-request-log.ts';
import { DeskService } from './services/desk/desk.ts';
import { BoardService } from './services/desk/board.ts';
import { BoardFeeds, BoardLive } from './services/desk/board-live.ts';
import { BulkActions } from './services/desk/bulk.ts';
import { Sweeps } from './services/desk/sweep.ts';
import {
  connectionIdOf,
  openConnection,
  SANDBOX_CONNECTION,
  type ConnectionTarget,
  type ExchangeConnection,
} from './services/exchange-connection.ts';
import { ConnectionHealth } from './services/connection-health.ts';
import { GuardSettingsStore } from './services/guard-settings.ts';
import { HistoryService } from './services/history.ts';
import { LastKnown } from './services/last-known.ts';
import { KnownReads } from './services/known-reads.ts';
import { PushedState } from './services/pushed-state.ts';
import { LiveService } from './services/live.ts';
import { MemoryTrim } from './services/memory-trim.ts';
import { MiningAccounts } from './services/mining.ts';
import { MiningWatch } from './services/mining-watch.ts';
import { NotificationService } from './services/notifications.ts';
import { AlertService } from './services/alerts/alerts.ts';
import { AttentionWatch } from './services/desk/attention-watch.ts';
import { LadderService } from './services/ladder.ts';
import { OrderControls } from './services/order-controls.ts';
import { WebhookService } from './services/webhooks.ts';
import { TeamService } from './services/team.ts';
import { followFourEyes, startFourEyes } from './services/four-eyes/index.ts';
import { followTeam } from './services/team-desk/follow.ts';
import { BatchJournal } from './services/subaccounts/journal.ts';
import { CreateBatches } from './services/subaccounts/create-batch.ts';
import { SubAccountLifecycle } from './services/subaccounts/lifecycle.ts';
import { SubAccountApiKeys } from './services/subaccounts/api-keys.ts';
import { DepositAddresses } from './services/deposit-addresses.ts';
import { AccountRegistry } from './vault/registry.ts';
import { KeytarSecretStore, type SecretStore } from './vault/secret-store.ts';

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

export interface CoreOptions {
  environment: AppEnvironment;
  log?: Logger;
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
  /** Poll the mining accounts every this many ms and alert on workers going offline (off when unset). */
  miningWatchMs?: number;
  /** How often account alerts read their accounts again (60 s by default; 0 only on adding one). */
  alertPollMs?: number;
  /** How soon a sync that could not reach the exchange tries again (first delay, cap). */
  syncRetry?: { firstMs?: number; capMs?: number };
  /** How soon a lost team server is tried again (first delay, cap). */
  teamRetry?: { firstMs?: number; capMs?: number };
  /** Sync every account's history by itself this often (ms), so nothing passes the exchange's six months (off when unset). */
  vaultScheduleMs?: number;
}

/** Opens the connection and the account registry, registers the sandbox's demo accounts on first start. */
export async function startCore(options: CoreOptions): Promise<Core> {
  const { environment, log = createLogger() } = options;
  const events = new EventHub();
  const bus = new MainBus((topic, error) => log.log('warn', `a follower of ${String(topic)} failed`, error));
  const target = options.connection ?? { kind: 'sandbox' };
  const connectionId =
    target.kind === 'sandbox' ? SANDBOX_CONNECTION : connectionIdOf({ ...target, kind: 'live' });
  const profile = options.profile ?? 'default';
  const profileDir = join(environment.dataDir, 'profiles', profile);
  const secrets = options.secrets ?? new KeytarSecretStore();
  const registryFile = join(profileDir, 'accounts.sqlite');
  // The cache and the registry first: every signed request goes to the audit log from the first.
  const cache = await openCache({
    dataDir: environment.dataDir,
    profile,
    ...(options.cacheWorkerUrl ? { workerUrl: options.cacheWorkerUrl } : {}),
    extensions: storeExtensions(options.cacheWorkerUrl),
  });
  let registry: AccountRegistry;
  try {
    registry = new AccountRegistry(registryFile, secrets, {
      legacy: target.kind === 'live' ? { restUrl: target.restUrl, connection: connectionId } : undefined,
    });
  } catch (error) {
    await cache.close();
    throw error;
  }
  const signedRequests = new SignedRequestLog(
    cache,
    (apiKey) => registry.idForKey(connectionId, apiKey),
    log,
  );
  let connection: ExchangeConnection;
  try {
    connection = await openConnection(target, environment.dataDir, (entry) => signedRequests.write(entry));
  } catch (error) {
    registry.close();
    await signedRequests.flush();
    await cache.close();
    throw error;
  }
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
  const accounts = new AccountService(registry, connection, platform);
  const fourEyes = startFourEyes({ profileDir, team, accounts, connection, platform, log });
  const desk = new DeskService(accounts, connection, platform);
  const webhooks = new WebhookService(cache, accounts, secrets, platform, bus, profileDir);
  const lastKnown = new LastKnown(cache);
  // The one push path: socket -> one window (LiveService) -> merged in memory (PushedState) -> its
  // followers (the board, alerts, notices, the pages that follow the account) -> the cache, behind.
  const pushed = new PushedState(lastKnown, log, { onMerged: (merged) => bus.emit('known.merged', merged) });
  const live = new LiveService(connection.status.wsUrl, accounts, events, log, (accountId, batch, all) =>
    bus.emit('live.pushes', { accountId, events: batch, allPositions: all }),
  );
  bus.on('live.pushes', ({ accountId, events: batch, allPositions }) =>
    pushed.add(accountId, batch, allPositions),
  );
  const health = new ConnectionHealth(connection.http, events, {
    accountOfKey: (apiKey) => registry.idForKey(connection.id, apiKey),
    onSocketState: (listener) => live.onState(listener),
  });
  connection.http.useReachability(() => health.unreachable);
  health.start();
  const miningWatch = new MiningWatch(
    cache,
    async () =>
      Promise.all(
        registry
          .list()
          .filter((a) => a.kind === 'main' && a.connection === connection.id)
          .map(async (a) => ({ account: a.id, caller: (await accounts.caller(a.id)).inBackground() })),
      ),
    bus,
    log,
  );
  if (options.miningWatchMs) miningWatch.start(options.miningWatchMs);
  const notifications = new NotificationService({
    file: join(profileDir, 'notifications.json'),
    events,
    bus,
    platform,
    accounts: () => accounts.list().filter((a) => a.connection === connection.id),
    onAccountsChanged: (listener) => registry.onAccountsChanged(listener),
    live,
    log,
  });
  const guards = new GuardSettingsStore(join(profileDir, 'order-guards.json'), platform, log);
  connection.trading.useGuardSettings(() => guards.current);
  // an order beyond a guard goes only when the person answers main's own native question
  connection.trading.useGuardQuestions((question) => platform.confirm(question));
  const history = new HistoryService(cache, accounts, events, platform, log, options.syncRetry);
  const addressBook = new AddressBook(join(profileDir, 'address-book.json'), log, platform);
  const registered = await accounts.registerDemoAccounts();
  if (registered > 0) log.log('info', `registered ${String(registered)} sandbox demo accounts`);

  const attention = new AttentionWatch({
    file: join(profileDir, 'desk-attention.json'),
    events,
    notify: (title, body) => notifications.notify('deskAttention', title, body),
    log,
  });
  const trim = new MemoryTrim();
  const feeds = new BoardFeeds();
  const board = new BoardService({
    accounts,
    connection,
    cache,
    bus,
    feedOf: (account) => feeds.of(account),
    log,
    store: lastKnown,
    onRefreshed: (rows) => attention.observe(rows),
    trim,
  });
  const boardLive = new BoardLive({
    live,
    board,
    bus,
    feeds,
    log,
    trim,
    onDeskChanged: (listener) => registry.onAccountsChanged(listener),
  });
  // a new closing order may be a take-profit or stop-loss: the board reads that account's positions
  bus.on('live.pushes', ({ accountId, events: batch }) => {
    if (batch.some((e) => e.channel === 'ordersPending' && e.event === 'new' && e.order.reduceOnly))
      boardLive.closingOrdersCame(accountId);
  });
  const alerts = new AlertService({
    file: join(profileDir, 'alerts.json'),
    events,
    bus,
    live,
    accounts: () => accounts.list().filter((a) => a.connection === connection.id),
    onAccountsChanged: (listener) => registry.onAccountsChanged(listener),
    requireMarket: (market) => connection.catalog.require(market),
    refreshBoard: (ids) => board.refresh(ids),
    notify: (title, body) => notifications.notify('alerts', title, body),
    log,
    ...(options.alertPollMs === undefined ? {} : { accountPollMs: options.alertPollMs }),
  });
  const journal = new BatchJournal(join(profileDir, 'lifecycle.sqlite'));
  const createBatches = new CreateBatches({ accounts, journal, platform, events, cache, log });
  const context: HandlerContext = {
    environment,
    accounts,
    connection,
    health,
    cache,
    signedRequests,
    lastKnown,
    known: new KnownReads(lastKnown, log),
    board,
    boardLive,
    live,
    orderControls: new OrderControls(accounts, connection, live, platform),
    ladder: new LadderService(accounts, connection, platform),
    events,
    platform,
    log,
    desk,
    bulk: new BulkActions(accounts, connection, platform),
    sweeps: new Sweeps(accounts, platform),
    deskAudit: new BatchAudit(cache),
    history,
    webhooks,
    notifications,
    alerts,
    attention,
    guards,
    addressBook,
    wallet: new AccountWallet(accounts, connection, cache, platform, addressBook, log, fourEyes.approvals),
    mining: new MiningAccounts(accounts, cache),
    miningWatch,
    connectionSettings: new ConnectionSettings(environment.dataDir, connection, accounts, platform, log),
    balanceMoves: new BalanceMoves(accounts, platform, fourEyes.approvals),
    subAccountKeys: new SubAccountKeys(accounts, platform, fourEyes.approvals),
    flex: new FlexInvestments(accounts, platform),
    collateralAccount: new CollateralAccount(accounts, platform, connection.trading),
    team,
    approvals: fourEyes.approvals,
    lifecycle: new SubAccountLifecycle(accounts, platform, createBatches),
    subAccountApiKeys: new SubAccountApiKeys(accounts, platform, fourEyes.approvals),
    createBatches,
    deposits: new DepositAddresses(accounts, platform),
  };
  const features = createFeatures({
    cache,
    accounts,
    history,
    platform,
    events,
    log,
    profileDir,
    connectionId: connection.id,
    inTeam: () => team.desk !== undefined,
    vaultScheduleMs: options.vaultScheduleMs,
  });
  const handlers: Handlers = { ...domainHandlers(context), ...features.handlers };
  forwardToPages(bus, events, live);
  // Last: every part that follows the team desk is in place before it connects.
  followTeam(team, {
    cache,
    signedRequests,
    history,
    shared: { file: join(profileDir, 'team-shared.json'), addressBook, guards, alerts },
    desk: {
      roles: () => fourEyes.rules.roles,
      proposeGuards: (before, next, moved) => fourEyes.approvals.proposeGuards(before, next, moved),
    },
    events,
    log,
  });
  followFourEyes(fourEyes, { team, accounts, live, events, log, addressBook }, notifications);
  await team.resume();
  const router = createRouter(handlers, {
    onInternalError: (procedure, error, reference) =>
      log.log('error', `procedure ${procedure} failed (reference ${reference})`, error),
  });
  return {
    router,
    events,
    log,
    connection,
    accounts,
    cache,
    history,
    live,
    health,
    trim,
    endFrame: (frame) => {
      boardLive.release(frame);
      live.endOwner(frame);
    },
    async close() {
      trim.stop();
      health.stop();
      alerts.close();
      notifications.close();
      boardLive.close();
      live.stop();
      await pushed.flush();
      await webhooks.close();
      miningWatch.stop();
      await miningWatch.idle();
      await features.close();
      history.cancel();
      await history.idle();
      await team.close();
      registry.close();
      journal.close();
      await signedRequests.flush();
      await cache.close();
      await connection.close();
    },
  };
}
