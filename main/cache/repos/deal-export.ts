import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { csvField, csvLine, isoMicros } from '../csv.ts';
import type { ReadableDB } from '../db.ts';
import { CacheCancelledError, CacheInputError } from '../errors.ts';
import { dealFilterSchema, parseInput, type DealCursor } from './deal-filter.ts';
import { nameOf } from './deal-keys.ts';
import { countDeals, cursorAfter, selectDealRows } from './deals.ts';

/** Owner-only: the mode the app's private files have (see `private-fs.ts`). */
const PRIVATE_FILE_MODE = 0o600;

export const CSV_HEADER = [
  'time_utc',
  'time',
  'account',
  'market',
  'side',
  'role',
  'amount',
  'price',
  'deal',
  'fee',
  'fee_asset',
  'order_id',
  'client_order_id',
  'deal_id',
];

export interface ExportProgress {
  rows: number;
  /** Rows the filter matched when the export started. */
  total: number;
}

export interface ExportOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  /** Rows read per query and written per chunk. */
  chunkRows?: number;
}

/**
 * Writes a filtered deals view, newest first, as CSV to `path`. Rows are read in keyset chunks (the
 * connection stays free between chunks) and written through a stream that is allowed to drain. The
 * file appears only when complete: it is written beside as `<path>.partial` and renamed at the end;
 * on cancel or failure the partial file is removed and nothing is left at `path`. The partial file is
 * created afresh, owner-only (0600), so the deals are never readable by others, not even while written.
 */
export async function exportDealsCsv(
  db: ReadableDB,
  filter: unknown,
  path: string,
  options: ExportOptions = {},
): Promise<ExportProgress> {
  const f = parseInput(dealFilterSchema, filter, 'filter');
  if (typeof path !== 'string' || !isAbsolute(path)) {
    throw new CacheInputError('path: the export needs an absolute file path', 'path');
  }
  const chunkRows = options.chunkRows ?? 2000;
  const total = countDeals(db, f);
  const partial = `${path}.partial`;
  // A partial file left over (or put there by another user, or a link) is never written through.
  await rm(partial, { force: true });
  const out = createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
  };
  let rows = 0;
  try {
    // Open before the first row is read: a file that cannot be made fails the export at once.
    await Promise.race([once(out, 'ready'), failed]);
    await write(csvLine(CSV_HEADER));
    let cursor: DealCursor | null = null;
    for (;;) {
      if (options.signal?.aborted) throw new CacheCancelledError('The export was cancelled.');
      const chunk = selectDealRows(db, f, cursor, chunkRows);
      if (chunk.length === 0) break;
      let text = '';
      for (const r of chunk) {
        text += csvLine([
          isoMicros(r[12]),
          (r[12] / 1e6).toFixed(6),
          csvField(nameOf(db, 'account', r[0]), true),
          csvField(nameOf(db, 'market', r[2]), true),
          r[3],
          r[4],
          csvField(r[5]),
          csvField(r[6]),
          csvField(r[7]),
          csvField(r[8]),
          csvField(r[9], true),
          String(r[10]),
          csvField(r[11], true),
          String(r[1]),
        ]);
      }
      await write(text);
      rows += chunk.length;
      options.onProgress?.({ rows, total });
      const last = chunk[chunk.length - 1];
      if (chunk.length < chunkRows || !last) break;
      cursor = cursorAfter(db, last);
      // Let other messages (a cancel, a page request) in between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
    out.end();
    await Promise.race([once(out, 'finish'), failed]);
    await rename(partial, path);
    return { rows, total };
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
