import type { ReadableDB, WritableDB } from './db.ts';
import { commitDealGroup, storeDealPage } from './deal-group.ts';
import { unpackDeals, type PackedDeals } from './deal-pack.ts';
import { dealTotals } from './repos/deal-totals.ts';
import { exportDealsCsv } from './repos/deal-export.ts';
import type { DealCursor, DealFilter } from './repos/deal-filter.ts';
import { countDeals, newestDealTime, pageDeals, type DealRecord } from './repos/deals.ts';
import {
  listSignedRequests,
  orderOperators,
  recordSignedRequest,
  recordSignedRequests,
  unsentSignedRequests,
  type AuditQuery,
  type SignedRequest,
} from './repos/audit.ts';
import { listBatches, recordBatch, type BatchQuery, type BatchRecord } from './repos/batches.ts';
import {
  latestBalanceSnapshot,
  listBalanceSnapshots,
  pruneBalanceSnapshots,
  recordBalanceSnapshot,
  type BalanceSnapshot,
  type BalanceSnapshotInput,
} from './repos/balances.ts';
import { listBorrows, upsertBorrows, type BorrowQuery, type BorrowRecordInput } from './repos/borrows.ts';
import {
  checkCheckpoint,
  deleteCheckpoint,
  listCheckpoints,
  loadCheckpoint,
  saveCheckpoint,
} from './repos/checkpoints.ts';
import {
  listMiningRewards,
  listWorkerSamples,
  recordWorkerSample,
  upsertMiningRewards,
  type MiningRewardInput,
  type MiningRewardQuery,
  type WorkerSample,
} from './repos/mining.ts';
import {
  listPositions,
  realizedPnlSince,
  upsertPositions,
  type PositionQuery,
  type PositionRecord,
} from './repos/positions.ts';
import {
  lastWebhookNonce,
  listWebhookEvents,
  recordWebhookEvent,
  type WebhookEvent,
  type WebhookQuery,
} from './repos/webhooks.ts';
import {
  getLastKnown,
  listLastKnown,
  putLastKnown,
  type LastKnownInput,
  type LastKnownQuery,
} from './repos/last-known.ts';
import { schemaVersion } from './migrate.ts';
import { backupTo, restoreFrom } from './backup.ts';
import { archiveExtent, archiveKeys, type HistoryFamily } from './repos/extent.ts';
import { listVaultRecords, upsertVaultRecords, type VaultQuery, type VaultRecord } from './repos/vault.ts';

/** What a method gets besides its arguments: its connection, a cancel signal, a progress channel. */
export interface CallContext<DB extends ReadableDB> {
  db: DB;
  signal: AbortSignal;
  progress(value: unknown): void;
}
type Read = CallContext<ReadableDB>;
type Write = CallContext<WritableDB>;

/** A sync job's position, saved in the same transaction as the rows it covers. */
export interface CheckpointWrite {
  job: string;
  cursor: unknown;
}

/**
 * Every read the workers answer. Each takes a `ReadableDB`, so it can run on a read worker (opened
 * read-only) or on the writer.
 */
