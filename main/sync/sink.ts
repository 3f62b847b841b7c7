/**
 * Where a sync job stores what it reads, with its checkpoint in the same transaction: the local cache
 * when the profile works alone, the team store (under the account's sync lease) in a team desk. The
 * jobs see only this, so one job serves both.
 */
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

export interface HistorySink {
  readonly checkpoints: {
    load(job: string): Promise<{ cursor: unknown } | null>;
    save(job: string, cursor: unknown): Promise<unknown>;
  };
  readonly deals: {
    upsert(rows: DealRecord[], checkpoint?: CheckpointWrite): Promise<{ inserted: number }>;
    /** Unix seconds of the account's newest stored deal, null when none. */
    newestTime(account: string): Promise<number | null>;
  };
  readonly positions: {
    upsert(records: PositionRecord[], checkpoint?: CheckpointWrite): Promise<{ stored: number }>;
  };
  readonly borrows: {
    upsert(records: BorrowRecordInput[], checkpoint?: CheckpointWrite): Promise<{ stored: number }>;
  };
  readonly mining: {
    upsertRewards(rewards: MiningRewardInput[], checkpoint?: CheckpointWrite): Promise<{ stored: number }>;
    recordWorkerSample(sample: WorkerSample): Promise<unknown>;
  };
  readonly balances: { record(snapshot: BalanceSnapshotInput): Promise<unknown> };
  /** The vault's records (orders, closed positions, funding, wallet, transfers, converts). */
  readonly vault: {
    upsert(
      records: VaultRecord[],
      checkpoint?: CheckpointWrite,
    ): Promise<{ inserted: number; updated: number }>;
  };
  /** Stores for good what it holds back (a group of pages not committed yet), before a run ends. */
  flush?(): Promise<void>;
}
