/**
 * The Mining screen's workers one by one: read for the chosen mining account over the chart's range,
 * the one picked charted in TH/s, the quiet ones said in words, the last reading shown with its age
 * when the exchange does not answer, and an answer about another mining account dropped.
 */
import { describe, expect, it } from 'vitest';
import type { MiningWorkersView, WorkerView } from '../../../main/ipc/contract.ts';
import {
  MiningWorkersState,
  quietWords,
  workerHashrateSeries,
  workerRate,
} from '../../../renderer/src/lib/managers/mining-workers.svelte.ts';
import { MiningManager } from '../../../renderer/src/lib/managers/mining.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { fakeBridge } from './fake-bridge.ts';

const MAIN = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const NOW = Date.UTC(2026, 10, 22, 12);
const target = { accountId: MAIN, miningAccount: 'desk-pool' };
const fresh = { stale: false };

const worker = (name: string, hashrate: string, quiet = false): WorkerView => ({
  name,
  online: !quiet,
  hashrate,
  quiet,
  points: [
    { atMs: NOW - 3_600_000, hashrate: '95' },
    { atMs: NOW, hashrate },
  ],
});
const view = (workers: WorkerView[]): MiningWorkersView => ({
  miningAccount: 'desk-pool',
  hours: 24,
  interval: '1h',
  readAtMs: NOW,
  workers,
  total: [],
});
const offline = { ok: false, error: { code: 'network_error', message: 'The exchange cannot be reached.' } };

describe('a worker on screen', () => {
  it('reads its rate in the unit that suits it, and none at all in TH/s', () => {
    expect(workerRate('95')).toEqual({ text: '95 TH/s', title: '95,000,000,000,000 H/s' });
    expect(workerRate('31.666666666667').text).toBe('31.66 TH/s');
    expect(workerRate('1250').text).toBe('1.25 PH/s');
    expect(workerRate('0.5').text).toBe('500 GH/s');
    expect(workerRate('0').text).toBe('0 TH/s');
    expect(workerRate('0.000').text).toBe('0 TH/s');
  });

  it('is charted in TH/s, one series named after it', () => {
    expect(workerHashrateSeries(worker('worker_002', '0', true))).toEqual([
      {
        id: 'worker_002',
        label: 'worker_002',
        points: [
          { t: NOW - 3_600_000, v: 95 },
          { t: NOW, v: 0 },
        ],
      },
    ]);
    expect(workerHashrateSeries(undefined)).toEqual([]);
  });

  it('counts the quiet ones in words, and says nothing when none is', () => {
    expect(quietWords([worker('a', '95'), worker('b', '0', true)])).toBe(
      '1 of 2 workers quiet: no hashrate now',
    );
    expect(quietWords([worker('a', '0', true)])).toBe('1 of 1 worker quiet: no hashrate now');
    expect(quietWords([worker('a', '95')])).toBeUndefined();
  });
});

describe('MiningWorkersState', () => {
  it('charts the first worker (a quiet one comes first) until another is picked', async () => {
    const { api, calls } = fakeBridge({
      'mining.workers': {
        ok: true,
        value: view([worker('worker_002', '0', true), worker('worker_001', '95')]),
      },
    });
    const state = new MiningWorkersState(api);
    await state.load(target, 6, fresh);
    expect(calls[0]).toEqual(['mining.workers', { ...target, hours: 6 }]);
    expect(state.worker?.name).toBe('worker_002');
    state.pick('worker_001');
    expect(state.series[0]?.label).toBe('worker_001');
    expect(state.quiet).toBe('1 of 2 workers quiet: no hashrate now');
    // a picked worker no longer listed falls back to the first
    state.pick('worker_009');
    expect(state.worker?.name).toBe('worker_002');
  });

  it('shows the workers last read, with when, when the exchange cannot be reached', async () => {
    const { api } = fakeBridge({
      'mining.workers': offline,
      'known.recall': {
        ok: true,
        value: [{ account: MAIN, asOfMs: NOW - 60_000, value: view([worker('worker_001', '95')]) }],
      },
    });
    const state = new MiningWorkersState(api);
    await state.load(target, 24, fresh);
    expect(state.view?.workers.map((w) => w.name)).toEqual(['worker_001']);
    expect(state.savedAtMs).toBe(NOW - 60_000);
    expect(state.error?.code).toBe('network_error');
  });

  it('keeps what it showed, marked as not refreshed, when a read again fails with nothing saved', async () => {
    let answer: unknown = { ok: true, value: view([worker('worker_001', '95')]) };
    const { api } = fakeBridge((p) => (p === 'mining.workers' ? answer : { ok: true, value: [] }));
    const state = new MiningWorkersState(api);
    await state.load(target, 24, fresh);
    expect(state.savedAtMs).toBeUndefined();
    answer = offline;
    await state.load(target, 24, fresh);
    expect(state.view?.workers).toHaveLength(1);
    expect(state.savedAtMs).toBe(NOW);
  });

  it('drops an answer whose request went stale (another mining account was chosen)', async () => {
    const { api } = fakeBridge({ 'mining.workers': { ok: true, value: view([worker('worker_001', '95')]) } });
    const state = new MiningWorkersState(api);
    await state.load(target, 24, { stale: true });
    expect(state.view).toBeUndefined();
  });
});

describe('the Mining screen reading workers', () => {
  it('reads the workers again on its timer only once theirs are five minutes old', async () => {
    let now = NOW;
    const { api, calls } = fakeBridge((p) => {
      if (p === 'mining.accounts') return { ok: true, value: [{ name: 'desk-pool', createdAt: 1 }] };
      if (p === 'mining.workers')
        return { ok: true, value: { ...view([worker('worker_001', '95')]), readAtMs: now } };
      return {
        ok: true,
        value:
          p === 'mining.info' ? { fee: '0', workers: { online: 1, offline: 0, low: 0 }, stratum: [] } : [],
      };
    });
    const mining = new MiningManager(api, memoryStore(), () => now);
    await mining.show(MAIN);
    const reads = () => calls.filter(([p]) => p === 'mining.workers').length;
    expect(reads()).toBe(1);
    now += 30_000;
    await mining.tick();
    expect(reads()).toBe(1);
    now += 300_000;
    await mining.tick();
    expect(reads()).toBe(2);
  });
});