export const readMethods = {
  'deals.page': (c: Read, filter: DealFilter, cursor: DealCursor | null = null, limit?: number) =>
    pageDeals(c.db, filter, cursor, limit),
  'deals.count': (c: Read, filter: DealFilter) => countDeals(c.db, filter),
  'deals.totals': (c: Read, filter: DealFilter) => dealTotals(c.db, filter),
  'deals.newestTime': (c: Read, account: string, market?: string) => newestDealTime(c.db, account, market),
  'deals.exportCsv': (c: Read, filter: DealFilter, path: string, chunkRows?: number) =>
    exportDealsCsv(c.db, filter, path, {
      signal: c.signal,
      onProgress: (p) => c.progress(p),
      ...(chunkRows === undefined ? {} : { chunkRows }),
    }),
  'balances.latest': (c: Read, account: string, kind: BalanceSnapshot['kind'], subAccount?: string) =>
    latestBalanceSnapshot(c.db, account, kind, subAccount),
  'balances.list': (
    c: Read,
    account: string,
    kind: BalanceSnapshot['kind'],
    beforeMs?: number,
    limit?: number,
  ) => listBalanceSnapshots(c.db, account, kind, beforeMs, limit),
  'positions.list': (c: Read, query: PositionQuery) => listPositions(c.db, query),
  'positions.realizedSince': (c: Read, from: number, accounts?: string[]) =>
    realizedPnlSince(c.db, from, accounts),
  'borrows.list': (c: Read, query: BorrowQuery) => listBorrows(c.db, query),
  'mining.rewards': (c: Read, query: MiningRewardQuery) => listMiningRewards(c.db, query),
  'mining.workerSamples': (c: Read, account: string, miningAccount: string, fromMs?: number, toMs?: number) =>
    listWorkerSamples(c.db, account, miningAccount, fromMs, toMs),
  'webhooks.list': (c: Read, query: WebhookQuery) => listWebhookEvents(c.db, query),
  'webhooks.lastNonce': (c: Read, account: string) => lastWebhookNonce(c.db, account),
  'audit.list': (c: Read, query?: AuditQuery) => listSignedRequests(c.db, query),
  'audit.unsent': (c: Read, operator: string, afterId: number, limit: number) =>
    unsentSignedRequests(c.db, operator, afterId, limit),
  'audit.orderOperators': (c: Read, clientOrderIds: string[]) => orderOperators(c.db, clientOrderIds),
  'batches.list': (c: Read, query?: BatchQuery) => listBatches(c.db, query),
  'lastKnown.get': (c: Read, account: string, kind: string, scope?: string) =>
    getLastKnown(c.db, account, kind, scope),
  'lastKnown.list': (c: Read, query: LastKnownQuery) => listLastKnown(c.db, query),
  'checkpoints.load': (c: Read, job: string) => loadCheckpoint(c.db, job),
  'checkpoints.list': (c: Read, prefix?: string) => listCheckpoints(c.db, prefix),
  'meta.schemaVersion': (c: Read) => schemaVersion(c.db),
  /** An online backup of the whole cache to `file` (one consistent snapshot), checked once written. */
  'meta.backup': (c: Read, file: string) => backupTo(c.db, file),
  'vault.list': (c: Read, query: VaultQuery) => listVaultRecords(c.db, query),
  /** The identities of an account's records of a family in [from, to]: what a consistency check compares. */
  'vault.keys': (c: Read, account: string, family: HistoryFamily, from: number, to: number) =>
    archiveKeys(c.db, account, family, from, to),
  /** Per account, how far back each family of its history goes and how much only the archive holds. */
  'vault.extent': (c: Read, accounts: string[], horizonS: number) => archiveExtent(c.db, accounts, horizonS),
  /** SQLite's own consistency check: `['ok']` when the file is sound, else the problems it found. */
  'meta.integrityCheck': (c: Read) =>
    (c.db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check),
};

