/**
 * The desk board: every account at a glance. The board is drawn from what was last read of each
 * account (kept in the cache, so it opens at once and offline), then refreshed: four reads per
 * account, each on the account's own key (rate limits are per key, so a desk of 1,000 keys reads in
 * parallel without one key coming near its budget), all as background work that queues behind the
 * person's own requests. Rows arrive as `desk.boardRows` events in batches while a refresh runs.
 */
import * as collateral from '../../exchange/endpoints/collateral.ts';
import { futures } from '../../exchange/endpoints/public.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import { AuthError } from '../../exchange/errors.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { EventHub } from '../../ipc/event-hub.ts';
import type {
  BoardRefreshView,
  BoardRowView,
  BoardView,
  DeskOrderRowView,
  DeskPositionRowView,
  KeyStateView,
  OrderView,
  PositionView,
} from '../../ipc/contract.ts';
import { userFacing } from '../../ipc/user-facing.ts';
import { Dec } from '../../rules/decimal.ts';
import type { Cache } from '../../cache/index.ts';
import type { Logger } from '../../log.ts';
import type { AccountRecord } from '../../vault/registry.ts';
import type { AccountService } from '../accounts.ts';
import type { ExchangeConnection } from '../exchange-connection.ts';
import { openPositions } from '../positions.ts';
import {
  boardRow,
  boardTotals,
  type AccountPieces,
  type CollateralBalances,
  type Known,
  type Prices,
  type SpotBalances,
} from './board-rows.ts';
import { pool } from './pool.ts';

/** The store of last-seen values (the app's LastKnown service, or a memory for tests). */
export interface KnownStore {
  rememberMany<T>(
    kind: string,
    entries: { account: string; value: T; scope?: string; takenAtMs?: number }[],
  ): Promise<void>;
  recallAll<T>(kind: string, accounts?: string[], scope?: string): Promise<Map<string, Known<T>>>;
}

export const KINDS = {
  spot: 'balances.spot',
  collateral: 'balances.collateral',
  orders: 'orders.open',
  positions: 'positions.open',
  key: 'keys.state',
  realized: 'pnl.realized_today',
  prices: 'desk.prices',
} as const;

/** The store's account name for desk-wide values (prices). */
const DESK = 'desk';
/** Accounts read at once; each holds one background slot of its own key per read. */
const CONCURRENCY = 48;
/** Rows are sent to the window at most this often while a refresh runs. */
const FLUSH_MS = 250;
/** The exchange lists at most this many open orders per page. */
const ORDERS_PAGE = 100;

interface Reading {
  account: string;
  atMs: number;
  spot?: SpotBalances;
  collateral?: CollateralBalances;
  orders?: OrderView[];
  positions?: PositionView[];
  key: KeyStateView;
  problem?: string;
  realized?: string;
}

function keyStateOf(error: unknown): KeyStateView | undefined {
  if (!(error instanceof AuthError)) return undefined;
  return /not allowed/i.test(error.message) ? 'missing_permission' : 'revoked';
}

export class BoardService {
  readonly #accounts: AccountService;
  readonly #connection: ExchangeConnection;
  readonly #store: KnownStore;
  readonly #cache: Cache;
  readonly #events: EventHub;
  readonly #log: Logger;
  readonly #now: () => number;
  #running: Promise<BoardRefreshView> | undefined;

  constructor(options: {
    accounts: AccountService;
    connection: ExchangeConnection;
    store: KnownStore;
    cache: Cache;
    events: EventHub;
    log: Logger;
    now?: () => number;
  }) {
    this.#accounts = options.accounts;
    this.#connection = options.connection;
    this.#store = options.store;
    this.#cache = options.cache;
    this.#events = options.events;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
  }

  /** The registered accounts of the running connection, main first. */
  #desk(accountIds?: readonly string[]): AccountRecord[] {
    const wanted = accountIds ? new Set(accountIds) : undefined;
    return this.#accounts.registry
      .list()
      .filter((a) => a.connection === this.#connection.id && (!wanted || wanted.has(a.id)))
      .sort((a, b) => Number(a.kind === 'sub') - Number(b.kind === 'sub'));
  }

  /** The board as last read: every account, from the cache. */
  async view(): Promise<BoardView> {
    const desk = this.#desk();
    const rows = await this.#rows(desk);
    return { rows, totals: boardTotals(rows), refreshing: this.#running !== undefined, atMs: this.#now() };
  }

  async #prices(): Promise<Prices> {
    const known = await this.#store.recallAll<Prices>(KINDS.prices, [DESK]);
    return known.get(DESK)?.value ?? { assets: {}, marks: {} };
  }

