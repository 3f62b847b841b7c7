/**
 * SQLite writes (WAL mode) made durable without holding up the main thread. At `synchronous = FULL`
 * SQLite flushes the WAL to disk inside each commit, and the event loop waits for the disk (a
 * millisecond, often several on a busy disk) with every other request stalled behind it. Here a
 * commit runs at NORMAL (the WAL is written, not flushed) and the WAL file is then flushed with
 * fdatasync on libuv's thread pool: the write is on disk before its promise settles, just as at FULL,
 * while other work goes on. Commits made while a flush runs share the next one (a group commit). The
 * WAL file is opened once and kept open while the connection is (SQLite keeps the same file until its
 * last connection closes), so a flush is one request to the thread pool. Writes that need not be in
 * before their caller goes on (`commitSoon`) wait a few milliseconds for others, and while a flush
 * runs, and go in together: one commit, and one flush, for all of them.
 */
import { close, fdatasync, open } from 'node:fs';
import type Database from 'better-sqlite3';

/**
 * How long a write asked for with `commitSoon` waits for others to share its commit. A batch registers
 * an account every millisecond or so: each commit rewrites the same index pages, so ten rows in one
 * commit write far fewer pages than ten commits.
 */
const GROUP_MS = 8;

interface Queued {
  write: () => void;
  resolve: (committed: { onDisk: Promise<void> }) => void;
  reject: (error: unknown) => void;
}

export class DurableWrites {
  readonly #db: Database.Database;
  readonly #normal: Database.Statement;
  readonly #full: Database.Statement;
  /** Each write of a group commit in a savepoint of its own, statements prepared once. */
  readonly #savepoint: { open: Database.Statement; release: Database.Statement; undo: Database.Statement };
  readonly #wal: string;
  /** The flush running now: it may have started before the latest commits. */
  #running: Promise<void> | undefined;
  /** The flush that starts when the running one ends: it covers every commit made until then. */
  #next: Promise<void> | undefined;
  /** The WAL file's descriptor, opened by the first flush and kept. */
  #fd: Promise<number | undefined> | undefined;
  /**
   * Writes waiting to go in together (`commitSoon`); the timer that commits them; whether their commit
   * waits for the flush under way.
   */
  #queued: Queued[] = [];
  #timer: NodeJS.Timeout | undefined;
  #scheduled = false;

  /** `db` is the connection to `file`, in WAL mode and otherwise at `synchronous = FULL`. */
  constructor(db: Database.Database, file: string) {
    this.#db = db;
    this.#normal = db.prepare('PRAGMA synchronous = NORMAL');
    this.#full = db.prepare('PRAGMA synchronous = FULL');
    this.#savepoint = {
      open: db.prepare('SAVEPOINT durable_write'),
      release: db.prepare('RELEASE durable_write'),
      undo: db.prepare('ROLLBACK TO durable_write'),
    };
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

  /**
   * Runs `write` with the other writes asked for meanwhile, in one commit: `GROUP_MS` after the first
   * of them (or `commitWaiting`), once the flush under way has ended. Answers once it is committed,
   * with the flush that puts it on disk; a write that fails rejects its own promise only (the others
   * still go in).
   */
  commitSoon(write: () => void): Promise<{ onDisk: Promise<void> }> {
    return new Promise((resolve, reject) => {
      this.#queued.push({ write, resolve, reject });
      this.#timer ??= setTimeout(() => this.commitWaiting(), GROUP_MS);
    });
  }

  /** Commits the writes waiting now, or as the flush under way ends: no more are coming for a while. */
  commitWaiting(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#queued.length === 0 || this.#scheduled) return;
    if (!this.#running) return this.#commitQueued();
    this.#scheduled = true;
    void this.#running
      .catch(() => undefined)
      .then(() => {
        this.#scheduled = false;
        this.#commitQueued();
      });
  }

  #commitQueued(): void {
    const queued = this.#queued;
    this.#queued = [];
    if (queued.length === 0) return;
    const failed = new Map<Queued, unknown>();
    this.#normal.run();
    try {
      // Each write in a savepoint of its own: one that fails is undone alone.
      const { open, release, undo } = this.#savepoint;
      this.#db.transaction(() => {
        for (const q of queued) {
          open.run();
          try {
            q.write();
          } catch (error) {
            failed.set(q, error);
            undo.run();
          }
          release.run();
        }
      })();
    } catch (error) {
      for (const q of queued) if (!failed.has(q)) failed.set(q, error);
    } finally {
      this.#full.run();
    }
    const onDisk = failed.size < queued.length ? this.#flush() : Promise.resolve();
    for (const q of queued)
      if (failed.has(q)) q.reject(failed.get(q));
      else q.resolve({ onDisk });
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
    const flush = this.#flushFile().finally(() => {
      if (this.#running === flush) this.#running = undefined;
    });
    this.#running = flush;
    return flush;
  }

  async #flushFile(): Promise<void> {
    const opening = (this.#fd ??= openWal(this.#wal));
    let fd: number | undefined;
    try {
      fd = await opening;
    } finally {
      // Opened again by the next flush when it could not be opened, or there was none.
      if (fd === undefined && this.#fd === opening) this.#fd = undefined;
    }
    // No WAL file: the last connection checkpointed it into the database (flushed) and removed it.
    if (fd !== undefined)
      await new Promise<void>((resolve, reject) => fdatasync(fd, (e) => (e ? reject(e) : resolve())));
  }

  /** Lets go of the WAL file once the flushes under way have ended; called as the connection closes. */
  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#commitQueued();
    const last = this.#next ?? this.#running ?? Promise.resolve();
    void last
      .catch(() => undefined)
      .then(async () => {
        const fd = await this.#fd?.catch(() => undefined);
        this.#fd = undefined;
        if (fd !== undefined) close(fd, () => undefined);
      });
  }
}

/** The WAL file opened for flushing, or undefined when there is none. */
function openWal(wal: string): Promise<number | undefined> {
  return new Promise((resolve, reject) =>
    open(wal, 'r+', (error, fd) => {
      if (!error) resolve(fd);
      else if (error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    }),
  );
}
