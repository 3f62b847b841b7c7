/**
 * The open OCO pairs (`oco-orders`) and cancelling linked orders as a whole: an OCO pair (`order/oco-cancel`, by its id or client order
 * id: both legs answered cancelled), an order with OTO legs (`order/oto-cancel`: its legs never
 * come) and either by the id `conditional-orders` lists (`order/conditional-cancel`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

const MARKET = 'BTC_PERP';
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 35 });
});
afterAll(async () => {
  await h.sandbox.close();
});

const post = (path: string, fields: Record<string, unknown> = {}) => h.client('sub-alpha').post(path, fields);
const ok = (path: string, fields: Record<string, unknown> = {}) => h.client('sub-alpha').ok(path, fields);
const oco = (clientOrderId?: string) =>
  ok('/api/v4/order/collateral/oco', {
    market: MARKET,
    side: 'sell',
    amount: '0.001',
    price: '69000',
    activation_price: '60000',
    stop_limit_price: '59900',
    ...(clientOrderId ? { clientOrderId } : {}),
  });
const withOto = () =>
  ok('/api/v4/order/collateral/limit', {
    market: MARKET,
    side: 'buy',
    amount: '0.001',
    price: '60000',
    stopLoss: '58000',
    takeProfit: '66000',
  });
const openIds = async () =>
  ((await ok('/api/v4/orders', { market: MARKET })) as Array<{ orderId: number }>).map((o) => o.orderId);
const listed = async () =>
  ((await ok('/api/v4/conditional-orders', { market: MARKET })).records as unknown[]).length;
const notFound = (field: string) => [
  400,
  { code: 2, message: 'Inner validation failed', errors: { [field]: ['Unexecuted order was not found.'] } },
];

describe('the open OCO pairs', () => {
  it('lists each open pair once, newest first, with both legs open, filtered by market and paged', async () => {
    const first = await oco();
    const second = await oco();
    const list = (await ok('/api/v4/oco-orders')) as Array<Record<string, Record<string, unknown>>>;
    expect(list.map((p) => p['id'])).toEqual([second.id, first.id]);
    expect(list[0]?.['stop_loss']).toMatchObject({
      orderId: second.stop_loss.orderId,
      status: 'OPEN',
      activation_price: '60000',
      activation_condition: 'lte',
      activated: 0,
      reduceOnly: false,
    });
    expect(list[0]?.['take_profit']).toMatchObject({
      orderId: second.take_profit.orderId,
      status: 'OPEN',
      price: '69000',
    });
    expect(await ok('/api/v4/oco-orders', { market: 'ETH_PERP' })).toEqual([]);
    const paged = (await ok('/api/v4/oco-orders', { market: MARKET, limit: 1, offset: 1 })) as Array<{
      id: number;
    }>;
    expect(paged.map((p) => p.id)).toEqual([first.id]);
    const unknown = await post('/api/v4/oco-orders', { market: 'NOPE_PERP' });
    expect([unknown.status, unknown.body.code]).toEqual([422, 31]);
    expect((await post('/api/v4/oco-orders', { limit: 101 })).status).toBe(422);
    for (const p of [first, second]) await ok('/api/v4/order/oco-cancel', { market: MARKET, orderId: p.id });
    expect(await ok('/api/v4/oco-orders')).toEqual([]);
  });
});

describe('cancelling an OCO pair', () => {
  it('cancels both legs by the pair id and answers them cancelled; a second time it is not found', async () => {
    const placed = await oco();
    const answer = await ok('/api/v4/order/oco-cancel', { market: MARKET, orderId: placed.id });
    expect(answer.id).toBe(placed.id);
    expect(answer.stop_loss).toMatchObject({
      orderId: placed.stop_loss.orderId,
      activation_price: '60000',
      status: 'CANCELED',
    });
    expect(answer.take_profit).toMatchObject({
      orderId: placed.take_profit.orderId,
      price: '69000',
      status: 'CANCELED',
    });
    const open = await openIds();
    expect(open).not.toContain(placed.stop_loss.orderId);
    expect(open).not.toContain(placed.take_profit.orderId);
    expect(await listed()).toBe(0);
    const again = await post('/api/v4/order/oco-cancel', { market: MARKET, orderId: placed.id });
    expect([again.status, again.body]).toEqual(notFound('orderId'));
  });

  it('finds the pair by its client order id, and refuses both ids or neither', async () => {
    const placed = await oco('desk-oco-1');
    const both = await post('/api/v4/order/oco-cancel', {
      market: MARKET,
      orderId: placed.id,
      clientOrderId: 'desk-oco-1',
    });
    expect([both.status, both.body.code, Object.keys(both.body.errors)]).toEqual([422, 30, ['orderId']]);
    const neither = await post('/api/v4/order/oco-cancel', { market: MARKET });
    expect([neither.status, neither.body.code]).toEqual([422, 30]);
    const answer = await ok('/api/v4/order/oco-cancel', { market: MARKET, clientOrderId: 'desk-oco-1' });
    expect(answer.id).toBe(placed.id);
    // a plain order is not an OCO pair
    const plain = await ok('/api/v4/order/collateral/limit', {
      market: MARKET,
      side: 'buy',
      amount: '0.001',
      price: '50000',
    });
    const wrong = await post('/api/v4/order/oco-cancel', { market: MARKET, orderId: plain.orderId });
    expect([wrong.status, wrong.body]).toEqual(notFound('orderId'));
    expect(await openIds()).toContain(plain.orderId);
    await ok('/api/v4/order/cancel', { market: MARKET, orderId: plain.orderId });
  });
});

describe('cancelling an OTO order', () => {
  it('cancels the order by its OTO id, and its legs never come', async () => {
    const order = await withOto();
    const otoId =
      order.oto?.otoId ??
      ((await ok('/api/v4/conditional-orders', { market: MARKET })).records[0].id as number);
    expect(await ok('/api/v4/order/oto-cancel', { market: MARKET, otoId })).toEqual([]);
    expect(await openIds()).toEqual([]);
    expect(await listed()).toBe(0);
    const again = await post('/api/v4/order/oto-cancel', { market: MARKET, otoId });
    expect([again.status, again.body]).toEqual(notFound('otoId'));
  });
});

describe('cancelling by the conditional id', () => {
  it('cancels an OCO pair or an OTO order by the id conditional-orders lists', async () => {
    await oco();
    await withOto();
    const records = (await ok('/api/v4/conditional-orders', { market: MARKET })).records as Array<{
      id: number;
    }>;
    expect(records).toHaveLength(2);
    for (const r of records)
      expect(await ok('/api/v4/order/conditional-cancel', { market: MARKET, id: r.id })).toEqual([]);
    expect(await openIds()).toEqual([]);
    const again = await post('/api/v4/order/conditional-cancel', { market: MARKET, id: records[0]?.id });
    expect([again.status, again.body]).toEqual(notFound('id'));
  });

  it('refuses a missing or unknown market with code 31', async () => {
    for (const path of [
      '/api/v4/order/conditional-cancel',
      '/api/v4/order/oto-cancel',
      '/api/v4/order/oco-cancel',
    ]) {
      const missing = await post(path, { id: 1, otoId: 1, orderId: 1 });
      expect([missing.status, missing.body.code, missing.body.errors]).toEqual([
        422,
        31,
        { market: ['The market field is required.'] },
      ]);
      const unknown = await post(path, { market: 'NOPE_PERP', id: 1, otoId: 1, orderId: 1 });
      expect([unknown.status, unknown.body.code]).toEqual([422, 31]);
    }
  });
});
