/**
 * A market's delisting (control.delist) and the orders it ended (`trade-account/order/history/query`):
 * the active orders canceled then and the reverse market orders that closed the open positions, newest
 * first, by category, market and window; the request refused as published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await start({ seed: 53 });
});
afterAll(() => h.sandbox.close());

const QUERY = '/api/v4/trade-account/order/history/query';
const post = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).post(path, fields);
type Row = {
  id: number;
  clientOrderId: string;
  market: string;
  type: string;
  status: string;
  delistingKind: string;
  dealStock: string;
  finishAt: number;
};

describe('trade-account/order/history/query', () => {
  it("lists the orders a delisting canceled and the reverse orders that closed the account's positions", async () => {
    const resting = await post('sub-alpha', '/api/v4/order/collateral/limit', {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      price: '60000',
    });
    await post('sub-alpha', '/api/v4/order/collateral/market', {
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.002',
    });
    await post('sub-alpha', '/api/v4/order/collateral/limit', {
      market: 'ETH_PERP',
      side: 'buy',
      amount: '0.01',
      price: '3000',
    });
    expect((await post('sub-alpha', QUERY)).body).toEqual([]);

    expect(h.sandbox.control.delist('BTC_PERP')).toBe(true);
    const all = (await post('sub-alpha', QUERY)).body as Row[];
    expect(all.map((r) => [r.delistingKind, r.status, r.type])).toEqual([
      ['reverse', 'filled', 'market'],
      ['canceled', 'canceled', 'limit'],
    ]);
    const [reverse, canceled] = all;
    expect(reverse?.clientOrderId).toBe(`delisting-${String(reverse?.id)}`);
    expect(reverse?.dealStock).toBe('0.002');
    expect(canceled?.id).toBe(resting.body.orderId);
    expect(
      (await post('sub-alpha', '/api/v4/collateral-account/positions/open', { market: 'BTC_PERP' })).body,
    ).toEqual([]);
    // the other market's order stays open and out of the list
    const open = (await post('sub-alpha', '/api/v4/orders', { market: 'ETH_PERP' })).body as unknown[];
    expect(open).toHaveLength(1);

    const only = async (fields: Record<string, unknown>) =>
      ((await post('sub-alpha', QUERY, fields)).body as Row[]).map((r) => r.delistingKind);
    expect(await only({ status: 'filled' })).toEqual(['reverse']);
    expect(await only({ status: 'delisting' })).toEqual(['canceled']);
    expect(await only({ market: 'ETH_PERP' })).toEqual([]);
    expect(await only({ market: 'BTC_PERP', limit: 1, offset: 1 })).toEqual(['canceled']);
    const before = Math.floor(reverse?.finishAt ?? 0) - 10;
    expect(await only({ startDate: before - 86_400, endDate: before })).toEqual([]);
    expect(await post('sub-noretail', QUERY)).toMatchObject({ body: [] });
  });

  it.each([
    [{ market: 'btc-perp' }, 'market'],
    [{ status: 'closed' }, 'status'],
    [{ startDate: 1_700_000_000, endDate: 1_690_000_000 }, 'startDate'],
    [{ startDate: 1_700_000_000, endDate: 1_700_000_000 + 32 * 86_400 }, 'endDate'],
    [{ limit: 501 }, 'limit'],
    [{ offset: 9_999, limit: 2 }, 'offset'],
  ])('refuses %j naming %s', async (fields, field) => {
    const r = await post('sub-alpha', QUERY, fields);
    expect([r.status, r.body.code, Object.keys(r.body.errors)]).toEqual([422, 30, [field]]);
  });
});
