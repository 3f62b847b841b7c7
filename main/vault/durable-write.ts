/**
 * SQLite writes (WAL mode) made durable without holding up the main thread. At `synchronous = FULL`
 * SQLite flushes the WAL to disk inside each commit, and the event loop waits for the disk (a
 * millisecond, often several on a busy disk) with every other request stalled behind it. Here a
 * commit runs at NORMAL (the WAL is written, not flushed) and the WAL file is then flushed with
 * fsync on libuv's thread pool: the write is on disk before its promise settles, just as at FULL,
 * while other work goes on. Commits made while a flush runs share the next one (a group commit).
 */
import { open } from 'node:fs/promises';
import type Database from 'better-sqlite3';

export class DurableWrites {
  readonly #normal: Database.Statement;
  readonly #full: Database.Statement;
  readonly #wal: string;
  /** The flush running now: it may have started before the latest commits. */
  #running: Promise<void> | undefined;
  /** The flush that starts when the running one ends: it covers every commit made until then. */
  #next: Promise<void> | undefined;

  /** `db` is the connection to `file`, in WAL mode and otherwise at `synchronous = FULL`. */
  constructor(db: Database.Database, file: string) {
    this.#normal = db.prepare('PRAGMA synchronous = NORMAL');
    this.#full = db.prepare('PRAGMA synchronous = FULL');
    this.#wal = `${file}-wal`;
  }

  /**
   * Runs `write` as one commit, at once (a failed write throws here); the promise answered settles
   * once the commit is on disk.
   */
  commit(write: () => void): Promise<void> {
    this.#normal.run();
    try {
      write();
    } finally {
      this.#full.run();
    }
    return this.#flush();
  }

  #flush(): Promise<void> {
    if (this.#next) return this.#next;
    const running = this.#running;
    if (!running) return this.#start();
    const next = running
      .catch(() => undefined)
      .then(() => {
        this.#next = undefined;
        return this.#start();
      });
    this.#next = next;
    return next;
  }

  #start(): Promise<void> {
    const flush = flushFile(this.#wal).finally(() => {
      if (this.#running === flush) this.#running = undefined;
    });
    this.#running = flush;
    return flush;
  }
}

async function flushFile(wal: string): Promise<void> {
  let handle;
  try {
    handle = await open(wal, 'r+');
  } catch (error) {
    // No WAL file: the last connection checkpointed it into the database (flushed) and removed it.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
