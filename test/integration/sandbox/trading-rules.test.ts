import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './support.ts';
import type { Harness } from './support.ts';

const NEW = '/api/v4/order/new';
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 21 });
});
afterAll(async () => {
  await h.sandbox.close();
});

async function rejects(label: string, fields: Record<string, unknown>, path = NEW) {
  const r = await h.client(label).post(path, fields);
  return {
    status: r.status,
    code: r.body.code as number,
    fields: Object.keys(r.body.errors ?? {}),
    body: r.body,
  };
}

const btc = { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000' };

describe('order/new validation', () => {
  it('requires market, side and amount, each under its own field', async () => {
    for (const field of ['market', 'side', 'amount']) {
      const fields = Object.fromEntries(Object.entries(btc).filter(([k]) => k !== field));
      const r = await rejects('main', fields);
      expect(r.status, field).toBe(422);
      expect(r.code, field).toBe(30);
      expect(r.fields, field).toEqual([field]);
    }
    const noPrice = await rejects('main', { market: 'BTC_USDT', side: 'buy', amount: '0.001' });
    expect(noPrice.fields).toEqual(['price']);
    const badSide = await rejects('main', { ...btc, side: 'long' });
    expect(badSide.fields).toEqual(['side']);
    const word = await rejects('main', { ...btc, amount: 'a lot' });
    expect([word.code, word.fields]).toEqual([32, ['amount']]);
    const unknown = await rejects('main', { ...btc, market: 'NOPE_USDT' });
    expect([unknown.status, unknown.code, unknown.fields]).toEqual([422, 31, ['market']]);
  });

  it('takes an amount and a price sent as JSON numbers, as the exchange does', async () => {
    const r = await h.client('main').post(NEW, { ...btc, amount: 0.001, price: 50000 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect([r.body.amount, r.body.price]).toEqual(['0.001', '50000']);
  });

  it('refuses a price off precision or tick with code 33, an amount off precision or step with code 32', async () => {
    const pricePrec = await rejects('main', { ...btc, price: '60000.123' });
    expect([pricePrec.status, pricePrec.code, pricePrec.fields]).toEqual([422, 33, ['price']]);
    const tick = await rejects('main', { ...btc, price: '60000.15' });
    expect([tick.status, tick.code, tick.body.errors.price]).toEqual([422, 33, ['Min price step = 0.1']]);
    const amountPrec = await rejects('main', { ...btc, amount: '0.0010001' });
    expect([amountPrec.code, amountPrec.fields]).toEqual([32, ['amount']]);
    const step = await rejects('main', { ...btc, amount: '0.00105' });
    expect([step.status, step.code, step.body.errors.amount]).toEqual([
      422,
      32,
      ['Min amount step = 0.0001'],
    ]);
    const stopTick = await rejects(
      'main',
      { ...btc, side: 'sell', price: '70000', activation_price: '69000.05' },
      '/api/v4/order/stop_limit',
    );
    expect([stopTick.code, stopTick.fields]).toEqual([33, ['activation_price']]);
  });

  it('enforces minAmount, minTotal and maxTotal', async () => {
    const minAmount = await rejects('main', {
      market: 'LTC_USDT',
      side: 'buy',
      amount: '0.005',
      price: '80',
    });
    expect([minAmount.code, minAmount.fields]).toEqual([32, ['amount']]);
    const minTotal = await rejects('main', { ...btc, amount: '0.0001', price: '1000' });
    expect([minTotal.code, minTotal.fields]).toEqual([30, ['total']]);
    const maxTotal = await rejects('sub-maker', {
      market: 'ETH_USDT',
      side: 'buy',
      amount: '400',
      price: '3000',
    });
    expect([maxTotal.code, maxTotal.fields]).toEqual([30, ['total']]);
  });

  it('accepts any precision-conforming price on a market without tick and step sizes', async () => {
    const r = await h
      .client('main')
      .post(NEW, { market: 'LTC_USDT', side: 'buy', amount: '0.1234', price: '70.123' });
    expect(r.status).toBe(200);
    expect(r.body.price).toBe('70.123');
  });

  it('applies the RPI, retail, postOnly and ioc flag rules', async () => {
    const rpiIoc = await rejects('main', { ...btc, rpi: true, ioc: true });
    expect([rpiIoc.status, rpiIoc.code]).toEqual([422, 40]);
    const rpiPost = await rejects('main', { ...btc, rpi: true, postOnly: true });
    expect([rpiPost.status, rpiPost.code, rpiPost.fields]).toEqual([422, 30, ['postOnly']]);
    const iocPost = await rejects('main', { ...btc, ioc: true, postOnly: true });
    expect([iocPost.status, iocPost.code]).toEqual([422, 37]);
    const retail = await rejects('sub-noretail', { ...btc, retail: true });
    expect([retail.status, retail.code]).toEqual([422, 42]);
    const rpi = await rejects('sub-noretail', { ...btc, rpi: true });
    expect([rpi.status, rpi.code]).toEqual([422, 43]);
    const both = await h.client('main').post(NEW, { ...btc, rpi: true, retail: true });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ rpi: true, retail: true });
    const bboPost = await rejects('main', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      bboRole: 1,
      postOnly: true,
    });
    expect(bboPost.fields).toEqual(['postOnly']);
  });

  it('answers region-blocked flags and order types with HTTP 453', async () => {
    const bbo = await rejects('sub-noretail', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      bboRole: 2,
    });
    expect(bbo.status).toBe(453);
    const stop = await rejects(
      'sub-noretail',
      { market: 'BTC_USDT', side: 'sell', amount: '0.001', activation_price: '60000' },
      '/api/v4/order/stop_market',
    );
    expect(stop.status).toBe(453);
  });

  it('rejects a postOnly order that would match immediately', async () => {
    const r = await rejects('main', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '70000',
      postOnly: true,
    });
    expect([r.status, r.fields]).toEqual([422, ['postOnly']]);
  });

  it('keeps clientOrderId unique among open orders of the market, reusable after cancel', async () => {
    const c = h.client('sub-alpha');
    const first = await c.post(NEW, { ...btc, clientOrderId: 'desk-7f3a.01' });
    expect(first.status).toBe(200);
    expect(first.body.clientOrderId).toBe('desk-7f3a.01');
    const dup = await rejects('sub-alpha', { ...btc, clientOrderId: 'desk-7f3a.01' });
    expect([dup.status, dup.code, dup.fields]).toEqual([422, 36, ['clientOrderId']]);
    const other = await c.post(NEW, {
      market: 'ETH_USDT',
      side: 'buy',
      amount: '0.01',
      price: '3000',
      clientOrderId: 'desk-7f3a.01',
    });
    expect(other.status).toBe(200);
    const bad = await rejects('sub-alpha', { ...btc, clientOrderId: 'has space' });
    expect([bad.code, bad.fields]).toEqual([36, ['clientOrderId']]);
    const cancel = await c.post('/api/v4/order/cancel', {
      market: 'BTC_USDT',
      clientOrderId: 'desk-7f3a.01',
    });
    expect(cancel.body.status).toBe('CANCELED');
    expect((await c.post(NEW, { ...btc, clientOrderId: 'desk-7f3a.01' })).status).toBe(200);
  });

  it('answers stp abbreviated, also for legacy names', async () => {
    for (const [sent, shown] of [
      ['cancel_both', 'cb'],
      ['cancel_new', 'cn'],
      ['cancel_old', 'co'],
      ['cb', 'cb'],
    ]) {
      const r = await h.client('sub-alpha').post(NEW, { ...btc, price: '50000', stp: sent });
      expect(r.status, sent).toBe(200);
      expect(r.body.stp, sent).toBe(shown);
    }
    expect((await rejects('sub-alpha', { ...btc, stp: 'cancel' })).fields).toEqual(['stp']);
  });

  it('answers insufficient balance with code 10 on amount', async () => {
    const r = await rejects('sub-noretail', { ...btc, amount: '1', price: '60000' });
    expect([r.status, r.code, r.fields]).toEqual([422, 10, ['amount']]);
    const b = await h.client('sub-noretail').post('/api/v4/trade-account/balance', { ticker: 'USDT' });
    // one currency asked: its entry, keyed by its ticker as the whole list is
    expect(b.body).toEqual({ USDT: { available: '5000', freeze: '0' } });
  });
});
