/**
 * A vault job over an endpoint with no date filter, newest first, paged by offset: pages are read
 * from the newest until a page reaches back past where the last run stopped (less an overlap, for
 * records that change: a pending withdrawal that completes), a short page, or the offset cap. Each
 * page is stored with the cursor after it; a resumed run goes on from its offset (records that came
 * meanwhile push older ones down: they are read twice, and kept once).
 */
import type { JobOptions, JobResult } from './windowed.ts';
import type { VaultRecord } from '../../../cache/index.ts';
import type { KeyCaller } from '../../../exchange/endpoints/shapes.ts';

export interface StreamSource {
  job(account: string): string;
  pageSize: number;
  /** `offset + limit` may not pass this. */
  maxOffset: number;
  overlapS: number;
  fetch(caller: KeyCaller, page: { limit: number; offset: number }): Promise<unknown[]>;
  record(account: string, item: unknown): VaultRecord;
}

export interface StreamCursor {
  phase: 'running' | 'idle';
  offset: number;
  /** A page reaching back to this second ends the run. */
  stopAt: number;
  top: number;
  syncedUntil: number;
  /** The last run stopped at the offset cap: older records could not be read (the check says so). */
  capped?: boolean;
}

export async function runStream(source: StreamSource, o: JobOptions): Promise<JobResult> {
  const job = source.job(o.account);
  const saved = (await o.sink.checkpoints.load(job))?.cursor as StreamCursor | undefined;
  let cursor: StreamCursor =
    saved?.phase === 'running'
      ? saved
      : {
          phase: 'running',
          offset: 0,
          stopAt: saved ? Math.max(0, saved.syncedUntil - source.overlapS) : 0,
          top: o.now,
          syncedUntil: saved?.syncedUntil ?? 0,
        };
  const result: JobResult = { pages: 0, inserted: 0, updated: 0 };
  while (cursor.phase === 'running') {
    o.signal?.throwIfAborted();
    const items = await source.fetch(o.caller, { limit: source.pageSize, offset: cursor.offset });
    const records = items.map((item) => source.record(o.account, item));
    const full = items.length >= source.pageSize;
    const reached = records.some((r) => r.time <= cursor.stopAt);
    const atCap = cursor.offset + 2 * source.pageSize > source.maxOffset;
    const next: StreamCursor =
      !full || reached || atCap
        ? { ...cursor, phase: 'idle', offset: 0, syncedUntil: cursor.top, capped: full && !reached && atCap }
        : { ...cursor, offset: cursor.offset + source.pageSize };
    const stored = await o.sink.vault.upsert(records, { job, cursor: next });
    result.pages++;
    result.inserted += stored.inserted;
    result.updated += stored.updated;
    cursor = next;
  }
  return result;
}
