/** One WebSocket connection per account, however many views ask for one. */
import { WsClient } from './client.ts';
import type { WsClientOptions } from './client.ts';
import type { Lane } from './pacer.ts';

export class WsClients {
  readonly #clients = new Map<string, WsClient>();
  readonly #options: (accountId: string) => WsClientOptions;

  /** `options` builds the client of an account (its url and its token source). */
  constructor(options: (accountId: string) => WsClientOptions) {
    this.#options = options;
  }

  /** The account's client, created and started on first use (its connects in `lane`). */
  get(accountId: string, lane: Lane = 'interactive'): WsClient {
    let c = this.#clients.get(accountId);
    if (!c) {
      c = new WsClient(this.#options(accountId));
      this.#clients.set(accountId, c);
      c.start(lane);
    }
    return c;
  }

  /** The account's client when one exists, without creating it. */
  peek(accountId: string): WsClient | undefined {
    return this.#clients.get(accountId);
  }

  /** Stops and forgets one account's client (account removed, key changed). */
  drop(accountId: string): void {
    this.#clients.get(accountId)?.stop();
    this.#clients.delete(accountId);
  }

  stopAll(): void {
    for (const c of this.#clients.values()) c.stop();
    this.#clients.clear();
  }

  get size(): number {
    return this.#clients.size;
  }
}
