import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../preload/bridge.ts';
import type { OrderView, PlaceResultView } from '../../../main/ipc/contract.ts';
import { ActiveOrders } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import { placedText } from '../../../renderer/src/lib/format/placed.ts';
import { chartLines } from '../../../renderer/src/views/trade/chart-lines.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const order = (patch: Partial<OrderView>): OrderView => ({
  orderId: 7,
  clientOrderId: '',
  market: 'BTC_PERP',
  side: 'sell',
  type: 'limit',
  timestamp: 1,
  amount: '0.001',
  left: '0.001',
  dealStock: '0',
  dealMoney: '0',
  dealFee: '0',
  price: '65500',
  positionSide: 'BOTH',
  ...patch,
});
const limit = order({ orderId: 7, oco: { id: 7, leg: 'limit', otherOrderId: 8 } });
const stop = order({
  orderId: 8,
  type: 'stop limit',
  price: '63400',
  activation_price: '63500',
  oco: { id: 7, leg: 'stop', otherOrderId: 7 },
});

describe('an OCO pair in the open-order list', () => {
  it('cancelling one leg takes both off the list and says the other went with it', async () => {
    let open = [limit, stop, order({ orderId: 9, price: '66000' })];
    const gone: number[] = [];
    const api = createBridge({
      invoke: async (procedure) => {
        if (procedure === 'live.subscribe')
          return { ok: true, value: 'b3c1f0e2-8a4b-4c55-9a4f-3b1e2d9c7a10' };
        if (procedure === 'orders.active') return { ok: true, value: open };
        if (procedure === 'orders.cancel') {
          open = open.filter((o) => o.orderId === 9);
          return { ok: true, value: { ...stop, status: 'CANCELED' } };
        }
        return { ok: true, value: [] };
      },
      listen: () => () => undefined,
    });
    const active = new ActiveOrders(api);
    active.onGone = (id) => gone.push(id);
    await active.follow(ACCOUNT, 'BTC_PERP');
    await active.cancel(stop);
    expect(active.orders.map((o) => o.orderId)).toEqual([9]);
    expect(active.lastPairCancel).toEqual({ orderId: 8, otherOrderId: 7 });
    expect(gone.sort()).toEqual([7, 8]);
  });
});

describe('what the ticket says it placed', () => {
  it('names the pair by its own id when the exchange gives it one', () => {
    const linked = { ...limit, oco: { id: 6, leg: 'limit' as const, otherOrderId: 8 } };
    expect(placedText({ clientOrderId: 'x', order: linked, ocoStop: stop, recovered: false })).toMatch(
      /^Placed OCO #6: limit leg #7 at 65,500; stop-limit leg #8/,
    );
  });

  it('names both legs of an OCO with their ids and prices', () => {
    const placed: PlaceResultView = { clientOrderId: 'x', order: limit, ocoStop: stop, recovered: false };
    expect(placedText(placed)).toBe(
      'Placed OCO: limit leg #7 at 65,500; stop-limit leg #8 triggering at 63,500, then limit 63,400. When either leg executes or is cancelled, the exchange cancels the other.',
    );
  });

  it('names one order by its id and status', () => {
    expect(
      placedText({
        clientOrderId: 'c-1',
        order: order({ status: 'NEW' }),
        recovered: true,
        sentOver: 'websocket',
      }),
    ).toBe('Placed order #7 (NEW) with client id c-1 (found again after a lost answer) over the WebSocket.');
  });
});

describe('the chart lines of resting collateral orders', () => {
  it('draws a limit, a stop-limit (trigger and rest), a trigger-market and both OCO legs, the legs marked OCO', () => {
    const lines = chartLines(
      'BTC_PERP',
      [
        order({ orderId: 1, side: 'buy', price: '63000' }),
        order({ orderId: 2, side: 'buy', type: 'stop limit', activation_price: '65000', price: '65100' }),
        order({ orderId: 3, side: 'buy', type: 'stop market', activation_price: '66000', price: '0' }),
        limit,
        stop,
      ],
      [],
    );
    expect(lines.map((l) => `${l.kind}:${l.price}:${l.title}`)).toEqual([
      'buy:63000:Buy 0.001',
      'buy:65000:Buy stop 0.001',
      'buy:65100:Buy 0.001 after stop',
      'buy:66000:Buy stop 0.001',
      'sell:65500:Sell 0.001 OCO',
      'sell:63500:Sell stop 0.001 OCO',
      'sell:63400:Sell 0.001 after stop OCO',
    ]);
  });
});
