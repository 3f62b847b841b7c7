import type { SerializedCacheError } from './errors.ts';
import type { MigrationReport } from './migrate.ts';

/** What a cache worker is started with (`workerData`). */
export interface WorkerData {
  file: string;
  role: 'write' | 'read';
  /**
   * Modules (file URLs) whose `readMethods` (and, on the writer, `writeMethods`) this worker answers
   * besides its own: a feature's store runs its queries here, off the main thread, without the cache
   * importing the feature.
   */
  extensions?: string[];
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
