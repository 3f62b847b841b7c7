import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, start } from './support.ts';
import type { Harness } from './support.ts';

const NEW = '/api/v4/order/new';
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 45 });
});
afterAll(async () => {
  await h.sandbox.close();
});

async function best(market: string): Promise<{ bid: string; ask: string }> {
  const b = (await get(h.sandbox.rest, `/api/v4/public/orderbook/${market}`)).body;
  return { bid: b.bids[0][0], ask: b.asks[0][0] };
}

describe('more order types', () => {
  it('prices bboRole 1 at the own side best and bboRole 2 at the counterparty best', async () => {
    const { bid, ask } = await best('ETH_USDT');
    const queue = await h
      .client('sub-alpha')
      .post(NEW, { market: 'ETH_USDT', side: 'buy', amount: '0.01', bboRole: 1 });
    expect(queue.status).toBe(200);
    expect(queue.body.price).toBe(bid);
    expect('status' in queue.body).toBe(false);
    const counter = await h
      .client('sub-alpha')
      .post(NEW, { market: 'ETH_USDT', side: 'buy', amount: '0.002', bboRole: 2 });
    expect(counter.body.price).toBe(ask);
    expect(counter.body.status).toBe('FILLED');
  });

  it('activates a stop-market buy when the price rises to its trigger', async () => {
    const c = h.client('sub-alpha');
    const { ask } = await best('BTC_USDT');
    const stop = await c.post('/api/v4/order/stop_market', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '50',
      activation_price: (Number(ask) + 100).toFixed(1),
    });
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({
      type: 'stop market',
      activated: 0,
      activationCondition: 'gte',
      amount: '50',
    });
    expect('price' in stop.body).toBe(false);
    // lift the ask ladder
    await h
      .client('sub-maker')
      .post(NEW, { market: 'BTC_USDT', side: 'buy', amount: '0.05', price: (Number(ask) + 500).toFixed(1) });
    const open = (await c.post('/api/v4/orders', { market: 'BTC_USDT' })).body as Array<{ orderId: number }>;
    expect(open.some((o) => o.orderId === stop.body.orderId)).toBe(false);
    const deals = await c.post('/api/v4/trade-account/executed-history', { market: 'BTC_USDT' });
    expect(deals.body.some((d: { orderId: number }) => d.orderId === stop.body.orderId)).toBe(true);
  });

  it('rejects a stop-limit without its activation price, and answers stops in active orders', async () => {
    const c = h.client('sub-alpha');
    const missing = await c.post('/api/v4/order/stop_limit', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '70000',
    });
    expect(Object.keys(missing.body.errors)).toEqual(['activation_price']);
    const stop = await c.post('/api/v4/order/stop_limit', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '90000',
      activation_price: '90000',
      clientOrderId: 'stop-1',
    });
    const open = (await c.post('/api/v4/orders', { market: 'BTC_USDT' })).body as Array<
      Record<string, unknown>
    >;
    expect(open.find((o) => o['orderId'] === stop.body.orderId)).toMatchObject({
      activated: 0,
      clientOrderId: 'stop-1',
    });
    const canceled = await c.post('/api/v4/order/cancel', { market: 'BTC_USDT', clientOrderId: 'stop-1' });
    expect(canceled.body.status).toBe('CANCELED');
  });
});

describe('order/modify as published', () => {
  const MODIFY = '/api/v4/order/modify';

  it('changes an order named by its clientOrderId, and keeps that id on the replacement', async () => {
    const c = h.client('sub-alpha');
    const placed = await c.post(NEW, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '50000',
      clientOrderId: 'mod-1',
    });
    const r = await c.post(MODIFY, { market: 'BTC_USDT', clientOrderId: 'mod-1', price: '50100' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ clientOrderId: 'mod-1', price: '50100', amount: '0.001' });
    expect(r.body.orderId).not.toBe(placed.body.orderId);
    await c.post('/api/v4/order/cancel', { market: 'BTC_USDT', clientOrderId: 'mod-1' });
  });

  it('changes the quote total of a buy stop-market order with total, never with amount', async () => {
    const c = h.client('sub-alpha');
    const stop = await c.post('/api/v4/order/stop_market', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '50',
      activation_price: '90000',
    });
    expect(stop.status).toBe(200);
    const byAmount = await c.post(MODIFY, { market: 'BTC_USDT', orderId: stop.body.orderId, amount: '60' });
    expect([byAmount.status, Object.keys(byAmount.body.errors)]).toEqual([422, ['amount']]);
    const r = await c.post(MODIFY, { market: 'BTC_USDT', orderId: String(stop.body.orderId), total: '60' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ type: 'stop market', amount: '60', activation_price: '90000' });
    await c.post('/api/v4/order/cancel', { market: 'BTC_USDT', orderId: r.body.orderId });
  });

  it('takes exactly one id, not amount and total together, and something to change', async () => {
    const c = h.client('sub-alpha');
    const placed = await c.post(NEW, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '50000',
      clientOrderId: 'mod-2',
    });
    const id = placed.body.orderId;
    const fields = async (body: Record<string, unknown>) =>
      Object.keys((await c.post(MODIFY, { market: 'BTC_USDT', ...body })).body.errors ?? {});
    expect(await fields({ orderId: id, clientOrderId: 'mod-2', price: '50100' })).toEqual(['orderId']);
    expect(await fields({ price: '50100' })).toEqual(['orderId']);
    expect(await fields({ orderId: id, amount: '0.002', total: '100' })).toEqual(['total']);
    expect(await fields({ orderId: id })).toEqual(['amount']);
    // nothing changed by the refusals
    const open = (await c.post('/api/v4/orders', { market: 'BTC_USDT', clientOrderId: 'mod-2' })).body;
    expect(open.map((o: { orderId: number }) => o.orderId)).toEqual([id]);
    await c.post('/api/v4/order/cancel', { market: 'BTC_USDT', orderId: id });
  });
});

