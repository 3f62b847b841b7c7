import type { IpcError, TxcApi } from '../api.ts';
import type {
  LiveEvent,
  LiveTradeView,
  MarketStatsView,
  NearDepthView,
} from '../../../../main/ipc/contract.ts';
import { LiveFollow } from './live-follow.svelte.ts';
import { ReplyGuard, type Asked } from './reply-guard.ts';
import { applyLevels, followsLast, isZero, snapshotRead, type Level } from '../format/book.ts';
import { readOnce } from './early-reads.ts';
import { compareDecimal } from '../format/decimal.ts';
import { addDecimal, divideDecimal, multiplyDecimal, subtractDecimal } from '../format/exact.ts';
import { settled } from './errors.ts';

/** One ladder row: the level, the running total from the best price out, and its bar's share (0..1). */
export interface LadderRow {
  price: string;
  amount: string;
  total: string;
  /** For the bar's width only (plotting): total ÷ the larger side's total. */
  share: number;
}

/** A trade row (time in seconds since the epoch, as the exchange sends it). */
export type TradeRow = LiveTradeView;

export { applyLevels, type Level };

/** A market's change over the `market` channel's period: the amount, and the percent from its open (cut to 2 places). */
export function periodChange(stats: MarketStatsView): { amount: string; percent: string | undefined } {
  const amount = subtractDecimal(stats.last, stats.open);
  return { amount, percent: divideDecimal(multiplyDecimal(amount, '100'), stats.open, 2) };
}

/** Levels per side the ladder shows. */
export const LADDER_DEPTH = 10;
/** Last trades kept. */
export const TRADES_KEPT = 30;

/** Running totals from the best price out; each bar's share is against `max` (the larger side's total). */
export function cumulate(levels: readonly Level[], max: string): LadderRow[] {
  let total = '0';
  return levels.map(([price, amount]) => {
    total = addDecimal(total, amount);
    return { price, amount, total, share: share(total, max) };
  });
}

function share(total: string, max: string): number {
  if (isZero(max)) return 0;
  // Bar widths are plotting: a Number is fine here (and only here).
  return Math.min(1, Number(divideDecimal(total, max, 6) ?? '0'));
}

function sumOf(levels: readonly Level[]): string {
  return levels.reduce((sum, [, amount]) => addDecimal(sum, amount), '0');
}

/**
 * The order book and last trades of one market: a `markets.depth` snapshot, then the `depth` and
 * `trades` pushes of the working account's WebSocket (live subscriptions belong to an account).
 */
