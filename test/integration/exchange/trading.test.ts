import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { ValidationError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('spot trading endpoints against the sandbox', () => {
  it('places a resting limit order, lists it, modifies it and cancels it', async () => {
    const c = h.as('main');
    const placed = await trading.limitOrder(c, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '30000',
      clientOrderId: 'rest-1',
      stp: 'cb',
    });
    expect(placed).toMatchObject({
      market: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      clientOrderId: 'rest-1',
      left: '0.001',
    });
    expect(placed.stp).toBe('cb');
    const open = await trading.activeOrders(c, { market: 'BTC_USDT' });
    expect(open.map((o) => o.orderId)).toContain(placed.orderId);

    const modified = await trading.modifyOrder(c, {
      market: 'BTC_USDT',
      orderId: placed.orderId,
      price: '30100',
    });
    expect(modified.price).toBe('30100');
    const canceled = await trading.cancelOrder(c, { market: 'BTC_USDT', orderId: modified.orderId });
    expect(canceled.orderId).toBe(modified.orderId);
    const after = await trading.activeOrders(c, { market: 'BTC_USDT' });
    expect(after.map((o) => o.orderId)).not.toContain(modified.orderId);
  });

  it('fills a market order against the book and finds its deals in the executed history', async () => {
    const c = h.as('main');
    const before = await trading.tradeBalanceOf(c, 'BTC');
    const order = await trading.stockMarketOrder(c, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      clientOrderId: 'fill-1',
    });
    expect(order.dealStock).toBe('0.001');
    const deals = await trading.executedDeals(c, 'BTC_USDT', { limit: 50 });
    const mine = deals.filter((d) => d.orderId === order.orderId);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d) => d.clientOrderId === 'fill-1' && d.side === 'buy')).toBe(true);
    const byClient = await trading.executedDealsOfClientOrder(c, 'fill-1');
    const found = Array.isArray(byClient) ? byClient : Object.values(byClient).flat();
    expect(found.map((d) => d.id).sort()).toEqual(mine.map((d) => d.id).sort());
    const afterBalance = await trading.tradeBalanceOf(c, 'BTC');
    expect(Number(afterBalance.available)).toBeGreaterThan(Number(before.available));
  });

  it('answers 422 for a client order id with no deals', async () => {
    const error = await trading
      .executedDealsOfClientOrder(h.as('main'), 'never-used')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
  });

  it('names the field when a price is off the tick grid', async () => {
    const error = await trading
      .limitOrder(h.as('main'), { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000.05' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toHaveProperty('price');
    // off the tick: code 33 with "Min price step = 0.1", as the exchange answers a price off its step
    expect((error as ValidationError).exchangeCode).toBe(33);
    expect((error as ValidationError).message).toContain("not a multiple of the market's tick size");
  });

  it('places a stop-limit order that waits for its activation price', async () => {
    const order = await trading.stopLimitOrder(h.as('main'), {
      market: 'ETH_USDT',
      side: 'buy',
      amount: '0.01',
      price: '9000',
      activation_price: '9000',
    });
    expect(order.type).toBe('stop limit');
    expect(order.activation_price).toBe('9000');
  });

  it('reads all spot balances', async () => {
    const balances = await trading.tradeBalance(h.as('main'));
    expect(balances['USDT']).toMatchObject({ available: expect.any(String), freeze: expect.any(String) });
  });
});
