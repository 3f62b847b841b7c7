/**
 * The desk board: every account at a glance. The board is drawn from what was last read of each
 * account (kept in the cache, so it opens at once and offline), then refreshed: five reads per
 * account (main, spot and collateral balances, positions, orders), each on the account's own key
 * (rate limits are per key, so a desk of 1,000 keys reads in parallel without one key coming near
 * its budget), all as background work that queues behind the person's own requests. Rows arrive as `board.rows` events in batches while a refresh runs.
 * While a page shows the board, WebSocket pushes keep its rows live (`board-live.ts`).
 */
import type { MainBus } from '../../bus.ts';
import type {
  BoardRefreshView,
  BoardRowView,
  BoardView,
  DeskOrderRowView,
  DeskPositionRowView,
  KeyStateView,
} from '../../views/board.ts';
import type { OrderView } from '../../views/orders.ts';
import type { PositionView } from '../../views/positions.ts';
import type { Cache } from '../../cache/index.ts';
import type { Logger } from '../../log.ts';
import type { AccountRecord } from '../../vault/registry.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import {
  boardRow,
  boardTotals,
  type AccountPieces,
  type CollateralBalances,
  type MainBalances,
  type Prices,
  type SpotBalances,
} from '../../services/desk/board-rows.ts';
import { deskOrders, deskPositions, type KnownStore } from '../../services/desk/board-grids.ts';
import { readPrices } from './board-prices.ts';
import { readAccounts, type Reading } from './board-read.ts';
import { DESK, KINDS, readingEntries, realizedToday } from './board-store.ts';
import type { MemoryTrim } from '../../services/memory-trim.ts';

/** Reads out at once (of 4 per account), each holding one background slot of its account's key. */
const IN_FLIGHT = 192;
/** Rows are sent to the window at most this often while a refresh runs. */
const FLUSH_MS = 250;

/** Whether a refresh of `running` (undefined: all) reads every account of `asked` (undefined: all). */
function covers(running: ReadonlySet<string> | undefined, asked: readonly string[] | undefined): boolean {
  if (running === undefined) return true;
  return asked !== undefined && asked.every((id) => running.has(id));
}

/** A refresh of at least this many accounts gives its memory back when it is over. */
const LARGE_REFRESH = 100;

export class BoardService {
  readonly #accounts: AccountService;
  readonly #connection: ExchangeConnection;
  readonly #store: KnownStore;
  readonly #cache: Cache;
  readonly #bus: MainBus;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #onRefreshed: ((rows: BoardRowView[]) => void) | undefined;
  #running: Promise<BoardRefreshView> | undefined;
  /** The accounts the running refresh reads (undefined: every one). */
  #runningIds: ReadonlySet<string> | undefined;
  /** How each account's row is kept fresh while the board is open (`BoardFeeds`, kept by `BoardLive`). */
  readonly #feedOf: (account: string) => BoardRowView['feed'];
  readonly #trim: Pick<MemoryTrim, 'started' | 'ended'> | undefined;

  constructor(options: {
    accounts: AccountService;
    connection: ExchangeConnection;
    store: KnownStore;
    cache: Cache;
    /** Where the rows drawn go (to the window and to alerts). */
    bus: MainBus;
    log: Logger;
    feedOf?: (account: string) => BoardRowView['feed'];
    now?: () => number;
    /** Every row one refresh built, in the desk's order, once it ends (main watches them for attention). */
    onRefreshed?: (rows: BoardRowView[]) => void;
    /** Told when a refresh of many accounts starts and ends, to give its memory back after. */
    trim?: Pick<MemoryTrim, 'started' | 'ended'>;
  }) {
    this.#accounts = options.accounts;
    this.#connection = options.connection;
    this.#store = options.store;
    this.#cache = options.cache;
    this.#bus = options.bus;
    this.#feedOf = options.feedOf ?? (() => undefined);
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#onRefreshed = options.onRefreshed;
    this.#trim = options.trim;
  }

  /** The registered accounts of the running connection, main first. */
  #desk(accountIds?: readonly string[]): AccountRecord[] {
    const wanted = accountIds ? new Set(accountIds) : undefined;
    return this.#accounts.registry
      .list()
      .filter((a) => a.connection === this.#connection.id && (!wanted || wanted.has(a.id)))
      .sort((a, b) => Number(a.kind === 'sub') - Number(b.kind === 'sub'));
  }

