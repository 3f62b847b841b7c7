/**
 * A vault job over an endpoint that takes a time window: windows read newest first back to the
 * horizon (later runs from the last synced time less an overlap), each paged by offset; a window
 * whose records the offset cap cannot reach is read as two halves. Every page is stored with the
 * cursor after it, in one transaction, so a run stopped anywhere (a cancel, a crash, a cut
 * connection) resumes exactly there; records are kept once per identity, so re-read overlaps add
 * nothing.
 */
import type { VaultRecord } from '../../../cache/index.ts';
import type { KeyCaller } from '../../../exchange/endpoints/shapes.ts';
import type { HistorySink } from '../../../sync/sink.ts';

export interface WindowedSource {
  /** Checkpoint job key of an account. */
  job(account: string): string;
  /** The longest window the endpoint accepts (seconds). */
  windowS: number;
  pageSize: number;
  /** `offset + limit` may not pass this. */
  maxOffset: number;
  /** How far a later run reads back before the last synced time (records that change or land late). */
  overlapS: number;
  fetch(
    caller: KeyCaller,
    window: { start: number; end: number; limit: number; offset: number },
  ): Promise<unknown[]>;
  /** The stored record of one answered item. */
  record(account: string, item: unknown): VaultRecord;
}

export interface WindowedCursor {
  phase: 'running' | 'idle';
  /** Windows still to read, newest first; the first is being read. [start, end] in Unix seconds. */
  windows: Array<[number, number]>;
  offset: number;
  /** Where this run stops (the horizon, or the last synced time less the overlap). */
  floor: number;
  /** The newest second of the run; the next run starts from it. */
  top: number;
  syncedUntil: number;
}

export interface JobOptions {
  sink: HistorySink;
  caller: KeyCaller;
  account: string;
  /** Unix seconds before which the exchange serves nothing (now less six months, with a margin). */
  horizon: number;
  now: number;
  signal?: AbortSignal | undefined;
}

export interface JobResult {
  pages: number;
  inserted: number;
  updated: number;
}

/** The cursor a run starts from: the saved one (a run cut short), or a fresh run's. */
function startingCursor(
  source: WindowedSource,
  saved: WindowedCursor | undefined,
  o: JobOptions,
): WindowedCursor {
  if (saved?.phase === 'running') return saved;
  const floor = saved ? Math.max(o.horizon, saved.syncedUntil - source.overlapS) : o.horizon;
  const top = o.now;
  return {
    phase: 'running',
    windows: [[Math.max(floor, top - source.windowS), top]],
    offset: 0,
    floor,
    top,
    syncedUntil: saved?.syncedUntil ?? 0,
  };
}

/** The cursor after a page of `count` items of the first window. */
export function advance(source: WindowedSource, c: WindowedCursor, count: number): WindowedCursor {
  const [start, end] = c.windows[0] as [number, number];
  if (count >= source.pageSize) {
    if (c.offset + 2 * source.pageSize <= source.maxOffset)
      return { ...c, offset: c.offset + source.pageSize };
    if (end - start >= 2) {
      // the offset cap: the window is read again as two halves, newer first
      const middle = Math.floor((start + end) / 2);
      return { ...c, windows: [[middle + 1, end], [start, middle], ...c.windows.slice(1)], offset: 0 };
    }
  }
  const rest = c.windows.slice(1);
  if (rest.length > 0) return { ...c, windows: rest, offset: 0 };
  if (start > c.floor)
    return { ...c, windows: [[Math.max(c.floor, start - source.windowS), start - 1]], offset: 0 };
  return { ...c, phase: 'idle', windows: [], offset: 0, syncedUntil: c.top };
}

export async function runWindowed(source: WindowedSource, o: JobOptions): Promise<JobResult> {
  const job = source.job(o.account);
  const saved = (await o.sink.checkpoints.load(job))?.cursor as WindowedCursor | undefined;
  let cursor = startingCursor(source, saved, o);
  const result: JobResult = { pages: 0, inserted: 0, updated: 0 };
  while (cursor.phase === 'running') {
    o.signal?.throwIfAborted();
    const [start, end] = cursor.windows[0] as [number, number];
    const items = await source.fetch(o.caller, { start, end, limit: source.pageSize, offset: cursor.offset });
    const next = advance(source, cursor, items.length);
    const stored = await o.sink.vault.upsert(
      items.map((item) => source.record(o.account, item)),
      { job, cursor: next },
    );
    result.pages++;
    result.inserted += stored.inserted;
    result.updated += stored.updated;
    cursor = next;
  }
  return result;
}
