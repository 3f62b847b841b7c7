import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CacheCancelledError, CacheClosedError, cacheWorkerUrl } from '../../../main/cache/index.ts';
import { deal, useCaches } from './fixtures.ts';

const caches = useCaches();

describe('cache worker failures', () => {
  it('fails the pending call and every later one when the worker dies', async () => {
    const cache = await caches.open({
      workerUrl: new URL('./dying-worker.ts', import.meta.url),
      readWorkers: 0,
    });
    const error = await cache.deals.count({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CacheClosedError);
    expect((error as Error).message).toMatch(/exit code 3/);
    await expect(cache.deals.upsert([deal(1)])).rejects.toBeInstanceOf(CacheClosedError);
    await cache.close();
  });

  it('refuses an export whose signal is already aborted, without starting it', async () => {
    const cache = await caches.open({ readWorkers: 0 });
    const file = join(caches.dataDir(), 'never.csv');
    const error = await cache.deals
      .exportCsv({}, file, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CacheCancelledError);
    expect(existsSync(file) || existsSync(`${file}.partial`)).toBe(false);
  });

  it('takes the worker location as an option, for a bundled build', async () => {
    const cache = await caches.open({ workerUrl: cacheWorkerUrl(), readWorkers: 0 });
    expect(await cache.deals.upsert([deal(1)])).toEqual({ inserted: 1, duplicates: 0 });
  });
});

describe('the main thread', () => {
  it('never loads SQLite: the public cache module leaves better-sqlite3 to the workers', () => {
    const entry = new URL('../../../main/cache/index.ts', import.meta.url).href;
    const script = `
      import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url);
      await import(${JSON.stringify(entry)});
      console.log(JSON.stringify(Object.keys(require.cache).filter((k) => k.includes('better-sqlite3'))));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([]);
  });

  it('loads it in the worker entry (the check above would see it)', () => {
    const entry = new URL('../../../main/cache/open.ts', import.meta.url).href;
    const script = `
      import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url);
      await import(${JSON.stringify(entry)});
      console.log(JSON.stringify(Object.keys(require.cache).filter((k) => k.includes('better-sqlite3')).length));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(Number(out)).toBeGreaterThan(0);
  });
});
