/**
 * `POST /api/v4/order/cancel/all` as the exchange publishes it: every filter optional (one market or
 * all, the kinds of order, a perpetual's position side), an empty array answered, and its refusals
 * with their codes (31 an unknown market, 30 a `type` that is not an array of known kinds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

const CANCEL_ALL = '/api/v4/order/cancel/all';
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 62 });
});
afterAll(async () => {
  await h.sandbox.close();
});

async function openIds(label: string, market: string): Promise<number[]> {
  const r = await h.client(label).post('/api/v4/orders', { market });
  return (r.body as Array<{ orderId: number }>).map((o) => o.orderId).sort((a, b) => a - b);
}

async function place(label: string, market: string, price: string, amount: string): Promise<number> {
  const r = await h.client(label).post('/api/v4/order/new', { market, side: 'buy', amount, price });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as { orderId: number }).orderId;
}

describe('cancel all orders', () => {
  it("cancels one market, then every market, and only the caller's orders", async () => {
    const mine = [await place('sub-alpha', 'BTC_USDT', '50000', '0.001')];
    const eth = await place('sub-alpha', 'ETH_USDT', '1000', '0.01');
    const theirs = await place('main', 'BTC_USDT', '50000', '0.001');

    const one = await h.client('sub-alpha').post(CANCEL_ALL, { market: 'BTC_USDT' });
    expect([one.status, one.body]).toEqual([200, []]);
    expect(await openIds('sub-alpha', 'BTC_USDT')).toEqual([]);
    expect(await openIds('sub-alpha', 'ETH_USDT')).toEqual([eth]);
    expect(await openIds('main', 'BTC_USDT')).toEqual([theirs]);
    expect(mine).not.toContain(eth);

    const all = await h.client('sub-alpha').post(CANCEL_ALL, {});
    expect([all.status, all.body]).toEqual([200, []]);
    expect(await openIds('sub-alpha', 'ETH_USDT')).toEqual([]);
    expect(await openIds('main', 'BTC_USDT')).toEqual([theirs]);
  });

  it('cancels only the kinds named: a spot filter leaves a futures order open', async () => {
    const spot = await place('sub-alpha', 'BTC_USDT', '50000', '0.001');
    const perp = await h.client('sub-alpha').post('/api/v4/order/collateral/limit', {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      price: '50000',
    });
    expect(perp.status, JSON.stringify(perp.body)).toBe(200);
    const r = await h.client('sub-alpha').post(CANCEL_ALL, { type: ['spot'] });
    expect(r.status).toBe(200);
    expect(await openIds('sub-alpha', 'BTC_USDT')).not.toContain(spot);
    expect(await openIds('sub-alpha', 'BTC_PERP')).toEqual([(perp.body as { orderId: number }).orderId]);
    await h.client('sub-alpha').post(CANCEL_ALL, { type: ['futures'] });
    expect(await openIds('sub-alpha', 'BTC_PERP')).toEqual([]);
  });

  it('refuses an unknown market (31), a type that is not an array or names an unknown kind (30)', async () => {
    const market = await h.client('sub-alpha').post(CANCEL_ALL, { market: 'NOPE_USDT' });
    expect([market.status, market.body]).toMatchObject([
      422,
      { code: 31, errors: { market: expect.any(Array) } },
    ]);
    const notArray = await h.client('sub-alpha').post(CANCEL_ALL, { type: 'spot' });
    expect([notArray.status, notArray.body]).toEqual([
      422,
      { code: 30, message: 'Validation failed', errors: { type: ['The type must be an array.'] } },
    ]);
    const unknown = await h.client('sub-alpha').post(CANCEL_ALL, { type: ['options'] });
    expect(unknown.body).toMatchObject({ code: 30, errors: { type: expect.any(Array) } });
    const side = await h.client('sub-alpha').post(CANCEL_ALL, { market: 'BTC_USDT', positionSide: 'long' });
    expect(side.body).toMatchObject({ code: 30, errors: { positionSide: expect.any(Array) } });
  });
});
