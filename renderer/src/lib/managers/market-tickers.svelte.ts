import type { MarketTickerView } from '../../../../main/ipc/contract.ts';
import { tickOf } from '../format/market-steps.svelte.ts';
import { formatNumber } from '../format/number.ts';
import type { TxcApi } from '../api.ts';

/** Read again at most this often when the market picker is opened (the exchange caches them 1 s). */
const FRESH_MS = 10_000;

/**
 * Every market's ticker (`markets.tickers`), for the Trade screen's market picker: each market with
 * its last price and 24 h change, and a market whose trading is off said so. Kept as last read when a
 * read fails (the picker still lists every market).
 */
export class MarketTickers {
  tickers = $state<Record<string, MarketTickerView>>({});
  readonly #api: TxcApi;
  readonly #now: () => number;
  #readAt = -Infinity;

  constructor(api: TxcApi, now: () => number = Date.now) {
    this.#api = api;
    this.#now = now;
  }

  /** Reads them unless they were read in the last few seconds. */
  async refresh(): Promise<void> {
    if (this.#now() - this.#readAt < FRESH_MS) return;
    this.#readAt = this.#now();
    const reply = await this.#api.markets.tickers();
    if (reply.ok) this.tickers = reply.value;
    else this.#readAt = -Infinity;
  }

  /** The picker's words for a market: its name, last price to its tick and 24 h change; off when frozen. */
  label(market: string): string {
    const tick = tickOf(market);
    const t = this.tickers[market];
    if (!t) return market;
    if (t.frozen) return `${market} · trading off`;
    const change = formatNumber(t.change, { signed: true, percent: true });
    return `${market} · ${formatNumber(t.last, { step: tick })} · ${change}`;
  }
}
