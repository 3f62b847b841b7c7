/**
 * Reading a table's changes by change cursor, a page at a time: every row once, in commit order then
 * key order, whatever the page size, with ids of different lengths (9, 10, 100: text order is not
 * number order) and several transactions. The deals are written by the owner role (an operator writes
 * them only under the account's sync lease, `deal-group.test.ts`).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DealRecord } from '../../../main/cache/index.ts';
import { readChanges, START, type ChangeCursor } from '../../../main/team/changes.ts';
import { COPY_DEALS, dealCopyLine } from '../../../main/team/deal-group.ts';
import { REPLICATED } from '../../../main/team/replica.ts';
import type { TeamStore } from '../../../main/team/store.ts';
import { clientOf } from '../../support/postgres.ts';
import { createTeamDatabase, operatorStore, passwordOf, TEST_OWNER } from '../../support/team.ts';

const info = inject('postgres');
let store: TeamStore;
let database: string;
const accounts = [randomUUID(), randomUUID(), randomUUID()];
/** Deal ids 1..1200 of each account, written in three transactions. */
const IDS = 1200;

const deal = (account: string, id: number): DealRecord => ({
  account,
  market: 'BTC_USDT',
  id,
  clientOrderId: '',
  time: 1_780_000_000 + id,
  side: 'buy',
  role: 'maker',
  amount: '1',
  price: '2',
  deal: '2',
  fee: '0',
  orderId: id,
  feeAsset: 'USDT',
});

beforeAll(async () => {
  database = await createTeamDatabase(info);
  const writer = clientOf(info, { user: TEST_OWNER, password: passwordOf(TEST_OWNER), database });
  await writer.connect();
  for (let t = 0; t < 3; t++) {
    let text = '';
    for (const account of accounts)
      for (let id = 1 + t * (IDS / 3); id <= (t + 1) * (IDS / 3); id++)
        text += dealCopyLine(deal(account, id));
    await pipeline(Readable.from([text]), writer.query(copyFrom(COPY_DEALS)));
  }
  await writer.end();
  store = await operatorStore(info, database, 'bob');
});

afterAll(async () => {
  await store?.close();
});

const feed = REPLICATED.find((r) => r.feed.table === 'deals')?.feed;

async function readAll(pageSize: number): Promise<string[]> {
  if (!feed) throw new Error('no deals feed');
  const out: string[] = [];
  let cursor: ChangeCursor = START;
  for (;;) {
    const page = await readChanges<{ account: string; id: string }>(store, feed, cursor, pageSize);
    out.push(...page.rows.map((r) => `${r.account}:${r.id}`));
    cursor = page.next;
    if (page.done) return out;
  }
}

describe('reading changes by cursor', () => {
  it('gives every row once, in commit then key order, whatever the page size', async () => {
    // Commit order: the first transaction's rows (ids 1..400 of each account), then the next ones;
    // within one, by account then id as numbers.
    const sorted = [...accounts].sort();
    const expected: string[] = [];
    for (let t = 0; t < 3; t++)
      for (const account of sorted)
        for (let id = 1 + t * (IDS / 3); id <= (t + 1) * (IDS / 3); id++)
          expected.push(`${account}:${String(id)}`);
    for (const size of [7, 100, 999, 5000]) expect([size, await readAll(size)]).toEqual([size, expected]);
  });

  it('says when a pass stopped short of rows committed behind a transaction still open', async () => {
    if (!feed) throw new Error('no deals feed');
    let cursor = (await readUpToDate(feed, START)).next;
    const older = clientOf(info, { database });
    const writer = clientOf(info, { user: TEST_OWNER, password: passwordOf(TEST_OWNER), database });
    await Promise.all([older.connect(), writer.connect()]);
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      await pipeline(
        Readable.from([dealCopyLine(deal(accounts[0] ?? '', IDS + 1))]),
        writer.query(copyFrom(COPY_DEALS)),
      );
      const held = await readUpToDate(feed, cursor);
      expect([held.rows, held.held]).toEqual([[], true]);
      cursor = held.next;
      await older.query('COMMIT');
      const after = await readUpToDate(feed, cursor);
      expect([after.rows.map((r) => Number(r.id)), after.held]).toEqual([[IDS + 1], false]);
    } finally {
      await Promise.all([older.end(), writer.end()]);
    }
  });
});

/** One whole pass from `cursor`: every row it reads, the cursor after it and whether it was held back. */
async function readUpToDate(
  feed: NonNullable<(typeof REPLICATED)[number]>['feed'],
  cursor: ChangeCursor,
): Promise<{ rows: Array<{ id: string }>; next: ChangeCursor; held: boolean | undefined }> {
  const rows: Array<{ id: string }> = [];
  for (;;) {
    const page = await readChanges<{ id: string }>(store, feed, cursor, 5000);
    rows.push(...page.rows);
    cursor = page.next;
    if (page.done) return { rows, next: cursor, held: page.held };
  }
}
