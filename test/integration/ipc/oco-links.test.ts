/**
 * An OCO on a perpetual through the procedures against the sandbox: the place result names both legs
 * (the limit leg at its price, the stop-limit leg with its trigger and limit, each with its id), over
 * REST and over the WebSocket alike; the open-order list links the two legs to each other (read from
 * the exchange's conditional-order list); a cancelled leg takes the other with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView, PlaceResultView } from '../../../main/ipc/contract.ts';
import { sandboxDesk } from '../../support/sandbox-desk.ts';

const desk = sandboxDesk({ seed: 5, accounts: ['sub-alpha'] });
const { ok } = desk;
let alpha = '';
beforeAll(() => {
  alpha = desk.id('sub-alpha');
});
/** BTC_PERP starts at 64,260 in the still sandbox: a sell OCO above (limit) and below (stop). */
const draft = {
  kind: 'collateral_oco',
  market: 'BTC_PERP',
  side: 'sell',
  amount: '0.001',
  price: '65500',
  activation_price: '63500',
  stop_limit_price: '63400',
};

const active = () => ok<OrderView[]>('orders.active', { accountId: alpha, market: 'BTC_PERP' });

describe.each(['orders.place', 'orders.placeWs'])('an OCO placed by %s', (procedure) => {
  it('answers both legs with their ids and prices, lists them linked, and a cancelled leg takes the other', async () => {
    const placed = await ok<PlaceResultView>(procedure, { accountId: alpha, draft });
    const { order, ocoStop } = placed;
    expect(order).toMatchObject({ price: '65500', type: 'limit' });
    expect(ocoStop).toMatchObject({ price: '63400', activation_price: '63500', type: 'stop limit' });
    expect(order?.oco).toEqual({
      id: expect.any(Number) as unknown,
      leg: 'limit',
      otherOrderId: ocoStop?.orderId,
    });
    expect(ocoStop?.orderId).not.toBe(order?.orderId);

    const listed = await active();
    const limit = listed.find((o) => o.orderId === order?.orderId);
    const stop = listed.find((o) => o.orderId === ocoStop?.orderId);
    expect(limit?.oco).toEqual({ id: order?.oco?.id, leg: 'limit', otherOrderId: ocoStop?.orderId });
    expect(stop?.oco).toEqual({ id: order?.oco?.id, leg: 'stop', otherOrderId: order?.orderId });

    await ok('orders.cancel', { accountId: alpha, market: 'BTC_PERP', orderId: order?.orderId });
    const after = (await active()).map((o) => o.orderId);
    expect(after).not.toContain(order?.orderId);
    expect(after).not.toContain(ocoStop?.orderId);
  });
});

it('leaves an order that is no OCO leg unlinked', async () => {
  const placed = await ok<PlaceResultView>('orders.place', {
    accountId: alpha,
    draft: { kind: 'collateral_limit', market: 'BTC_PERP', side: 'buy', amount: '0.001', price: '63000' },
  });
  expect(placed.ocoStop).toBeUndefined();
  const listed = await active();
  expect(listed.find((o) => o.orderId === placed.order?.orderId)?.oco).toBeUndefined();
});
