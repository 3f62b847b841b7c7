/**
 * What the exchange answers over a window, read the way the jobs read it but stored nowhere: the
 * consistency check compares it with the archive.
 */
import type { VaultRecord } from '../../../cache/index.ts';
import type { KeyCaller } from '../../../exchange/endpoints/shapes.ts';
import type { StreamSource } from './stream.ts';
import { advance, type WindowedCursor, type WindowedSource } from './windowed.ts';

/** Every item of a windowed source over [from, to] (Unix seconds). */
export async function collectWindowed(
  source: WindowedSource,
  caller: KeyCaller,
  account: string,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<VaultRecord[]> {
  let cursor: WindowedCursor = {
    phase: 'running',
    windows: [[Math.max(from, to - source.windowS), to]],
    offset: 0,
    floor: from,
    top: to,
    syncedUntil: 0,
  };
  const out: VaultRecord[] = [];
  while (cursor.phase === 'running') {
    signal?.throwIfAborted();
    const [start, end] = cursor.windows[0] as [number, number];
    const items = await source.fetch(caller, { start, end, limit: source.pageSize, offset: cursor.offset });
    for (const item of items) out.push(source.record(account, item));
    cursor = advance(source, cursor, items.length);
  }
  return out;
}

/** Every item of an offset-only source back to `from` (Unix seconds), or to the offset cap. */
export async function collectStream(
  source: StreamSource,
  caller: KeyCaller,
  account: string,
  from: number,
  signal?: AbortSignal,
): Promise<{ records: VaultRecord[]; capped: boolean }> {
  const out: VaultRecord[] = [];
  for (let offset = 0; ; offset += source.pageSize) {
    signal?.throwIfAborted();
    const items = await source.fetch(caller, { limit: source.pageSize, offset });
    const records = items.map((item) => source.record(account, item));
    out.push(...records);
    if (items.length < source.pageSize || records.some((r) => r.time < from))
      return { records: out, capped: false };
    if (offset + 2 * source.pageSize > source.maxOffset) return { records: out, capped: true };
  }
}
