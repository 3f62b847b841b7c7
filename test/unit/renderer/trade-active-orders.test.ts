import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../preload/bridge.ts';
import type { OrderView } from '../../../main/ipc/contract.ts';
import { ActiveOrders } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import { orderTypeLabel } from '../../../renderer/src/lib/format/tpsl.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';

const order = (patch: Partial<OrderView>): OrderView => ({
  orderId: 7,
  clientOrderId: 'a',
  market: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  timestamp: 1,
  amount: '0.001',
  left: '0.001',
  dealStock: '0',
  dealMoney: '0',
  dealFee: '0',
  price: '29000',
  ...patch,
});

function bridge(answer: (procedure: string, input: unknown) => unknown) {
  const calls: Array<[string, unknown]> = [];
  const api = createBridge({
    invoke: async (procedure, input) => {
      calls.push([procedure, input]);
      if (procedure === 'live.subscribe') return { ok: true, value: 'b3c1f0e2-8a4b-4c55-9a4f-3b1e2d9c7a10' };
      if (procedure === 'live.unsubscribe') return { ok: true, value: true };
      return answer(procedure, input);
    },
    listen: () => () => undefined,
  });
  return { api, calls };
}

describe('ActiveOrders modify', () => {
  it('sends only what changed, and the list is read again under the new id', async () => {
    let open = [
      order({}),
      order({ orderId: 9, price: undefined, type: 'stop market', activation_price: '70000' }),
    ];
    const { api, calls } = bridge((procedure) => {
      if (procedure === 'orders.active') return { ok: true, value: open };
      if (procedure === 'orders.modify') {
        open = [order({ orderId: 8, price: '29500' }), open[1] as OrderView];
        return { ok: true, value: open[0] };
      }
      return { ok: false, error: { code: 'x', message: 'x' } };
    });
    const active = new ActiveOrders(api);
    await active.follow(ACCOUNT, 'BTC_USDT');
    const first = active.orders[0] as OrderView;
    active.startModify(first);
    expect(active.modifying).toEqual({ orderId: 7, price: '29000', amount: '0.001', activationPrice: '' });

    // Nothing typed: nothing is sent, and the reason is given.
    expect(await active.saveModify(first)).toBe(false);
    expect(active.modifyErrorUnclaimed?.message).toBe('Nothing changed: type a new value first.');
    expect(calls.some(([p]) => p === 'orders.modify')).toBe(false);

    active.modifying = {
      ...(active.modifying ?? { orderId: 7, amount: '', activationPrice: '' }),
      price: ' 29500 ',
    };
    expect(await active.saveModify(first)).toBe(true);
    expect(calls.find(([p]) => p === 'orders.modify')?.[1]).toEqual({
      accountId: ACCOUNT,
      market: 'BTC_USDT',
      orderId: 7,
      price: '29500',
    });
    expect(active.modifying).toBeUndefined();
    expect(active.orders.map((o) => [o.orderId, o.price])).toEqual([
      [8, '29500'],
      [9, undefined],
    ]);
  });

  it('shows the refusal next to the field main names, either spelling', async () => {
    let refusal = { code: 'validation', message: 'Activation price is too far.', field: 'activation_price' };
    const stop = order({ orderId: 9, price: undefined, activation_price: '70000' });
    const { api } = bridge((procedure) => {
      if (procedure === 'orders.active') return { ok: true, value: [stop] };
      return { ok: false, error: refusal };
    });
    const active = new ActiveOrders(api);
    await active.follow(ACCOUNT, 'BTC_USDT');
    active.startModify(stop);
    active.modifying = { orderId: 9, price: '', amount: '0.001', activationPrice: '99999999' };
    expect(await active.saveModify(stop)).toBe(false);
    expect(active.modifyErrorFor('activationPrice')?.message).toBe('Activation price is too far.');
    expect(active.modifyErrorFor('price')).toBeUndefined();
    expect(active.modifyErrorUnclaimed).toBeUndefined();
    expect(active.modifying?.activationPrice).toBe('99999999');

    refusal = { code: 'unavailable', message: 'The exchange is busy.', field: '' };
    expect(await active.saveModify(stop)).toBe(false);
    expect(active.modifyErrorUnclaimed?.message).toBe('The exchange is busy.');
  });
});

