/**
 * The vault's tables through real cache workers: records kept once per identity (a changed copy
 * replaces, an unchanged one writes nothing), funding summed per day as it is stored, how far back
 * each account's history goes, the online backup and a restore, and methods an extension adds to the
 * workers (on a read-only connection, on a job worker of its own, on the writer).
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VaultRecord } from '../../../main/cache/index.ts';
import { deal, useCaches } from './fixtures.ts';

const caches = useCaches();
const extension = new URL('./support/extension-methods.ts', import.meta.url);
const DAY = 86_400;
/** An hour into a UTC day. */
const T0 = 20_601 * 86_400 + 3600;

const funding = (account: string, time: number, amount: string, position = '0.01'): VaultRecord => ({
  account,
  kind: 'funding',
  key: `BTC_PERP|${String(time)}|${position}`,
  time,
  record: { market: 'BTC_PERP', fundingTime: String(time), fundingAmount: amount, positionAmount: position },
});

describe('vault records', () => {
  it('keeps a record once per identity: a changed copy replaces it, an unchanged one writes nothing', async () => {
    const cache = await caches.open();
    const pending = { account: 'a', kind: 'wallet', key: 'dep-1', time: T0, record: { status: 15 } } as const;
    expect(await cache.vault.upsert([pending], { job: 'vault:wallet:a', cursor: { at: 1 } })).toEqual({
      inserted: 1,
      updated: 0,
    });
    expect(await cache.vault.upsert([pending])).toEqual({ inserted: 0, updated: 0 });
    expect(await cache.vault.upsert([{ ...pending, record: { status: 3 } }])).toEqual({
      inserted: 0,
      updated: 1,
    });
    expect(await cache.vault.list({ kind: 'wallet' })).toEqual([{ ...pending, record: { status: 3 } }]);
    expect((await cache.checkpoints.load('vault:wallet:a'))?.cursor).toEqual({ at: 1 });
    await expect(cache.vault.upsert([{ ...pending, kind: 'nope' as 'wallet' }])).rejects.toMatchObject({
      code: 'cache_invalid_input',
    });
  });

  it('sums funding per account, market and day, counting a payment stored twice once', async () => {
    const cache = await caches.open();
    const rows = [
      funding('a', T0, '-1.5'),
      funding('a', T0 + 8 * 3600, '0.25'),
      funding('a', T0 + DAY, '-2'),
    ];
    await cache.vault.upsert(rows);
    await cache.vault.upsert(rows.slice(0, 2));
    const db = new Database(cache.file, { readonly: true });
    const days = db
      .prepare(
        'SELECT day, payments, paid_hi, paid_lo, received_hi, received_lo FROM vault_funding_days ORDER BY day',
      )
      .all() as Array<Record<string, number>>;
    db.close();
    const units = (r: Record<string, number>, col: string) =>
      BigInt(r[`${col}_hi`] ?? 0) * 10n ** 12n + BigInt(r[`${col}_lo`] ?? 0);
    // the first two payments share a day, the third is the next day's
    expect(days.map((d) => [d['payments'], units(d, 'paid'), units(d, 'received')])).toEqual([
      [2, 15n * 10n ** 17n, 25n * 10n ** 16n],
      [1, 2n * 10n ** 18n, 0n],
    ]);
  });

  it('says how far back each family of an account goes and how much of it is older than the horizon', async () => {
    const cache = await caches.open();
    await cache.deals.upsert([
      deal(1, { account: 'a', time: T0 - 200 * DAY }),
      deal(2, { account: 'a', time: T0 - 10 * DAY }),
      deal(3, { account: 'b', time: T0 }),
    ]);
    await cache.vault.upsert([funding('a', T0 - 190 * DAY, '-1'), funding('a', T0 - DAY, '-1')]);
    const [a, c] = await cache.vault.extent(['a', 'c'], T0 - 183 * DAY);
    const family = (x: typeof a, name: string) => x?.families.find((f) => f.family === name);
    expect(family(a, 'deals')).toEqual({
      family: 'deals',
      records: 2,
      oldest: T0 - 200 * DAY,
      newest: T0 - 10 * DAY,
      archiveOnly: 1,
    });
    expect(family(a, 'funding')).toMatchObject({ records: 2, oldest: T0 - 190 * DAY, archiveOnly: 1 });
    expect(family(c, 'deals')).toEqual({
      family: 'deals',
      records: 0,
      oldest: null,
      newest: null,
      archiveOnly: 0,
    });
  });
});

