// `POST /api/v4/trade-account/order/history`: finished orders (filled and cancelled), newest first,
// grouped by market; filters by status, one order by id or client order id; the window rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './support.ts';
import type { Harness } from './support.ts';

const PATH = '/api/v4/trade-account/order/history';
let h: Harness;

type Row = {
  id: number;
  status: string;
  clientOrderId: string;
  ctime: number;
  ftime: number;
  dealStock: string;
};

beforeAll(async () => {
  h = await start({ seed: 11 });
  const alpha = h.client('sub-alpha');
  const maker = h.client('sub-maker');
  // a resting buy far below the market, cancelled
  const resting = await alpha.post('/api/v4/order/new', {
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.001',
    price: '30000',
    clientOrderId: 'hist-cancel',
  });
  expect(resting.status).toBe(200);
  const id = (resting.body as { orderId: number }).orderId;
  expect((await alpha.post('/api/v4/order/cancel', { market: 'BTC_USDT', orderId: id })).status).toBe(200);
  // a filled one: the maker's sell is taken by alpha's buy
  await maker.post('/api/v4/order/new', {
    market: 'BTC_USDT',
    side: 'sell',
    amount: '0.001',
    price: '64250',
  });
  const taken = await alpha.post('/api/v4/order/new', {
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.001',
    price: '64250',
    clientOrderId: 'hist-fill',
  });
  expect(taken.status).toBe(200);
  // one still open: never in the history
  await alpha.post('/api/v4/order/new', { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30001' });
});

afterAll(async () => {
  await h.sandbox.close();
});

const rows = (body: unknown, market = 'BTC_USDT'): Row[] => (body as Record<string, Row[]>)[market] ?? [];

describe('order history', () => {
  it('lists filled and cancelled orders of the caller only, newest first, keyed by market', async () => {
    const r = await h.client('sub-alpha').post(PATH, { market: 'BTC_USDT' });
    expect(r.status).toBe(200);
    const list = rows(r.body);
    expect(list.map((o) => o.clientOrderId)).toEqual(['hist-fill', 'hist-cancel']);
    expect(list.map((o) => o.status)).toEqual(['FILLED', 'CANCELED']);
    expect(list[1]?.dealStock).toBe('0');
    for (const o of list) expect(o.ftime).toBeGreaterThanOrEqual(o.ctime);
    // the maker's history holds its own fill, not alpha's orders
    const maker = rows((await h.client('sub-maker').post(PATH, {})).body);
    expect(maker.map((o) => o.status)).toEqual(['FILLED']);
  });

  it('filters by status and finds one order by client order id, 422 when there is none', async () => {
    const alpha = h.client('sub-alpha');
    const cancelled = rows((await alpha.post(PATH, { status: 'CANCELED' })).body);
    expect(cancelled.map((o) => o.clientOrderId)).toEqual(['hist-cancel']);
    const one = rows((await alpha.post(PATH, { clientOrderId: 'hist-fill' })).body);
    expect(one.map((o) => o.status)).toEqual(['FILLED']);
    const none = await alpha.post(PATH, { clientOrderId: 'nope' });
    expect(none.status).toBe(422);
    expect((none.body as { message: string }).message).toBe('OrderHistory was not found.');
  });

  it('refuses an unknown status, a start older than six months and a window over 31 days', async () => {
    const alpha = h.client('sub-alpha');
    const now = Math.floor(Date.now() / 1000);
    expect((await alpha.post(PATH, { status: 'OPEN' })).status).toBe(422);
    expect(
      (await alpha.post(PATH, { startDate: now - 200 * 86400, endDate: now - 190 * 86400 })).status,
    ).toBe(422);
    expect((await alpha.post(PATH, { startDate: now - 40 * 86400, endDate: now })).status).toBe(422);
    expect((await alpha.post(PATH, { limit: 501 })).status).toBe(422);
  });
});