  async #rows(desk: readonly AccountRecord[]): Promise<BoardRowView[]> {
    const ids = desk.map((a) => a.id);
    const [spot, coll, orders, positions, keys, realized, prices] = await Promise.all([
      this.#store.recallAll<SpotBalances>(KINDS.spot, ids),
      this.#store.recallAll<CollateralBalances>(KINDS.collateral, ids),
      this.#store.recallAll<OrderView[]>(KINDS.orders, ids),
      this.#store.recallAll<PositionView[]>(KINDS.positions, ids),
      this.#store.recallAll<{ state: KeyStateView; problem?: string }>(KINDS.key, ids),
      this.#store.recallAll<string>(KINDS.realized, ids),
      this.#prices(),
    ]);
    return desk.map((a) => {
      const key = keys.get(a.id);
      const pieces: AccountPieces = {
        spot: spot.get(a.id),
        collateral: coll.get(a.id),
        orders: orders.get(a.id),
        positions: positions.get(a.id),
        key: key ? { value: key.value.state, asOfMs: key.asOfMs } : undefined,
        realizedToday: realized.get(a.id)?.value,
        problem: key?.value.problem,
      };
      return boardRow(a, pieces, prices);
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

  /** Spot balances of every account as last read, in the shape of `desk.balances`; nothing is sent. */
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
  async orders(accountIds?: readonly string[]): Promise<DeskOrderRowView[]> {
    const desk = this.#desk(accountIds);
    const known = await this.#store.recallAll<OrderView[]>(
      KINDS.orders,
      desk.map((a) => a.id),
    );
    return desk.flatMap((a) =>
      (known.get(a.id)?.value ?? []).map((o) => ({
        account: a.id,
        label: a.label,
        orderId: o.orderId,
        market: o.market,
        side: o.side,
        type: o.type,
        price: o.price ?? '',
        amount: o.amount,
        left: o.left,
        timestampMs: Math.round(o.timestamp * 1000),
      })),
    );
  }

  /** Open positions of the given accounts (all by default) as last read. */
  async positions(accountIds?: readonly string[]): Promise<DeskPositionRowView[]> {
    const desk = this.#desk(accountIds);
    const known = await this.#store.recallAll<PositionView[]>(
      KINDS.positions,
      desk.map((a) => a.id),
    );
    return desk.flatMap((a) =>
      (known.get(a.id)?.value ?? []).map((p) => ({
        account: a.id,
        label: a.label,
        positionId: p.positionId,
        market: p.market,
        amount: p.amount,
        basePrice: p.basePrice ?? '',
        liquidationPrice: p.liquidationPrice ?? '',
        pnl: p.pnl ?? '',
        margin: p.margin ?? '',
      })),
    );
  }

