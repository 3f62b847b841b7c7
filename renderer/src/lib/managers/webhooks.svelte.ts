import type { AccountView, EventPayload, WebhookEventView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { settled } from './errors.ts';

/** Stored webhook events read at a time. */
export const STORED_PAGE = 200;

/**
 * The webhook side of the Events screen: per account the stored webhook events (paged, newest
 * first) with a reconcile against the deposit and withdrawal history; the webhook receiver switch;
 * the account's webhook key (its secret read by main from the clipboard).
 */
export class WebhookEventsManager {
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

  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** A webhook event pushed now: on top of the stored ones (received `now()`) when it is the shown account's. */
  arrived(event: EventPayload<'webhook.event'>, now: () => number): void {
    if (event.account !== this.account) return;
    const stored: WebhookEventView = { ...event, receivedAtMs: now() };
    this.stored = [stored, ...this.stored.filter((e) => e.id !== event.id)];
  }

  async loadAccounts(): Promise<void> {
    const reply = await this.#api.accounts.list();
    if (!settled(reply, (error) => (this.accountsError = error))) return;
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
    if (!settled(reply, (error) => (this.storedError = error))) return;
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
    if (!settled(reply, (error) => (this.storedError = error))) return;
    this.reconciled = reply.value;
    await this.loadStored();
  }

  /** Turns the receiver on (answering the address to give the exchange) or off. */
  async setReceiver(enabled: boolean, port?: number): Promise<boolean> {
    this.receiverBusy = true;
    const reply = await this.#api.webhooks.receiver({ enabled, ...(port === undefined ? {} : { port }) });
    this.receiverBusy = false;
    if (!settled(reply, (error) => (this.receiverError = error))) return false;
    this.receiverUrl = reply.value;
    return true;
  }

  /** Sets the chosen account's webhook key; main reads its secret from the clipboard. */
  /** Forgets the account's webhook key and secret; main asks the person natively first. */
  async removeWebhook(): Promise<boolean> {
    const accountId = this.account;
    if (!accountId) return false;
    const reply = await this.#api.webhooks.remove({ accountId });
    if (!settled(reply, (error) => (this.configureError = error))) return false;
    this.configured = undefined;
    await this.loadAccounts();
    return true;
  }

  async configure(apiKey: string): Promise<boolean> {
    const accountId = this.account;
    if (!accountId) return false;
    const reply = await this.#api.webhooks.configure({ accountId, apiKey });
    if (!settled(reply, (error) => (this.configureError = error))) return false;
    this.configured = accountId;
    await this.loadAccounts();
    return true;
  }
}
