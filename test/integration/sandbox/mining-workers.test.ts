/**
 * A mining account's workers one by one (`mining/workers/names`, `mining/workers/hashrate`) and the
 * account's hashrate over time (`mining/hashrate`): names, per-worker rates, the account's rate, the
 * miner info's counts and the public pool's figures all agree, while the counts move every minute;
 * the published refusals word for word.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, start, type Harness } from './support.ts';

const MINUTE = 60_000;
let h: Harness;
// a whole hour, so that the series' points fall on the clock
let nowMs = Math.floor((Date.now() - 86_400_000) / 3_600_000) * 3_600_000;

beforeAll(async () => {
  h = await start({ seed: 23, now: () => nowMs });
});
afterAll(async () => {
  await h.sandbox.close();
});

const post = (path: string, fields: Record<string, unknown>) => h.client('main').post(path, fields);
const posted = async (path: string, fields: Record<string, unknown>) => {
  const r = await post(path, fields);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};
const names = async (account: string, page: Record<string, number> = {}) =>
  (await posted('/api/v4/mining/workers/names', { account, ...page })).data.workers as string[];
const workerNow = async (account: string, worker: string) => {
  const r = await posted('/api/v4/mining/workers/hashrate', { account, worker, interval: '5m' });
  const points = r.data.hashrates as Array<{ time: number; hashrate: string }>;
  expect(points.at(-1)?.time).toBe(Math.floor(nowMs / 1000));
  return points.at(-1)?.hashrate ?? '';
};
const accountNow = async (account: string) =>
  (await posted('/api/v4/mining/hashrate', { account, interval: '5m' })).data.hashrate.at(-1)
    ?.hashrate as string;

describe("a mining account's workers", () => {
  it('names the online workers, each hashing at its rate, and the account is their sum', async () => {
    h.sandbox.control.setWorkers('desk-pool', { offline: 2, low: 1 });
    expect(await names('desk-pool')).toEqual(
      Array.from({ length: 10 }, (_, i) => `worker_${String(i + 1).padStart(3, '0')}`),
    );
    expect(await names('desk-pool', { limit: 3, offset: 8 })).toEqual(['worker_009', 'worker_010']);
    const info = (await posted('/api/v4/mining/miners/info', { account: 'desk-pool' })).data.workers;
    expect(info).toEqual({ online: 10, offline: 2, low: 1 });

    expect(await workerNow('desk-pool', 'worker_001')).toBe('95');
    expect(await workerNow('desk-pool', 'worker_010')).toBe('31.666666666667');
    expect(await workerNow('desk-pool', 'worker_012')).toBe('0');
    let sum = new Decimal(0);
    for (let i = 1; i <= 12; i++)
      sum = sum.plus(await workerNow('desk-pool', `worker_${String(i).padStart(3, '0')}`));
    expect(new Decimal(await accountNow('desk-pool')).toFixed()).toBe(sum.times(1e12).toFixed());
  });

  it('follows the counts as they move: names, offline workers at zero, and the pool', async () => {
    h.sandbox.control.setWorkers('desk-pool', undefined);
    h.sandbox.control.setWorkers('desk-backup', undefined);
    const seen = new Set<number>();
    for (let minute = 0; minute < 8; minute++) {
      nowMs += 5 * MINUTE;
      const info = (await posted('/api/v4/mining/miners/info', { account: 'desk-pool' })).data.workers;
      seen.add(info.offline);
      const online = await names('desk-pool');
      expect(online).toHaveLength(info.online);
      const silent = [];
      for (let i = 1; i <= 12; i++) {
        const name = `worker_${String(i).padStart(3, '0')}`;
        if ((await workerNow('desk-pool', name)) === '0') silent.push(name);
      }
      expect(silent).toHaveLength(info.offline);
      expect(silent.some((n) => online.includes(n))).toBe(false);
      const pool = (await get(h.sandbox.rest, '/api/v4/public/mining-pool')).body.data;
      const both = new Decimal(await accountNow('desk-pool')).plus(await accountNow('desk-backup'));
      expect(pool.current_hash_rate).toBe(both.toFixed());
    }
    // the schedule did move within these minutes
    expect(seen.size).toBeGreaterThan(1);
  });

  it('answers a series of one point per interval between from and to', async () => {
    const to = Math.floor(nowMs / 1000) - 600;
    const from = to - 3 * 3600;
    const account = (
      await posted('/api/v4/mining/hashrate', { account: 'desk-pool', from, to, interval: '1h' })
    ).data;
    expect(account.account).toBe('desk-pool');
    const times = account.hashrate.map((p: { timestamp: number }) => p.timestamp);
    expect(times).toEqual([0, 1, 2].map((i) => Math.ceil(from / 3600) * 3600 + i * 3600));
    const worker = (
      await posted('/api/v4/mining/workers/hashrate', {
        account: 'desk-pool',
        worker: 'worker_001',
        from,
        to,
        interval: '1h',
      })
    ).data.hashrates;
    expect(worker.map((p: { time: number }) => p.time)).toEqual(times);
    // a worker the account never had has no history
    expect(
      (await posted('/api/v4/mining/workers/hashrate', { account: 'desk-pool', worker: 'worker_999' })).data
        .hashrates,
    ).toEqual([]);
  });
});

describe('refusals', () => {
  it.each([
    ['/api/v4/mining/workers/names', { account: 'nope' }, { user: ["Mining pool account 'nope' not found"] }],
    [
      '/api/v4/mining/workers/hashrate',
      { account: 'nope', worker: 'worker_001' },
      { user: ["Mining pool account 'nope' not found"] },
    ],
    ['/api/v4/mining/hashrate', { account: 'nope' }, { account: ['Account not found'] }],
    [
      '/api/v4/mining/workers/names',
      { account: 'desk-pool', limit: 101 },
      { limit: ['The limit may not be greater than 100.'] },
    ],
    [
      '/api/v4/mining/workers/hashrate',
      { account: 'desk-pool' },
      { worker: ['The worker field is required.'] },
    ],
    [
      '/api/v4/mining/hashrate',
      { account: 'desk-pool', interval: '2h' },
      { interval: ['The selected interval is invalid.'] },
    ],
  ])('%s %j', async (path, fields, errors) => {
    const r = await post(path, fields);
    expect([r.status, r.body]).toEqual([400, { code: 0, message: 'Validation failed', errors }]);
  });

  it('refuses a window that ends before it starts, or in the future, as published', async () => {
    const now = Math.floor(nowMs / 1000);
    for (const window of [
      { from: now - 100, to: now - 200 },
      { from: now - 100, to: now + 3600 },
    ]) {
      const r = await post('/api/v4/mining/hashrate', { account: 'desk-pool', ...window });
      expect([r.status, r.body]).toEqual([422, { code: 422, message: 'Incorrect timestamp' }]);
    }
  });
});
