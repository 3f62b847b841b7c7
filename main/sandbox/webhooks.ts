/**
 * Webhook deliveries: one webhook per account with its own key and secret, enabled only after the
 * consumer's domain proves it holds the key (`/service-verification` JSON array or
 * `/service-verification.txt`). Events are POSTed signed like REST calls, with `params.nonce` always
 * increasing; a failed delivery is retried (about an hour apart by default, on server time).
 */
import { createHmac } from 'node:crypto';
import { uuidFrom } from './fixture.ts';
import type { SandboxState } from './state.ts';

export interface WebhookOptions {
  /** Delay between attempts, server milliseconds (default one hour). */
  retryIntervalMs?: number;
  /** Attempts before an event is given up (default 24: about a day). */
  maxAttempts?: number;
}

export interface WebhookConfig {
  accountId: string;
  url: string;
  apiKey: string;
  apiSecret: string;
  enabled: boolean;
  lastNonce: number;
}

interface Delivery {
  accountId: string;
  method: string;
  /** Same on every attempt, so the consumer can dedupe. */
  id: string;
  params: Record<string, unknown>;
  attempts: number;
  nextAt: number;
}

export class Webhooks {
  readonly hooks = new Map<string, WebhookConfig>();
  private queue: Delivery[] = [];
  private readonly state: SandboxState;
  private readonly retryMs: number;
  private readonly maxAttempts: number;
  private flushing: Promise<void> | undefined;
  private followUp: Promise<void> | undefined;

  constructor(state: SandboxState, options: WebhookOptions = {}) {
    this.state = state;
    this.retryMs = options.retryIntervalMs ?? 3_600_000;
    this.maxAttempts = options.maxAttempts ?? 24;
  }

  /** Creates (or replaces) the account's webhook; the secret is only ever returned here. */
  create(accountId: string, url: string): { apiKey: string; apiSecret: string } {
    const apiKey = this.state.rng.hex(16);
    const apiSecret = this.state.rng.hex(16);
    this.hooks.set(accountId, { accountId, url, apiKey, apiSecret, enabled: false, lastNonce: 0 });
    return { apiKey, apiSecret };
  }

  /** Enables the webhook once its domain serves the public key; throws when it does not. */
  async enable(accountId: string): Promise<void> {
    const hook = this.hooks.get(accountId);
    if (!hook) throw new Error('no webhook for this account');
    const origin = new URL(hook.url).origin;
    const proofs = [`${origin}/service-verification`, `${origin}/service-verification.txt`];
    for (const proof of proofs) {
      try {
        const res = await fetch(proof);
        const text = await res.text();
        if (!res.ok) continue;
        if (proof.endsWith('.txt') ? text.includes(hook.apiKey) : isKeyList(text, hook.apiKey)) {
          hook.enabled = true;
          return;
        }
      } catch {
        // try the next proof
      }
    }
    throw new Error(`domain of ${hook.url} is not verified for the webhook key`);
  }

  /** Queues an event for the account's webhook, if it has an enabled one. */
  emit(accountId: string, method: string, params: Record<string, unknown>): void {
    const hook = this.hooks.get(accountId);
    if (!hook?.enabled) return;
    const id = uuidFrom(this.state.rng.hex(16));
    this.queue.push({ accountId, method, id, params, attempts: 0, nextAt: this.state.now() });
  }

  /**
   * Delivers every event due now; resolves when all attempts of that delivery finished. While a round
   * is out, the events queued since go in one more round right after it (callers waiting meanwhile
   * share it), so a flush never resolves on a round that began before its own events were queued.
   */
  flush(): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.round().finally(() => {
        this.flushing = undefined;
      });
      return this.flushing;
    }
    this.followUp ??= this.flushing.then(() => {
      this.followUp = undefined;
      return this.flush();
    });
    return this.followUp;
  }

  pending(): number {
    return this.queue.length;
  }

  private async round(): Promise<void> {
    const now = this.state.now();
    const due = this.queue.filter((d) => d.nextAt <= now);
    // one webhook's events go out one after another, so their nonces arrive in increasing order
    const byHook = new Map<string, Delivery[]>();
    for (const d of due) byHook.set(d.accountId, [...(byHook.get(d.accountId) ?? []), d]);
    await Promise.all(
      [...byHook.values()].map(async (list) => {
        for (const d of list) await this.deliver(d);
      }),
    );
    this.queue = this.queue.filter((d) => d.attempts >= 0 && d.attempts < this.maxAttempts);
  }

  private async deliver(d: Delivery): Promise<void> {
    const hook = this.hooks.get(d.accountId);
    if (!hook) {
      d.attempts = -1;
      return;
    }
    // every attempt carries a fresh, greater nonce
    hook.lastNonce = Math.max(hook.lastNonce + 1, this.state.now());
    const body = JSON.stringify({
      method: d.method,
      id: d.id,
      params: { nonce: hook.lastNonce, ...d.params },
    });
    const payload = Buffer.from(body, 'utf8').toString('base64');
    let ok = false;
    try {
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: {
          'Content-type': 'application/json',
          'X-TXC-APIKEY': hook.apiKey,
          'X-TXC-PAYLOAD': payload,
          'X-TXC-SIGNATURE': createHmac('sha512', hook.apiSecret).update(payload).digest('hex'),
        },
        body,
        signal: AbortSignal.timeout(5000),
      });
      await res.arrayBuffer();
      ok = res.status === 200;
    } catch {
      ok = false;
    }
    if (ok) d.attempts = -1;
    else {
      d.attempts++;
      d.nextAt = this.state.now() + this.retryMs;
    }
  }
}

function isKeyList(text: string, key: string): boolean {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) && v.includes(key);
  } catch {
    return false;
  }
}
