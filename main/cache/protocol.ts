import type { SerializedCacheError } from './errors.ts';
import type { MigrationReport } from './migrate.ts';

/** What a cache worker is started with (`workerData`). */
export interface WorkerData {
  file: string;
  role: 'write' | 'read';
}

/** Main thread to worker. */
export type ToWorker =
  | { type: 'call'; id: number; method: string; args: unknown[] }
  | { type: 'cancel'; id: number }
  | { type: 'close' };

/** Worker to main thread. */
export type FromWorker =
  | { type: 'ready'; schemaVersion: number; migration: MigrationReport | null }
  | { type: 'failed'; error: SerializedCacheError }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: SerializedCacheError }
  | { type: 'progress'; id: number; value: unknown }
  | { type: 'closed' };