  /** Reads every account (or the given ones) again; a refresh already running is joined. */
  refresh(accountIds?: readonly string[]): Promise<BoardRefreshView> {
    this.#running ??= this.#refresh(accountIds).finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #refresh(accountIds?: readonly string[]): Promise<BoardRefreshView> {
    const started = this.#now();
    const desk = this.#desk(accountIds);
    await this.#readPrices();
    let pending: Reading[] = [];
    let requests = 0;
    let failed = 0;
    let flushing = Promise.resolve();
    const flush = (): Promise<void> => {
      const batch = pending;
      pending = [];
      flushing = flushing.then(() => this.#save(batch, desk));
      return flushing;
    };
    const timer = setInterval(() => void flush(), FLUSH_MS);
    try {
      await pool(desk, CONCURRENCY, async (account) => {
        const reading = await this.#read(account);
        requests += reading.requests;
        if (reading.reading.problem) failed += 1;
        pending.push(reading.reading);
      });
    } finally {
      clearInterval(timer);
    }
    await flush();
    return { accounts: desk.length, failed, requests, ms: this.#now() - started };
  }

  /** Prices of the assets and the mark prices of the collateral markets, kept with the board. */
  async #readPrices(): Promise<Prices> {
    const prices: Prices = { assets: {}, marks: {} };
    try {
      const [markets, perps] = await Promise.all([
        this.#connection.catalog.all(),
        futures(this.#connection.http),
      ]);
      for (const f of perps) {
        const mark = f.mark_price || f.index_price;
        prices.marks[f.ticker_id] = mark;
        const [base = '', quote = ''] = f.ticker_id.split('_');
        if (quote === 'PERP') prices.assets[base] ??= f.index_price;
      }
      const spot = markets.filter((m) => m.type === 'spot' && m.name.endsWith('_USDT'));
      await Promise.all(
        spot.map(async (m) => {
          const book = await this.#connection.catalog.depth(m.name, 1);
          const bid = book.bids[0]?.[0];
          const ask = book.asks[0]?.[0];
          const base = m.name.slice(0, -'_USDT'.length);
          if (bid && ask) prices.assets[base] = midOf(bid, ask);
          prices.marks[m.name] ??= prices.assets[base] ?? '';
        }),
      );
      await this.#store.rememberMany(KINDS.prices, [{ account: DESK, value: prices }]);
    } catch (error) {
      this.#log.log('warn', 'the board could not read prices; the last ones are used', error);
      return this.#prices();
    }
    return prices;
  }

  async #read(account: AccountRecord): Promise<{ reading: Reading; requests: number }> {
    const reading: Reading = { account: account.id, atMs: this.#now(), key: 'valid' };
    let requests = 0;
    let caller: KeyCaller;
    try {
      caller = (await this.#accounts.caller(account.id)).inBackground();
    } catch (error) {
      reading.key = 'unknown';
      reading.problem = userFacing(error)?.message ?? 'The key of this account could not be read.';
      return { reading, requests };
    }
    const attempt = async (work: () => Promise<void>): Promise<void> => {
      try {
        await work();
      } catch (error) {
        const state = keyStateOf(error);
        if (state && reading.key !== 'revoked') reading.key = state;
        reading.problem ??= userFacing(error)?.message ?? 'Part of this account could not be read.';
      }
    };
    await Promise.all([
      attempt(async () => {
        requests += 1;
        reading.spot = await trading.tradeBalance(caller);
      }),
      attempt(async () => {
        requests += 1;
        reading.collateral = await collateral.collateralBalance(caller);
      }),
      attempt(async () => {
        requests += 1;
        reading.positions = await openPositions(caller);
      }),
      attempt(async () => {
        const orders: OrderView[] = [];
        for (let offset = 0; ; offset += ORDERS_PAGE) {
          requests += 1;
          const page = await trading.activeOrders(caller, { limit: ORDERS_PAGE, offset });
          orders.push(...page);
          if (page.length < ORDERS_PAGE || offset + ORDERS_PAGE > 10_000) break;
        }
        reading.orders = orders;
      }),
    ]);
    reading.realized = await this.#realizedToday(account.id);
    return { reading, requests };
  }

  /** Realized PnL of the position changes cached since 00:00 UTC (history sync keeps them). */
  async #realizedToday(account: string): Promise<string | undefined> {
    const now = this.#now();
    const from = Math.floor((now - (now % 86_400_000)) / 1000);
    try {
      const records = await this.#cache.positions.list({ account, from, limit: 1000 });
      return records.reduce((sum, r) => sum.plus(r.orderDetail.realizedPnl ?? '0'), new Dec(0)).toFixed();
    } catch {
      return undefined;
    }
  }

  /** Stores a batch of readings and sends their rows to the window. */
  async #save(batch: Reading[], desk: readonly AccountRecord[]): Promise<void> {
    if (batch.length === 0) return;
    const entries = <T>(pick: (r: Reading) => T | undefined) =>
      batch.flatMap((r) => {
        const value = pick(r);
        return value === undefined ? [] : [{ account: r.account, value, takenAtMs: r.atMs }];
      });
    try {
      await Promise.all([
        this.#store.rememberMany(
          KINDS.spot,
          entries((r) => r.spot),
        ),
        this.#store.rememberMany(
          KINDS.collateral,
          entries((r) => r.collateral),
        ),
        this.#store.rememberMany(
          KINDS.orders,
          entries((r) => r.orders),
        ),
        this.#store.rememberMany(
          KINDS.positions,
          entries((r) => r.positions),
        ),
        this.#store.rememberMany(
          KINDS.realized,
          entries((r) => r.realized),
        ),
        this.#store.rememberMany(
          KINDS.key,
          entries((r) => ({ state: r.key, ...(r.problem ? { problem: r.problem } : {}) })),
        ),
      ]);
      const ids = new Set(batch.map((r) => r.account));
      const rows = await this.#rows(desk.filter((a) => ids.has(a.id)));
      this.#events.emit('desk.boardRows', { rows });
    } catch (error) {
      this.#log.log('warn', 'the board could not keep what it read', error);
    }
  }
}

/** (bid + ask) / 2, exact. */
function midOf(bid: string, ask: string): string {
  return new Dec(bid).plus(ask).div(2).toFixed();
}
