/**
 * Collateral limit orders in bulk (`order/collateral/bulk`): each order placed as
 * `order/collateral/limit` places it, answered on its own in the request's order; `stopOnFail`
 * stops at the first failure; the request itself refused as published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await start({ seed: 52 });
});
afterAll(() => h.sandbox.close());

const BULK = '/api/v4/order/collateral/bulk';
const post = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).post(path, fields);
type Item = {
  result: Record<string, unknown> | null;
  error: { code: number; errors: Record<string, string[]> } | null;
};
const resting = (price: string, extra: Record<string, unknown> = {}) => ({
  market: 'BTC_PERP',
  side: 'buy',
  amount: '0.001',
  price,
  ...extra,
});

describe('order/collateral/bulk', () => {
  it('places each order as the single limit order does, each answered in the request order', async () => {
    const single = await post('sub-alpha', '/api/v4/order/collateral/limit', resting('60000'));
    const r = await post('sub-alpha', BULK, {
      orders: [
        resting('60001', { clientOrderId: 'bulk-a' }),
        resting('60000', { amount: '0.00001' }),
        resting('60002'),
      ],
    });
    expect(r.status).toBe(200);
    const items = r.body as Item[];
    expect(items.map((i) => [i.result === null, i.error === null])).toEqual([
      [false, true],
      [true, false],
      [false, true],
    ]);
    // the same answer as the single order's, field for field but the ids and times
    expect(Object.keys(items[0]?.result ?? {}).sort()).toEqual(Object.keys(single.body).sort());
    expect(items[0]?.result).toMatchObject({ clientOrderId: 'bulk-a', price: '60001', positionSide: 'BOTH' });
    // the failed one is refused as the single endpoint refuses it
    const alone = await post(
      'sub-alpha',
      '/api/v4/order/collateral/limit',
      resting('60000', { amount: '0.00001' }),
    );
    expect(items[1]?.error).toEqual(alone.body);
    const open = (await post('sub-alpha', '/api/v4/orders', { market: 'BTC_PERP' })).body as Array<{
      price: string;
    }>;
    expect(open.map((o) => o.price).sort()).toEqual(['60000', '60001', '60002']);
  });

  it('stops at the first failure with stopOnFail, placing nothing after it', async () => {
    const r = await post('sub-noretail', BULK, {
      orders: [
        resting('61000'),
        { market: 'NOPE_PERP', side: 'buy', amount: '0.001', price: '1' },
        resting('61001'),
      ],
      stopOnFail: true,
    });
    const items = r.body as Item[];
    expect(items).toHaveLength(2);
    expect(items[1]?.error?.code).toBe(31);
    const open = (await post('sub-noretail', '/api/v4/orders', { market: 'BTC_PERP' })).body as Array<{
      price: string;
    }>;
    expect(open.map((o) => o.price)).toEqual(['61000']);
  });

  it('refuses a request without orders, and answers an item that is no order as a failure of its own', async () => {
    for (const orders of [undefined, []]) {
      const r = await post('sub-alpha', BULK, orders === undefined ? {} : { orders });
      expect([r.status, r.body]).toEqual([
        422,
        { code: 30, message: 'Validation failed', errors: { orders: ['The orders field is required.'] } },
      ]);
    }
    const odd = await post('sub-alpha', BULK, { orders: ['x'] });
    expect(odd.body).toEqual([
      {
        result: null,
        error: { code: 30, message: 'Validation failed', errors: { orders: ['Invalid order.'] } },
      },
    ]);
  });
});
