import { Known, recall } from './known.svelte.ts';
import type {
  AdlRankView,
  LiveEvent,
  MarketView,
  OrderView,
  PositionView,
} from '../../../../main/ipc/contract.ts';
import type { ChartPoint } from '../format/chart.ts';
import {
  adlKey,
  closeDraft,
  directionOf,
  impliedLeverage,
  marginWords,
  rememberedLeverage,
  rememberLeverage,
  sizeOf,
  withMark,
  type LeverageInForce,
  type LeverageLevel,
  type MarginNotice,
  type MarkInfo,
} from '../format/positions.ts';
import type { IpcError, TxcApi } from '../api.ts';
import type { PreferenceStore } from './storage.ts';
import { LeverageChoice } from './leverage-choice.svelte.ts';
import { LiveSubscriptions } from './live-subscriptions.ts';
import { TpSlForm } from './tpsl-form.svelte.ts';

export type { LeverageInForce, MarkInfo } from '../format/positions.ts';

export type LiveWord = 'idle' | 'connecting' | 'authorizing' | 'reconciling' | 'live' | 'stale' | 'stopped';

/**
 * The Positions screen of one account: open positions (REST, then the list main merged the account's
 * `positionsMargin`, `positionsAccountMargin` and ended orders into, with their TP/SL legs, as main
 * keeps it), mark prices (`premiumIndex`, kept as a short series per market for the chart), ADL ranks
 * (`ADLQuantile`), leverage, TP/SL and closing a position.
 */
export class PositionsManager {
  account = $state('');
  /** The open positions with their age: the saved ones at once, then the exchange's and its pushes. */
  readonly known = new Known<PositionView[]>();
  markets = $state<MarketView[]>([]);
  loading = $state(false);
  error = $state<IpcError | undefined>();
  live = $state<LiveWord>('idle');
  /** Why a live subscription was refused (the figures then come only from reloads). */
  liveError = $state<IpcError | undefined>();
  marks = $state<Record<string, MarkInfo>>({});
  markSeries = $state<Record<string, { mark: ChartPoint[]; index: ChartPoint[] }>>({});
  adl = $state<Record<string, number>>({});
  /** The position the keyboard and the close command act on. */
  selectedId = $state<number | undefined>();
  remembered = $state<LeverageInForce | undefined>();
  leverageBusy = $state(false);
  leverageError = $state<IpcError | undefined>();
  closing = $state(false);
  closeError = $state<IpcError | undefined>();
  /** The exchange's last margin call or liquidation on this account, in words; cleared by the person. */
  marginNotice = $state<MarginNotice | undefined>();
  closed = $state<OrderView | undefined>();
  /** The take-profit / stop-loss form of this account's positions. */
  readonly tpsl: TpSlForm;
  /** A leverage level being chosen, and what it would do to the positions before it is set. */
  readonly choice: LeverageChoice;
  readonly #api: TxcApi;
  readonly #store: PreferenceStore;
  readonly #now: () => number;
  /** The account's live channels (not shown). */
  readonly #live: LiveSubscriptions;
  #stopEvents: Array<() => void> = [];

  /** Says why changing positions cannot be done now (the exchange is unreachable, the key refused). */
  blockedBy: (account: string) => string | undefined = () => undefined;

