/**
 * The features, composed on the shared floor: each is built by its `create(deps)` in an order that
 * needs no forward reference (a feature takes of another only what its `create` returned), answers
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
  const add = <F extends { close(): unknown }>(feature: F): F => {
    closers.add(() => feature.close());
    return feature;
  };
  const f = floor;
  const connectionId = f.connection.id;
  const c = add(connection.create({ ...f, dataDir: f.environment.dataDir }));
  const a = add(app.create({ ...f, connectionSettings: c.settings }));
  const acc = add(accounts.create(f));
  const m = add(markets.create(f));
  const l = add(live.create(f));
  const known = l.known;
  const h = add(history.create(f));
  const w = add(webhooks.create(f));
  const n = add(notifications.create({ ...f, connectionId }));
  const notify = (kind: 'deskAttention' | 'alerts' | 'approvals') => (title: string, body: string) =>
    n.notifications.notify(kind, title, body);
  const mi = add(mining.create({ ...f, connectionId, known, watchMs: options.miningWatchMs }));
  const g = add(guards.create(f));
  const d = add(desk.create({ ...f, notify: notify('deskAttention') }));
  const al = add(
    alerts.create({
      ...f,
      refreshBoard: (ids) => d.board.refresh(ids),
      notify: notify('alerts'),
      pollMs: options.alertPollMs,
    }),
  );
  const o = add(orders.create({ ...f, known }));
  const p = add(positions.create({ ...f, known }));
  const wa = add(wallet.create({ ...f, approvals: f.fourEyes.approvals, known }));
  const s = add(
    subaccounts.create({
      ...f,
      desk: d.desk,
      deskAudit: d.deskAudit,
      known,
      approvals: f.fourEyes.approvals,
      balanceMoves: wa.balanceMoves,
    }),
  );
  const inTeam = () => f.team.desk !== undefined;
  const v = add(vault.create({ ...f, connectionId, inTeam, scheduleMs: options.vaultScheduleMs }));
  const r = add(reports.create({ ...f, connectionId }));
  // Last: every part that follows the team desk is in place before it connects.
  const t = add(
    team.create({
      ...f,
      alerts: al.alerts,
      notify: (kind, title, body) => n.notifications.notify(kind, title, body),
    }),
  );
  const handlers: Handlers = {
    ...c.handlers,
    ...a.handlers,
    ...acc.handlers,
    ...m.handlers,
    ...l.handlers,
    ...h.handlers,
    ...w.handlers,
    ...n.handlers,
    ...mi.handlers,
    ...g.handlers,
    ...d.handlers,
    ...al.handlers,
    ...o.handlers,
    ...p.handlers,
    ...wa.handlers,
    ...s.handlers,
    ...v.handlers,
    ...r.handlers,
    ...t.handlers,
  };
  return { handlers, connection: c, desk: d, resumeTeam: () => t.resume() };
}
