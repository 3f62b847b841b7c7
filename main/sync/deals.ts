/**
 * Executed-history sync for one account: the first run walks back to the exchange's six-month
 * horizon in time windows; later runs fetch from the newest cached deal with an overlap. Each page is
 * stored together with the job's checkpoint in one transaction, so a run stopped at any point (a
 * cancel, a crash, a lost connection) resumes exactly where it stood. Deals are unique by id in the
 * cache, so the overlaps this leaves (re-read seconds, re-read windows) never double a deal.
 *
 * Paging inside a window is by time: after a full page the window's end moves to the oldest second of
 * that page (re-reading that second), so offsets stay small whatever the window holds; only a second
 * with more deals than a page falls back to offsets.
 */
import type { DealRecord } from '../cache/index.ts';
import type { HistorySink } from './sink.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import * as trading from '../exchange/endpoints/trading.ts';

export const HORIZON_S = 183 * 24 * 3600;
export const WINDOW_S = 7 * 24 * 3600;
export const OVERLAP_S = 300;
export const PAGE = 500;
const MAX_OFFSET = 10_000;

export interface DealsCursor {
  /** `backfill` walks back to the horizon; `incremental` fetches the newest; `idle` is up to date. */
  phase: 'backfill' | 'incremental' | 'idle';
  /** The window being read: [start, end] in Unix seconds. */
  start: number;
  end: number;
  offset: number;
  /** Where the backfill stops (the horizon when it began). */
  floor: number;
  /** The newest second this run reads up to: the run's start time. */
  top: number;
  /** When the last complete run finished (Unix seconds). */
  syncedUntil: number;
}

export interface SyncProgress {
  job: string;
  account: string;
  phase: DealsCursor['phase'];
  pages: number;
  /** Deals new to the cache in this run. */
  rows: number;
  /** Share of the time range covered, 0..1. */
  done: number;
  /** Estimated milliseconds left, when it can be told. */
  remainingMs: number | null;
}

export interface DealsSyncOptions {
  cache: HistorySink;
  caller: KeyCaller;
  /** The registry id of the account: the `account` of every cached deal. */
  account: string;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** Unix seconds now; injectable for tests. */
  now?: () => number;
}

export function dealsJob(account: string): string {
  return `deals:${account}`;
}

function flatten(account: string, answer: Record<string, trading.Deal[]>): DealRecord[] {
  const rows: DealRecord[] = [];
  for (const [market, deals] of Object.entries(answer)) {
    for (const d of deals) {
      rows.push({
        account,
        market,
        id: d.id,
        clientOrderId: d.clientOrderId,
        time: d.time,
        side: d.side,
        role: d.role,
        amount: d.amount,
        price: d.price,
        deal: d.deal,
        fee: d.fee,
        orderId: d.orderId,
        feeAsset: d.feeAsset,
      });
    }
  }
  return rows;
}

/** Where a run starts: the saved cursor, or a new backfill or incremental range. */
async function startingCursor(
  cache: HistorySink,
  job: string,
  account: string,
  now: number,
): Promise<DealsCursor> {
  const saved = (await cache.checkpoints.load(job))?.cursor as DealsCursor | undefined;
  if (saved && saved.phase !== 'idle') return saved;
  if (saved?.phase === 'idle') {
    const newest = (await cache.deals.newestTime(account)) ?? saved.syncedUntil;
    const start = Math.max(now - HORIZON_S, Math.floor(Math.min(newest, saved.syncedUntil)) - OVERLAP_S);
    return { ...saved, phase: 'incremental', start, end: now, offset: 0, top: now };
  }
  const floor = now - HORIZON_S;
  return {
    phase: 'backfill',
    start: Math.max(floor, now - WINDOW_S),
    end: now,
    offset: 0,
    floor,
    top: now,
    syncedUntil: 0,
  };
}

/** Runs (or resumes) the account's deal sync to the end; resolves with the last progress report. */
export async function syncDeals(options: DealsSyncOptions): Promise<SyncProgress> {
  const { cache, caller, account, signal } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const job = dealsJob(account);
  const began = Date.now();
  let cursor = await startingCursor(cache, job, account, now());
  const top = cursor.top;
  const total = Math.max(1, top - (cursor.phase === 'backfill' ? cursor.floor : cursor.start));
  let pages = 0;
  let rows = 0;

  const report = (): SyncProgress => {
    const lower = cursor.phase === 'backfill' ? cursor.floor : cursor.start;
    const done = cursor.phase === 'idle' ? 1 : Math.min(1, Math.max(0, (top - cursor.end) / total));
    const left = Math.max(0, cursor.end - lower) / total;
    const elapsed = Date.now() - began;
    const progress = {
      job,
      account,
      phase: cursor.phase,
      pages,
      rows,
      done,
      remainingMs:
        done > 0 && cursor.phase !== 'idle'
          ? Math.round((elapsed / done) * left)
          : cursor.phase === 'idle'
            ? 0
            : null,
    };
    options.onProgress?.(progress);
    return progress;
  };

  while (cursor.phase !== 'idle') {
    signal?.throwIfAborted();
    const answer = await trading.executedDealsByMarket(caller, {
      startDate: cursor.start,
      endDate: cursor.end,
      limit: PAGE,
      offset: cursor.offset,
    });
    const page = flatten(account, answer);
    pages++;
    const next = advance(cursor, page);
    const stored = await cache.deals.upsert(page, { job, cursor: next });
    rows += stored.inserted;
    cursor = next;
    report();
  }
  return report();
}

/** The cursor after reading `page` of the current window. */
function advance(cursor: DealsCursor, page: readonly DealRecord[]): DealsCursor {
  if (page.length >= PAGE) {
    const oldest = Math.floor(Math.min(...page.map((d) => d.time)));
    if (oldest < cursor.end) return { ...cursor, end: oldest, offset: 0 };
    if (cursor.offset + PAGE < MAX_OFFSET) return { ...cursor, offset: cursor.offset + PAGE };
    // More deals in one second than the exchange lets us page through: take what was read, move on.
  }
  // This window is complete: the next one is older, or the run is over.
  const lower = cursor.phase === 'backfill' ? cursor.floor : cursor.start;
  if (cursor.phase === 'incremental' || cursor.start <= lower) {
    return { ...cursor, phase: 'idle', start: lower, end: lower, offset: 0, syncedUntil: cursor.top };
  }
  const end = cursor.start - 1;
  return { ...cursor, start: Math.max(lower, end - WINDOW_S), end, offset: 0 };
}
