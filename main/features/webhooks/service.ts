/**
 * Webhooks as the desk sets them up: each account's webhook key (public key in the registry, secret
 * from the clipboard into the keychain, and kept in main's memory once read so a delivery never reads
 * the keychain), the receiver the user turns on (loopback; any other address only after the person
 * confirms it in main's dialog, and only behind a TLS proxy of their own), received events pushed to
 * the renderer, and the reconciler that fills in what never arrived.
 */
import { join } from 'node:path';
import type { Cache } from '../../cache/index.ts';
import type { MainBus } from '../../bus.ts';
import { UserFacingError } from '../../errors.ts';
import type { Platform } from '../../platform.ts';
import { webhookSecretId, type SecretStore } from '../../vault/secret-store.ts';
import { reconcileWebhooks } from '../../webhooks/reconciler.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../webhooks/receiver.ts';
import { normalizeAddress } from '../../webhooks/sender.ts';
import { TrustedProxyFile } from './proxy.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';

/** How long after a webhook key is set up `/service-verification` names it without being asked. */
export const VERIFY_WINDOW_MS = 15 * 60_000;
const LOOPBACK = new Set(['127.0.0.1', '::1']);

export class WebhookService {
  readonly #cache: Cache;
  readonly #accounts: AccountService;
  readonly #secrets: SecretStore;
  readonly #platform: Platform;
  readonly #events: MainBus;
  readonly #now: () => number;
  #receiver: WebhookReceiver | undefined;
  /** Account -> its webhook secret, read from the keychain at most once (dropped when removed). */
  readonly #known = new Map<string, Promise<string | undefined>>();
  /** Account -> until when its key is being verified. */
  readonly #verifying = new Map<string, number>();
  readonly #stopWatching: () => void;
  /** The TLS proxy in front of the receiver, kept in the profile (none: `X-Forwarded-For` is ignored). */
  readonly #proxy: TrustedProxyFile;