describe('ActiveOrders cancel all', () => {
  it('asks main to cancel the whole market in one call and says how many it cancelled', async () => {
    let open = [order({}), order({ orderId: 8 })];
    const { api, calls } = bridge((procedure) => {
      if (procedure === 'orders.active') return { ok: true, value: open };
      if (procedure === 'orders.cancelAll') {
        const cancelled = open;
        open = [];
        return { ok: true, value: { cancelled } };
      }
      return { ok: false, error: { code: 'x', message: 'x' } };
    });
    const active = new ActiveOrders(api);
    await active.follow(ACCOUNT, 'BTC_USDT');
    await active.cancelAll();
    expect(calls.find(([p]) => p === 'orders.cancelAll')?.[1]).toEqual({
      accountId: ACCOUNT,
      market: 'BTC_USDT',
    });
    expect(active.lastCancelAll).toEqual({ cancelled: 2, everywhere: false });
    expect(active.cancelAllError).toBeUndefined();
    expect(active.orders).toEqual([]);
  });

  it("shows nothing when the person declined main's question, and the refusal otherwise", async () => {
    let answer: { code: string; message: string } = { code: 'not_confirmed', message: 'Nothing was done.' };
    const { api } = bridge((procedure) => {
      if (procedure === 'orders.active') return { ok: true, value: [order({})] };
      if (procedure === 'orders.cancelAll') return { ok: false, error: answer };
      return { ok: false, error: { code: 'x', message: 'x' } };
    });
    const active = new ActiveOrders(api);
    await active.follow(ACCOUNT, 'BTC_USDT');
    await active.cancelAll();
    expect(active.cancelAllError).toBeUndefined();
    expect(active.orders).toHaveLength(1);
    answer = { code: 'unavailable', message: 'The exchange is busy.' };
    await active.cancelAll();
    expect(active.cancelAllError?.message).toBe('The exchange is busy.');
  });
});

describe("ActiveOrders modify against main's guards", () => {
  it('sends the change as typed, nothing that answers a guard: main asks, and a decline keeps the editor', async () => {
    const declined = {
      code: 'not_confirmed',
      message: 'Not sent: you did not confirm it in the app’s own question.',
    };
    let answer: unknown = { ok: false, error: declined };
    const { api, calls } = bridge((procedure) => {
      if (procedure === 'orders.active') return { ok: true, value: [order({})] };
      if (procedure === 'orders.modify') return answer;
      return { ok: false, error: { code: 'x', message: 'x' } };
    });
    const active = new ActiveOrders(api);
    await active.follow(ACCOUNT, 'BTC_USDT');
    const first = active.orders[0] as OrderView;
    active.startModify(first);
    active.modifying = { orderId: 7, price: '300000', amount: '0.001', activationPrice: '' };
    expect(await active.saveModify(first)).toBe(false);
    expect(active.modifyError).toEqual(declined);
    expect(active.modifying).toMatchObject({ orderId: 7, price: '300000' });

    answer = { ok: true, value: order({ orderId: 8, price: '300000' }) };
    expect(await active.saveModify(first)).toBe(true);
    expect(calls.filter(([p]) => p === 'orders.modify').map(([, input]) => input)).toEqual([
      { accountId: ACCOUNT, market: 'BTC_USDT', orderId: 7, price: '300000' },
      { accountId: ACCOUNT, market: 'BTC_USDT', orderId: 7, price: '300000' },
    ]);
    expect(active.modifying).toBeUndefined();
  });

  it('a refusal with the largest valid amount fixes the field in one click', async () => {
    const { api } = bridge((procedure) => {
      if (procedure === 'orders.active') return { ok: true, value: [order({})] };
      return {
        ok: false,
        error: {
          code: 'rule_violation',
          message: 'amount 9 is more than …',
          field: 'amount',
          suggestions: ['0.3'],
        },
      };
    });
    const active = new ActiveOrders(api);
    await active.follow(ACCOUNT, 'BTC_USDT');
    const first = active.orders[0] as OrderView;
    active.startModify(first);
    active.modifying = { orderId: 7, price: '29000', amount: '9', activationPrice: '' };
    await active.saveModify(first);
    expect(active.modifyErrorFor('amount')?.suggestions).toEqual(['0.3']);
    active.applyModifyFix('amount', '0.3');
    expect(active.modifying?.amount).toBe('0.3');
    expect(active.modifyError).toBeUndefined();
  });
});

