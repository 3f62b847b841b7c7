// Writes made durable off the main thread: each commit is in the file when its promise settles, the
// connection is back at FULL for every other write, a failed write throws at once, commits made
// while a flush runs are covered by the next one, writes asked for go in together a few milliseconds
// later or as the flush under way ends (one failing refused alone), and the WAL file is flushed through one descriptor, let go
// when the connection closes.
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DurableWrites } from '../../../main/vault/durable-write.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open(): { db: Database.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'txc-durable-'));
  dirs.push(dir);
  const file = join(dir, 'db.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY)');
  return { db, file };
}

describe('durable writes', () => {
  it('answers once each of many concurrent commits is written, and leaves the connection at FULL', async () => {
    const { db, file } = open();
    const writes = new DurableWrites(db, file);
    const insert = db.prepare('INSERT INTO t (n) VALUES (?)');
    await Promise.all(Array.from({ length: 50 }, (_, n) => writes.commit(() => insert.run(n))));
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    // Another connection (as after a restart) reads every row.
    const other = new Database(file, { readonly: true });
    expect(other.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(50);
    other.close();
    db.close();
  });

  it('throws a failed write at once, with nothing written and the connection at FULL', () => {
    const { db, file } = open();
    const writes = new DurableWrites(db, file);
    db.prepare('INSERT INTO t (n) VALUES (1)').run();
    expect(() => writes.commit(() => db.prepare('INSERT INTO t (n) VALUES (1)').run())).toThrow(/UNIQUE/);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(1);
    db.close();
  });

  it('counts a WAL file already checkpointed away as written', async () => {
    const { db, file } = open();
    const writes = new DurableWrites(db, file);
    const done = writes.commit(() => db.prepare('INSERT INTO t (n) VALUES (7)').run());
    db.close();
    await expect(done).resolves.toBeUndefined();
    const again = new Database(file, { readonly: true });
    expect(again.prepare('SELECT n FROM t').pluck().all()).toEqual([7]);
    again.close();
  });

  it('flushes every commit through one descriptor of the WAL file, and lets it go when closed', async () => {
    const { db, file } = open();
    const writes = new DurableWrites(db, file);
    /** This process's descriptors open on the WAL file (SQLite's own among them). */
    const onWal = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === `${file}-wal`;
        } catch {
          return false;
        }
      }).length;
    const sqliteOwn = onWal();
    const insert = db.prepare('INSERT INTO t (n) VALUES (?)');
    for (let round = 0; round < 5; round++)
      await Promise.all(
        Array.from({ length: 10 }, (_, n) => writes.commit(() => insert.run(round * 10 + n))),
      );
    expect(onWal()).toBe(sqliteOwn + 1);
    writes.close();
    db.close();
    await expect.poll(onWal).toBe(0);
    const again = new Database(file, { readonly: true });
    expect(again.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(50);
    again.close();
  });

  it('puts writes asked for while a flush runs in one commit as it ends, refusing a failing one alone', async () => {
    const { db, file } = open();
    const writes = new DurableWrites(db, file);
    const insert = db.prepare('INSERT INTO t (n) VALUES (?)');
    const count = db.prepare('SELECT COUNT(*) FROM t').pluck();
    const flushing = writes.commit(() => insert.run(0));
    // Asked for while that flush runs: nothing is written yet.
    const soon = [1, 2, 0, 3].map((n) => writes.commitSoon(() => insert.run(n)));
    expect(count.get()).toBe(1);
    await flushing;
    const outcomes = await Promise.allSettled(soon);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    await Promise.all(outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.onDisk] : [])));
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    const other = new Database(file, { readonly: true });
    expect(other.prepare('SELECT n FROM t ORDER BY n').pluck().all()).toEqual([0, 1, 2, 3]);
    other.close();
    // With no flush under way, a write asked for goes in as soon as no more are said to be coming.
    const next = writes.commitSoon(() => insert.run(4));
    expect(count.get()).toBe(4);
    writes.commitWaiting();
    expect(count.get()).toBe(5);
    await (
      await next
    ).onDisk;
    writes.close();
    db.close();
  });

  it('has writes asked for wait a few milliseconds for others, then go in together in one commit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { db, file } = open();
      const writes = new DurableWrites(db, file);
      const insert = db.prepare('INSERT INTO t (n) VALUES (?)');
      const count = db.prepare('SELECT COUNT(*) FROM t').pluck();
      const first = writes.commitSoon(() => insert.run(1));
      vi.advanceTimersByTime(5);
      const second = writes.commitSoon(() => insert.run(2));
      vi.advanceTimersByTime(2);
      expect(count.get()).toBe(0);
      vi.advanceTimersByTime(1);
      // Eight milliseconds after the first: both, in one commit with one flush.
      expect(count.get()).toBe(2);
      const [a, b] = await Promise.all([first, second]);
      expect(a.onDisk).toBe(b.onDisk);
      await a.onDisk;
      const other = new Database(file, { readonly: true });
      expect(other.prepare('SELECT n FROM t ORDER BY n').pluck().all()).toEqual([1, 2]);
      other.close();
      writes.close();
      db.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
