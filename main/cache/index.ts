// Public surface of the local cache for the rest of the main process. Import from here; the
// repositories and the worker are internal.
export {
  Cache,
  openCache,
  type ExportCsvOptions,
  type ExtensionLane,
  type OpenCacheOptions,
} from './client.ts';
export { cacheWorkerUrl } from './worker-url.ts';
export { cacheFilePath } from './paths.ts';
export {
  CacheCancelledError,
  CacheClosedError,
  CacheError,
  CacheInputError,
  CacheQueryError,
  SchemaTooNewError,
} from './errors.ts';
export { dealCursorSchema, dealFilterSchema, type DealCursor, type DealFilter } from './repos/deal-filter.ts';
export type { DealPage, DealRecord } from './repos/deals.ts';
export type { DealTotals, MarketTotals, AssetAmount } from './repos/deal-totals.ts';
export type { ExportProgress } from './repos/deal-export.ts';
export type { BalanceSnapshot, BalanceSnapshotInput } from './repos/balances.ts';
export type { PositionRecord, PositionQuery } from './repos/positions.ts';
export {
  withBorrowSeq,
  type BorrowRecord,
  type BorrowRecordInput,
  type BorrowQuery,
} from './repos/borrows.ts';
export type { MiningReward, MiningRewardInput, WorkerSample } from './repos/mining.ts';
export type { WebhookEvent, WebhookQuery } from './repos/webhooks.ts';
export type { SignedRequest, AuditEntry, AuditQuery } from './repos/audit.ts';
export type { BatchRecord, BatchQuery } from './repos/batches.ts';
export type { Checkpoint } from './repos/checkpoints.ts';
export type { LastKnownEntry, LastKnownInput, LastKnownQuery } from './repos/last-known.ts';
export type { CheckpointWrite } from './methods.ts';
export { VAULT_KINDS, type VaultKind } from './vault-kinds.ts';
export type { VaultQuery, VaultRecord } from './repos/vault.ts';
export type { AccountExtent, FamilyExtent, HistoryFamily } from './repos/extent.ts';
export type { BackupReport, RestoreReport } from './backup.ts';
