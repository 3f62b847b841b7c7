/**
 * Cancelling many orders in one request (`order/cancel/bulk`: each item answered on its own, in the
 * request's order, in the published words) and one order's deals (`trade-account/order`).
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, start, type Harness } from './support.ts';

let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 37 });
});
afterAll(async () => {
  await h.sandbox.close();
});

const post = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).post(path, fields);
const ok = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).ok(path, fields);
const place = async (label: string, clientOrderId?: string) =>
  (
    await ok(label, '/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '30000',
      ...(clientOrderId ? { clientOrderId } : {}),
    })
  ).orderId as number;
const open = async (label: string) =>
  ((await ok(label, '/api/v4/orders', { market: 'BTC_USDT' })) as Array<{ orderId: number }>).map(
    (o) => o.orderId,
  );
const failed = (code: number, message: string, errors: Record<string, string[]>) => ({
  result: null,
  error: { code, message, errors },
});
const invalid = (field: string, text: string) => failed(30, 'Validation failed', { [field]: [text] });

describe('bulk cancel', () => {
  it('answers each item in order: the cancelled ones echo their ids, each failure says why', async () => {
    const [a, b, kept] = [
      await place('sub-alpha'),
      await place('sub-alpha', 'desk-b'),
      await place('sub-alpha'),
    ];
    const foreign = await place('sub-maker');
    const answer = await ok('sub-alpha', '/api/v4/order/cancel/bulk', {
      orders: [
        { market: 'BTC_USDT', orderId: a },
        { market: 'BTC_USDT', clientOrderId: 'desk-b' },
        { market: 'BTC_USDT', orderId: String(a) },
        { orderId: kept },
        { market: 'NOPE_USDT', orderId: kept },
        { market: 'BTC_USDT', orderId: kept, clientOrderId: 'x' },
        { market: 'BTC_USDT' },
        'x',
        { market: 'BTC_USDT', orderId: foreign },
        { market: 'ETH_USDT', orderId: kept },
      ],
    });
    const gone = failed(404, 'Order not found', { orderId: ['Order does not exist or already cancelled'] });
    expect(answer).toEqual([
      { result: { orderId: a, clientOrderId: '', market: 'BTC_USDT' }, error: null },
      { result: { orderId: b, clientOrderId: 'desk-b', market: 'BTC_USDT' }, error: null },
      gone,
      invalid('market', 'validation.required'),
      invalid('market', 'validation.market_not_exist'),
      invalid('request', 'api.validation.order.chooseOneId'),
      invalid('request', 'validation.required'),
      invalid('request', 'Invalid order format'),
      gone,
      gone,
    ]);
    const still = await open('sub-alpha');
    expect(still).toContain(kept);
    expect(still).not.toContain(a);
    expect(still).not.toContain(b);
    expect(await open('sub-maker')).toContain(foreign);
  });

  it('takes 100 items and refuses 101 or none, as a whole', async () => {
    const ids = [await place('sub-alpha'), await place('sub-alpha')];
    const hundred = Array.from({ length: 100 }, (_, i) => ({ market: 'BTC_USDT', orderId: ids[i % 2] }));
    const answer = (await ok('sub-alpha', '/api/v4/order/cancel/bulk', { orders: hundred })) as Array<{
      result: unknown;
    }>;
    expect(answer).toHaveLength(100);
    expect(answer.filter((x) => x.result !== null)).toHaveLength(2);
    for (const [orders, text] of [
      [[...hundred, hundred[0]], 'validation.between'],
      [[], 'validation.required'],
      [undefined, 'validation.required'],
    ] as const) {
      const r = await post('sub-alpha', '/api/v4/order/cancel/bulk', orders ? { orders } : {});
      expect([r.status, r.body]).toEqual([
        422,
        { code: 30, message: 'Validation failed', errors: { orders: [text] } },
      ]);
    }
  });
});

describe("an order's deals", () => {
  it('lists each fill of the order as the executed history has it, paged', async () => {
    const book = (await get(h.sandbox.rest, '/api/v4/public/orderbook/BTC_USDT')).body;
    const levels = book.asks.slice(0, 3) as string[][];
    const amount = levels.reduce((s, l) => s.plus(l[1] ?? '0'), new Decimal(0)).toFixed();
    const order = await ok('sub-alpha', '/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'buy',
      amount,
      price: levels[2]?.[0],
    });
    const deals = await ok('sub-alpha', '/api/v4/trade-account/order', { orderId: order.orderId });
    expect(deals.limit).toBe(50);
    expect(deals.offset).toBe(0);
    const records = deals.records as Array<Record<string, unknown>>;
    expect(records.length).toBeGreaterThanOrEqual(3);
    expect(records.reduce((s, d) => s.plus(String(d['amount'])), new Decimal(0)).toFixed()).toBe(
      new Decimal(order.dealStock).toFixed(),
    );
    const history = (await ok('sub-alpha', '/api/v4/trade-account/executed-history', {
      market: 'BTC_USDT',
    })) as Array<Record<string, unknown>>;
    const mine = history.filter((d) => d['orderId'] === order.orderId);
    expect(records.map((d) => [d['id'], d['price'], d['amount'], d['fee'], d['deal'], d['role']])).toEqual(
      mine.map((d) => [d['id'], d['price'], d['amount'], d['fee'], d['deal'], d['role']]),
    );
    expect(
      records.every((d) => d['dealOrderId'] === order.orderId && d['role'] === 2 && d['rpi'] === false),
    ).toBe(true);
    const page = await ok('sub-alpha', '/api/v4/trade-account/order', {
      orderId: String(order.orderId),
      limit: 1,
      offset: 1,
    });
    expect(page).toEqual({ records: [records[1]], offset: 1, limit: 1 });
    // another account's order, or one that never was: no deals
    expect(
      (await ok('sub-maker', '/api/v4/trade-account/order', { orderId: order.orderId })).records,
    ).toEqual([]);
    expect((await ok('sub-alpha', '/api/v4/trade-account/order', { orderId: 999_999_999 })).records).toEqual(
      [],
    );
  });

  it('refuses a request without an order id or with a bad page', async () => {
    const none = await post('sub-alpha', '/api/v4/trade-account/order', {});
    expect([none.status, none.body]).toEqual([
      422,
      { code: 30, message: 'Validation failed', errors: { orderId: ['The order id field is required.'] } },
    ]);
    const limit = await post('sub-alpha', '/api/v4/trade-account/order', { orderId: 1, limit: 0 });
    expect([limit.status, limit.body.errors]).toEqual([422, { limit: ['The limit must be at least 1.'] }]);
  });
});