export class MarketDepth {
  asks = $state<Level[]>([]);
  bids = $state<Level[]>([]);
  trades = $state<TradeRow[]>([]);
  /** The market's last 24 hours (`market` channel): last, open, high, low, volumes. */
  stats = $state<MarketStatsView | undefined>();
  /** How much the book holds within ±2 % of the last price, read with each snapshot; undefined: not read. */
  near = $state<NearDepthView | undefined>();
  loading = $state(false);
  error = $state<IpcError | undefined>();
  /** Subscription refused (the book then stays at its snapshot). */
  liveError = $state<IpcError | undefined>();
  /**
   * The book holds every change the exchange made: a snapshot was read (or came whole over the
   * socket) and no diff went missing since. False from a missed diff or a dropped socket until the
   * next snapshot.
   */
  inSync = $state(false);
  /** When the book last stopped being live (socket down, out of sync); null while live or never live. */
  staleSinceMs = $state<number | null>(null);
  readonly #live: LiveFollow;
  market = $state('');
  account = $state('');
  readonly #api: TxcApi;
  /** Times a missed diff made the book read its snapshot again. */
  resyncs = $state(0);
  /** A book followed anew (or none) makes snapshots asked for the one before stale. */
  readonly #snapshots = new ReplyGuard();
  /** The number of the last push applied; undefined until a numbered push is (a snapshot read by REST has none). */
  #updateId: number | undefined;
  /** A full book came over the WebSocket: a REST snapshot still on its way is older than it. */
  #liveSnapshot = false;
  constructor(api: TxcApi) {
    this.#api = api;
    this.#live = new LiveFollow(api, {
      onPush: (_, event) => this.#push(event),
      // Back after a drop: the diffs and trades missed meanwhile are not replayed, so both are read again.
      refresh: () => {
        void this.load();
        void this.readTrades();
      },
      onLive: (live) => {
        if (!live) this.#lost();
      },
      onRefused: (error) => (this.liveError = error),
    });
  }

  /** The socket's state for this book ('idle' before one is followed). */
  get socket(): string {
    return this.#live.states[this.account] ?? 'idle';
  }

  /** Live: the socket is live and the book in sync with it. */
  get live(): boolean {
    return this.#live.live && this.inSync;
  }

  /** The book stopped following the exchange: it is stale from now until a snapshot. */
  #lost(): void {
    this.inSync = false;
    this.#updateId = undefined;
    this.#liveSnapshot = false;
    this.staleSinceMs ??= Date.now();
  }

  #synced(): void {
    this.inSync = true;
    if (this.#live.live) this.staleSinceMs = null;
  }

  get ladder(): { asks: LadderRow[]; bids: LadderRow[] } {
    const asks = this.asks.slice(0, LADDER_DEPTH);
    const bids = this.bids.slice(0, LADDER_DEPTH);
    const a = sumOf(asks);
    const b = sumOf(bids);
    const max = compareDecimal(a, b) >= 0 ? a : b;
    return { asks: cumulate(asks, max), bids: cumulate(bids, max) };
  }

  get bestAsk(): string | undefined {
    return this.asks[0]?.[0];
  }

  get bestBid(): string | undefined {
    return this.bids[0]?.[0];
  }

  get spread(): string | undefined {
    const ask = this.bestAsk;
    const bid = this.bestBid;
    return ask && bid ? subtractDecimal(ask, bid) : undefined;
  }

  get mid(): string | undefined {
    const ask = this.bestAsk;
    const bid = this.bestBid;
    if (!ask || !bid) return ask ?? bid;
    const sum = addDecimal(ask, bid);
    const places = (sum.split('.')[1]?.length ?? 0) + 1;
    return divideDecimal(sum, '2', places);
  }

  /** The price far-from-market confirmations compare with: the last trade, else the mid. */
  get reference(): string | undefined {
    return this.trades[0]?.price ?? this.mid;
  }

  /** Shows `market`: its snapshot, then its live changes over `account`'s WebSocket. */
  async follow(account: string, market: string): Promise<void> {
    await this.stop();
    const asked = this.#snapshots.next();
    this.account = account;
    this.market = market;
    this.asks = [];
    this.bids = [];
    this.trades = [];
    this.stats = undefined;
    this.near = undefined;
    this.error = undefined;
    this.liveError = undefined;
    this.#updateId = undefined;
    this.#liveSnapshot = false;
    this.inSync = false;
    this.staleSinceMs = null;
    if (!market) return;
    // The snapshot is read while the socket opens: the socket's full book, sent after it, replaces
    // it, and a snapshot answered after that book is not shown (`load`). The day's statistics (`market`) come with the book; the book is
    // live without them.
    await Promise.all([
      account ? this.#live.follow([account], ['depth', 'trades', 'market'], market) : undefined,
      this.load(asked),
      this.readTrades(asked),
    ]);
  }

  /**
   * Reads the market's latest trades: a subscription already made for another view sends none of
   * them, only the trades after. Over the account's WebSocket; without an account, or when its
   * socket cannot read them (a refused key), from the exchange's public list. Kept as they are when
   * neither answers (the pushes still come).
   */
  async readTrades(asked: Asked = this.#snapshots.newest()): Promise<void> {
    const { account, market } = this;
    if (!market) return;
    const live = account ? await this.#api.live.trades({ accountId: account, market }) : undefined;
    const reply = live?.ok ? live : await this.#api.markets.trades({ market });
    if (!asked.stale && reply.ok) this.#addTrades(reply.value);
  }

  /** Trades read or pushed: each once (by id), newest first, the latest kept. */
  #addTrades(trades: readonly TradeRow[]): void {
    const fresh = trades.filter((t) => !this.trades.some((k) => k.id === t.id));
    if (fresh.length === 0) return;
    this.trades = [...fresh, ...this.trades]
      .sort((x, y) => y.time - x.time || y.id - x.id)
      .slice(0, TRADES_KEPT);
  }

  /** Reads the snapshot again (also the Retry of an error). */
  async load(asked: Asked = this.#snapshots.newest()): Promise<void> {
    const market = this.market;
    if (!market) return;
    this.loading = true;
    void this.#readNear(market, asked);
    // The window opening on this screen may have asked already (`early-reads.ts`).
    const reply = await readOnce('markets.depth', snapshotRead(market), (q) => this.#api.markets.depth(q));
    if (asked.stale) return;
    this.loading = false;
    if (!settled(reply, (error) => (this.error = error))) return;
    // A full book that came over the WebSocket meanwhile is newer than this snapshot.
    if (this.#liveSnapshot) return;
    this.asks = applyLevels('ask', [], reply.value.asks);
    this.bids = applyLevels('bid', [], reply.value.bids);
    this.#synced();
  }

  /** The ±2 % depth, kept as last read when a read fails (it says when it was taken). */
  async #readNear(market: string, asked: Asked): Promise<void> {
    const reply = await this.#api.markets.nearDepth({ market });
    if (!asked.stale && reply.ok) this.near = reply.value;
  }

  #push(push: LiveEvent): void {
    if (push.channel === 'depth') {
      if (push.market !== this.market) return;
      if (!push.full && !followsLast(push, this.#updateId)) {
        // A diff went missing: this book is wrong until a snapshot replaces it.
        this.#lost();
        this.resyncs++;
        void this.load();
        return;
      }
      if (push.full) {
        this.#liveSnapshot = true;
        // a whole book from the socket: a snapshot that could not be read is no longer missed
        this.error = undefined;
        this.#synced();
      }
      this.#updateId = push.updateId ?? this.#updateId;
      this.asks = applyLevels('ask', push.full ? [] : this.asks, push.asks);
      this.bids = applyLevels('bid', push.full ? [] : this.bids, push.bids);
    } else if (push.channel === 'trades') {
      if (push.market === this.market) this.#addTrades(push.trades);
    } else if (push.channel === 'market') {
      if (push.market !== this.market) return;
      const { channel: _, ...stats } = push;
      this.stats = stats;
    }
  }

  /**
   * The exchange answers again: a book that could not be read, or is not live, is followed afresh
   * (its snapshot read, its pushes asked for again); a live one in sync is left as it is.
   */
  async recover(): Promise<void> {
    if (!this.market || (this.live && !this.error && !this.liveError)) return;
    await this.follow(this.account, this.market);
  }

  /** Stops listening (market change, account change, leaving the screen). */
  async stop(): Promise<void> {
    this.#snapshots.dropAll();
    this.inSync = false;
    await this.#live.stop();
  }
}
