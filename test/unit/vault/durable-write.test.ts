// Writes made durable off the main thread: each commit is in the file when its promise settles, the
// connection is back at FULL for every other write, a failed write throws at once, and commits made
// while a flush runs are covered by the next one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
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
});
