import type {
  AccountView,
  EventPayload,
  MiningAlertView,
  Notice,
  SyncFinished,
  WebhookEventView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { methodWords, webhookWords } from './event-words.ts';

export type EventKind =
  'alert' | 'attention' | 'desk' | 'webhook' | 'order' | 'mining' | 'sync' | 'notice' | 'stream';

export const EVENT_KINDS: ReadonlyArray<{ id: EventKind; label: string }> = [
  { id: 'alert', label: 'Alerts' },
  { id: 'desk', label: "Teammates' changes" },
  { id: 'attention', label: 'Board attention' },
  { id: 'webhook', label: 'Webhooks' },
  { id: 'order', label: 'Cancelled by the exchange' },
  { id: 'mining', label: 'Mining alerts' },
  { id: 'sync', label: 'Sync outcomes' },
  { id: 'notice', label: 'Notices' },
  { id: 'stream', label: 'Stream states' },
];

/** One line of the live list. */
export interface LiveEntry {
  seq: number;
  kind: EventKind;
  atMs: number;
  /** Account id, when the event names one. */
  account?: string | undefined;
  title: string;
  words: string;
  level: 'info' | 'warning' | 'error';
}

/** The most recent events kept in the live list. */
export const LIVE_LIMIT = 500;
/** Stored webhook events read at a time. */
export const STORED_PAGE = 200;

/** The webhook words live beside the manager; the screens import them from here. */
export { methodWords, webhookWords };

const SYNC_WORDS: Record<SyncFinished['outcome'], string> = {
  done: 'History sync finished',
  cancelled: 'History sync cancelled',
  failed: 'History sync failed',
};

/**
 * The Events screen's state: a live list (newest first) of what main pushes — webhook events, mining
 * alerts, sync outcomes, notices and stream states — with kind filters; per account the stored
 * webhook events with a reconcile; the webhook receiver switch and the account's webhook key.
 * It lives as long as the window so that events arriving on other screens are kept.
 */
export class EventsManager {
  live = $state<LiveEntry[]>([]);
  shown = $state<Record<EventKind, boolean>>({
    alert: true,
    attention: true,
    desk: true,
    webhook: true,
    order: true,
    mining: true,
    sync: true,
    notice: true,
    stream: true,
  });

  accounts = $state<AccountView[]>([]);
  accountsError = $state<IpcError | undefined>();
  account = $state<string | undefined>();
  stored = $state<WebhookEventView[]>([]);
  storedLoading = $state(false);
  storedError = $state<IpcError | undefined>();
  /** A full page came back: older events may follow. */
  storedMore = $state(false);
  reconciled = $state<number | undefined>();
  reconciling = $state(false);

  receiverUrl = $state<string | null>(null);
  receiverBusy = $state(false);
  receiverError = $state<IpcError | undefined>();

  configureError = $state<IpcError | undefined>();
  configured = $state<string | undefined>();

  #seq = 0;
  /** Accounts whose socket has been live since it last opened (consulted, never drawn). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #wasLive = new Set<string>();
  readonly #api: TxcApi;
  readonly #now: () => number;

  constructor(api: TxcApi, now: () => number = Date.now) {
    this.#api = api;
    this.#now = now;
  }

  get visible(): LiveEntry[] {
    return this.live.filter((e) => this.shown[e.kind]);
  }

  count(kind: EventKind): number {
    return this.live.filter((e) => e.kind === kind).length;
  }

  /** Adds an entry at the top, at the moment main gives (`atMs`) or now. */
  #push(entry: Omit<LiveEntry, 'seq' | 'atMs'>, atMs = this.#now()): void {
    this.#seq += 1;
    this.live = [{ ...entry, seq: this.#seq, atMs }, ...this.live].slice(0, LIVE_LIMIT);
  }

  webhook(event: EventPayload<'webhook.event'>): void {
    this.#push({
      kind: 'webhook',
      account: event.account,
      title: methodWords(event.method),
      words: webhookWords(event.params),
      level: event.method.endsWith('failed') || event.method.endsWith('canceled') ? 'warning' : 'info',
    });
    if (event.account === this.account) {
      const stored: WebhookEventView = { ...event, receivedAtMs: this.#now() };
      this.stored = [stored, ...this.stored.filter((e) => e.id !== event.id)];
    }
  }

  /** A price or account alert fired, in main's words (the moment is the entry's time). */
  alert(fired: EventPayload<'alerts.fired'>): void {
    this.#push(
      {
        kind: 'alert',
        account: fired.account,
        title: fired.title,
        words: fired.message,
        level: 'warning',
      },
      fired.atMs,
    );
  }

  /** Board rows that entered attention in one refresh, in main's words (one entry for all of them). */
  attention(entered: EventPayload<'board.attention'>): void {
    this.#push(
      {
        kind: 'attention',
        account: entered.account,
        title: entered.title,
        words: entered.message,
        level: 'warning',
      },
      entered.atMs,
    );
  }

  /**
   * A teammate's change of the desk (an account's identity or its removal, the address book, the
   * guards) this app took or refused, in main's words, at the moment it was made (the server's clock).
   */
  teamChange(change: EventPayload<'team.change'>): void {
    this.#push(
      {
        kind: 'desk',
        account: change.account,
        title: change.title,
        words: change.words,
        level: change.level,
      },
      change.atMs,
    );
  }

  /** An order the exchange cancelled on its own, in main's words. */
  exchangeCancel(cancel: EventPayload<'orders.exchangeCancel'>): void {
    this.#push({
      kind: 'order',
      account: cancel.accountId,
      title: 'Order cancelled by the exchange',
      words: cancel.message,
      level: 'warning',
    });
  }

  mining(alert: MiningAlertView): void {
    this.#push({
      kind: 'mining',
      account: alert.account,
      title:
        alert.kind === 'offline'
          ? `Workers offline on ${alert.miningAccount}`
          : `Workers low on ${alert.miningAccount}`,
      words: `${alert.message} (online ${alert.online}, offline ${alert.offline}, low ${alert.low})`,
      level: 'warning',
    });
  }

  sync(finished: SyncFinished): void {
    this.#push({
      kind: 'sync',
      account: finished.account,
      title: SYNC_WORDS[finished.outcome],
      words: finished.message ?? '',
      level: finished.outcome === 'failed' ? 'error' : finished.outcome === 'cancelled' ? 'warning' : 'info',
    });
  }

  notice(notice: Notice): void {
    this.#push({ kind: 'notice', title: 'Notice', words: notice.message, level: notice.level });
  }

  /**
   * A socket's states once it has been live: lost, reconnecting, back. Its first opening and a close
   * the app asked for are no event (the board opens and closes a thousand of them at a time).
   */
  stream(payload: EventPayload<'ws.state'>): void {
    const { accountId, state } = payload;
    if (state === 'stopped' || state === 'idle') {
      this.#wasLive.delete(accountId);
      return;
    }
    const known = this.#wasLive.has(accountId);
    if (state === 'live') this.#wasLive.add(accountId);
    if (!known) return;
    this.#push({
      kind: 'stream',
      account: accountId,
      title: `WebSocket ${state}`,
      words:
        state === 'stale'
          ? 'The live data may have missed a change: the app reconnects and reads the account again.'
          : '',
      level: state === 'live' ? 'info' : 'warning',
    });
  }

  /** Starts listening to every pushed event the list shows; returns a function that stops. */
  listen(): () => void {
    const stops = [
      this.#api.on('webhook.event', (e) => this.webhook(e)),
      this.#api.on('orders.exchangeCancel', (e) => this.exchangeCancel(e)),
      this.#api.on('alerts.fired', (e) => this.alert(e)),
      this.#api.on('board.attention', (e) => this.attention(e)),
      this.#api.on('team.change', (e) => this.teamChange(e)),
      this.#api.on('mining.alert', (e) => this.mining(e)),
      this.#api.on('sync.finished', (e) => this.sync(e)),
      this.#api.on('app.notice', (e) => this.notice(e)),
      this.#api.on('ws.state', (e) => this.stream(e)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  clear(): void {
    this.live = [];
  }

  async loadAccounts(): Promise<void> {
    const reply = await this.#api.accounts.list();
    if (!reply.ok) {
      this.accountsError = reply.error;
      return;
    }
    this.accountsError = undefined;
    this.accounts = reply.value;
    if (!this.account || !reply.value.some((a) => a.id === this.account)) {
      await this.choose(reply.value[0]?.id);
    }
  }

  async choose(accountId: string | undefined): Promise<void> {
    this.account = accountId;
    this.stored = [];
    this.storedMore = false;
    this.reconciled = undefined;
    this.configured = undefined;
    this.configureError = undefined;
    if (accountId) await this.loadStored();
  }

  async loadStored(): Promise<void> {
    await this.#storedPage(undefined);
  }

  /** The next page of older stored events, after the oldest one shown. */
  async loadOlder(): Promise<void> {
    const last = this.stored.at(-1);
    if (last) await this.#storedPage(last);
  }

  /** A page of stored events: the newest, or those older than `after` added below the ones shown. */
  async #storedPage(after: WebhookEventView | undefined): Promise<void> {
    const accountId = this.account;
    if (!accountId) return;
    this.storedLoading = true;
    const reply = await this.#api.webhooks.events({
      accountId,
      ...(after ? { before: { receivedAtMs: after.receivedAtMs, id: after.id } } : {}),
      limit: STORED_PAGE,
    });
    this.storedLoading = false;
    if (accountId !== this.account) return;
    if (!reply.ok) {
      this.storedError = reply.error;
      return;
    }
    this.storedError = undefined;
    const shown = after ? this.stored : [];
    const seen = shown.map((e) => e.id);
    this.stored = [...shown, ...reply.value.filter((e) => !seen.includes(e.id))];
    this.storedMore = reply.value.length === STORED_PAGE;
  }

  async reconcile(): Promise<void> {
    const accountId = this.account;
    if (!accountId) return;
    this.reconciling = true;
    const reply = await this.#api.webhooks.reconcile({ accountId });
    this.reconciling = false;
    if (!reply.ok) {
      this.storedError = reply.error;
      return;
    }
    this.storedError = undefined;
    this.reconciled = reply.value;
    await this.loadStored();
  }

  /** Turns the receiver on (answering the address to give the exchange) or off. */
  async setReceiver(enabled: boolean, port?: number): Promise<boolean> {
    this.receiverBusy = true;
    const reply = await this.#api.webhooks.receiver({ enabled, ...(port === undefined ? {} : { port }) });
    this.receiverBusy = false;
    if (!reply.ok) {
      this.receiverError = reply.error;
      return false;
    }
    this.receiverError = undefined;
    this.receiverUrl = reply.value;
    return true;
  }

  /** Sets the chosen account's webhook key; main reads its secret from the clipboard. */
  /** Forgets the account's webhook key and secret; main asks the person natively first. */
  async removeWebhook(): Promise<boolean> {
    const accountId = this.account;
    if (!accountId) return false;
    const reply = await this.#api.webhooks.remove({ accountId });
    if (!reply.ok) {
      this.configureError = reply.error;
      return false;
    }
    this.configureError = undefined;
    this.configured = undefined;
    await this.loadAccounts();
    return true;
  }

  async configure(apiKey: string): Promise<boolean> {
    const accountId = this.account;
    if (!accountId) return false;
    const reply = await this.#api.webhooks.configure({ accountId, apiKey });
    if (!reply.ok) {
      this.configureError = reply.error;
      return false;
    }
    this.configureError = undefined;
    this.configured = accountId;
    await this.loadAccounts();
    return true;
  }
}
