/**
 * Desktop notifications: listens to main's bus and raises a notice through the platform for
 * workers going offline or low (`mining.alert`), deposits and withdrawals (`webhook.event`) and fills
 * (the `deals` stream of every registered account, subscribed only while fill notices are on), and
 * orders the exchange cancelled on its own (the `ordersPending` stream, subscribed while those notices
 * are on; a finish seen on a stream a screen opened counts too): each also becomes an
 * `orders.exchangeCancel` event for the Events list. Other services raise theirs through `notify`
 * (alerts; board rows entering attention, `desk/attention-watch.ts`). Which kinds are on is kept in a
 * small JSON file of the profile.
 */
import { readFileSync } from 'node:fs';
import { writeJsonFile } from '../../json-file.ts';
import type { AccountView } from '../../views/accounts.ts';
import type { MiningAlertView } from '../../views/mining.ts';
import type { WebhookEventView } from '../../views/webhooks.ts';
import type { PageEvents } from '../../services/live/page-events.ts';
import type { MainBus, MainTopics } from '../../bus.ts';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from './views.ts';
import type { Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import { exchangeCancel } from './exchange-cancels.ts';

/**
 * Fill notices open a live connection per account, so they start off. Board rows needing attention
 * start on: a liquidation coming near or a revoked key is what a desk must not miss, and the notices
 * are grouped per refresh, so they stay few.
 */
export const DEFAULT_SETTINGS: NotificationSettings = {
  workersOffline: true,
  workersLow: true,
  deposits: true,
  withdrawals: true,
  fills: false,
  exchangeCancels: false,
  alerts: true,
  deskAttention: true,
  approvals: true,
};

/** The part of the live service fill and exchange-cancel notices use. */
export interface DealStreams {
  subscribe(account: string, channel: 'deals' | 'ordersPending', topic: string): string;
  unsubscribe(id: string): boolean;
}

/** The stream each kind that needs one listens to. */
const STREAMS = [
  { kind: 'fills', channel: 'deals' },
  { kind: 'exchangeCancels', channel: 'ordersPending' },
] as const;

export interface NotificationOptions {
  /** The settings file (JSON). */
  file: string;
  /** Where an exchange's cancel goes to the window. */
  events: PageEvents;
  /** The pushes (fills, exchange cancels), mining alerts and webhook events notices are raised for. */
  bus: MainBus;
  platform: Platform;
  /** The registered accounts of the connection (labels; fill streams). */
  accounts: () => AccountView[];
  live: DealStreams;
  log: Logger;
  /** Fills arriving this close together make one notice; 400 ms by default. */
  fillWindowMs?: number;
  /** Calls the listener when accounts are added or removed (fill streams follow them); returns the way to stop. */
  onAccountsChanged: (listener: () => void) => () => void;
}

const WEBHOOK_TITLES: Record<string, { kind: NotificationKind; title: string }> = {
  'deposit.accepted': { kind: 'deposits', title: 'Deposit arriving' },
  'deposit.processed': { kind: 'deposits', title: 'Deposit credited' },
  'deposit.canceled': { kind: 'deposits', title: 'Deposit cancelled' },
  'withdraw.created': { kind: 'withdrawals', title: 'Withdrawal created' },
  'withdraw.completed': { kind: 'withdrawals', title: 'Withdrawal completed' },
  'withdraw.canceled': { kind: 'withdrawals', title: 'Withdrawal cancelled' },
};

interface Fill {
  market: string;
  side: string;
  price: string;
  amount: string;
}

function readSettings(file: string, log: Logger): NotificationSettings {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const out = { ...DEFAULT_SETTINGS };
    for (const kind of NOTIFICATION_KINDS) {
      const v = parsed[kind];
      if (typeof v === 'boolean') out[kind] = v;
    }
    return out;
  } catch (error) {
    log.log('warn', `notification settings in ${file} are unreadable; using the defaults`, error);
    return { ...DEFAULT_SETTINGS };
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export class NotificationService {
  readonly #o: NotificationOptions;
  #settings: NotificationSettings;
  readonly #stop: () => void;
  /** `account\nchannel` -> the id of its subscription. */
  readonly #streams = new Map<string, string>();
  readonly #pending = new Map<string, { fills: Fill[]; timer: ReturnType<typeof setTimeout> }>();
  /** Stops following accounts added and removed (while fill notices are on). */
  #unfollow: (() => void) | undefined;

  constructor(options: NotificationOptions) {
    this.#o = options;
    this.#settings = readSettings(options.file, options.log);
    const stops = [
      options.bus.on('live.pushes', (batch) => this.#batch(batch)),
      options.bus.on('mining.alert', (alert) => this.#mining(alert)),
      options.bus.on('webhook.event', (event) => this.#webhook(event)),
    ];
    this.#stop = () => stops.forEach((stop) => stop());
    this.#followFills();
  }

  get settings(): NotificationSettings {
    return { ...this.#settings };
  }

  /** Turns kinds on or off, saves, and answers the settings in force. */
  configure(changes: Partial<NotificationSettings>): NotificationSettings {
    const next = { ...this.#settings };
    for (const kind of NOTIFICATION_KINDS) {
      const v = changes[kind];
      if (v !== undefined) next[kind] = v;
    }
    writeJsonFile(this.#o.file, next);
    this.#settings = next;
    this.#followFills();
    return this.settings;
  }

  /** Shows one notice now, so the user sees whether the desktop lets the app show them. */
  test(): void {
    this.#o.platform.notify({
      title: 'TXC Desk notifications work',
      body: 'Workers going offline, deposits, withdrawals, fills, orders the exchange cancelled, your alerts and board rows needing attention appear like this.',
    });
  }

  close(): void {
    this.#stop();
    this.#unfollow?.();
    this.#unfollow = undefined;
    for (const id of this.#streams.values()) this.#o.live.unsubscribe(id);
    this.#streams.clear();
    for (const p of this.#pending.values()) clearTimeout(p.timer);
    this.#pending.clear();
  }

  #label(account: string): string {
    return this.#o.accounts().find((a) => a.id === account)?.label ?? 'an unknown account';
  }

  /** A notice of another service (alerts), shown only while its kind is on. */
  notify(kind: NotificationKind, title: string, body: string): void {
    this.#notify(kind, title, body);
  }

  #notify(kind: NotificationKind, title: string, body: string): void {
    if (!this.#settings[kind]) return;
    try {
      this.#o.platform.notify({ title, body });
    } catch (error) {
      this.#o.log.log('warn', 'a desktop notification could not be shown', error);
    }
  }

  #mining(alert: MiningAlertView): void {
    const label = this.#label(alert.account);
    if (alert.kind === 'offline')
      this.#notify(
        'workersOffline',
        `Workers offline on ${alert.miningAccount}`,
        `${label}: ${alert.message}`,
      );
    else this.#notify('workersLow', `Workers low on ${alert.miningAccount}`, `${label}: ${alert.message}`);
  }

  #webhook(event: Omit<WebhookEventView, 'receivedAtMs'>): void {
    const known = WEBHOOK_TITLES[event.method];
    if (!known) return;
    const p = (typeof event.params === 'object' && event.params !== null ? event.params : {}) as Record<
      string,
      unknown
    >;
    const amount = text(p['amount']);
    const ticker = text(p['ticker']) ?? text(p['currency']);
    const what = amount ? `${amount}${ticker ? ` ${ticker}` : ''}` : (ticker ?? 'funds');
    this.#notify(known.kind, known.title, `${this.#label(event.account)}: ${what}`);
  }

  #batch(batch: MainTopics['live.pushes']): void {
    const fills = this.#settings.fills && this.#streams.has(`${batch.accountId}\ndeals`);
    for (const event of batch.events) {
      if (event.channel === 'ordersPending' && event.event === 'finish') {
        const cancel = exchangeCancel(batch.accountId, event.order);
        if (!cancel) continue;
        this.#o.events.emit('orders.exchangeCancel', cancel);
        this.#notify(
          'exchangeCancels',
          `Order cancelled by the exchange on ${this.#label(batch.accountId)}`,
          cancel.message,
        );
      }
      if (!fills || event.channel !== 'deals') continue;
      const { market, side, price, amount } = event.deal;
      this.#fill(batch.accountId, { market, side, price, amount });
    }
  }

  #fill(account: string, fill: Fill): void {
    const pending = this.#pending.get(account);
    if (pending) {
      pending.fills.push(fill);
      return;
    }
    const timer = setTimeout(() => {
      const done = this.#pending.get(account);
      this.#pending.delete(account);
      if (done) this.#fillNotice(account, done.fills);
    }, this.#o.fillWindowMs ?? 400);
    timer.unref();
    this.#pending.set(account, { fills: [fill], timer });
  }

  #fillNotice(account: string, fills: Fill[]): void {
    const line = (f: Fill) =>
      `${f.side === 'buy' ? 'Bought' : 'Sold'} ${f.amount} ${f.market.replace('_', '/')} at ${f.price}`;
    const label = this.#label(account);
    if (fills.length === 1 && fills[0]) {
      this.#notify('fills', `Fill on ${label}`, line(fills[0]));
      return;
    }
    const shown = fills.slice(0, 3).map(line);
    if (fills.length > 3) shown.push(`and ${String(fills.length - 3)} more`);
    this.#notify('fills', `${String(fills.length)} fills on ${label}`, shown.join('\n'));
  }

  /**
   * Subscribes each account's deals while fill notices are on, and its open orders while
   * exchange-cancel notices are on (following accounts added and removed).
   */
  #followFills(): void {
    this.#syncStreams();
    const any = STREAMS.some((s) => this.#settings[s.kind]);
    if (any && !this.#unfollow) {
      this.#unfollow = this.#o.onAccountsChanged(() => this.#syncStreams());
    } else if (!any && this.#unfollow) {
      this.#unfollow();
      this.#unfollow = undefined;
    }
  }

  #syncStreams(): void {
    const wanted = new Map<string, { account: string; channel: 'deals' | 'ordersPending' }>();
    for (const { kind, channel } of STREAMS)
      if (this.#settings[kind])
        for (const a of this.#o.accounts()) wanted.set(`${a.id}\n${channel}`, { account: a.id, channel });
    for (const [key, id] of this.#streams) {
      if (wanted.has(key)) continue;
      this.#o.live.unsubscribe(id);
      this.#streams.delete(key);
    }
    for (const [key, { account, channel }] of wanted) {
      if (this.#streams.has(key)) continue;
      try {
        this.#streams.set(key, this.#o.live.subscribe(account, channel, '*'));
      } catch (error) {
        this.#o.log.log('warn', `notices: could not listen to the ${channel} stream of ${account}`, error);
      }
    }
  }
}
