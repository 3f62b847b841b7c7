import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BatchJournal, type BatchPlan } from '../../../main/features/subaccounts/journal.ts';

const plan: BatchPlan = {
  names: ['j-1', 'j-2', 'j-3'],
  emails: null,
  shareKyc: true,
  permissions: { spotEnabled: true, collateralEnabled: false },
  funding: null,
  key: { type: 1, ips: [] },
  group: 'j',
};

function open() {
  const file = join(mkdtempSync(join(tmpdir(), 'txc-journal-')), 'lifecycle.sqlite');
  return { file, journal: new BatchJournal(file) };
}

/** The stages the file holds, read by a connection of its own (as the app started again would). */
function onDisk(file: string, batchId: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare('SELECT stage FROM create_steps WHERE batch_id = ? ORDER BY n').all(batchId);
    return (rows as Array<{ stage: string }>).map((r) => r.stage);
  } finally {
    db.close();
  }
}

describe('the journal of sub-account batches', () => {
  it('writes the marks of accounts ending together in one go, and every read sees them first', async () => {
    const { file, journal } = open();
    const batch = journal.start('sandbox', 'main-1', plan);
    const [a, b, c] = journal.steps(batch.id);
    if (!a || !b || !c) throw new Error('three steps');
    const done = journal.reached(a, 'done', { subAccountId: 's-1', apiKeyId: 'k-1' });
    journal.reached(b, 'created', { subAccountId: 's-2' }, 'key');
    expect(done).toMatchObject({ stage: 'done', subAccountId: 's-1', apiKeyId: 'k-1', pending: null });
    // Not in the file yet: they go in together.
    expect(onDisk(file, batch.id)).toEqual(['planned', 'planned', 'planned']);
    // A read writes them first.
    expect(journal.counts(batch.id)).toEqual({ total: 3, done: 1, failed: 0 });
    expect(onDisk(file, batch.id)).toEqual(['done', 'created', 'planned']);
    expect(journal.step(batch.id, 1)).toMatchObject({
      stage: 'created',
      pending: 'key',
      subAccountId: 's-2',
    });

    // Left alone, they go in shortly; a failure marked after a mark applies after it.
    journal.reached(c, 'keyed', { subAccountId: 's-3', apiKeyId: 'k-3' }, 'fund');
    await expect
      .poll(() => onDisk(file, batch.id), { interval: 5, timeout: 2000 })
      .toEqual(['done', 'created', 'keyed']);
    const failed = journal.failed(
      journal.reached(c, 'keyed', {}, 'fund'),
      'network_error',
      'No answer.',
      false,
    );
    expect(failed).toMatchObject({ pending: 'fund', errorCode: 'network_error' });
    expect(journal.step(batch.id, 2)).toMatchObject({
      stage: 'keyed',
      pending: 'fund',
      errorCode: 'network_error',
    });
    journal.close();
  });

  it('writes the marks waiting as it closes', () => {
    const { file, journal } = open();
    const batch = journal.start('sandbox', 'main-1', plan);
    const [a] = journal.steps(batch.id);
    if (!a) throw new Error('a step');
    journal.reached(a, 'done', { subAccountId: 's-1', apiKeyId: 'k-1' });
    journal.close();
    expect(onDisk(file, batch.id)).toEqual(['done', 'planned', 'planned']);
  });
});
