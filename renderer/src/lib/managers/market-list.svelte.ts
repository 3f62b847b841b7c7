import type { MarketView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { rememberMarkets } from '../format/market-steps.svelte.ts';
import { readOnce } from './early-reads.ts';
import { settled } from './errors.ts';

/**
 * The exchange's markets for the window: read when the window opens (the palette lists them) and read
 * again by each screen that picks a market. A screen opened while a read is on its way shares it, and
 * one opened after works from the list already known while its own read is on the way.
 */
export class MarketList {
  /** The last list read; empty until the first answer. */
  markets = $state.raw<MarketView[]>([]);
  /** The last read failed (the list keeps what an earlier read gave). */
  error = $state<IpcError | undefined>();
  /** Whether a list has been read at least once. */
  loaded = $state(false);
  readonly #api: TxcApi;
  #reading: Promise<void> | undefined;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** Reads the list; a read already on its way is shared. */
  load(): Promise<void> {
    // The window asks its list as it opens (`early-reads.ts`): the first read takes that answer.
    this.#reading ??= readOnce('markets.list', undefined, () => this.#api.markets.list()).then((reply) => {
      this.#reading = undefined;
      if (!settled(reply, (error) => (this.error = error))) return;
      this.loaded = true;
      // The same list again (the usual case) changes nothing on screen.
      if (JSON.stringify(reply.value) !== JSON.stringify(this.markets)) {
        this.markets = reply.value;
        rememberMarkets(reply.value);
      }
    });
    return this.#reading;
  }
}