describe('ActiveOrders TP/SL legs', () => {
  it('names the legs of a position by what they do and which side they close', async () => {
    const legs = [
      order({
        orderId: 21,
        side: 'sell',
        type: 'stop market',
        price: undefined,
        activation_price: '70000',
        reduceOnly: true,
      }),
      order({
        orderId: 22,
        side: 'sell',
        type: 'stop market',
        price: undefined,
        activation_price: '60000',
        reduceOnly: true,
      }),
      order({ orderId: 23, side: 'buy', type: 'stop market', price: undefined, activation_price: '71000' }),
    ];
    const { api } = bridge((procedure) => {
      if (procedure === 'orders.active') return { ok: true, value: legs };
      if (procedure === 'positions.open')
        return {
          ok: true,
          value: [
            {
              positionId: 1,
              market: 'BTC_PERP',
              amount: '0.002',
              basePrice: '64000',
              liquidationPrice: null,
              tpsl: [
                { orderId: 21, kind: 'takeProfit', activationPrice: '70000' },
                { orderId: 22, kind: 'stopLoss', activationPrice: '60000' },
              ],
            },
          ],
        };
      return { ok: false, error: { code: 'x', message: 'x' } };
    });
    const active = new ActiveOrders(api);
    await active.follow(ACCOUNT, 'BTC_PERP');
    expect(active.orders.map((o) => orderTypeLabel(o, active.legs))).toEqual([
      'Take-profit (closes long)',
      'Stop-loss (closes long)',
      'stop market',
    ]);
  });

  it('without the positions the orders keep the exchange type', async () => {
    const { api } = bridge((procedure) =>
      procedure === 'orders.active'
        ? { ok: true, value: [order({ orderId: 21, side: 'buy', type: 'stop market', reduceOnly: true })] }
        : { ok: false, error: { code: 'x', message: 'x' } },
    );
    const active = new ActiveOrders(api);
    await active.follow(ACCOUNT, 'BTC_PERP');
    expect(active.orders.map((o) => orderTypeLabel(o, active.legs))).toEqual(['stop market']);
  });
});

describe('ActiveOrders', () => {
  it("subscribes to ordersPending of the account, takes main's merged list of its pushes only (no read), and cancels", async () => {
    const calls: Array<[string, unknown]> = [];
    let push: ((name: string, payload: unknown) => void) | undefined;
    let open = [{ orderId: 7, market: 'BTC_USDT' }];
    const api = createBridge({
      invoke: async (procedure, input) => {
        calls.push([procedure, input]);
        if (procedure === 'live.subscribe')
          return { ok: true, value: 'b3c1f0e2-8a4b-4c55-9a4f-3b1e2d9c7a10' };
        if (procedure === 'orders.active') return { ok: true, value: open };
        if (procedure === 'positions.open') return { ok: true, value: [] };
        if (procedure === 'orders.killSwitches') return { ok: true, value: [] };
        if (procedure === 'known.recall') return { ok: true, value: [] };
        if (procedure === 'orders.cancel') {
          open = [];
          return { ok: true, value: { orderId: 7 } };
        }
        return { ok: true, value: true };
      },
      listen: (listener) => {
        push = listener;
        return () => (push = undefined);
      },
    });
    const active = new ActiveOrders(api);
    await active.follow(ACCOUNT, 'BTC_USDT');
    expect(calls[0]).toEqual([
      'live.subscribe',
      { accountId: ACCOUNT, channel: 'ordersPending', topic: '*' },
    ]);
    expect(active.orders.map((o) => o.orderId)).toEqual([7]);

    // main merged the account's pushes: the page takes its list from the event, and reads nothing
    const merged = [
      { orderId: 7, market: 'BTC_USDT' },
      { orderId: 8, market: 'BTC_USDT' },
      { orderId: 9, market: 'ETH_USDT' },
    ];
    const reads = calls.length;
    // a push is taken as it comes
    push?.('known.pushed', { accountId: 'someone-else', values: { 'orders.open': merged } });
    expect(active.orders).toHaveLength(1);
    push?.('known.pushed', { accountId: ACCOUNT, values: { 'orders.open': merged } });
    expect(active.orders.map((o) => o.orderId)).toEqual([7, 8]);
    expect(calls.slice(reads)).toEqual([]);
    open = merged.slice(0, 2);

    await active.cancel(active.orders[0] as (typeof active.orders)[number]);
    expect(calls.find((c) => c[0] === 'orders.cancel')?.[1]).toEqual({
      accountId: ACCOUNT,
      market: 'BTC_USDT',
      orderId: 7,
    });
    expect(active.orders.map((o) => o.orderId)).toEqual([8]);
    await active.stop();
    expect(calls.at(-1)?.[0]).toBe('live.unsubscribe');
  });
});
