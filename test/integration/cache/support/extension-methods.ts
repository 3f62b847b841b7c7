// An extension module for the cache workers' method table (`OpenCacheOptions.extensions`): a read that
// names the connection it ran on, a long read that stops when cancelled, and a write.
import type { ReadableDB, WritableDB } from '../../../../main/cache/db.ts';

interface Context<DB> {
  db: DB;
  signal: AbortSignal;
  progress(value: unknown): void;
}

export const readMethods = {
  'probe.readonly': (c: Context<ReadableDB>) => c.db.readonly,
  'probe.count': (c: Context<ReadableDB>) =>
    c.db.prepare('SELECT count(*) FROM deals').pluck().get() as number,
  /** Reports progress every step until cancelled, yielding between steps (as a long job does). */
  'probe.until': async (c: Context<ReadableDB>, steps: number) => {
    for (let i = 0; i < steps; i++) {
      c.signal.throwIfAborted();
      c.progress(i);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return steps;
  },
};

export const writeMethods = {
  'probe.mark': (c: Context<WritableDB>, job: string) =>
    c.db.prepare("INSERT INTO sync_checkpoints (job, cursor, updated_at_ms) VALUES (?, '1', 0)").run(job)
      .changes,
};
