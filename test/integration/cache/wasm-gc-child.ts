// A process that opens and closes the cache three times from source, printing a line once its first
// workers are up, so V8's wasm code GC trace (on stdout, with --trace-wasm-code-gc) can be read as
// before and after that moment. Usage: node [V8 flags] wasm-gc-child.ts DATA_DIR
import { openCache } from '../../../main/cache/index.ts';
import { deal } from './fixtures.ts';

export const WORKERS_UP = '[txc] cache workers up';

async function main(dataDir: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    const cache = await openCache({ dataDir, profile: `round-${String(round)}`, readWorkers: 2 });
    if (round === 0) console.log(WORKERS_UP);
    await cache.deals.upsert(Array.from({ length: 200 }, (_, i) => deal(round * 1_000 + i)));
    await cache.deals.totals({});
    await cache.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1] && process.argv[2])
  await main(process.argv[2]);
