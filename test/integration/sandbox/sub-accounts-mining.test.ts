import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './support.ts';
import type { Harness } from './support.ts';

let clock = Date.now();
let nonce = clock;
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 19, now: () => clock });
});
afterAll(async () => {
  await h.sandbox.close();
});

function post(label: string, path: string, fields: Record<string, unknown> = {}) {
  nonce = Math.max(nonce + 1, clock);
  return h.client(label).post(path, fields, { nonce });
}

describe('sub-accounts', () => {
  it('lists the sub-accounts of the main account', async () => {
    const r = await post('main', '/api/v4/sub-account/list');
    const ids = r.body.data.map((s: { id: string }) => s.id).sort();
    const expected = h.sandbox.accounts
      .filter((a) => a.kind === 'sub')
      .map((a) => a.subAccountId)
      .sort();
    expect(ids).toEqual(expected);
  });

  it('transfers in both directions, with the minimum amount', async () => {
    const id = h.account('sub-alpha').subAccountId;
    const down = await post('main', '/api/v4/sub-account/transfer', {
      id,
      direction: 'main_to_sub',
      amount: '100',
      ticker: 'USDT',
    });
    expect(down.status).toBe(200);
    expect(typeof down.body.transaction_id).toBe('string');
    const up = await post('main', '/api/v4/sub-account/transfer', {
      id,
      direction: 'sub_to_main',
      amount: '0.00000001',
      ticker: 'USDT',
    });
    expect(up.status).toBe(200);
    const bal = await post('main', '/api/v4/sub-account/balances', { id, ticker: 'USDT' });
    expect(bal.body).toEqual({ USDT: [{ main: '10099.99999999', spot: '20000', collateral: '10000' }] });
    const tiny = await post('main', '/api/v4/sub-account/transfer', {
      id,
      direction: 'main_to_sub',
      amount: '0.000000001',
      ticker: 'USDT',
    });
    expect([tiny.status, Object.keys(tiny.body.errors)]).toEqual([400, ['amount']]);
    const dir = await post('main', '/api/v4/sub-account/transfer', {
      id,
      direction: 'up',
      amount: '1',
      ticker: 'USDT',
    });
    expect(Object.keys(dir.body.errors)).toEqual(['direction']);
    // published as `{code, message}` with no field bag
    const unknown = await post('main', '/api/v4/sub-account/balances', { id: 'nope', ticker: 'USDT' });
    expect([unknown.status, unknown.body]).toEqual([422, { code: 0, message: 'Sub-account do not exists' }]);
  });
});

describe('mining', () => {
  it('lists mining accounts newest first, and rejects a bad name with code 0', async () => {
    const r = await post('main', '/api/v4/mining/accounts');
    expect(r.body.data.map((a: { name: string }) => a.name)).toEqual(['desk-backup', 'desk-pool']);
    expect(r.body).toMatchObject({ limit: expect.any(Number), offset: 0 });
    const bad = await post('main', '/api/v4/mining/accounts', { name: 42 });
    expect([bad.status, bad.body.code, Object.keys(bad.body.errors)]).toEqual([400, 0, ['name']]);
  });

  it('pages rewards newest first and answers unknown accounts with empty data', async () => {
    const p1 = await post('main', '/api/v4/mining/rewards', { account: 'desk-pool', limit: 5 });
    expect(p1.body.data).toHaveLength(5);
    const times = p1.body.data.map((r: { date: number }) => r.date);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const p2 = await post('main', '/api/v4/mining/rewards', { account: 'desk-pool', limit: 5, offset: 5 });
    expect(p2.body.data[0].date).toBeLessThan(times[4]);
    const unknown = await post('main', '/api/v4/mining/rewards', { account: 'not-mine' });
    expect([unknown.status, unknown.body.data]).toEqual([200, []]);
    const other = await post('sub-noretail', '/api/v4/mining/rewards', { account: 'desk-pool' });
    expect(other.body.data.length).toBeGreaterThan(0); // a sub-account sees its main account's pool
    for (const fields of [{ limit: 101 }, { limit: 0 }, { offset: 10001 }]) {
      const r = await post('main', '/api/v4/mining/rewards', { account: 'desk-pool', ...fields });
      expect([r.status, r.body.code], JSON.stringify(fields)).toEqual([400, 0]);
    }
  });

  it('lists watcher links and miner info; unknown accounts fail under errors.user', async () => {
    const links = await post('main', '/api/v4/mining/watcher-links/list', { account: 'desk-pool' });
    expect(links.body.data[0]).toMatchObject({
      accounts: ['desk-pool'],
      permissions: ['dashboard', 'workers'],
    });
    const info = await post('main', '/api/v4/mining/miners/info', { account: 'desk-pool' });
    expect(info.body.data).toMatchObject({
      fee: '0.02',
      workers: expect.any(Object),
      stratum: expect.any(Array),
    });
    for (const path of ['/api/v4/mining/watcher-links/list', '/api/v4/mining/miners/info']) {
      const r = await post('main', path, { account: 'nope' });
      expect([r.status, Object.keys(r.body.errors)]).toEqual([400, ['user']]);
    }
  });

  it('moves worker counts over time', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      clock += 60_000;
      const info = await post('main', '/api/v4/mining/miners/info', { account: 'desk-pool' });
      const w = info.body.data.workers;
      expect(w.online + w.offline).toBe(12);
      seen.add(JSON.stringify(w));
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});
