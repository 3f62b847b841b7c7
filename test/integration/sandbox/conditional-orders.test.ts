/**
 * `conditional-orders`, as the exchange lists which open orders belong together: each open OCO pair
 * (its id, its stop-limit leg as `stopLoss`, its limit leg as `takeProfit`) and each order whose
 * OTO legs wait for it; a pair is gone from the list once either leg is cancelled (the other goes too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './support.ts';
import type { Harness } from './support.ts';

const OCO = '/api/v4/order/collateral/oco';
const LIMIT = '/api/v4/order/collateral/limit';
const CONDITIONAL = '/api/v4/conditional-orders';
const ORDERS = '/api/v4/orders';
const CANCEL = '/api/v4/order/cancel';
const MARKET = 'BTC_PERP';

let h: Harness;
beforeAll(async () => {
  h = await start({ seed: 33 });
});
afterAll(async () => {
  await h.sandbox.close();
});

const post = (path: string, fields: Record<string, unknown> = {}) => h.client('sub-alpha').post(path, fields);
const pair = {
  market: MARKET,
  side: 'sell',
  amount: '0.001',
  price: '69000',
  activation_price: '60000',
  stop_limit_price: '59900',
};

describe('conditional-orders', () => {
  it('lists an open OCO pair with both legs, and neither once one leg is cancelled', async () => {
    const placed = await post(OCO, pair);
    expect(placed.status).toBe(200);
    const list = await post(CONDITIONAL, { market: MARKET });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ limit: 50, offset: 0, total: 1 });
    expect(list.body.records).toEqual([
      {
        id: placed.body.id,
        type: 'oco',
        stopLoss: expect.objectContaining({
          orderId: placed.body.stop_loss.orderId,
          type: 'stop limit',
          activationPrice: '60000',
          activationCondition: 'lte',
          activated: 0,
          price: '59900',
        }) as unknown,
        takeProfit: expect.objectContaining({
          orderId: placed.body.take_profit.orderId,
          type: 'limit',
          price: '69000',
        }) as unknown,
      },
    ]);
    // another market lists nothing
    expect((await post(CONDITIONAL, { market: 'ETH_PERP' })).body.records).toEqual([]);

    // cancelling the stop leg takes the limit leg with it
    expect((await post(CANCEL, { market: MARKET, orderId: placed.body.stop_loss.orderId })).status).toBe(200);
    expect((await post(CONDITIONAL, { market: MARKET })).body).toMatchObject({ total: 0, records: [] });
    const open = (await post(ORDERS, { market: MARKET })).body as Array<{ orderId: number }>;
    expect(open.map((o) => o.orderId)).not.toContain(placed.body.take_profit.orderId);
  });

  it('lists an order waiting with OTO legs as type oto', async () => {
    const order = await post(LIMIT, {
      market: MARKET,
      side: 'buy',
      amount: '0.001',
      price: '60000',
      stopLoss: '58000',
      takeProfit: '66000',
    });
    expect(order.status).toBe(200);
    const list = await post(CONDITIONAL, { market: MARKET });
    expect(list.body.records).toContainEqual(
      expect.objectContaining({
        type: 'oto',
        stopLossPrice: '58000',
        takeProfitPrice: '66000',
        conditionalOrder: expect.objectContaining({ orderId: order.body.orderId }) as unknown,
      }),
    );
    await post(CANCEL, { market: MARKET, orderId: order.body.orderId });
  });

  it('refuses a missing or unknown market and a page beyond its bounds, as the exchange does', async () => {
    const missing = await post(CONDITIONAL, {});
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 31, errors: { market: ['The market field is required.'] } });
    const unknown = await post(CONDITIONAL, { market: 'NOPE_PERP' });
    expect(unknown.body).toMatchObject({ code: 31, errors: { market: ['Market is not available'] } });
    expect((await post(CONDITIONAL, { market: MARKET, limit: 101 })).status).toBe(422);
  });
});