describe('the order book of an unknown market', () => {
  it('answers the flat field bag of the market data endpoints', async () => {
    const r = await get(h.sandbox.rest, '/api/v4/public/orderbook/NOPE_USDT');
    expect([r.status, r.body]).toEqual([422, { market: ['Market is not available.'] }]);
  });
});

describe('market maintenance', () => {
  it('ends open orders with MAINTENANCE and refuses new ones until it is over', async () => {
    const c = h.client('sub-maker');
    const frozen = (await c.post('/api/v4/trade-account/balance', { ticker: 'USDT' })).body.USDT.freeze;
    const o = await c.post(NEW, {
      market: 'LTC_USDT',
      side: 'buy',
      amount: '1',
      price: '70',
      clientOrderId: 'mnt-1',
    });
    expect(o.status).toBe(200);
    h.sandbox.control.setMaintenance('LTC_USDT', true);
    expect(h.sandbox.control.engine.orders.get(o.body.orderId)?.status).toBe('MAINTENANCE');
    expect((await c.post('/api/v4/orders', { market: 'LTC_USDT' })).body).toEqual([]);
    expect((await c.post('/api/v4/trade-account/balance', { ticker: 'USDT' })).body.USDT.freeze).toBe(frozen);
    const refused = await c.post(NEW, { market: 'LTC_USDT', side: 'buy', amount: '1', price: '70' });
    expect([refused.status, Object.keys(refused.body.errors)]).toEqual([422, ['market']]);
    h.sandbox.control.setMaintenance('LTC_USDT', false);
    expect((await c.post(NEW, { market: 'LTC_USDT', side: 'buy', amount: '1', price: '70' })).status).toBe(
      200,
    );
  });
});

describe('kill switch', () => {
  it('cancels the orders of a market when its timeout passes, unless disarmed', async () => {
    let clock = Date.now();
    const k = await start({ seed: 46, now: () => clock });
    try {
      const c = k.client('sub-alpha');
      const post = (path: string, fields: Record<string, unknown>) =>
        c.post(path, fields, { nonce: clock++ });
      await post(NEW, { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '50000' });
      await post(NEW, { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '2000' });
      const armed = await post('/api/v4/order/kill-switch', { market: 'BTC_USDT', timeout: '10' });
      // created without types: every type is cancelled, and the timer names them all
      expect(armed.body).toMatchObject({ market: 'BTC_USDT', types: ['spot', 'margin', 'futures'] });
      expect(armed.body.cancellationTime - armed.body.startTime).toBe(10);
      const status = await post('/api/v4/order/kill-switch/status', {});
      expect(status.body).toHaveLength(1);
      const bad = await post('/api/v4/order/kill-switch', { market: 'BTC_USDT', timeout: '1' });
      expect(Object.keys(bad.body.errors)).toEqual(['timeout']);
      clock += 11_000;
      const left = (await post('/api/v4/orders', {})).body as Array<{ market: string }>;
      expect(left.map((o) => o.market)).toEqual(['ETH_USDT']);
      await post('/api/v4/order/kill-switch', { market: 'ETH_USDT', timeout: '10' });
      const typed = await post('/api/v4/order/kill-switch', {
        market: 'ETH_USDT',
        timeout: '10',
        types: ['spot'],
      });
      expect(typed.body).toMatchObject({ types: ['spot'] });
      const missing = await post('/api/v4/order/kill-switch', { market: 'ETH_USDT' });
      expect(Object.keys(missing.body.errors)).toEqual(['timeout']);
      const deleted = await post('/api/v4/order/kill-switch', { market: 'ETH_USDT', timeout: null });
      expect(deleted.body).toEqual([]);
      clock += 11_000;
      expect((await post('/api/v4/orders', {})).body).toHaveLength(1);
    } finally {
      await k.sandbox.close();
    }
  });
});
