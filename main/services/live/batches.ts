/**
 * The pushes of each account, at most one batch per 150 ms (`PushCoalescer`) before they go on: a
 * push after a quiet spell goes at once, and only pushes close behind a batch wait for the window.
 */
import { PushCoalescer, type Channel, type PushBatch } from '../../exchange/ws/index.ts';

export class AccountBatches {
  readonly #coalescers = new Map<string, PushCoalescer>();
  /** Per account and channel, the forwarder every topic's listener shares (see `forwarder`). */
  readonly #forwarders = new Map<string, (params: unknown) => void>();
  readonly #sink: (account: string, batch: PushBatch) => void;
  readonly #unreadable: (account: string, channel: Channel) => void;

  /** `unreadable`: a push of the account its channel's reader could not read. */
  constructor(
    sink: (account: string, batch: PushBatch) => void,
    unreadable: (account: string, channel: Channel) => void,
  ) {
    this.#sink = sink;
    this.#unreadable = unreadable;
  }

  #coalescer(account: string): PushCoalescer {
    let coalescer = this.#coalescers.get(account);
    if (!coalescer) {
      coalescer = new PushCoalescer({
        sink: (batch) => this.#sink(account, batch),
        onUnreadable: (channel) => this.#unreadable(account, channel),
      });
      this.#coalescers.set(account, coalescer);
    }
    return coalescer;
  }

  /**
   * Adds an account's pushes of one channel to its batch. The client hands a push about one market to
   * that market's listeners and to `*`'s, so the topics of a channel share this one function, which
   * lets the same push object through only once.
   */
  forwarder(account: string, channel: Channel): (params: unknown) => void {
    const key = `${account}\n${channel}`;
    let forward = this.#forwarders.get(key);
    if (!forward) {
      const coalescer = this.#coalescer(account);
      let last: unknown;
      forward = (params) => {
        if (params === last) return;
        last = params;
        coalescer.add(channel, params);
      };
      this.#forwarders.set(key, forward);
    }
    return forward;
  }

  /** Sends what the account has gathered and forgets it (its socket closes). */
  drop(account: string): void {
    this.#coalescers.get(account)?.flush();
    this.#coalescers.delete(account);
    for (const key of this.#forwarders.keys())
      if (key.startsWith(`${account}\n`)) this.#forwarders.delete(key);
  }

  flushAll(): void {
    for (const c of this.#coalescers.values()) c.flush();
  }
}
