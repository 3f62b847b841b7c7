import { SvelteSet } from 'svelte/reactivity';
import type { CandleView, LiveEvent, LiveTradeView } from '../../../../main/ipc/contract.ts';
import { CANDLES_KEPT, mergeCandle, withTrades } from '../format/candles.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { readOnce } from './early-reads.ts';
import type { PreferenceStore } from './storage.ts';
import { ReplyGuard } from './reply-guard.ts';

/** The intervals a chart offers (seconds), with their picker words. */
export const CHART_INTERVALS = [
  { seconds: 60, label: '1m' },
  { seconds: 300, label: '5m' },
  { seconds: 900, label: '15m' },
  { seconds: 1800, label: '30m' },
  { seconds: 3600, label: '1h' },
  { seconds: 14400, label: '4h' },
  { seconds: 28800, label: '8h' },
  { seconds: 86400, label: '1d' },
] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number]['seconds'];

const INTERVAL_KEY = 'txc.trade.interval';

/** The interval last chosen (remembered across starts), else 1 minute. */
export function rememberedInterval(store: PreferenceStore): ChartInterval {
  const saved = Number(store.getItem(INTERVAL_KEY));
  return CHART_INTERVALS.find((i) => i.seconds === saved)?.seconds ?? 60;
}

export { CANDLES_KEPT, mergeCandle, withTrades } from '../format/candles.ts';

/**
 * A market's candles of one interval: the history (`live.candles`), then the `candles` pushes of the
 * working account's WebSocket, and between them the market's trades (`trades` pushes): the live candle
 * is built from every trade as it comes, so its close is the last trade's price and a new interval
 * starts a new candle even while the exchange sends no candle.
 */
export class MarketCandles {
  candles = $state.raw<CandleView[]>([]);
  interval = $state<ChartInterval>(60);
  loading = $state(false);
  error = $state<IpcError | undefined>();
  market = $state('');
  /** The newest candle changed by a push (the chart updates just that bar). */
  latest = $state.raw<CandleView | undefined>();
  account = $state('');
  readonly #api: TxcApi;
  readonly #store: PreferenceStore;
  readonly #follows = new ReplyGuard();
  #subscriptions: string[] = [];
  #stopBatch: (() => void) | undefined;
  /** Trades already in the candles (a push may repeat one), and candles built from trades alone. */
  #trades = new SvelteSet<number>();
  #fromTrades = new SvelteSet<number>();
  /** Trades that came while the history was on its way: put in once it is drawn. */
  #waiting: LiveTradeView[] | undefined;

  constructor(api: TxcApi, store: PreferenceStore) {
    this.#api = api;
    this.#store = store;
    this.interval = rememberedInterval(store);
  }

  /** Picks the interval (remembered) and loads its candles. */
  async choose(interval: ChartInterval): Promise<void> {
    this.interval = interval;
    this.#store.setItem(INTERVAL_KEY, String(interval));
    await this.follow(this.account, this.market);
  }

  /** Shows `market`'s candles: the history, then live changes over `account`'s WebSocket. */
  async follow(account: string, market: string): Promise<void> {
    await this.stop();
    const asked = this.#follows.next();
    this.account = account;
    this.market = market;
    this.candles = [];
    this.latest = undefined;
    this.error = undefined;
    this.#trades = new SvelteSet();
    this.#fromTrades = new SvelteSet();
    this.#waiting = [];
    if (!market || !account) return;
    const interval = this.interval;
    this.#stopBatch = this.#api.on('ws.batch', (batch) => {
      if (batch.accountId !== this.account || asked.stale) return;
      for (const event of batch.events) this.#push(event);
    });
    this.loading = true;
    // The history is drawn when it comes, not after the subscription's answer too.
    const subscribe = (channel: 'candles' | 'trades', topic: string) =>
      this.#api.live.subscribe({ accountId: account, channel, topic }).then((sub) => {
        if (!sub.ok) return;
        if (!asked.stale) this.#subscriptions.push(sub.value);
        else void this.#api.live.unsubscribe({ id: sub.value });
      });
    const subscribed = Promise.all([
      subscribe('candles', `${market}@${String(interval)}`),
      subscribe('trades', market),
    ]);
    // The window opening on this screen may have asked already (`early-reads.ts`).
    const history = await readOnce('live.candles', { accountId: account, market, interval }, (q) =>
      this.#api.live.candles(q),
    );
    if (!asked.stale) {
      this.loading = false;
      if (!history.ok) this.error = history.error;
      else {
        // Pushes that came while the history was on its way are newer than it.
        let merged = history.value.slice(-CANDLES_KEPT);
        for (const c of this.candles) merged = mergeCandle(merged, c);
        this.candles = merged;
      }
      const waiting = this.#waiting ?? [];
      this.#waiting = undefined;
      this.#traded(waiting);
    }
    await subscribed;
  }

  #push(push: LiveEvent): void {
    if (push.channel === 'trades' && push.market === this.market) return this.#traded(push.trades);
    if (push.channel !== 'candles' || push.market !== this.market) return;
    let list = this.candles;
    for (const c of push.candles) {
      // A row of another interval (another view's subscription on this connection) is not ours.
      if (c.time % this.interval !== 0) continue;
      list = mergeCandle(list, c);
      this.#fromTrades.delete(c.time);
      this.latest = c;
    }
    this.candles = list;
  }

  /** Trades of the market: the live candle follows each (new ones only; a repeat is already in). */
  #traded(trades: readonly LiveTradeView[]): void {
    const fresh = trades.filter((t) => !this.#trades.has(t.id));
    if (this.#waiting) {
      this.#waiting.push(...fresh);
      return;
    }
    if (fresh.length === 0) return;
    for (const t of fresh) this.#trades.add(t.id);
    if (this.#trades.size > 2 * CANDLES_KEPT) this.#trades = new SvelteSet(fresh.map((t) => t.id));
    const list = withTrades(this.candles, fresh, this.interval, this.#fromTrades);
    if (list === this.candles) return;
    this.candles = list;
    this.latest = list.at(-1);
  }

  /**
   * The exchange answers again: a chart whose history or subscriptions could not be had follows its
   * market afresh; one that has both is left as it is.
   */
  async recover(): Promise<void> {
    if (!this.market || !this.account) return;
    if (this.error || this.candles.length === 0 || this.#subscriptions.length < 2)
      await this.follow(this.account, this.market);
  }

  async stop(): Promise<void> {
    this.#follows.dropAll();
    this.#stopBatch?.();
    this.#stopBatch = undefined;
    const ids = this.#subscriptions;
    this.#subscriptions = [];
    await Promise.all(ids.map((id) => this.#api.live.unsubscribe({ id })));
  }
}
