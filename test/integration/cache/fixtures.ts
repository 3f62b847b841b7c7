import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openCache, type Cache, type OpenCacheOptions } from '../../../main/cache/index.ts';
import type { DealRecord } from '../../../main/cache/repos/deals.ts';

/** Opens real caches with real worker threads on files in a temp data dir; closes and removes them after each test. */
export function useCaches(): {
  dataDir(): string;
  open(options?: Partial<OpenCacheOptions>): Promise<Cache>;
} {
  let dir: string | null = null;
  const open: Cache[] = [];
  afterEach(async () => {
    await Promise.allSettled(open.splice(0).map((c) => c.close()));
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });
  const dataDir = () => (dir ??= mkdtempSync(join(tmpdir(), 'txc-cache-it-')));
  return {
    dataDir,
    async open(options = {}) {
      const cache = await openCache({ dataDir: dataDir(), profile: 'desk', ...options });
      open.push(cache);
      return cache;
    },
  };
}

export function deal(id: number, over: Partial<DealRecord> = {}): DealRecord {
  return {
    account: 'main',
    market: 'BTC_USDT',
    id,
    clientOrderId: '',
    time: 1_763_800_000 + Math.floor(id / 4),
    side: id % 2 === 0 ? 'buy' : 'sell',
    role: id % 3 === 0 ? 'taker' : 'maker',
    amount: '0.1',
    price: '100',
    deal: '10',
    fee: '0.01',
    orderId: 5000 + id,
    feeAsset: 'USDT',
    ...over,
  };
}
