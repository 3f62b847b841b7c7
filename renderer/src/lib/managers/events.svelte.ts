import type { EventPayload, MiningAlertView, Notice, SyncFinished } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { methodWords, webhookWords } from './event-words.ts';
import { WebhookEventsManager } from './webhooks.svelte.ts';

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

/** The webhook words live beside the manager; the screens import them from here. */
export { methodWords, webhookWords };

const SYNC_WORDS: Record<SyncFinished['outcome'], string> = {
  done: 'History sync finished',
  cancelled: 'History sync cancelled',
  failed: 'History sync failed',
};

/**
 * The Events screen's state: a live list (newest first) of what main pushes — webhook events, mining
 * alerts, sync outcomes, notices and stream states — with kind filters; beside it (`webhooks`) per
 * account the stored webhook events, the receiver switch and the account's webhook key.
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

  /** The stored webhook events of one account, the receiver and the account's webhook key. */
  readonly webhooks: WebhookEventsManager;

  #seq = 0;
  /** Accounts whose socket has been live since it last opened (consulted, never drawn). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #wasLive = new Set<string>();
  readonly #api: TxcApi;
  readonly #now: () => number;

  constructor(api: TxcApi, now: () => number = Date.now) {
    this.#api = api;
    this.#now = now;
    this.webhooks = new WebhookEventsManager(api);
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
    this.webhooks.arrived(event, this.#now);
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
}
