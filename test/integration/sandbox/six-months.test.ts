/**
 * The sandbox serves the last six months of an account's histories only, as the exchange does: a
 * fill, its finished order and the position change it made are served while they are younger, and
 * no longer once the clock has moved past six months (by date, by id and by client order id alike).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

const DAY_MS = 24 * 3600 * 1000;
let clock = Date.now();
let h: Harness;
const at = { nonce: 0 };
const post = (label: string, path: string, fields: Record<string, unknown> = {}) => {
  at.nonce = Math.max(at.nonce + 1, clock);
  return h.client(label).post(path, fields, { nonce: at.nonce });
};

let spotOrder = 0;
let perpOrder = 0;

beforeAll(async () => {
  // a still market: months pass without the price walk having to catch up
  h = await start({ seed: 60, now: () => clock, simulate: false });
  await post('sub-maker', '/api/v4/order/new', {
    market: 'BTC_USDT',
    side: 'sell',
    amount: '0.001',
    price: '64250',
  });
  const taker = await post('sub-alpha', '/api/v4/order/new', {
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.001',
    price: '64250',
    clientOrderId: 'five-months',
  });
  spotOrder = taker.body.orderId;
  const perp = await post('sub-alpha', '/api/v4/order/collateral/market', {
    market: 'BTC_PERP',
    side: 'buy',
    amount: '0.001',
  });
  perpOrder = perp.body.orderId;
  expect([taker.body.status, perp.body.status]).toEqual(['FILLED', 'FILLED']);
});
afterAll(() => h.sandbox.close());

const served = async () => {
  const deals = (await post('sub-alpha', '/api/v4/trade-account/executed-history', { market: 'BTC_USDT' }))
    .body as Array<{ orderId: number }>;
  const byClient = await post('sub-alpha', '/api/v4/trade-account/executed-history', {
    clientOrderId: 'five-months',
  });
  const orders = (await post('sub-alpha', '/api/v4/trade-account/order/history', { orderId: spotOrder }))
    .body as Record<string, Array<{ id: number }>>;
  const positions = (
    await post('sub-alpha', '/api/v4/collateral-account/positions/history', { market: 'BTC_PERP' })
  ).body as Array<{ orderDetail: { id: number } }>;
  return {
    deal: deals.some((d) => d.orderId === spotOrder),
    byClientOrderId: byClient.status === 200,
    order: (orders['BTC_USDT'] ?? []).some((o) => o.id === spotOrder),
    position: positions.some((p) => p.orderDetail.id === perpOrder),
  };
};

describe('the six-month horizon of the histories', () => {
  it('serves a fill, its order and its position change five months on', async () => {
    clock += 150 * DAY_MS;
    expect(await served()).toEqual({ deal: true, byClientOrderId: true, order: true, position: true });
  });

  it('serves none of them past six months, by any filter', async () => {
    clock += 40 * DAY_MS;
    expect(await served()).toEqual({ deal: false, byClientOrderId: false, order: false, position: false });
    // a window reaching back before the horizon is refused, as the exchange refuses it
    const now = Math.floor(clock / 1000);
    const old = await post('sub-alpha', '/api/v4/trade-account/order/history', {
      startDate: now - 190 * 86_400,
      endDate: now - 180 * 86_400,
    });
    expect([old.status, Object.keys(old.body.errors)]).toEqual([422, ['startDate']]);
  });
});