  /** The ids of the desk's accounts (of the running connection), main first. */
  deskIds(): string[] {
    return this.#desk().map((a) => a.id);
  }

  /**
   * The rows of the given accounts as last read (from the cache), in no set order. Pushes ask for a
   * few accounts many times a second: each is looked up alone, the desk is not listed.
   */
  rowsOf(accountIds: readonly string[]): Promise<BoardRowView[]> {
    const registry = this.#accounts.registry;
    const accounts = [...new Set(accountIds)].flatMap((id) => {
      const account = registry.get(id);
      return account?.connection === this.#connection.id ? [account] : [];
    });
    return this.#rows(accounts);
  }

  #fed(row: BoardRowView): BoardRowView {
    const feed = this.#feedOf(row.account);
    if (feed) row.feed = feed;
    return row;
  }

  /** The board as last read: every account, from the cache. */
  async view(): Promise<BoardView> {
    const desk = this.#desk();
    const rows = await this.#rows(desk);
    // A read of some accounts (those polled, an alert's) is no refresh of the board.
    const refreshing = this.#running !== undefined && this.#runningIds === undefined;
    return { rows, totals: boardTotals(rows), refreshing, atMs: this.#now() };
  }

  async #prices(): Promise<Prices> {
    const known = await this.#store.recallAll<Prices>(KINDS.prices, [DESK]);
    return known.get(DESK)?.value ?? { assets: {}, marks: {} };
  }

  async #rows(desk: readonly AccountRecord[], known?: Prices): Promise<BoardRowView[]> {
    const ids = desk.map((a) => a.id);
    const [main, spot, coll, orders, positions, keys, realized, prices] = await Promise.all([
      this.#store.recallAll<MainBalances>(KINDS.main, ids),
      this.#store.recallAll<SpotBalances>(KINDS.spot, ids),
      this.#store.recallAll<CollateralBalances>(KINDS.collateral, ids),
      this.#store.recallAll<OrderView[]>(KINDS.orders, ids),
      this.#store.recallAll<PositionView[]>(KINDS.positions, ids),
      this.#store.recallAll<{ state: KeyStateView; problem?: string }>(KINDS.key, ids),
      this.#store.recallAll<string>(KINDS.realized, ids),
      known ?? this.#prices(),
    ]);
    return desk.map((a) => {
      const key = keys.get(a.id);
      const pieces: AccountPieces = {
        main: main.get(a.id),
        spot: spot.get(a.id),
        collateral: coll.get(a.id),
        orders: orders.get(a.id),
        positions: positions.get(a.id),
        key: key ? { value: key.value.state, asOfMs: key.asOfMs } : undefined,
        realizedToday: realized.get(a.id)?.value,
        problem: key?.value.problem,
      };
      return this.#fed(boardRow(a, pieces, prices));
    });
  }

  /** Keeps the spot balances another screen read, so the board and the Accounts screen show them. */
  async rememberBalances(
    results: ReadonlyArray<{ account: string; ok: boolean; balances?: SpotBalances }>,
  ): Promise<void> {
    await this.#store.rememberMany(
      KINDS.spot,
      results.flatMap((r) => (r.ok && r.balances ? [{ account: r.account, value: r.balances }] : [])),
    );
  }

  /** Spot balances of every account as last read, in the shape of `board.balances`; nothing is sent. */
  async knownBalances(): Promise<Array<{ account: string; ok: true; balances: SpotBalances }>> {
    const desk = this.#desk();
    const known = await this.#store.recallAll<SpotBalances>(
      KINDS.spot,
      desk.map((a) => a.id),
    );
    return desk.flatMap((a) => {
      const k = known.get(a.id);
      return k ? [{ account: a.id, ok: true as const, balances: k.value }] : [];
    });
  }

  /** Open orders of the given accounts (all by default) as last read. */
  orders(accountIds?: readonly string[]): Promise<DeskOrderRowView[]> {
    return deskOrders(this.#store, this.#desk(accountIds));
  }

  /** Open positions of the given accounts (all by default) as last read. */
  positions(accountIds?: readonly string[]): Promise<DeskPositionRowView[]> {
    return deskPositions(this.#store, this.#desk(accountIds));
  }

  /**
   * Reads every account (or the given ones) again. A refresh already running is joined when it reads
   * every account asked, unless the reads must be `fresh` (begun after this call: what a bulk action
   * left); otherwise this one starts after it.
   */
  refresh(accountIds?: readonly string[], fresh = false): Promise<BoardRefreshView> {
    const running = this.#running;
    if (running && !fresh && covers(this.#runningIds, accountIds)) return running;
    if (running) return running.catch(() => undefined).then(() => this.refresh(accountIds));
    this.#runningIds = accountIds ? new Set(accountIds) : undefined;
    const started = this.#refresh(accountIds).finally(() => {
      if (this.#running === started) this.#running = undefined;
    });
    this.#running = started;
    return started;
  }

  async #refresh(accountIds?: readonly string[]): Promise<BoardRefreshView> {
    const desk = this.#desk(accountIds);
    const large = desk.length >= LARGE_REFRESH;
    if (large) this.#trim?.started();
    try {
      return await this.#refreshDesk(desk);
    } finally {
      if (large) this.#trim?.ended();
    }
  }

  async #refreshDesk(desk: AccountRecord[]): Promise<BoardRefreshView> {
    const started = this.#now();
    // Prices and today's realized PnL are read while the accounts are: rows wait for them, reads do not.
    const context = Promise.all([this.#readPrices(), realizedToday(this.#cache, desk, this.#now())]);
    let pending: Reading[] = [];
    let requests = 0;
    let failed = 0;
    const built: BoardRowView[] = [];
    let flushing = Promise.resolve();
    const flush = (): Promise<void> => {
      const batch = pending;
      pending = [];
      flushing = flushing.then(async () => {
        const [prices, realized] = await context;
        if (realized) for (const r of batch) r.realized = realized.get(r.account) ?? '0';
        built.push(...(await this.#save(batch, desk, prices)));
      });
      return flushing;
    };
    const timer = setInterval(() => void flush(), FLUSH_MS);
    try {
      await readAccounts({
        desk,
        caller: (account) => this.#accounts.caller(account.id),
        now: this.#now,
        inFlight: IN_FLIGHT,
        done: (reading, sent) => {
          requests += sent;
          if (reading.problem) failed += 1;
          pending.push(reading);
        },
      });
    } finally {
      clearInterval(timer);
    }
    await flush();
    // In the desk's order, whichever answer came first: a notice names the same accounts every time.
    const at = new Map(desk.map((a, i) => [a.id, i]));
    built.sort((a, b) => (at.get(a.account) ?? 0) - (at.get(b.account) ?? 0));
    try {
      this.#onRefreshed?.(built);
    } catch (error) {
      this.#log.log('warn', 'the rows of a board refresh could not be watched', error);
    }
    return { accounts: desk.length, failed, requests, ms: this.#now() - started };
  }

  /** Prices read now and kept with the board; the last ones kept when they cannot be read. */
  async #readPrices(): Promise<Prices> {
    try {
      const prices = await readPrices(this.#connection);
      await this.#store.rememberMany(KINDS.prices, [{ account: DESK, value: prices }]);
      return prices;
    } catch (error) {
      this.#log.log('warn', 'the board could not read prices; the last ones are used', error);
      return this.#prices();
    }
  }

  /**
   * Stores a batch of readings in one transaction and sends their rows to the window. Each row is
   * drawn from the store, never from the reading alone: a push that came while the reading was out
   * is newer than it and is kept (the store keeps the newest of each part), so a refresh begun before
   * a bulk cancel never brings the cancelled orders back on screen. Answers the rows sent (none when
   * they could not be kept).
   */
  async #save(batch: Reading[], desk: readonly AccountRecord[], prices: Prices): Promise<BoardRowView[]> {
    if (batch.length === 0) return [];
    try {
      await this.#store.rememberAll(readingEntries(batch));
      const read = new Set(batch.map((r) => r.account));
      const rows = await this.#rows(
        desk.filter((a) => read.has(a.id)),
        prices,
      );
      this.#bus.emit('board.rows', { rows });
      return rows;
    } catch (error) {
      this.#log.log('warn', 'the board could not keep what it read', error);
      return [];
    }
  }
}
