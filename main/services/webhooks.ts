/**
 * Webhooks as the desk sets them up: each account's webhook key (public key in the registry, secret
 * from the clipboard into the keychain), the receiver the user turns on (loopback by default, or an
 * address they expose through their own tunnel), received events pushed to the renderer, and the
 * reconciler that fills in what never arrived.
 */
import type { Cache } from '../cache/index.ts';
import type { EventHub } from '../ipc/event-hub.ts';
import { UserFacingError } from '../ipc/errors.ts';
import type { Platform } from '../platform.ts';
import type { SecretStore } from '../vault/secret-store.ts';
import { reconcileWebhooks } from '../webhooks/reconciler.ts';
import { startWebhookReceiver, webhookSecretId, type WebhookReceiver } from '../webhooks/receiver.ts';
import type { AccountService } from './accounts.ts';

export class WebhookService {
  readonly #cache: Cache;
  readonly #accounts: AccountService;
  readonly #secrets: SecretStore;
  readonly #platform: Platform;
  readonly #events: EventHub;
  #receiver: WebhookReceiver | undefined;

  constructor(
    cache: Cache,
    accounts: AccountService,
    secrets: SecretStore,
    platform: Platform,
    events: EventHub,
  ) {
    this.#cache = cache;
    this.#accounts = accounts;
    this.#secrets = secrets;
    this.#platform = platform;
    this.#events = events;
  }

  #keys() {
    return this.#accounts.registry
      .list()
      .filter((a) => a.webhookApiKey)
      .map((a) => ({ account: a.id, apiKey: a.webhookApiKey as string }));
  }

  /** Sets the account's webhook key; its secret (shown once by the exchange) is read from the clipboard. */
  async configure(accountId: string, apiKey: string): Promise<void> {
    const secret = await this.#platform.takeSecretFromClipboard();
    if (!secret) {
      throw new UserFacingError(
        'clipboard_empty',
        'Copy the webhook secret to the clipboard first: the app reads it from there and clears the clipboard.',
        'secret',
      );
    }
    this.#accounts.registry.setWebhookKey(accountId, apiKey);
    await this.#secrets.set(webhookSecretId(accountId), secret);
  }

  async remove(accountId: string): Promise<void> {
    this.#accounts.registry.setWebhookKey(accountId, null);
    await this.#secrets.delete(webhookSecretId(accountId));
  }

  /** Starts (or stops, with enabled false) the receiver; answers the address it listens on. */
  async receiver(enabled: boolean, port = 0, host = '127.0.0.1'): Promise<string | null> {
    await this.#receiver?.close();
    this.#receiver = undefined;
    if (!enabled) return null;
    this.#receiver = await startWebhookReceiver({
      cache: this.#cache,
      secrets: this.#secrets,
      keys: () => this.#keys(),
      onEvent: (event) => this.#events.emit('webhook.event', event),
      port,
      host,
    });
    return this.#receiver.url;
  }

  /** The receiver's address, or null while it is off. */
  get receiverUrl(): string | null {
    return this.#receiver?.url ?? null;
  }

  /** Fills in from the deposit/withdraw history the events of an account that never arrived. */
  async reconcile(accountId: string): Promise<number> {
    const caller = (await this.#accounts.caller(accountId)).inBackground();
    return reconcileWebhooks({ cache: this.#cache, caller, account: accountId });
  }

  async close(): Promise<void> {
    await this.#receiver?.close();
    this.#receiver = undefined;
  }
}