  constructor(
    cache: Cache,
    accounts: AccountService,
    secrets: SecretStore,
    platform: Platform,
    events: MainBus,
    /** Where `webhook-proxy.json` is kept (none: the trusted proxy lives in memory only). */
    profileDir?: string,
    now: () => number = Date.now,
  ) {
    this.#proxy = new TrustedProxyFile(profileDir && join(profileDir, 'webhook-proxy.json'));
    this.#cache = cache;
    this.#accounts = accounts;
    this.#secrets = secrets;
    this.#platform = platform;
    this.#events = events;
    this.#now = now;
    // A removed account's webhook secret leaves main's memory with it (the registry deletes its entry).
    this.#stopWatching = accounts.registry.onAccountsChanged(() => {
      for (const account of this.#known.keys()) if (!accounts.registry.get(account)) this.#forget(account);
    });
  }

  #forget(account: string): void {
    this.#known.delete(account);
    this.#verifying.delete(account);
  }

  #keys() {
    const now = this.#now();
    return this.#accounts.registry
      .list()
      .filter((a) => a.webhookApiKey)
      .map((a) => ({
        account: a.id,
        apiKey: a.webhookApiKey as string,
        verifying: (this.#verifying.get(a.id) ?? 0) > now,
      }));
  }

  /** The account's webhook secret from memory; the keychain is read the first time only. */
  #secret(account: string): Promise<string | undefined> {
    let secret = this.#known.get(account);
    if (!secret) {
      secret = this.#secrets.get(webhookSecretId(account));
      this.#known.set(account, secret);
      // A failed read is not remembered: the next delivery tries the keychain again.
      secret.catch(() => this.#known.delete(account));
    }
    return secret;
  }

  /**
   * Sets the account's webhook key; its secret (shown once by the exchange) is read from the clipboard,
   * only once the person confirmed in main's own dialog which account it is for.
   */
  async configure(accountId: string, apiKey: string): Promise<void> {
    const account = this.#accounts.registry.get(accountId);
    if (!account)
      throw new UserFacingError('not_found', 'That account is not in the registry any more.', 'accountId');
    await requireConfirmation(this.#platform, {
      title: `Set up the webhook key of "${account.label}"?`,
      facts: [
        { label: 'Account', value: account.label },
        { label: 'Webhook key', value: apiKey },
        {
          label: 'Secret',
          value: 'read from the clipboard into the keychain, then the clipboard is cleared',
        },
      ],
      action: 'Set webhook key',
      ...(account.webhookApiKey && account.webhookApiKey !== apiKey
        ? {
            warning: `It replaces the webhook key ${account.webhookApiKey}: deliveries signed with that one are refused from now on.`,
          }
        : {}),
    });
    const secret = await this.#platform.takeSecretFromClipboard();
    if (!secret) {
      throw new UserFacingError(
        'clipboard_empty',
        'Copy the webhook secret to the clipboard first: the app reads it from there and clears the clipboard.',
        'secret',
      );
    }
    await this.#accounts.registry.setWebhookKey(accountId, apiKey);
    await this.#secrets.set(webhookSecretId(accountId), secret);
    this.#known.set(accountId, Promise.resolve(secret));
    this.#verifying.set(accountId, this.#now() + VERIFY_WINDOW_MS);
  }

  /** Forgets the account's webhook key and secret once confirmed in main's dialog; later deliveries are refused. */
  async remove(accountId: string): Promise<void> {
    const account = this.#accounts.registry.get(accountId);
    if (!account?.webhookApiKey)
      throw new UserFacingError('not_found', 'That account has no webhook key set up.', 'accountId');
    await requireConfirmation(this.#platform, {
      title: `Remove the webhook key of "${account.label}"?`,
      facts: [
        { label: 'Account', value: account.label },
        { label: 'Webhook key', value: account.webhookApiKey },
        { label: 'After', value: 'deliveries signed with this key are refused by the receiver' },
      ],
      action: 'Remove webhook key',
      warning:
        'The webhook stays set up on the exchange until it is deleted there: events it sends meanwhile are refused, and come back only through Reconcile.',
    });
    await this.#accounts.registry.setWebhookKey(accountId, null);
    this.#forget(accountId);
    await this.#secrets.delete(webhookSecretId(accountId));
  }

  /**
   * Starts (or stops, with enabled false) the receiver; answers the address it listens on. Any
   * address but loopback is asked natively first: it is plain HTTP, for a TLS proxy in front of it.
   */
  async receiver(enabled: boolean, port = 0, host = '127.0.0.1'): Promise<string | null> {
    if (enabled && !LOOPBACK.has(host)) {
      await requireConfirmation(this.#platform, {
        title: 'Let other computers reach the webhook receiver?',
        facts: [
          { label: 'Listens on', value: `every network address of this computer (${host})` },
          { label: 'Port', value: port === 0 ? 'any free port' : String(port) },
          { label: 'Protocol', value: 'plain HTTP, without encryption' },
        ],
        action: 'Open to the network',
        warning:
          'Put a TLS reverse proxy in front of it: the exchange must reach it over HTTPS, and this port must not be reachable from the internet directly.',
      });
    }
    await this.#receiver?.close();
    this.#receiver = undefined;
    if (!enabled) return null;
    this.#receiver = await startWebhookReceiver({
      cache: this.#cache,
      secret: (account) => this.#secret(account),
      keys: () => this.#keys(),
      onEvent: (event) => this.#events.emit('webhook.event', event),
      trustedProxy: () => this.#proxy.address,
      port,
      host,
    });
    return this.#receiver.url;
  }

  /** The TLS proxy whose `X-Forwarded-For` names the sender, or null when none is trusted. */
  get trustedProxy(): string | null {
    return this.#proxy.address ?? null;
  }

  /**
   * Trusts the TLS proxy at `address` ('' trusts none): from it, the receiver takes the sender from
   * the last `X-Forwarded-For` hop. Trusting one is asked natively first: whoever sends from that
   * address can name any sender.
   */
  async setTrustedProxy(address: string): Promise<string | null> {
    const text = address.trim();
    if (text === '') {
      this.#proxy.set(undefined);
      return null;
    }
    const normalized = normalizeAddress(text);
    if (!normalized)
      throw new UserFacingError(
        'invalid_input',
        `"${text}" is not an IP address: give the address the proxy connects from, such as 127.0.0.1 or 10.0.0.5.`,
        'address',
      );
    if (normalized === this.#proxy.address) return normalized;
    await requireConfirmation(this.#platform, {
      title: `Trust the proxy at ${normalized} to name webhook senders?`,
      facts: [
        { label: 'Proxy address', value: normalized },
        { label: 'From it', value: 'the sender is the last X-Forwarded-For address the proxy wrote' },
        { label: 'From anyone else', value: 'X-Forwarded-For is ignored' },
      ],
      action: 'Trust this proxy',
      warning:
        'Give only the address of your own TLS proxy: anything sending from it can name any sender and so spend other senders’ budgets.',
    });
    this.#proxy.set(normalized);
    return normalized;
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
    this.#stopWatching();
    await this.#receiver?.close();
    this.#receiver = undefined;
  }
}
