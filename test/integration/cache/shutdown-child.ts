// A process that ends the cache's worker threads in the ways a desktop app can: a core started and
// closed, the process ending in the middle of writes and long reads, a close not waited for (the old
// quit), and workers terminated during a call. It exits 0 when it survives; a native fault shows as a
// signal. Usage: node shutdown-child.ts MODE DATA_DIR SEED
import { Worker } from 'node:worker_threads';
import { cacheFilePath, cacheWorkerUrl, openCache, type Cache } from '../../../main/cache/index.ts';
import { createTestCore } from '../../support/core.ts';
import { deal } from './fixtures.ts';

export type Mode = 'core' | 'exit-mid-write' | 'close-not-awaited' | 'terminate-mid-call';

/** A random-looking delay in [0, max) ms from the seed, so each child ends somewhere else. */
const delay = (seed: number, max: number) => (Math.imul(seed + 1, 2_654_435_761) >>> 0) % max;

/** Writes pages of deals and runs long reads until the process ends or the cache closes. */
function busy(cache: Cache, seed: number): void {
  let id = seed * 1_000_000;
  const loop = async (call: () => Promise<unknown>) => {
    try {
      for (;;) await call();
    } catch {
      // closed: the calls after it are refused, which is the end of this work
    }
  };
  void loop(() => cache.deals.upsert(Array.from({ length: 400 }, () => deal(id++))));
  void loop(() => cache.deals.upsert(Array.from({ length: 400 }, () => deal(id++))));
  void loop(() => cache.deals.totals({}));
}

async function main(mode: Mode, dataDir: string, seed: number): Promise<void> {
  if (mode === 'core') {
    for (let i = 0; i < 2; i++) {
      const core = await createTestCore({
        environment: {
          name: 'TXC Desk',
          version: '0.0.0-test',
          dataDir: `${dataDir}/core-${String(i)}`,
          runtime: 'node',
        },
      });
      busy(core.cache, seed + i);
      await new Promise((resolve) => setTimeout(resolve, delay(seed + i, 200)));
      await core.close();
    }
    return;
  }
  if (mode === 'terminate-mid-call') {
    const file = cacheFilePath(dataDir, 'terminate');
    // Created and migrated first, as the app's writer does.
    await (await openCache({ dataDir, profile: 'terminate', readWorkers: 0 })).close();
    for (let round = 0; round < 3; round++) {
      const workers = (['write', 'read'] as const).map(
        (role) => new Worker(cacheWorkerUrl(), { workerData: { file, role } }),
      );
      await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
      let n = 0;
      for (let i = 0; i < 20; i++) {
        const rows = Array.from({ length: 300 }, (_, j) =>
          deal(seed * 1_000_000 + round * 10_000 + i * 300 + j),
        );
        workers[0]?.postMessage({ type: 'call', id: ++n, method: 'deals.upsert', args: [rows] });
        workers[1]?.postMessage({ type: 'call', id: ++n, method: 'deals.totals', args: [{}] });
      }
      await new Promise((resolve) => setTimeout(resolve, delay(seed + round, 40)));
      await Promise.all(workers.map((w) => w.terminate()));
    }
    return;
  }
  const cache = await openCache({ dataDir, profile: 'shutdown' });
  busy(cache, seed);
  await new Promise((resolve) => setTimeout(resolve, 50 + delay(seed, 250)));
  if (mode === 'close-not-awaited') void cache.close();
  process.exit(0);
}

if (process.argv[1] && import.meta.filename === process.argv[1] && process.argv[3])
  await main(process.argv[2] as Mode, process.argv[3], Number(process.argv[4] ?? 0));
