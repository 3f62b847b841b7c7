/**
 * The offline replica: each operator's local cache follows the team store's history tables by change
 * cursor, so the whole desk's history is browsable on every computer, offline too. Each page is
 * written to the cache with the table's cursor in one transaction (the cache's own sync contract), so
 * a replica stopped at any moment resumes where it stood and no record arrives twice. The next page
 * is read from the store while the cache writes the one before.
 */
import type { Cache, CheckpointWrite, DealRecord } from '../cache/index.ts';
import { readChanges, START, type ChangeCursor, type ChangePage, type FeedTable } from './changes.ts';
import type { TeamPart } from './desk.ts';
import type { TeamStore } from './store.ts';
import { OnePull } from './one-pull.ts';

interface DealRow {
  account: string;
  id: string;
  market: string;
  side: 'buy' | 'sell';
  role: DealRecord['role'];
  amount: string;
  price: string;
  deal: string;
  fee: string;
  fee_asset: string;
  order_id: string;
  client_order_id: string;
  time_us: string;
}

function dealOf(r: DealRow): DealRecord {
  return {
    account: r.account,
    market: r.market,
    id: Number(r.id),
    clientOrderId: r.client_order_id,
    time: Number(r.time_us) / 1e6,
    side: r.side,
    role: r.role,
    amount: r.amount,
    price: r.price,
    deal: r.deal,
    fee: r.fee,
    orderId: Number(r.order_id),
    feeAsset: r.fee_asset,
  };
}

interface Replicated {
  feed: FeedTable;
  page: number;
  /** Writes a page of rows to the cache with the checkpoint after it, in one transaction. */
  apply(cache: Cache, rows: Array<Record<string, unknown>>, checkpoint: CheckpointWrite): Promise<unknown>;
}

/**
 * The records of a page, each under the account of its row: the column the store's lease policy
 * checked, not what the record itself says (the store holds them equal since migration 0004).
 */
const record = (rows: Array<Record<string, unknown>>) =>
  rows.map((r) => ({ ...(r['record'] as Record<string, unknown>), account: r['account'] }));

const RECORD = 'account::text AS account, record';
export const REPLICATED: readonly Replicated[] = [
  {
    feed: {
      table: 'deals',
      key: [
        ['account', 'uuid'],
        ['id', 'bigint'],
      ],
      columns: `account::text AS account, id::text AS id, market, side, role, amount, price, deal, fee, fee_asset,
        order_id::text AS order_id, client_order_id, time_us::text AS time_us`,
    },
    page: 10_000,
    apply: (cache, rows, checkpoint) =>
      cache.deals.upsert((rows as unknown as DealRow[]).map(dealOf), checkpoint),
  },
  {
    feed: {
      table: 'positions_history',
      key: [
        ['account', 'uuid'],
        ['position_id', 'bigint'],
        ['order_id', 'bigint'],
      ],
      columns: RECORD,
    },
    page: 2_000,
    apply: (cache, rows, checkpoint) => cache.positions.upsert(record(rows) as never, checkpoint),
  },
  {
    feed: {
      table: 'borrows',
      key: [
        ['account', 'uuid'],
        ['asset', 'text'],
        ['opened_at', 'bigint'],
        ['seq', 'integer'],
      ],
      columns: RECORD,
    },
    page: 2_000,
    apply: (cache, rows, checkpoint) => cache.borrows.upsert(record(rows) as never, checkpoint),
  },
  {
    feed: {
      table: 'mining_rewards',
      key: [
        ['account', 'uuid'],
        ['mining_account', 'text'],
        ['time', 'bigint'],
      ],
      columns: RECORD,
    },
    page: 2_000,
    apply: (cache, rows, checkpoint) => cache.mining.upsertRewards(record(rows) as never, checkpoint),
  },
  {
    feed: {
      table: 'mining_worker_samples',
      key: [
        ['account', 'uuid'],
        ['mining_account', 'text'],
        ['sampled_at_ms', 'bigint'],
      ],
      columns: RECORD,
    },
    page: 2_000,
    apply: (cache, rows, checkpoint) => cache.mining.recordWorkerSamples(record(rows) as never, checkpoint),
  },
  {
    feed: {
      table: 'balance_snapshots',
      key: [
        ['account', 'uuid'],
        ['kind', 'text'],
        ['sub_account', 'text'],
        ['taken_at_ms', 'bigint'],
      ],
      columns: RECORD,
    },
    page: 2_000,
    apply: (cache, rows, checkpoint) => cache.balances.recordMany(record(rows) as never, checkpoint),
  },
  {
    feed: {
      table: 'vault_records',
      key: [
        ['account', 'uuid'],
        ['kind', 'text'],
        ['key', 'text'],
      ],
      columns: RECORD,
    },
    page: 2_000,
    apply: (cache, rows, checkpoint) => cache.vault.upsert(record(rows) as never, checkpoint),
  },
];

/** One history table followed into the local cache. */
export class TableReplica implements TeamPart {
  readonly tables: readonly string[];
  readonly #store: TeamStore;
  readonly #cache: Cache;
  readonly #table: Replicated;
  readonly #pulls = new OnePull(() => this.#pullAll());

  readonly #applied: (table: string) => void;

  /** `applied` hears the table's name after a page with rows reached the cache. */
  constructor(
    store: TeamStore,
    cache: Cache,
    table: Replicated,
    applied: (table: string) => void = () => undefined,
  ) {
    this.#store = store;
    this.#cache = cache;
    this.#table = table;
    this.tables = [table.feed.table];
    this.#applied = applied;
  }

  /** The checkpoint job of this table's cursor (per desk). */
  get job(): string {
    return `team:${this.#store.deskId ?? 'desk'}:${this.#table.feed.table}`;
  }

  /** Reads the table's changes into the cache; true when the last pass was held back (`ChangePage.held`). */
  pull(): Promise<boolean> {
    return this.#pulls.run();
  }

  async #pullAll(): Promise<boolean> {
    const job = this.job;
    const { feed, page: size } = this.#table;
    const saved = (await this.#cache.checkpoints.load(job))?.cursor as ChangeCursor | undefined;
    const read = (cursor: ChangeCursor) =>
      readChanges<Record<string, unknown>>(this.#store, feed, cursor, size);
    let next: Promise<ChangePage<Record<string, unknown>>> = read(saved ?? START);
    for (;;) {
      const page = await next;
      // The store reads the next page while the cache writes this one.
      if (!page.done) {
        next = read(page.next);
        next.catch(() => undefined);
      }
      await this.#table.apply(this.#cache, page.rows, { job, cursor: page.next });
      if (page.rows.length > 0) this.#applied(feed.table);
      if (page.done) return page.held === true;
    }
  }
}

/** Every history table's replica. */
export function historyReplicas(
  store: TeamStore,
  cache: Cache,
  applied?: (table: string) => void,
): TableReplica[] {
  return REPLICATED.map((table) => new TableReplica(store, cache, table, applied));
}
