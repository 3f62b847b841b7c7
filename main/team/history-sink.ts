/**
 * A sync job's store in a team desk: the executed history goes to PostgreSQL, keyed by the
 * exchange's own identities (a record synced twice is one row), each page in one transaction with
 * its checkpoint and a check that this operator still holds the account's lease (`sync-lease.ts`).
 * Every operator's replica then brings the rows to its own cache.
 */
import type pg from 'pg';
import type {
  BalanceSnapshotInput,
  BorrowRecordInput,
  CheckpointWrite,
  DealRecord,
  MiningRewardInput,
  PositionRecord,
  VaultRecord,
  WorkerSample,
} from '../cache/index.ts';
import type { HistorySink } from '../sync/sink.ts';
import { TeamDealGroup } from './deal-group.ts';
import { LeaseLost, writeUnderLease } from './sync-lease.ts';
import type { TeamStore } from './store.ts';

/** Rows of a table keyed by (account, ...key) holding the record as JSON: a record seen again replaces it. */
async function upsertRecords(
  client: pg.ClientBase,
  table: string,
  keyColumns: ReadonlyArray<readonly [column: string, type: 'text' | 'bigint']>,
  rows: ReadonlyArray<{ account: string; key: unknown[]; record: unknown }>,
  replace: boolean,
): Promise<number> {
  if (rows.length === 0) return 0;
  const keys = keyColumns.map(([column]) => column);
  const columns = ['account', ...keys, 'record'];
  const types = ['uuid', ...keyColumns.map(([, type]) => type), 'jsonb'];
  const arrays = columns.map((_, i) =>
    rows.map((r) =>
      i === 0 ? r.account : i === columns.length - 1 ? JSON.stringify(r.record) : r.key[i - 1],
    ),
  );
  const conflict = replace
    ? `DO UPDATE SET record = excluded.record WHERE ${table}.record IS DISTINCT FROM excluded.record`
    : 'DO NOTHING';
  const result = await client.query(
    `INSERT INTO ${table} (${columns.join(', ')})
     SELECT * FROM unnest(${types.map((t, i) => `$${String(i + 1)}::${t}[]`).join(', ')})
     ON CONFLICT (${['account', ...keys].join(', ')}) ${conflict}`,
    arrays,
  );
  return result.rowCount ?? 0;
}

/** The store of one account's sync run under the lease `token`. */
export class TeamHistorySink implements HistorySink {
  readonly #store: TeamStore;
  readonly #account: string;
  readonly #token: () => string | undefined;
  readonly #deals: TeamDealGroup;

  constructor(store: TeamStore, account: string, token: () => string | undefined) {
    this.#store = store;
    this.#account = account;
    this.#token = token;
    this.#deals = new TeamDealGroup(store, account, token);
  }

  /** Commits the open group of deal pages (the run is over). */
  flush(): Promise<void> {
    return this.#deals.flush();
  }

  /**
   * Runs `work` in one transaction that first checks the lease; writes the checkpoint after it. The
   * open group of deal pages commits first.
   */
  async #write<T>(work: (client: pg.PoolClient) => Promise<T>, checkpoint?: CheckpointWrite): Promise<T> {
    await this.#deals.flush();
    const token = this.#token();
    if (!token) throw new LeaseLost();
    return this.#store.transaction(async (client) => {
      await writeUnderLease(client, this.#account, token);
      const value = await work(client);
      if (checkpoint)
        await client.query(
          `INSERT INTO sync_checkpoints (job, cursor) VALUES ($1, $2)
           ON CONFLICT (job) DO UPDATE SET cursor = excluded.cursor, updated_at = now()`,
          [checkpoint.job, JSON.stringify(checkpoint.cursor)],
        );
      return value;
    });
  }

  readonly checkpoints = {
    load: async (job: string): Promise<{ cursor: unknown } | null> => {
      const rows = await this.#store.query<{ cursor: unknown }>(
        'SELECT cursor FROM sync_checkpoints WHERE job = $1',
        [job],
      );
      return rows[0] ? { cursor: rows[0].cursor } : null;
    },
    save: (job: string, cursor: unknown): Promise<void> =>
      this.#write(async () => undefined, { job, cursor }),
  };

  readonly deals = {
    upsert: async (rows: DealRecord[], checkpoint?: CheckpointWrite) => ({
      inserted: await this.#deals.store(rows, checkpoint),
    }),
    newestTime: async (account: string): Promise<number | null> => {
      const rows = await this.#store.query<{ t: string | null }>(
        'SELECT max(time_us)::text AS t FROM deals WHERE account = $1',
        [account],
      );
      const t = rows[0]?.t;
      return t === null || t === undefined ? null : Number(t) / 1e6;
    },
  };

  readonly positions = {
    upsert: async (records: PositionRecord[], checkpoint?: CheckpointWrite) => ({
      stored: await this.#write(
        (client) =>
          upsertRecords(
            client,
            'positions_history',
            [
              ['position_id', 'bigint'],
              ['order_id', 'bigint'],
            ],
            records.map((r) => ({ account: r.account, key: [r.positionId, r.orderDetail.id], record: r })),
            true,
          ),
        checkpoint,
      ),
    }),
  };

  readonly borrows = {
    upsert: async (records: BorrowRecordInput[], checkpoint?: CheckpointWrite) => ({
      stored: await this.#write(
        (client) =>
          upsertRecords(
            client,
            'borrows',
            [
              ['asset', 'text'],
              ['opened_at', 'bigint'],
              ['seq', 'bigint'],
            ],
            records.map((r) => ({ account: r.account, key: [r.asset, r.timestamp, r.seq ?? 0], record: r })),
            true,
          ),
        checkpoint,
      ),
    }),
  };

  readonly mining = {
    upsertRewards: async (rewards: MiningRewardInput[], checkpoint?: CheckpointWrite) => ({
      stored: await this.#write(
        (client) =>
          upsertRecords(
            client,
            'mining_rewards',
            [
              ['mining_account', 'text'],
              ['time', 'bigint'],
            ],
            rewards.map((r) => ({ account: r.account, key: [r.miningAccount, r.time], record: r })),
            true,
          ),
        checkpoint,
      ),
    }),
    recordWorkerSample: (sample: WorkerSample) =>
      this.#write((client) =>
        upsertRecords(
          client,
          'mining_worker_samples',
          [
            ['mining_account', 'text'],
            ['sampled_at_ms', 'bigint'],
          ],
          [{ account: sample.account, key: [sample.miningAccount, sample.sampledAtMs], record: sample }],
          false,
        ),
      ),
  };

  readonly balances = {
    record: (snapshot: BalanceSnapshotInput) =>
      this.#write((client) =>
        upsertRecords(
          client,
          'balance_snapshots',
          [
            ['kind', 'text'],
            ['sub_account', 'text'],
            ['taken_at_ms', 'bigint'],
          ],
          [
            {
              account: snapshot.account,
              key: [snapshot.kind, snapshot.subAccount ?? '', snapshot.takenAtMs],
              record: snapshot,
            },
          ],
          false,
        ),
      ),
  };

  readonly vault = {
    upsert: async (records: VaultRecord[], checkpoint?: CheckpointWrite) => ({
      inserted: await this.#write(
        (client) =>
          upsertRecords(
            client,
            'vault_records',
            [
              ['kind', 'text'],
              ['key', 'text'],
            ],
            records.map((r) => ({ account: r.account, key: [r.kind, r.key], record: r })),
            true,
          ),
        checkpoint,
      ),
      updated: 0,
    }),
  };
}
