import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../main/cache/index.ts';
import { MemoryNonceStore, NonceRegistry } from '../../../main/exchange/nonce.ts';
import { MainBus } from '../../../main/bus.ts';
import { createLogger } from '../../../main/log.ts';
import { MiningWatch, type MiningAlert } from '../../../main/features/mining/watch.ts';
import { startHarness, type Harness } from '../exchange/support.ts';

let nowMs = Date.now();
const clock = () => nowMs;
let h: Harness;
let cache: Cache;
const events = new MainBus();
const alerts: MiningAlert[] = [];

beforeAll(async () => {
  h = await startHarness(
    { now: clock, simulate: false },
    { nonces: new NonceRegistry({ store: new MemoryNonceStore(), now: clock }) },
  );
  cache = await openCache({
    dataDir: mkdtempSync(join(tmpdir(), 'txc-watch-')),
    profile: 'test',
    readWorkers: 0,
  });
  events.on('mining.alert', (alert) => alerts.push(alert as MiningAlert));
});
afterAll(async () => {
  await cache?.close();
  await h?.close();
});

describe('mining watch', () => {
  it('stores every reading and raises exactly one alert when a worker goes offline', async () => {
    const watch = new MiningWatch(
      cache,
      async () => [{ account: 'main', caller: h.as('main').inBackground() }],
      events,
      createLogger(() => undefined),
      { now: clock },
    );
    expect(await watch.poll()).toEqual([]);
    let dropped: MiningAlert[] = [];
    // The sandbox's workers change every minute on a seeded schedule: step through minutes until one drops.
    for (let minute = 0; minute < 60 && dropped.length === 0; minute++) {
      nowMs += 60_000;
      dropped = (await watch.poll()).filter((a) => a.kind === 'offline');
    }
    expect(dropped).toHaveLength(1);
    expect(dropped[0]?.message).toMatch(/went offline/);
    // the workers named online before and not now are the ones the alert names, each one offline now
    const [drop] = dropped;
    expect(drop?.workers?.length).toBeGreaterThan(0);
    expect(drop?.workers?.length).toBeLessThanOrEqual(drop?.offline ?? 0);
    expect(drop?.message).toContain(`Quiet now: ${(drop?.workers ?? []).slice(0, 5).join(', ')}`);
    // Another reading within the same minute: nothing new, no second alert.
    nowMs += 1_000;
    expect((await watch.poll()).filter((a) => a.kind === 'offline')).toEqual([]);
    expect(alerts.filter((a) => a.kind === 'offline')).toHaveLength(1);
    const samples = await cache.mining.workerSamples('main', dropped[0]?.miningAccount ?? '');
    expect(samples.length).toBeGreaterThan(2);
  });
});
