/**
 * The last prices the armed price alerts watch: one `lastprice` subscription per market, on the main
 * account's socket (or the first account's), moved when that account changes and dropped when no
 * armed alert watches the market any more.
 */
import type { AccountView } from '../../views/accounts.ts';
import type { Logger } from '../../log.ts';

/** The part of the live service the price follow uses. */
export interface LastPriceStreams {
  subscribe(account: string, channel: 'lastprice', topic: string): string;
  unsubscribe(id: string): boolean;
}

export class PriceFollow {
  readonly #live: LastPriceStreams;
  readonly #log: Logger;
  /** market -> the lastprice subscription (and the account whose socket carries it). */
  readonly #streams = new Map<string, { account: string; id: string }>();

  constructor(live: LastPriceStreams, log: Logger) {
    this.#live = live;
    this.#log = log;
  }

  /** Follows exactly the `wanted` markets; `accounts` is read only when there is something to do. */
  follow(wanted: ReadonlySet<string>, accounts: () => readonly AccountView[]): void {
    // Nothing to follow and nothing followed: the accounts (1,000 on a desk) need not be listed.
    if (wanted.size === 0 && this.#streams.size === 0) return;
    const listed = accounts();
    const carrier = (listed.find((a) => a.kind === 'main') ?? listed[0])?.id;
    for (const [market, s] of this.#streams) {
      if (wanted.has(market) && s.account === carrier) continue;
      this.#live.unsubscribe(s.id);
      this.#streams.delete(market);
    }
    if (carrier === undefined) return;
    for (const market of wanted) {
      if (this.#streams.has(market)) continue;
      try {
        this.#streams.set(market, {
          account: carrier,
          id: this.#live.subscribe(carrier, 'lastprice', market),
        });
      } catch (error) {
        this.#log.log('warn', `alerts: could not listen to the last price of ${market}`, error);
      }
    }
  }

  close(): void {
    for (const s of this.#streams.values()) this.#live.unsubscribe(s.id);
    this.#streams.clear();
  }
}
