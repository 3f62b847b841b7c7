import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './support.ts';
import type { Harness } from './support.ts';

const HIST = '/api/v4/trade-account/executed-history';
const DAY_MS = 24 * 3600 * 1000;
let clock = Date.now();
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 8, now: () => clock });
  const maker = h.client('sub-maker');
  const taker = h.client('sub-alpha');
  // one old fill, seven months ago
  clock -= 214 * DAY_MS;
  await maker.post(
    '/api/v4/order/new',
    { market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '64250' },
    { nonce: clock },
  );
  await taker.post(
    '/api/v4/order/new',
    { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '64250', clientOrderId: 'old-1' },
    { nonce: clock },
  );
  clock += 214 * DAY_MS;
  for (let i = 0; i < 3; i++) {
    clock += 1000;
    await maker.post(
      '/api/v4/order/new',
      { market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '64250' },
      { nonce: clock },
    );
    await taker.post(
      '/api/v4/order/new',
      { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '64250', clientOrderId: `h-${i}` },
      { nonce: clock + 1 },
    );
  }
  clock += 1000;
  await maker.post(
    '/api/v4/order/new',
    { market: 'ETH_USDT', side: 'sell', amount: '0.01', price: '3150' },
    { nonce: clock },
  );
  await taker.post(
    '/api/v4/order/new',
    { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '3150' },
    { nonce: clock + 1 },
  );
});
afterAll(async () => {
  await h.sandbox.close();
});

function post(label: string, fields: Record<string, unknown>) {
  clock += 10;
  return h.client(label).post(HIST, fields, { nonce: clock });
}

describe('executed history', () => {
  it('returns a flat newest-first array for one market, with the deal shape', async () => {
    const r = await post('sub-alpha', { market: 'BTC_USDT' });
    expect(r.status).toBe(200);
    expect(r.body.map((d: { clientOrderId: string }) => d.clientOrderId)).toEqual(['h-2', 'h-1', 'h-0']);
    expect(Object.keys(r.body[0]).sort()).toEqual(
      [
        'id',
        'clientOrderId',
        'time',
        'side',
        'role',
        'amount',
        'price',
        'deal',
        'fee',
        'orderId',
        'feeAsset',
      ].sort(),
    );
    expect(r.body[0]).toMatchObject({
      side: 'buy',
      role: 2,
      amount: '0.001',
      price: '64250',
      deal: '64.25',
      feeAsset: 'BTC',
    });
    const maker = await post('sub-maker', { market: 'BTC_USDT' });
    expect(maker.body[0]).toMatchObject({ side: 'sell', role: 1, clientOrderId: '', feeAsset: 'USDT' });
  });

  it('returns an object keyed by market without a market filter', async () => {
    const r = await post('sub-alpha', {});
    expect(Array.isArray(r.body)).toBe(false);
    expect(Object.keys(r.body).sort()).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect(r.body.BTC_USDT).toHaveLength(3);
  });

  it('pages with limit and offset; the last page is shorter than limit', async () => {
    const p1 = await post('sub-alpha', { market: 'BTC_USDT', limit: 2 });
    const p2 = await post('sub-alpha', { market: 'BTC_USDT', limit: 2, offset: 2 });
    expect(p1.body).toHaveLength(2);
    expect(p2.body).toHaveLength(1);
    expect(p2.body[0].clientOrderId).toBe('h-0');
    for (const limit of [0, 501]) {
      const r = await post('sub-alpha', { market: 'BTC_USDT', limit });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['limit']);
    }
  });

  it('looks up one order by clientOrderId and answers 422 when nothing matches', async () => {
    const r = await post('sub-alpha', { market: 'BTC_USDT', clientOrderId: 'h-1' });
    expect(r.body).toHaveLength(1);
    expect(r.body[0].clientOrderId).toBe('h-1');
    const none = await post('sub-alpha', { market: 'BTC_USDT', clientOrderId: 'nope' });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('OrderHistory was not found.');
  });

  it('hides deals older than six months', async () => {
    const r = await post('sub-alpha', { market: 'BTC_USDT', clientOrderId: 'old-1' });
    expect(r.status).toBe(422);
  });

  it('filters by startDate and endDate', async () => {
    const all = await post('sub-alpha', { market: 'BTC_USDT' });
    const newest = all.body[0].time as number;
    const r = await post('sub-alpha', { market: 'BTC_USDT', startDate: Math.floor(newest) });
    expect(r.body.length).toBeGreaterThanOrEqual(1);
    expect(r.body.length).toBeLessThan(3);
    const none = await post('sub-alpha', { market: 'BTC_USDT', endDate: Math.floor(newest) - 3600 });
    expect(none.body).toEqual([]);
  });
});
