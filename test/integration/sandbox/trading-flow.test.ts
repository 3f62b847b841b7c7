import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, start } from './support.ts';
import type { Harness } from './support.ts';

const NEW = '/api/v4/order/new';
const BAL = '/api/v4/trade-account/balance';
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 33 });
});
afterAll(async () => {
  await h.sandbox.close();
});

describe('order lifecycle and matching', () => {
  it('rests a limit order with the Order shape and freezes its funds', async () => {
    const c = h.client('main');
    const r = await c.post(NEW, { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      clientOrderId: '',
      market: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      dealMoney: '0',
      dealStock: '0',
      amount: '0.001',
      left: '0.001',
      dealFee: '0',
      price: '60000',
      ioc: false,
      stp: 'no',
    });
    expect(Number.isInteger(r.body.orderId)).toBe(true);
    expect(typeof r.body.timestamp).toBe('number');
    expect('postOnly' in r.body).toBe(false);
    expect((await c.post(BAL, { ticker: 'USDT' })).body.USDT).toEqual({ available: '49940', freeze: '60' });
    const open = await c.post('/api/v4/orders', { market: 'BTC_USDT' });
    expect(open.body.map((o: { orderId: number }) => o.orderId)).toContain(r.body.orderId);
    const cancel = await c.post('/api/v4/order/cancel', { market: 'BTC_USDT', orderId: r.body.orderId });
    expect(cancel.body.status).toBe('CANCELED');
    expect((await c.post(BAL, { ticker: 'USDT' })).body.USDT).toEqual({ available: '50000', freeze: '0' });
    const again = await c.post('/api/v4/order/cancel', { market: 'BTC_USDT', orderId: r.body.orderId });
    // an order no longer open: 400, code 2, as the exchange answers it
    expect([again.status, again.body.code, again.body.errors.orderId]).toEqual([
      400,
      2,
      ['Unexecuted order was not found.'],
    ]);
  });

  it('matches two accounts at the maker price and settles balances with fees', async () => {
    const maker = await h
      .client('main')
      .post(NEW, { market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '64250' });
    const taker = await h.client('sub-alpha').post(NEW, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '64260',
      clientOrderId: 'fill-1',
    });
    expect(taker.body).toMatchObject({
      status: 'FILLED',
      dealStock: '0.01',
      dealMoney: '642.5',
      left: '0',
      dealFee: '0.00001',
      feeAsset: 'BTC',
    });
    const makerOpen = await h.client('main').post('/api/v4/orders', {});
    expect(makerOpen.body.find((o: { orderId: number }) => o.orderId === maker.body.orderId)).toBeUndefined();
    // taker froze 642.6 at its limit, paid 642.5 at the maker price
    expect((await h.client('sub-alpha').post(BAL, { ticker: 'USDT' })).body.USDT).toEqual({
      available: '19357.5',
      freeze: '0',
    });
    expect((await h.client('sub-alpha').post(BAL, { ticker: 'BTC' })).body.BTC.available).toBe('0.50999');
    expect((await h.client('main').post(BAL, { ticker: 'USDT' })).body.USDT.available).toBe('50641.8575');
  });

  it('keeps RPI orders out of public depth while they rest', async () => {
    const r = await h
      .client('main')
      .post(NEW, { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '3149.99', rpi: true });
    expect(r.status).toBe(200);
    const depth = await get(h.sandbox.rest, '/api/v4/public/orderbook/ETH_USDT');
    expect(depth.body.bids.some((l: string[]) => l[0] === '3149.99')).toBe(false);
    const mine = await h.client('main').post('/api/v4/orders', { market: 'ETH_USDT' });
    expect(mine.body.some((o: { orderId: number }) => o.orderId === r.body.orderId)).toBe(true);
  });

  it('cancels the rest of an ioc order', async () => {
    const r = await h
      .client('sub-alpha')
      .post(NEW, { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000', ioc: true });
    expect(r.body).toMatchObject({ status: 'CANCELED', dealStock: '0', ioc: true });
  });

  it('applies self-trade prevention: cn cancels the new order, co the old one', async () => {
    const c = h.client('sub-maker');
    const resting = await c.post(NEW, { market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '64250' });
    const cn = await c.post(NEW, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '64250',
      stp: 'cancel_new',
    });
    expect(cn.body).toMatchObject({ status: 'CANCELED_STP', stp: 'cn', dealStock: '0' });
    const co = await c.post(NEW, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '64250',
      stp: 'co',
    });
    expect(co.body.stp).toBe('co');
    expect('status' in co.body).toBe(false);
    const open = (await c.post('/api/v4/orders', { market: 'BTC_USDT' })).body as Array<{ orderId: number }>;
    expect(open.some((o) => o.orderId === resting.body.orderId)).toBe(false);
    expect(open.some((o) => o.orderId === co.body.orderId)).toBe(true);
    await c.post('/api/v4/order/cancel', { market: 'BTC_USDT', orderId: co.body.orderId });
  });

  it('fills market orders: buy by quote total, stock market by base amount', async () => {
    const buy = await h
      .client('sub-alpha')
      .post('/api/v4/order/market', { market: 'BTC_USDT', side: 'buy', amount: '100' });
    expect(buy.status).toBe(200);
    expect(buy.body).toMatchObject({ type: 'market', status: 'FILLED', amount: '100' });
    expect('price' in buy.body).toBe(false);
    expect(Number(buy.body.dealMoney)).toBeLessThanOrEqual(100);
    expect(Number(buy.body.dealMoney)).toBeGreaterThan(99);
    const sell = await h.client('sub-alpha').post('/api/v4/order/stock_market', {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.001',
    });
    expect(sell.body).toMatchObject({ type: 'stock market', status: 'FILLED', dealStock: '0.001' });
    const step = await h
      .client('sub-alpha')
      .post('/api/v4/order/market', { market: 'BTC_USDT', side: 'sell', amount: '0.00015' });
    expect(step.body.code).toBe(32);
  });

  it('modifies an open order into a new id and keeps its clientOrderId', async () => {
    const c = h.client('sub-maker');
    const o = await c.post(NEW, {
      market: 'ETH_USDT',
      side: 'sell',
      amount: '1',
      price: '4000',
      clientOrderId: 'mod-1',
    });
    const m = await c.post('/api/v4/order/modify', {
      market: 'ETH_USDT',
      orderId: o.body.orderId,
      price: '4100',
    });
    expect(m.status).toBe(200);
    expect(m.body).toMatchObject({ price: '4100', amount: '1', clientOrderId: 'mod-1' });
    expect(m.body.orderId).not.toBe(o.body.orderId);
    const bad = await c.post('/api/v4/order/modify', {
      market: 'ETH_USDT',
      orderId: m.body.orderId,
      price: '4100.005',
    });
    expect(bad.status).toBe(422);
    const open = (await c.post('/api/v4/orders', { market: 'ETH_USDT' })).body as Array<{
      orderId: number;
      price: string;
    }>;
    expect(open.find((x) => x.orderId === m.body.orderId)?.price).toBe('4100');
  });

  it('places bulk orders with one result or error per item', async () => {
    const r = await h.client('sub-alpha').post('/api/v4/order/bulk', {
      orders: [
        { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '55000' },
        { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '55000.05' },
        { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '55000', rpi: true, retail: true },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(3);
    expect(r.body[0].error).toBeNull();
    expect(r.body[0].result.price).toBe('55000');
    expect(r.body[1].result).toBeNull();
    expect(r.body[1].error.code).toBe(33);
    expect(r.body[2].result.rpi).toBe(true);
  });

  it('activates a stop-limit order when the price falls to its trigger', async () => {
    const c = h.client('sub-maker');
    const stop = await c.post('/api/v4/order/stop_limit', {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.001',
      activation_price: '64000',
      price: '63000',
    });
    expect(stop.body).toMatchObject({
      type: 'stop limit',
      activation_price: '64000',
      activated: 0,
      activationCondition: 'lte',
    });
    // sweep the bid ladder so the last price drops below the trigger
    await h.client('main').post(NEW, { market: 'BTC_USDT', side: 'sell', amount: '0.2', price: '63500' });
    const open = (await c.post('/api/v4/orders', { market: 'BTC_USDT' })).body as Array<
      Record<string, unknown>
    >;
    const after = open.find((o) => o['orderId'] === stop.body.orderId);
    expect(after?.['activated']).toBe(1);
  });
});
