/**
 * Which pushes each page reads: the channels and topics of the live subscriptions a page made itself
 * (the board's, which main follows for it, are not among them). An account's batch crosses to a page
 * narrowed to those, or not at all, so pushes no screen of a page reads stay in main.
 */
import { eventTopic } from '../../exchange/ws/views.ts';
import type { LiveBatch } from '../../views/live.ts';

export class PageReads {
  /** page -> account -> `channel` and `channel\ntopic` -> subscriptions. */
  readonly #reads = new Map<string, Map<string, Map<string, number>>>();

  /** A page's subscription starts (1) or ends (-1). */
  change(page: string, account: string, channel: string, topic: string, by: 1 | -1): void {
    let accounts = this.#reads.get(page);
    if (!accounts) this.#reads.set(page, (accounts = new Map()));
    let reads = accounts.get(account);
    if (!reads) accounts.set(account, (reads = new Map()));
    for (const key of [channel, `${channel}\n${topic}`]) {
      const n = (reads.get(key) ?? 0) + by;
      if (n > 0) reads.set(key, n);
      else reads.delete(key);
    }
    if (reads.size === 0) accounts.delete(account);
    if (accounts.size === 0) this.#reads.delete(page);
  }

  /** Whether the page follows any channel of the account. */
  follows(page: string | undefined, account: string): boolean {
    return page !== undefined && (this.#reads.get(page)?.has(account) ?? false);
  }

  /**
   * The part of an account's batch the page subscribed to: a push about a market by its market or
   * `*`, any other by its channel; undefined when none of it.
   */
  batchFor(page: string | undefined, batch: LiveBatch): LiveBatch | undefined {
    const reads = page === undefined ? undefined : this.#reads.get(page)?.get(batch.accountId);
    if (!reads) return undefined;
    const events = batch.events.filter((e) => {
      const topic = eventTopic(e);
      return topic === ''
        ? reads.has(e.channel)
        : reads.has(`${e.channel}\n*`) || reads.has(`${e.channel}\n${topic}`);
    });
    if (events.length === 0) return undefined;
    return events.length === batch.events.length ? batch : { ...batch, events };
  }

  clear(): void {
    this.#reads.clear();
  }
}
