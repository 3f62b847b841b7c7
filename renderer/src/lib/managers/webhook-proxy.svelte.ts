import type { IpcError, TxcApi } from '../api.ts';
import { settled } from './errors.ts';

/**
 * The TLS proxy the webhook receiver believes (Settings): read, typed and saved; main asks in its own
 * window before it trusts one, and refuses anything but an IP address.
 */
export class WebhookProxyManager {
  /** The address in force; null when no proxy is trusted, undefined until read. */
  inForce = $state<string | null | undefined>();
  address = $state('');
  error = $state<IpcError | undefined>();
  saving = $state(false);
  saved = $state(false);
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    const reply = await this.#api.webhooks.trustedProxy();
    if (!settled(reply, (error) => (this.error = error))) return;
    this.inForce = reply.value;
    this.address = reply.value ?? '';
  }

  async save(): Promise<void> {
    this.saving = true;
    const reply = await this.#api.webhooks.setTrustedProxy({ address: this.address.trim() });
    this.saving = false;
    if (!reply.ok) {
      this.error = reply.error;
      this.saved = false;
      return;
    }
    this.error = undefined;
    this.saved = true;
    this.inForce = reply.value;
    this.address = reply.value ?? '';
  }
}
