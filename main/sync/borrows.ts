/**
 * Borrow-history sync for one account, resumable like the deal sync. The exchange pages a window by
 * offset (at most 10,000) and refuses a window whose records span more than 10,000 engine records;
 * either way the window is split in two halves and each is read on its own, newest first.
 */
import type { HistorySink } from './sink.ts';
import { withBorrowSeq } from '../cache/repos/borrows.ts';
import * as collateral from '../exchange/endpoints/collateral.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import { ValidationError } from '../exchange/errors.ts';
import { HORIZON_S } from './deals.ts';

const PAGE = 100;
const MAX_OFFSET = 10_000;

export interface BorrowsCursor {
  phase: 'running' | 'idle';
  /** Windows still to read, newest first; the first is being read. [start, end] in Unix seconds. */
  windows: Array<[number, number]>;
  offset: number;
  /** The newest second of the run; the next run starts from it (less an overlap). */
  top: number;
  syncedUntil: number;
}

export function borrowsJob(account: string): string {
  return `borrows:${account}`;
}

export interface BorrowSyncResult {
  pages: number;
  /** Records written (new ones and ones whose status or peaks changed). */
  rows: number;
  splits: number;
}

export async function syncBorrows(options: {
  cache: HistorySink;
  caller: KeyCaller;
  account: string;
  signal?: AbortSignal;
  now?: () => number;
}): Promise<BorrowSyncResult> {
  const { cache, caller, account, signal } = options;
  const now = (options.now ?? (() => Math.floor(Date.now() / 1000)))();
  const job = borrowsJob(account);
  const saved = (await cache.checkpoints.load(job))?.cursor as BorrowsCursor | undefined;
  let cursor: BorrowsCursor =
    saved && saved.phase === 'running'
      ? saved
      : {
          phase: 'running',
          // Borrows change status (active -> repaid): re-read the last day of a synced range too.
          windows: [[saved ? Math.max(now - HORIZON_S, saved.syncedUntil - 86_400) : now - HORIZON_S, now]],
          offset: 0,
          top: now,
          syncedUntil: saved?.syncedUntil ?? 0,
        };
  const result: BorrowSyncResult = { pages: 0, rows: 0, splits: 0 };

  while (cursor.windows.length > 0) {
    signal?.throwIfAborted();
    const [start, end] = cursor.windows[0] as [number, number];
    let page: collateral.BorrowRecord[];
    try {
      page = (
        await collateral.borrowHistory(caller, {
          startTime: start,
          endTime: end,
          limit: PAGE,
          offset: cursor.offset,
        })
      ).records;
    } catch (error) {
      // Too many engine records behind this window: read its halves instead.
      if (!(error instanceof ValidationError) || end - start < 2) throw error;
      cursor = split(cursor, start, end);
      result.splits++;
      await cache.checkpoints.save(job, cursor);
      continue;
    }
    result.pages++;
    const full = page.length === PAGE;
    let next: BorrowsCursor;
    if (full && cursor.offset + PAGE < MAX_OFFSET) next = { ...cursor, offset: cursor.offset + PAGE };
    else if (full && end - start >= 2) {
      next = split(cursor, start, end);
      result.splits++;
    } else next = { ...cursor, windows: cursor.windows.slice(1), offset: 0 };
    if (next.windows.length === 0) next = { ...next, phase: 'idle', syncedUntil: cursor.top };
    const records = withBorrowSeq(page.map((r) => ({ ...r, account })));
    const stored = await cache.borrows.upsert(records, { job, cursor: next });
    result.rows += stored.stored;
    cursor = next;
  }
  if (cursor.phase !== 'idle')
    await cache.checkpoints.save(job, { ...cursor, phase: 'idle', syncedUntil: cursor.top });
  return result;
}

/** Replaces the first window by its two halves, newer half first, reading from offset 0 again. */
function split(cursor: BorrowsCursor, start: number, end: number): BorrowsCursor {
  const middle = Math.floor((start + end) / 2);
  return { ...cursor, windows: [[middle + 1, end], [start, middle], ...cursor.windows.slice(1)], offset: 0 };
}
