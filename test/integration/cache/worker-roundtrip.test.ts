import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { WorkerChannel } from '../../../main/cache/channel.ts';
import {
  CacheClosedError,
  CacheInputError,
  cacheWorkerUrl,
  SchemaTooNewError,
} from '../../../main/cache/index.ts';
import { deal, useCaches } from './fixtures.ts';
import Database from 'better-sqlite3';

const caches = useCaches();

describe('cache workers', () => {
  it('opens the profile file through the writer, migrates it and answers typed calls', async () => {
    const cache = await caches.open();
    expect(cache.schemaVersion).toBe(12);
    expect(cache.migration?.applied).toEqual([
      '0001-initial',
      '0002-sync-checkpoints',
      '0003-deal-name-keys',
      '0004-deal-daily-totals',
      '0005-batch-log',
      '0006-position-order-key',
      '0007-webhook-events-per-account',
      '0008-last-known',
      '0009-deal-role-words',
      '0010-team-log',
      '0011-history-vault',
      '0012-ledger-rollups',
    ]);
    expect(existsSync(cache.file)).toBe(true);
    expect(await cache.deals.upsert([deal(1), deal(2)])).toEqual({ inserted: 2, duplicates: 0 });
    const page = await cache.deals.page({});
    expect(page.rows.map((r) => r.id)).toEqual([2, 1]);
    expect(page.next).toBeNull();
  });

  it.each([0, 1, 2] as const)(
    'with %i read workers, reads see every write the writer has acknowledged',
    async (readWorkers) => {
      const cache = await caches.open({ readWorkers });
      for (let i = 1; i <= 12; i++) {
        // New account and market names keep appearing after the readers have cached the earlier ones.
        const d = deal(i, { account: `acct-${i % 5}`, market: `M${i}_USDT`, time: 1_763_800_000 + i });
        await cache.deals.upsert([d]);
        expect(await cache.deals.count({})).toBe(i);
        expect((await cache.deals.page({}, null, 1)).rows[0]).toEqual(d);
        expect((await cache.deals.page({ accounts: [d.account], market: d.market })).rows).toEqual([d]);
        expect((await cache.deals.totals({})).markets.map((m) => m.market)).toContain(d.market);
      }
    },
  );

  it.each([1, 2] as const)(
    'with %i read workers, a read sees every write sent before it, even ones not yet answered',
    async (readWorkers) => {
      const cache = await caches.open({ readWorkers });
      // Fire and forget, as the app writes its audit log: nothing is awaited before the read.
      const writes = Array.from({ length: 300 }, (_, i) =>
        cache.audit.record({ atMs: i + 1, account: 'main', path: '/api/v4/order/new', outcome: 'ok' }),
      );
      expect(await cache.audit.list({ account: 'main', limit: 1000 })).toHaveLength(300);
      await Promise.all(writes);
    },
  );

  it('starts the long-read worker with the first long read and ends it once long reads stop', async () => {
    const cache = await caches.open({ readWorkers: 2, heavyIdleMs: 50 });
    await cache.deals.upsert([deal(1), deal(2)]);
    // Pages and lists go to the first reader: no thread is started for totals nobody asked for.
    expect((await cache.deals.page({})).rows).toHaveLength(2);
    expect(cache.heavyReaderRunning).toBe(false);
    expect(await cache.deals.count({})).toBe(2);
    expect(cache.heavyReaderRunning).toBe(true);
    await vi.waitFor(() => expect(cache.heavyReaderRunning).toBe(false));
    // A long read after that starts a fresh worker, which sees every write made meanwhile.
    await cache.deals.upsert([deal(3)]);
    const [count, totals] = await Promise.all([cache.deals.count({}), cache.deals.totals({})]);
    expect(count).toBe(3);
    expect(totals.markets.length).toBeGreaterThan(0);
    expect(cache.heavyReaderRunning).toBe(true);
    await cache.close();
    expect(cache.heavyReaderRunning).toBe(false);
    await expect(cache.deals.count({})).rejects.toBeInstanceOf(CacheClosedError);
  });

  it('a read worker has no write method: its connection cannot be asked to write', async () => {
    const reader = new WorkerChannel(cacheWorkerUrl(), {
      file: (await caches.open({ readWorkers: 0 })).file,
      role: 'read',
    });
    await reader.ready;
    await expect(reader.call('deals.upsert', [[deal(1)]])).rejects.toThrow(/no method "deals.upsert"/);
    await expect(reader.call('deals.count', [{}])).resolves.toBe(0);
    await reader.close();
  });

  it('sends errors back as their own class, with code and field', async () => {
    const cache = await caches.open();
    const error = await cache.deals.page({ side: 'hold' } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CacheInputError);
    expect(error).toMatchObject({ code: 'cache_invalid_input', field: 'side' });
    await expect(cache.deals.upsert([{ ...deal(1), amount: 1 } as never])).rejects.toBeInstanceOf(
      CacheInputError,
    );
  });

  it('refuses arguments that cannot cross to the worker and stays usable', async () => {
    const cache = await caches.open();
    const filter = { market: 'BTC_USDT', toString: () => 'x' } as never;
    await expect(cache.deals.page(filter)).rejects.toBeInstanceOf(CacheInputError);
    expect(await cache.deals.count({})).toBe(0);
  });

  it('stores a page and its checkpoint together', async () => {
    const cache = await caches.open();
    await cache.deals.upsert([deal(1)], { job: 'deals:main', cursor: { endDate: 5 } });
    expect(await cache.checkpoints.load('deals:main')).toMatchObject({ cursor: { endDate: 5 } });
    await expect(
      cache.deals.upsert([deal(2), { ...deal(3), side: 'x' } as never], {
        job: 'deals:main',
        cursor: { endDate: 1 },
      }),
    ).rejects.toBeInstanceOf(CacheInputError);
    expect(await cache.checkpoints.load('deals:main')).toMatchObject({ cursor: { endDate: 5 } });
    expect(await cache.deals.count({})).toBe(1);
  });

  it('rejects calls after close and ends both threads', async () => {
    const cache = await caches.open();
    await cache.deals.upsert([deal(1)]);
    await cache.close();
    await expect(cache.deals.count({})).rejects.toBeInstanceOf(CacheClosedError);
    await expect(cache.deals.upsert([deal(2)])).rejects.toBeInstanceOf(CacheClosedError);
    expect(existsSync(`${cache.file}-wal`)).toBe(false);
  });

  it('refuses a file written by a newer version, with the worker error class', async () => {
    const cache = await caches.open();
    const file = cache.file;
    await cache.close();
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    await expect(caches.open()).rejects.toBeInstanceOf(SchemaTooNewError);
  });

  it('refuses a profile name that would leave the data folder', async () => {
    await expect(caches.open({ profile: '../other' })).rejects.toBeInstanceOf(CacheInputError);
  });
});
