/**
 * Alerts, evaluated in main so they fire whatever screen is open: a market's last price crossing a
 * level (from the `lastprice` stream, subscribed for each market an armed alert watches), and an
 * account's margin ratio or liquidation distance (from the desk board's rows, which this service has
 * main refresh for the watched accounts while such an alert exists). The watched accounts' margin
 * calls and liquidations come as the exchange pushes them (`positionsAccountMargin`): each fires at
 * once and has the account read again. A firing becomes an `alerts.fired` event for the Events list
 * and a desktop notice of the `alerts` kind.
 */
import type { AccountView } from '../../views/accounts.ts';
import type { AccountAlertView, AccountMetric, AlertView, PriceAlertView } from '../../views/alerts.ts';
import type { BoardRowView } from '../../views/board.ts';
import type { PageEvents } from '../../services/live/page-events.ts';
import type { MainBus, MainTopics } from '../../bus.ts';
import { UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { Dec } from '../../rules/decimal.ts';
import {
  METRIC,
  newAccountAlert,
  newPriceAlert,
  readAlerts,
  requireLevel,
  sharedAlerts,
  writeAlerts,
} from './store.ts';
import { crossStep, levelStep } from './evaluate.ts';
import { MarginFollow, marginEventWords, type MarginEvent, type MarginStreams } from './margin-events.ts';
import { PriceFollow } from './price-follow.ts';
import { accountFiring, accountsToRead, priceFiring, watchedAccounts, type AlertFiring } from './firing.ts';

/** The part of the live service alerts use: last prices, and the watched accounts' margin calls. */
export interface PriceStreams extends MarginStreams {
  subscribe(account: string, channel: 'lastprice', topic: string): string;
  subscribe(...args: Parameters<MarginStreams['subscribe']>): string;
  unsubscribe(id: string): boolean;
}

export interface AlertOptions {
  /** The definitions file (JSON). */
  file: string;
  /** Where a firing goes to the window. */
  events: PageEvents;
  /** The pushes (prices, margin calls) and the board's rows alerts watch. */
  bus: MainBus;
  live: PriceStreams;
  /** The registered accounts of the connection: labels, and whose WebSocket carries the prices. */
  accounts: () => AccountView[];
  onAccountsChanged: (listener: () => void) => () => void;
  /** Refuses a market the exchange does not list (with words a person reads). */
  requireMarket: (market: string) => Promise<unknown>;
  /** Reads the board rows of the given accounts (all when undefined) again; they arrive as `board.rows`. */
  refreshBoard: (accountIds?: readonly string[]) => Promise<unknown>;
  /** A desktop notice of the `alerts` kind (shown only while that kind is on). */
  notify: (title: string, body: string) => void;
  log: Logger;
  now?: () => number;
  /** How often the accounts an alert watches are read again; 60 s by default, 0 never. */
  accountPollMs?: number;
}

/** At most this many alerts are kept. */
export const MAX_ALERTS = 500;

export class AlertService {
  readonly #o: AlertOptions;
  #alerts: AlertView[];
  /** Per price alert, whether the last price seen was on its side of the level. */
  readonly #sides = new Map<string, boolean>();
  readonly #stopEvents: () => void;
  readonly #stopAccounts: () => void;
  readonly #listeners = new Set<() => void>();
  #mayWrite: (() => void) | undefined;
  #poll: ReturnType<typeof setInterval> | undefined;
  readonly #margins: MarginFollow;
  readonly #prices: PriceFollow;

  constructor(options: AlertOptions) {
    this.#o = options;
    this.#margins = new MarginFollow(options.live, options.log);
    this.#prices = new PriceFollow(options.live, options.log);
    this.#alerts = readAlerts(options.file, options.log);
    const stops = [
      options.bus.on('live.pushes', (batch) => {
        this.#priceCrossings(batch);
        this.#marginEvents(batch);
      }),
      options.bus.on('board.rows', ({ rows }) => this.#rows(rows)),
    ];
    this.#stopEvents = () => stops.forEach((stop) => stop());
    this.#stopAccounts = options.onAccountsChanged(() => this.#follow());
    this.#follow();
  }

  list(): AlertView[] {
    return this.#alerts.map((a) => structuredClone(a));
  }

  async addPrice(input: {
    market: string;
    direction: 'above' | 'below';
    price: string;
    repeat: boolean;
  }): Promise<AlertView[]> {
    this.#mayWrite?.();
    requireLevel({ kind: 'price', price: input.price });
    await this.#o.requireMarket(input.market);
    return this.#add(newPriceAlert(input, this.#alerts, this.#now()));
  }

  addAccount(input: { account: string | null; metric: AccountMetric; threshold: string }): AlertView[] {
    this.#mayWrite?.();
    requireLevel({ kind: 'account', metric: input.metric, threshold: input.threshold });
    if (input.account !== null && !this.#o.accounts().some((a) => a.id === input.account))
      throw new UserFacingError('unknown_account', 'No registered account has this id.', 'account');
    return this.#add(newAccountAlert(input, this.#now()));
  }

  rearm(id: string): AlertView[] {
    this.#mayWrite?.();
    const alert = this.#find(id);
    if (alert.kind === 'price') {
      alert.state = 'armed';
      this.#sides.delete(id);
    } else alert.alerting = [];
    this.#changed();
    return this.list();
  }

  remove(id: string): AlertView[] {
    this.#mayWrite?.();
    this.#find(id);
    this.#alerts = this.#alerts.filter((a) => a.id !== id);
    this.#sides.delete(id);
    this.#changed();
    return this.list();
  }

  /** Hears each change of the alerts saved here (added, removed, re-armed, fired; not `replace`). */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** On a team desk: refuses (throws) the changes this operator's part does not cover (undefined: alone). */
  useWriteCheck(check: (() => void) | undefined): void {
    this.#mayWrite = check;
  }

  /**
   * Takes the desk's alerts as the team store has them, each checked as if typed here; answers those
   * refused (kept as they were here). Which accounts are in alert now is this app's own reading.
   */
  replace(items: Record<string, unknown>): Array<{ id: string; problem: string }> {
    const { alerts, refused } = sharedAlerts(items, this.#alerts);
    const alerting = new Map(this.#alerts.flatMap((a) => (a.kind === 'account' ? [[a.id, a.alerting]] : [])));
    this.#alerts = alerts.map((a) =>
      a.kind === 'account'
        ? { ...structuredClone(a), alerting: alerting.get(a.id) ?? [] }
        : structuredClone(a),
    );
    for (const id of this.#sides.keys()) if (!this.#alerts.some((a) => a.id === id)) this.#sides.delete(id);
    writeAlerts(this.#o.file, this.#alerts);
    this.#follow();
    return refused;
  }

  close(): void {
    this.#stopEvents();
    this.#stopAccounts();
    if (this.#poll) clearInterval(this.#poll);
    this.#poll = undefined;
    this.#prices.close();
    this.#margins.close();
  }

  #now(): number {
    return (this.#o.now ?? Date.now)();
  }

  #find(id: string): AlertView {
    const alert = this.#alerts.find((a) => a.id === id);
    if (!alert) throw new UserFacingError('unknown_alert', 'This alert no longer exists.', 'id');
    return alert;
  }

  #add(alert: AlertView): AlertView[] {
    if (this.#alerts.length >= MAX_ALERTS)
      throw new UserFacingError(
        'too_many_alerts',
        `At most ${String(MAX_ALERTS)} alerts are kept; remove some first.`,
      );
    this.#alerts = [alert, ...this.#alerts];
    this.#changed();
    if (alert.kind === 'account') this.#readAccounts();
    return this.list();
  }

  /** Saves, and follows the markets and accounts the alerts now watch. */
  #changed(): void {
    writeAlerts(this.#o.file, this.#alerts);
    this.#follow();
    for (const listener of this.#listeners) listener();
  }

  #label(account: string): string {
    return this.#o.accounts().find((a) => a.id === account)?.label ?? 'an unknown account';
  }

  /** A watched account's margin call or liquidation fires at once, and the account is read again. */
  #marginEvents(batch: MainTopics['live.pushes']): void {
    const events = batch.events.filter((e): e is MarginEvent => e.channel === 'positionsAccountMargin');
    if (events.length === 0) return;
    const alert = this.#alerts.find(
      (a): a is AccountAlertView =>
        a.kind === 'account' && (a.account === null || a.account === batch.accountId),
    );
    if (!alert) return;
    const label = this.#label(batch.accountId);
    for (const e of events) {
      alert.firedAtMs = this.#now();
      this.#fire(alert, {
        alertId: alert.id,
        kind: 'account',
        account: batch.accountId,
        market: e.position.market,
        ...marginEventWords(label, e),
        atMs: alert.firedAtMs,
      });
    }
    writeAlerts(this.#o.file, this.#alerts);
    this.#o.refreshBoard([batch.accountId]).catch((error: unknown) => {
      this.#o.log.log('warn', 'alerts: the account of a margin call could not be read', error);
    });
  }

  #priceCrossings(batch: MainTopics['live.pushes']): void {
    for (const event of batch.events) {
      if (event.channel !== 'lastprice') continue;
      for (const alert of this.#alerts) {
        if (alert.kind !== 'price' || alert.market !== event.market || alert.state !== 'armed') continue;
        const step = crossStep(
          this.#sides.get(alert.id),
          new Dec(event.price),
          alert.direction,
          new Dec(alert.price),
        );
        this.#sides.set(alert.id, step.beyond);
        if (step.fired) this.#firePrice(alert, event.price);
      }
    }
  }

  #firePrice(alert: PriceAlertView, price: string): void {
    alert.firedAtMs = this.#now();
    alert.firedPrice = price;
    if (!alert.repeat) {
      alert.state = 'triggered';
      this.#sides.delete(alert.id);
    }
    this.#changed();
    this.#fire(alert, priceFiring(alert, price, alert.firedAtMs));
  }

  #rows(rows: readonly BoardRowView[]): void {
    let changed = false;
    for (const alert of this.#alerts) {
      if (alert.kind !== 'account') continue;
      const { direction } = METRIC[alert.metric];
      const threshold = new Dec(alert.threshold);
      for (const row of rows) {
        // a row whose positions were never read says nothing of the risk
        if (row.openPositions === undefined) continue;
        if (alert.account !== null && alert.account !== row.account) continue;
        const raw = row[alert.metric];
        const was = alert.alerting.includes(row.account);
        const step = levelStep(was, raw === undefined ? undefined : new Dec(raw), direction, threshold);
        if (step.inAlert === was) continue;
        changed = true;
        alert.alerting = step.inAlert
          ? [...alert.alerting, row.account]
          : alert.alerting.filter((a) => a !== row.account);
        if (step.fired && raw !== undefined) this.#fireAccount(alert, row, raw);
      }
    }
    if (changed) writeAlerts(this.#o.file, this.#alerts);
  }

  #fireAccount(alert: AccountAlertView, row: BoardRowView, value: string): void {
    alert.firedAtMs = this.#now();
    this.#fire(
      alert,
      accountFiring(alert, row, row.label || this.#label(row.account), value, alert.firedAtMs),
    );
  }

  /** Tells of a firing, with the alert's state after it (a copy: the page keeps it). */
  #fire(alert: AlertView, fired: AlertFiring): void {
    this.#o.events.emit('alerts.fired', { ...fired, alert: structuredClone(alert) });
    this.#o.notify(fired.title, fired.message);
  }

  /** Subscribes the last price of each market an armed alert watches; polls the watched accounts. */
  #follow(): void {
    this.#prices.follow(
      new Set(this.#alerts.flatMap((a) => (a.kind === 'price' && a.state === 'armed' ? [a.market] : []))),
      this.#o.accounts,
    );
    this.#margins.follow(watchedAccounts(this.#alerts, this.#known()));
    const watching = this.#alerts.some((a) => a.kind === 'account');
    const every = this.#o.accountPollMs ?? 60_000;
    if (watching && !this.#poll && every > 0) {
      this.#poll = setInterval(() => this.#readAccounts(), every);
      this.#poll.unref();
    } else if (!watching && this.#poll) {
      clearInterval(this.#poll);
      this.#poll = undefined;
    }
  }

  #known(): string[] {
    return this.#o.accounts().map((a) => a.id);
  }

  /** Reads the accounts the account alerts watch again (in the background; failures are logged). */
  #readAccounts(): void {
    const ids = accountsToRead(this.#alerts, this.#known());
    if (ids === null) return;
    this.#o.refreshBoard(ids).catch((error: unknown) => {
      this.#o.log.log('warn', 'alerts: the watched accounts could not be read', error);
    });
  }
}
