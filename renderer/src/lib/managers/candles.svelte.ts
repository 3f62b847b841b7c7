import type { CandleView, LiveEvent } from '../../../../main/ipc/contract.ts';
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

/** Candles kept in memory; older ones fall off the left edge. */
export const CANDLES_KEPT = 1500;

/** A candle into a sorted list: replaces the one of the same time, or goes in its place. */
export function mergeCandle(list: CandleView[], candle: CandleView): CandleView[] {
  const last = list.at(-1);
  if (!last || last.time < candle.time) return [...list, candle].slice(-CANDLES_KEPT);
  if (last.time === candle.time) return [...list.slice(0, -1), candle];
  const i = list.findIndex((c) => c.time >= candle.time);
  const out = list.slice();
  if (out[i]?.time === candle.time) out[i] = candle;
  else out.splice(i, 0, candle);
  return out;
}

/**
 * A market's candles of one interval: the history (`live.candles`), then the `candles` pushes of the
 * working account's WebSocket. `version` counts changes, so a chart redraws only when there is news.
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
  #subscription: string | undefined;
  #stopBatch: (() => void) | undefined;

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
    if (!market || !account) return;
    const interval = this.interval;
    this.#stopBatch = this.#api.on('ws.batch', (batch) => {
      if (batch.accountId !== this.account || asked.stale) return;
      for (const event of batch.events) this.#push(event);
    });
    this.loading = true;
    // The history is drawn when it comes, not after the subscription's answer too.
    const subscribed = this.#api.live
      .subscribe({ accountId: account, channel: 'candles', topic: `${market}@${String(interval)}` })
      .then((sub) => {
        if (!sub.ok) return;
        if (!asked.stale) this.#subscription = sub.value;
        else void this.#api.live.unsubscribe({ id: sub.value });
      });
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
    }
    await subscribed;
  }

  #push(push: LiveEvent): void {
    if (push.channel !== 'candles' || push.market !== this.market) return;
    let list = this.candles;
    for (const c of push.candles) {
      // A row of another interval (another view's subscription on this connection) is not ours.
      if (c.time % this.interval !== 0) continue;
      list = mergeCandle(list, c);
      this.latest = c;
    }
    this.candles = list;
  }

  async stop(): Promise<void> {
    this.#follows.dropAll();
    this.#stopBatch?.();
    this.#stopBatch = undefined;
    const id = this.#subscription;
    this.#subscription = undefined;
    if (id) await this.#api.live.unsubscribe({ id });
  }
}
