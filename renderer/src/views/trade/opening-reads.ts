/**
 * What the Trade screen reads before anyone can act on it: the book's snapshot and the chart's
 * candles of its market, for the working account. The window opening on Trade asks them while the
 * screen's code still loads (`early-reads.ts`); the screen takes those answers for its first reads.
 */
import type { TxcApi } from '../../lib/api.ts';
import { snapshotRead } from '../../lib/format/book.ts';
import { rememberedAccount } from '../../lib/managers/account-selection.svelte.ts';
import { rememberedInterval } from '../../lib/managers/candles.svelte.ts';
import { askEarly } from '../../lib/managers/early-reads.ts';
import type { PreferenceStore } from '../../lib/managers/storage.ts';

/** The market last chosen on the Trade screen (from its picker or the command palette). */
export const TRADE_MARKET_KEY = 'txc.trade.market';

/**
 * The market the Trade screen opens on before the market list is known: the one last chosen, else
 * BTC_USDT. Once the list is read, a market no longer listed gives way to one that is.
 */
export function rememberedMarket(store: PreferenceStore): string {
  return store.getItem(TRADE_MARKET_KEY) ?? 'BTC_USDT';
}

/** Asks the Trade screen's first reads, for the market it opens on and the working account. */
export function askTradeReads(api: TxcApi, store: PreferenceStore): void {
  const market = rememberedMarket(store);
  askEarly('markets.depth', snapshotRead(market), (q) => api.markets.depth(q));
  const accountId = rememberedAccount(store);
  if (accountId)
    askEarly('live.candles', { accountId, market, interval: rememberedInterval(store) }, (q) =>
      api.live.candles(q),
    );
}
