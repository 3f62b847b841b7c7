/**
 * Position-history sync for one account: the endpoint has no paging, so the range is read in
 * week-long windows back to the horizon (later runs re-read from the last synced time with an
 * overlap), each window stored with the checkpoint after it.
 */
import type { HistorySink } from './sink.ts';
import * as collateral from '../exchange/endpoints/collateral.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import { HORIZON_S, OVERLAP_S, WINDOW_S } from './deals.ts';

export interface PositionsCursor {
  /** The next window ends here; the run is over when it passes `floor`. */
  end: number;
  floor: number;
  top: number;
  syncedUntil: number;
  phase: 'running' | 'idle';
}

export function positionsJob(account: string): string {
  return `positions:${account}`;
}

export async function syncPositions(options: {
  cache: HistorySink;
  caller: KeyCaller;
  account: string;
  signal?: AbortSignal;
  now?: () => number;
}): Promise<number> {
  const { cache, caller, account, signal } = options;
  const now = (options.now ?? (() => Math.floor(Date.now() / 1000)))();
  const job = positionsJob(account);
  const saved = (await cache.checkpoints.load(job))?.cursor as PositionsCursor | undefined;
  let cursor: PositionsCursor =
    saved?.phase === 'running'
      ? saved
      : {
          phase: 'running',
          end: now,
          floor: saved ? Math.max(now - HORIZON_S, saved.syncedUntil - OVERLAP_S) : now - HORIZON_S,
          top: now,
          syncedUntil: saved?.syncedUntil ?? 0,
        };
  let stored = 0;
  while (cursor.phase === 'running') {
    signal?.throwIfAborted();
    const start = Math.max(cursor.floor, cursor.end - WINDOW_S);
    const records = await collateral.positionsHistory(caller, { startDate: start, endDate: cursor.end });
    const next: PositionsCursor =
      start <= cursor.floor
        ? { ...cursor, phase: 'idle', syncedUntil: cursor.top }
        : { ...cursor, end: start - 1 };
    const rows = records.map((r) => ({ ...r, account }));
    stored += (await cache.positions.upsert(rows, { job, cursor: next })).stored;
    cursor = next;
  }
  return stored;
}
