import type { MarketView } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { ActiveOrders } from './active-orders.svelte.ts';
import { MarketCandles } from './candles.svelte.ts';
import { MarketDepth } from './depth-book.svelte.ts';
import { LadderTicket } from './ladder.svelte.ts';
import type { MarketList } from './market-list.svelte.ts';
import { OrderSend } from './order-send.svelte.ts';
import { takesLimitPrice } from '../../../../main/rules/types.ts';
import { assetsOf, OrderTicket } from './order-ticket.svelte.ts';
import { PositionsManager } from './positions.svelte.ts';
import type { PreferenceStore } from './storage.ts';
import { TicketFunds } from './ticket-funds.svelte.ts';
import { WorkspaceRecords } from './workspace-records.svelte.ts';
import { rememberedMarket, TRADE_MARKET_KEY } from '../../views/trade/opening-reads.ts';

/**
 * The Trade screen's state for one account and market: the ticket (one order or a ladder), its funds,
 * the book, the candles, the open orders, the dock's records and the positions, each following the
 * account and market the screen shows, and stopped together when the screen closes.
 */
export class TradeWorkspace {
  readonly ticket: OrderTicket;
  readonly ladder: LadderTicket;
  readonly funds: TicketFunds;
  readonly send: OrderSend;
  readonly active: ActiveOrders;
  readonly depth: MarketDepth;
  readonly candles: MarketCandles;
  readonly records: WorkspaceRecords;
  readonly positions: PositionsManager;
  /** A word for the person (nothing to cancel); empty when none. */
  notice = $state('');
  readonly #store: PreferenceStore;
  readonly #markets: MarketList;

  /** `blockedBy` says why an account's orders cannot be changed now (the exchange is unreachable). */
  constructor(
    api: TxcApi,
    store: PreferenceStore,
    markets: MarketList,
    blockedBy: (account: string) => string | undefined,
  ) {
    this.#store = store;
    this.#markets = markets;
    this.ticket = new OrderTicket(api);
    this.ticket.useStore(store);
    this.active = new ActiveOrders(api, blockedBy);
    // An order gone (cancelled, filled) gave back what it held: what the ticket may spend is read again.
    this.active.onGone = (id) => {
      this.ticket.orderGone(id);
      this.funds.moved();
    };
    this.depth = new MarketDepth(api);
    this.candles = new MarketCandles(api, store);
    this.records = new WorkspaceRecords(api);
    this.positions = new PositionsManager(api, store);
    this.funds = new TicketFunds(api, this.ticket);
    this.ladder = new LadderTicket(api);
    // An order placed reads its account's orders and funds again.
    this.send = new OrderSend(this.ticket, (account) => this.placed(account));
    // The book and chart need not wait for the market list: a list the window knows picks the market at
    // once, else the one last chosen opens (the window asked its first reads already) until the list says.
    if (markets.loaded) this.#pick(markets.markets);
    else this.ticket.set({ market: rememberedMarket(store) });
  }

  /** The market the ticket is on, as listed; undefined while the list does not name it. */
  get market(): MarketView | undefined {
    return this.#markets.markets.find((m) => m.name === this.ticket.fields.market);
  }

  /** Base and quote as the exchange lists them: a perpetual's prices are in USDT, not "PERP". */
  get assets(): { base: string; quote: string } {
    const market = this.market;
    return market ? { base: market.base, quote: market.quote } : assetsOf(this.ticket.fields.market);
  }

  /** A perpetual: leverage, mark and index apply. */
  get futures(): boolean {
    const market = this.market;
    return market?.type === 'futures' || market?.maxLeverage !== undefined;
  }

  /** The market the ticket opens on: the one last chosen here, else BTC_USDT, else the first listed. */
  #pick(list: readonly MarketView[]): void {
    const saved = this.#store.getItem(TRADE_MARKET_KEY);
    const name =
      list.find((x) => x.name === saved)?.name ??
      list.find((x) => x.name === 'BTC_USDT')?.name ??
      list[0]?.name ??
      '';
    this.ticket.set({ market: name });
  }

  /** Reads the markets again; picks the market when none is open yet or the open one is no longer listed. */
  async load(): Promise<void> {
    const list = this.#markets;
    await list.load();
    if (list.error) return;
    if (!list.markets.some((m) => m.name === this.ticket.fields.market)) this.#pick(list.markets);
  }

  /** The person chose a market: remembered for the next opening. */
  chooseMarket(name: string): void {
    this.#store.setItem(TRADE_MARKET_KEY, name);
    this.ticket.set({ market: name });
  }

  /** Follows the account and market: the ticket checks against them, the book, orders and charts show them. */
  follow(account: string, market: string): void {
    this.ticket.setAccount(account);
    this.ladder.setAccount(account, (id) => this.ticket.nameOf(id));
    this.ladder.setMarket(market);
    if (account && market) void this.active.follow(account, market);
    if (market) void this.depth.follow(account, market);
    void this.candles.follow(account, market);
    void this.records.follow(account, market);
    void this.positions.follow(account);
  }

  /** An order (or a ladder) went: the account's open orders and funds are read again. */
  placed(account: string): void {
    void this.active.load();
    void this.funds.refresh(account, true);
  }

  /** Cancels every open order on the market; main asks in its own dialog, naming the market and how many. */
  cancelAll(): void {
    if (this.active.orders.length === 0) {
      this.notice = `No open orders to cancel on ${this.ticket.fields.market}.`;
      return;
    }
    this.notice = '';
    void this.active.cancelAll();
  }

  /** A price chosen in the book: a ticket without a price field becomes a limit order. */
  usePrice(price: string): void {
    const ticket = this.ticket;
    ticket.set(takesLimitPrice(ticket.fields.kind) ? { price } : { kind: 'limit', price });
  }

  /**
   * The exchange answers again after it could not be reached: every panel that lost its feed reads
   * again by itself (no click): the market list (its error goes), the book, the chart, the orders,
   * what the ticket may spend, the dock's records and positions.
   */
  recover(): void {
    void this.load();
    void this.active.recover();
    void this.depth.recover();
    void this.candles.recover();
    void this.funds.recover();
    void this.records.recover();
    void this.positions.recover();
  }

  /** The screen closed: every follow ends. */
  stop(): void {
    void this.active.stop();
    void this.depth.stop();
    void this.candles.stop();
    this.records.stop();
    void this.positions.stop();
    void this.funds.stop();
  }
}
