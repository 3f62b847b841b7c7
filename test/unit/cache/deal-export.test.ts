import { existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WritableDB } from '../../../main/cache/db.ts';
import { CacheCancelledError, CacheInputError } from '../../../main/cache/errors.ts';
import { openWritable } from '../../../main/cache/open.ts';
import { CSV_HEADER, exportDealsCsv, type ExportProgress } from '../../../main/cache/repos/deal-export.ts';
import { upsertDeals } from '../../../main/cache/repos/deals.ts';
import { deal, range } from './deal-factory.ts';
import { tempDirs } from './temp-dir.ts';

const dirs = tempDirs();
let db: WritableDB;
let dir: string;

beforeEach(() => {
  dir = dirs.make();
  db = openWritable(join(dir, 'cache.sqlite')).db;
});
afterEach(() => {
  db.close();
  dirs.cleanup();
});

describe('exportDealsCsv', () => {
  it('writes the header and every filtered row newest first, quoted, with progress per chunk', async () => {
    upsertDeals(db, [
      ...range(1, 25).map((i) => deal(i)),
      deal(26, { clientOrderId: 'a,"b"', time: 1594297218.906802 }),
      deal(27, { market: 'ETH_USDT' }),
    ]);
    const file = join(dir, 'out.csv');
    const progress: ExportProgress[] = [];
    const result = await exportDealsCsv(db, { market: 'BTC_USDT' }, file, {
      chunkRows: 10,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ rows: 26, total: 26 });
    expect(progress.map((p) => p.rows)).toEqual([10, 20, 26]);
    const lines = readFileSync(file, 'utf8').split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines).toHaveLength(28);
    expect(lines[1]).toBe(
      `${new Date(1_763_800_000_025).toISOString().replace('Z', '000Z')},1763800000.025000,main,BTC_USDT,sell,maker,0.5,100,50,0.05,USDT,1025,,25`,
    );
    expect(lines[26]).toBe(
      '2020-07-09T12:20:18.906802Z,1594297218.906802,main,BTC_USDT,buy,maker,0.5,100,50,0.05,USDT,1026,"a,""b""",26',
    );
    expect(lines[27]).toBe('');
    expect(existsSync(`${file}.partial`)).toBe(false);
  });

  it('creates the partial and the final file owner-only from the start, whatever was there before', async () => {
    upsertDeals(
      db,
      range(1, 30).map((i) => deal(i)),
    );
    const file = join(dir, 'private.csv');
    // Left by an earlier run or put there by someone else: readable by all, and a link elsewhere.
    writeFileSync(file, 'old', { mode: 0o644 });
    const elsewhere = join(dir, 'elsewhere.csv');
    writeFileSync(elsewhere, 'not the export', { mode: 0o644 });
    symlinkSync(elsewhere, `${file}.partial`);
    const modes: number[] = [];
    await exportDealsCsv(db, {}, file, {
      chunkRows: 10,
      onProgress: () => modes.push(statSync(`${file}.partial`).mode & 0o777),
    });
    expect(modes).toEqual([0o600, 0o600, 0o600]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').split('\r\n')).toHaveLength(32);
    expect(readFileSync(elsewhere, 'utf8')).toBe('not the export');
  });

  it('stops when cancelled and leaves neither the file nor a partial one', async () => {
    upsertDeals(
      db,
      range(1, 100).map((i) => deal(i)),
    );
    const file = join(dir, 'cancelled.csv');
    const controller = new AbortController();
    const run = exportDealsCsv(db, {}, file, {
      chunkRows: 10,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.rows >= 30) controller.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(CacheCancelledError);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });

  it('refuses a relative path and reports a folder that does not exist', async () => {
    await expect(exportDealsCsv(db, {}, 'out.csv')).rejects.toBeInstanceOf(CacheInputError);
    await expect(exportDealsCsv(db, {}, join(dir, 'missing', 'out.csv'))).rejects.toThrow(/ENOENT/);
  });

  it('writes just the header for an empty view', async () => {
    const file = join(dir, 'empty.csv');
    expect(await exportDealsCsv(db, {}, file)).toEqual({ rows: 0, total: 0 });
    expect(readFileSync(file, 'utf8')).toBe(`${CSV_HEADER.join(',')}\r\n`);
  });
});