describe('backup and restore', () => {
  it('backs the archive up while it is open and restores its history, keeping the signed-request log', async () => {
    const cache = await caches.open();
    await cache.deals.upsert([deal(1), deal(2)], { job: 'deals:main', cursor: { phase: 'idle' } });
    await cache.vault.upsert([funding('main', T0, '-1')]);
    const file = join(caches.dataDir(), 'desk-backup.sqlite');
    expect(await cache.meta.backup(file)).toMatchObject({ file, deals: 2 });

    // after the backup: more history, and a signed request this computer made
    await cache.deals.upsert([deal(3)], { job: 'deals:main', cursor: { phase: 'incremental' } });
    await cache.audit.record({ atMs: 1, account: 'main', path: '/api/v4/order/new', outcome: 'ok' });
    const report = await cache.meta.restore(file);
    expect(report.rows).toMatchObject({ deals: 2, vault_records: 1, vault_funding_days: 1 });
    expect((await cache.deals.page({}, null, 10)).rows.map((d) => d.id).sort()).toEqual([1, 2]);
    expect((await cache.checkpoints.load('deals:main'))?.cursor).toEqual({ phase: 'idle' });
    expect(await cache.audit.list()).toHaveLength(1);
    // the restored deals are stored as before: a page of them again inserts nothing
    expect(await cache.deals.upsert([deal(1), deal(3)])).toMatchObject({ inserted: 1, duplicates: 1 });
    expect(await cache.meta.integrityCheck()).toEqual(['ok']);
  });

  it('refuses a file that is not an archive of this app, changing nothing', async () => {
    const cache = await caches.open();
    await cache.deals.upsert([deal(1)]);
    const other = join(caches.dataDir(), 'other.sqlite');
    new Database(other).exec('CREATE TABLE notes (x)').close();
    await expect(cache.meta.restore(other)).rejects.toThrow(/not a TXC Desk archive/);
    await expect(cache.meta.restore(join(caches.dataDir(), 'missing.sqlite'))).rejects.toThrow(
      /could not be opened/,
    );
    expect(existsSync(join(caches.dataDir(), 'missing.sqlite'))).toBe(false);
    expect((await cache.deals.page({}, null, 10)).rows).toHaveLength(1);
  });
});

describe('methods an extension adds to the workers', () => {
  it('answers reads on read-only connections, a job on a worker of its own, writes on the writer', async () => {
    const cache = await caches.open({ extensions: [extension] });
    await cache.deals.upsert([deal(1), deal(2)]);
    expect(await cache.extension('read', 'probe.readonly', [])).toBe(true);
    expect(await cache.extension('heavy', 'probe.count', [])).toBe(2);
    expect(await cache.extension('write', 'probe.mark', ['x'])).toBe(1);
    const steps: unknown[] = [];
    expect(await cache.extension('job', 'probe.until', [5], { onProgress: (v) => steps.push(v) })).toBe(5);
    expect(steps).toEqual([0, 1, 2, 3, 4]);
    // a job runs beside other reads: they are answered while it goes on, and it stops when cancelled
    const controller = new AbortController();
    const job = cache.extension('job', 'probe.until', [1e9], { signal: controller.signal });
    expect(await cache.extension('read', 'probe.count', [])).toBe(2);
    controller.abort();
    await expect(job).rejects.toMatchObject({ code: 'cache_cancelled' });
  });
});