/** Every write; only the writer worker, owner of the one `WritableDB`, runs these. */
export const writeMethods = {
  /**
   * Stores a page of deals and, when given, the sync checkpoint after it, in the writer's open group
   * of pages (`deal-group.ts`): committed together, within 50 ms.
   */
  'deals.upsert': (c: Write, rows: DealRecord[], checkpoint?: CheckpointWrite) =>
    storeDealPage(c.db, rows, checkpoint),
  /** `deals.upsert` of a page the client packed (`packDeals`): the same checks, the same result. */
  'deals.upsertPacked': (c: Write, packed: PackedDeals, checkpoint?: CheckpointWrite) =>
    storeDealPage(c.db, unpackDeals(packed), checkpoint),
  /** Commits the open group of deal pages, so other connections see them (the worker does this too). */
  'meta.flush': (c: Write) => commitDealGroup(c.db),
  'balances.record': (c: Write, snapshot: BalanceSnapshotInput) => recordBalanceSnapshot(c.db, snapshot),
  /** Snapshots brought from the team store, with the checkpoint after them, in one transaction. */
  'balances.recordMany': (c: Write, snapshots: BalanceSnapshotInput[], checkpoint?: CheckpointWrite) =>
    c.db.transaction(() => {
      for (const snapshot of snapshots) recordBalanceSnapshot(c.db, snapshot);
      if (checkpoint) saveCheckpoint(c.db, checkpoint.job, checkpoint.cursor);
      return snapshots.length;
    })(),
  'balances.prune': (c: Write, account: string, olderThanMs: number) =>
    pruneBalanceSnapshots(c.db, account, olderThanMs),
  'positions.upsert': (c: Write, records: PositionRecord[], checkpoint?: CheckpointWrite) =>
    c.db.transaction(() => {
      const result = upsertPositions(c.db, records);
      if (checkpoint) saveCheckpoint(c.db, checkpoint.job, checkpoint.cursor);
      return result;
    })(),
  'borrows.upsert': (c: Write, records: BorrowRecordInput[], checkpoint?: CheckpointWrite) =>
    c.db.transaction(() => {
      const result = upsertBorrows(c.db, records);
      if (checkpoint) saveCheckpoint(c.db, checkpoint.job, checkpoint.cursor);
      return result;
    })(),
  'mining.upsertRewards': (c: Write, rewards: MiningRewardInput[], checkpoint?: CheckpointWrite) =>
    c.db.transaction(() => {
      const result = upsertMiningRewards(c.db, rewards);
      if (checkpoint) saveCheckpoint(c.db, checkpoint.job, checkpoint.cursor);
      return result;
    })(),
  'mining.recordWorkerSample': (c: Write, sample: WorkerSample) => recordWorkerSample(c.db, sample),
  'mining.recordWorkerSamples': (c: Write, samples: WorkerSample[], checkpoint?: CheckpointWrite) =>
    c.db.transaction(() => {
      for (const sample of samples) recordWorkerSample(c.db, sample);
      if (checkpoint) saveCheckpoint(c.db, checkpoint.job, checkpoint.cursor);
      return samples.length;
    })(),
  'webhooks.record': (c: Write, event: WebhookEvent) => recordWebhookEvent(c.db, event),
  'audit.record': (c: Write, entry: SignedRequest) => recordSignedRequest(c.db, entry),
  'audit.recordMany': (c: Write, entries: SignedRequest[], checkpoint?: CheckpointWrite) =>
    recordSignedRequests(c.db, entries, checkpoint && checkCheckpoint(checkpoint.job, checkpoint.cursor)),
  'batches.record': (c: Write, record: BatchRecord) => recordBatch(c.db, record),
  'lastKnown.put': (c: Write, entries: LastKnownInput[]) => putLastKnown(c.db, entries),
  'checkpoints.save': (c: Write, job: string, cursor: unknown) => saveCheckpoint(c.db, job, cursor),
  'vault.upsert': (c: Write, records: VaultRecord[], checkpoint?: CheckpointWrite) =>
    c.db.transaction(() => {
      const result = upsertVaultRecords(c.db, records);
      if (checkpoint) saveCheckpoint(c.db, checkpoint.job, checkpoint.cursor);
      return result;
    })(),
  /** Replaces the history with a backup file's (`backup.ts`); the signed-request log and the rest stay. */
  'meta.restore': (c: Write, file: string) => restoreFrom(c.db, file),
  'checkpoints.delete': (c: Write, job: string) => deleteCheckpoint(c.db, job),
};

export type ReadMethods = typeof readMethods;
export type WriteMethods = typeof writeMethods;
export type ReadMethodName = keyof ReadMethods;
export type WriteMethodName = keyof WriteMethods;

type AnyMethod = (c: never, ...args: never[]) => unknown;
/** The arguments a caller passes (everything after the context). */
export type MethodArgs<F> = F extends (c: never, ...args: infer A) => unknown ? A : never;
export type MethodResult<F extends AnyMethod> = Awaited<ReturnType<F>>;
