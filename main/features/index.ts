/**
 * The features, composed on the shared floor: each is built by its `create(deps)` in an order that
 * needs no forward reference (a feature takes of another only what its `create` answered), answers
 * its procedures, and its close joins the one list the core closes, the last built first. The
 * cache's workers load each feature's store (`storeExtensions`).
 */
import type { Closers, Floor } from '../floor.ts';
import type { Handlers } from '../ipc/router.ts';
import * as accounts from './accounts/index.ts';
import * as alerts from './alerts/index.ts';
import * as app from './app/index.ts';
import * as connection from './connection/index.ts';
import * as desk from './desk/index.ts';
import * as guards from './guards/index.ts';
import * as history from './history/index.ts';
import * as live from './live/index.ts';
import * as markets from './markets/index.ts';
import * as mining from './mining/index.ts';
import * as notifications from './notifications/index.ts';
import * as orders from './orders/index.ts';
import * as positions from './positions/index.ts';
import * as reports from './reports/index.ts';
import * as subaccounts from './subaccounts/index.ts';
import * as team from './team/index.ts';
import * as vault from './vault/index.ts';
import * as wallet from './wallet/index.ts';
import * as webhooks from './webhooks/index.ts';

export interface FeatureOptions {
  /** Read the platform's status and the exchange's clock this often (ms; 30 s by default). */
  exchangeStatusMs?: number;
  /** Poll the mining accounts every this many ms and alert on workers going offline (off when unset). */
  miningWatchMs?: number;
  /** How often account alerts read their accounts again (60 s by default; 0 only on adding one). */
  alertPollMs?: number;
  /** Sync every account's history by itself this often (ms), so nothing passes the exchange's six months (off when unset). */
  vaultScheduleMs?: number;
}

/** What the core reads of the features beyond their handlers. */
export interface Features {
  readonly handlers: Handlers;
  readonly connection: connection.ConnectionFeature;
  readonly desk: desk.DeskFeature;
  /** Connects to the joined team desk, once every feature that follows it is built. */
  resumeTeam(): Promise<void>;
}

/**
 * The modules of the features' stores every cache worker loads: from source, or beside the bundled
 * cache worker when the app runs from its bundle (`cacheWorkerUrl` given).
 */
export function storeExtensions(cacheWorkerUrl?: URL): URL[] {
  return [cacheWorkerUrl ? new URL(`./${reports.STORE_BUNDLE}`, cacheWorkerUrl) : reports.STORE_MODULE];
}

/** Builds every feature on `floor`, in order; each one's close goes into `closers`. */
export function createFeatures(floor: Floor, options: FeatureOptions, closers: Closers): Features {
  const built = <F extends { close(): unknown }>(feature: F): F => {
    closers.add(() => feature.close());
    return feature;
  };
  const connectionId = floor.connection.id;
  const { approvals } = floor.fourEyes;
  const connected = built(
    connection.create({
      ...floor,
      dataDir: floor.environment.dataDir,
      ...(options.exchangeStatusMs === undefined ? {} : { statusMs: options.exchangeStatusMs }),
    }),
  );
  const theApp = built(app.create({ ...floor, connectionSettings: connected.settings }));
  const registered = built(accounts.create(floor));
  const catalog = built(markets.create(floor));
  const pushes = built(live.create(floor));
  const { known } = pushes;
  const synced = built(history.create(floor));
  const hooks = built(webhooks.create(floor));
  const notices = built(notifications.create({ ...floor, connectionId }));
  const notify = (kind: 'deskAttention' | 'alerts') => (title: string, body: string) =>
    notices.notifications.notify(kind, title, body);
  const pools = built(
    mining.create({ ...floor, connectionId, known, approvals, watchMs: options.miningWatchMs }),
  );
  const guarded = built(guards.create(floor));
  const board = built(desk.create({ ...floor, notify: notify('deskAttention') }));
  const alerting = built(
    alerts.create({
      ...floor,
      refreshBoard: (ids) => board.board.refresh(ids),
      notify: notify('alerts'),
      pollMs: options.alertPollMs,
    }),
  );
  const trading = built(orders.create({ ...floor, known }));
  const held = built(positions.create({ ...floor, known }));
  const funds = built(wallet.create({ ...floor, approvals, known }));
  const subs = built(
    subaccounts.create({
      ...floor,
      desk: board.desk,
      deskAudit: board.deskAudit,
      known,
      approvals,
      balanceMoves: funds.balanceMoves,
    }),
  );
  const inTeam = () => floor.team.desk !== undefined;
  const archive = built(
    vault.create({ ...floor, connectionId, inTeam, scheduleMs: options.vaultScheduleMs }),
  );
  const reported = built(reports.create({ ...floor, connectionId }));
  // Last: every part that follows the team desk is in place before it connects.
  const desked = built(
    team.create({
      ...floor,
      alerts: alerting.alerts,
      notify: (kind, title, body) => notices.notifications.notify(kind, title, body),
    }),
  );
  const handlers: Handlers = {
    ...connected.handlers,
    ...theApp.handlers,
    ...registered.handlers,
    ...catalog.handlers,
    ...pushes.handlers,
    ...synced.handlers,
    ...hooks.handlers,
    ...notices.handlers,
    ...pools.handlers,
    ...guarded.handlers,
    ...board.handlers,
    ...alerting.handlers,
    ...trading.handlers,
    ...held.handlers,
    ...funds.handlers,
    ...subs.handlers,
    ...archive.handlers,
    ...reported.handlers,
    ...desked.handlers,
  };
  return { handlers, connection: connected, desk: board, resumeTeam: () => desked.resume() };
}
