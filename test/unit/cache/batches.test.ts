import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CacheInputError } from '../../../main/cache/errors.ts';
import { migrate } from '../../../main/cache/migrate.ts';
import { migrations } from '../../../main/cache/migrations/index.ts';
import { listBatches, recordBatch } from '../../../main/cache/repos/batches.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();

describe('desk batch log', () => {
  it('reads each batch back with its parent id and every child, newest batch first, paged by time', () => {
    recordBatch(db.get(), {
      parentId: 'txb-1',
      kind: 'order',
      atMs: 100,
      children: [
        { account: 'a', childRef: 'txb-1-001', outcome: 'ok', detail: '9001' },
        { account: 'b', childRef: 'txb-1-002', outcome: 'failed', errorCode: 'rule_violation' },
      ],
    });
    recordBatch(db.get(), {
      parentId: 'txs-2',
      kind: 'sweep',
      atMs: 200,
      children: [{ account: 'c', childRef: '42', outcome: 'ok' }],
    });
    const [newest, older] = listBatches(db.get());
    expect(newest).toMatchObject({ parentId: 'txs-2', kind: 'sweep', atMs: 200 });
    expect(older).toEqual({
      parentId: 'txb-1',
      kind: 'order',
      atMs: 100,
      children: [
        { account: 'a', childRef: 'txb-1-001', outcome: 'ok', detail: '9001' },
        { account: 'b', childRef: 'txb-1-002', outcome: 'failed', errorCode: 'rule_violation' },
      ],
    });
    expect(listBatches(db.get(), { beforeMs: 200 }).map((b) => b.parentId)).toEqual(['txb-1']);
    expect(listBatches(db.get(), { parentId: 'txb-1' })[0]?.children).toHaveLength(2);
    expect(listBatches(db.get(), { parentId: 'none' })).toEqual([]);
  });

  it.each([
    ['a message instead of an error code', { errorCode: 'Unauthorized: key=abc' }],
    ['a secret field', { secret: 's3cret' }],
    ['a free-text detail', { detail: 'paid to {"address":"x"}' }],
  ])('refuses a child with %s and stores nothing of the batch', (_, extra) => {
    const record = {
      parentId: 'txb-9',
      kind: 'order',
      atMs: 1,
      children: [
        { account: 'a', outcome: 'ok' },
        { account: 'b', outcome: 'ok', ...extra },
      ],
    };
    expect(() => recordBatch(db.get(), record as never)).toThrow(CacheInputError);
    expect(listBatches(db.get())).toEqual([]);
  });
});

describe('migration 0005-batch-log (from version 4)', () => {
  it('adds the batch table to a version-4 file and keeps its deals', () => {
    const file = new Database(':memory:');
    migrate(file, migrations.slice(0, 4));
    file
      .prepare(
        `INSERT INTO signed_requests (at_ms, account, path, outcome) VALUES (1, 'a', '/api/v4/x', 'ok')`,
      )
      .run();
    expect(migrate(file, migrations.slice(0, 5))).toEqual({ from: 4, to: 5, applied: ['0005-batch-log'] });
    expect(file.prepare('SELECT count(*) AS n FROM signed_requests').get()).toEqual({ n: 1 });
    expect(file.prepare('SELECT count(*) AS n FROM batch_children').get()).toEqual({ n: 0 });
    file.close();
  });
});