  constructor(api: TxcApi, store: PreferenceStore, now: () => number = Date.now) {
    this.#api = api;
    this.#store = store;
    this.#now = now;
    this.#live = new LiveSubscriptions(
      api,
      () => this.account,
      (error) => (this.liveError = error),
    );
    this.tpsl = new TpSlForm(
      api,
      () => this.account,
      () => this.load(),
    );
    this.choice = new LeverageChoice(
      api,
      () => this.account,
      () => this.leverage?.level,
      () => this.positions,
    );
  }

  /** Why leverage, TP/SL and closing are off now, in words; undefined when they can be done. */
  get blocked(): string | undefined {
    return this.blockedBy(this.account);
  }

  get futures(): MarketView[] {
    return this.markets.filter((m) => m.type === 'futures' || m.maxLeverage !== undefined);
  }

  get selected(): PositionView | undefined {
    return this.positions.find((p) => p.positionId === this.selectedId) ?? this.positions[0];
  }

  /** The lowest maximum among the markets of open positions (and `also`): the cap on leverage. */
  leverageCap(also?: string): number | undefined {
    const names = this.positions.map((p) => p.market);
    if (also) names.push(also);
    const maxima = this.markets
      .filter((m) => names.includes(m.name) && m.maxLeverage !== undefined)
      .map((m) => m.maxLeverage as number);
    return maxima.length ? Math.min(...maxima) : undefined;
  }

  /** The level in force: implied by open positions' margin, else the last answer to a change. */
  get leverage(): LeverageInForce | undefined {
    const implied = impliedLeverage(this.positions);
    if (implied !== undefined) return { level: implied, source: 'margin' };
    return this.remembered;
  }

  /** The ADL rank of the position's exposure: the exchange ranks a market's long and short sides. */
  adlOf(p: PositionView): number | undefined {
    return this.adl[adlKey(p.market, directionOf(p) === 'long' ? 'LONG' : 'SHORT')];
  }

  /** The open positions shown: the exchange's, or the last known ones (empty while nothing is known). */
  get positions(): PositionView[] {
    return this.known.value ?? [];
  }

  set positions(value: PositionView[]) {
    this.known.set(value);
  }

  /** Follows an account: loads its positions and the markets, listens to its pushes. */
  async follow(account: string): Promise<void> {
    if (account === this.account) return;
    await this.stop();
    this.account = account;
    this.adl = {};
    this.closed = undefined;
    this.tpsl.clear();
    this.choice.clear();
    this.remembered = rememberedLeverage(this.#store, account);
    if (!account) return;
    this.#stopEvents.push(
      this.#api.on('ws.batch', (batch) => {
        if (batch.accountId === this.account) this.#apply(batch.events);
      }),
      this.#api.on('known.pushed', ({ accountId, values }) => {
        const open = values['positions.open'];
        if (accountId === this.account && open) this.#positions(open);
      }),
      this.#api.on('ws.state', (s) => {
        if (s.accountId === this.account) this.live = s.state;
      }),
    );
    await Promise.all([this.#loadMarkets(), this.load()]);
    await this.listen();
  }

  /** Subscribes to the account's live channels (again, after a refusal). */
  async listen(extra: readonly string[] = []): Promise<void> {
    this.liveError = undefined;
    await this.#live.add('positionsMargin', '*');
    // the exchange's margin calls and liquidations, said on the screen as they come
    await this.#live.add('positionsAccountMargin', '*');
    // legs come and go as orders: a leg that ends leaves its position, a new one main reads and sends
    await this.#live.add('ordersPending', '*');
    await this.#live.add('ADLQuantile', '*');
    await this.loadAdl();
    await this.watchMarks(extra);
  }

  async #loadMarkets(): Promise<void> {
    if (this.markets.length) return;
    const reply = await this.#api.markets.list();
    if (reply.ok) this.markets = reply.value;
    else this.error = reply.error;
  }

  async load(): Promise<void> {
    const account = this.account;
    if (!account) return;
    this.loading = true;
    await this.known.load(
      account,
      async () => (await recall(this.#api, 'positions.open', [account]))[account],
      () => this.#api.positions.open({ accountId: account }),
    );
    if (account !== this.account) return;
    this.loading = false;
    this.error = this.known.problem;
    if (this.choice.level) void this.choice.refresh();
    if (this.known.source === 'exchange') await this.watchMarks([]);
  }

  /**
   * The exchange answers again: the positions and markets are read, and the live channels refused
   * meanwhile are asked for again.
   */
  async recover(): Promise<void> {
    if (!this.account) return;
    await Promise.all([this.markets.length ? undefined : this.#loadMarkets(), this.load()]);
    await this.listen();
  }

  /** The ADL ranks now (the channel pushes only every 30 s); a failure leaves them to the pushes. */
  async loadAdl(): Promise<void> {
    const account = this.account;
    const reply = await this.#api.positions.adl({ accountId: account });
    if (!reply.ok || account !== this.account) return;
    this.#adl(reply.value);
  }

  /** Mark prices for every market with a position, plus `extra` (the chart's market). */
  async watchMarks(extra: readonly string[]): Promise<void> {
    const names = [...this.positions.map((p) => p.market), ...extra];
    for (const [i, name] of names.entries())
      if (names.indexOf(name) === i) await this.#live.add('premiumIndex', name);
  }

  #apply(events: readonly LiveEvent[]): void {
    this.live = 'live';
    // The positions themselves come merged by main (`known.pushed`), and so do those a new closing
    // order may be a leg of (main reads them): a push is never applied or read again here.
    for (const e of events) {
      if (e.channel === 'premiumIndex') this.#mark(e);
      else if (e.channel === 'ADLQuantile') this.#adl(e.records);
      else if (e.channel === 'positionsAccountMargin') this.#marginEvent(e);
    }
  }

  /**
   * A margin call or a liquidation, said in words naming the position as the exchange called it and
   * when (main updates or removes the position itself).
   */
  #marginEvent(e: Extract<LiveEvent, { channel: 'positionsAccountMargin' }>): void {
    const p = e.position;
    const atMs = this.#now();
    this.marginNotice = {
      event: e.event,
      account: this.account,
      atMs,
      message: marginWords(e.event, p, atMs),
    };
  }

  #mark(push: Extract<LiveEvent, { channel: 'premiumIndex' }>): void {
    const next = withMark({ marks: this.marks, series: this.markSeries }, push, this.#now());
    this.marks = next.marks;
    this.markSeries = next.series;
  }

  #adl(records: readonly AdlRankView[]): void {
    const next: Record<string, number> = {};
    for (const r of records) next[adlKey(r.market, r.positionSide)] = r.quantile;
    this.adl = next;
  }

  /** The open positions as main keeps them now (legs carried by its rule); a flat one is not shown. */
  #positions(merged: readonly PositionView[]): void {
    this.positions = merged.filter((p) => sizeOf(p) !== '0');
    if (this.choice.level) void this.choice.refresh();
    void this.watchMarks([]);
  }

  /** Sets the account's leverage; a press while a change is out changes nothing more. */
  async setLeverage(level: number): Promise<boolean> {
    if (!this.account || this.leverageBusy) return false;
    this.leverageBusy = true;
    this.leverageError = undefined;
    const reply = await this.#api.positions.setLeverage({
      accountId: this.account,
      leverage: level as LeverageLevel,
    });
    this.leverageBusy = false;
    if (!reply.ok) {
      this.leverageError = reply.error;
      return false;
    }
    const at = this.#now();
    this.remembered = { level: reply.value, source: 'answer', at };
    rememberLeverage(this.#store, this.account, reply.value, at);
    this.choice.clear();
    await this.load();
    return true;
  }

  /**
   * Closes a position, or `amount` of it (reduce-only, at market), through main's rules; an order
   * beyond a guard (its worst fill far from the market) goes only when the person confirms main's own
   * question.
   */
  async close(p: PositionView, amount?: string): Promise<boolean> {
    // one press, one closing order: a press while one is out sends nothing more
    if (this.closing) return false;
    this.closing = true;
    this.closeError = undefined;
    this.closed = undefined;
    const reply = await this.#api.orders.place({ accountId: this.account, draft: closeDraft(p, amount) });
    this.closing = false;
    if (!reply.ok) {
      this.closeError = reply.error;
      return false;
    }
    this.closed = reply.value.order;
    await this.load();
    return true;
  }

  async stop(): Promise<void> {
    for (const off of this.#stopEvents) off();
    this.#stopEvents = [];
    this.tpsl.clear();
    const released = this.#live.clear();
    this.account = '';
    this.live = 'idle';
    this.liveError = undefined;
    await released;
  }
}
