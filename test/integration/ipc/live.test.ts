import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, LiveBatch } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

/** Answers yes to main's questions: these orders are placed beyond the price band on purpose. */
const desktop = scriptedDesktop();
let core: TestCore;
const { ok } = procedureCalls(() => core);
const batches: LiveBatch[] = [];
const states: string[] = [];

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  core.events.subscribe((name, payload) => {
    if (name === 'ws.batch') batches.push(payload as LiveBatch);
    if (name === 'ws.state') states.push((payload as { state: string }).state);
  });
});
afterAll(() => core.close());

describe('live data through the bridge', () => {
  it("streams an account's order events over its authorized WebSocket, batched", async () => {
    const main = (await ok<AccountView[]>('accounts.list')).find(
      (a) => a.label === 'Sandbox main',
    ) as AccountView;
    const id = await ok<string>('live.subscribe', {
      accountId: main.id,
      channel: 'ordersPending',
      topic: '*',
    });
    await expect.poll(() => states.at(-1), { timeout: 10_000 }).toBe('live');
    const placed = await ok<{ order: { orderId: number } }>('orders.place', {
      accountId: main.id,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' },
      // Far below the market: the price band's question is acknowledged.
    });
    await expect
      .poll(
        () =>
          batches.some((b) =>
            b.events.some((e) => e.channel === 'ordersPending' && e.event === 'new' && e.order.orderId > 0),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(batches.every((b) => b.accountId === main.id)).toBe(true);
    expect(placed.order.orderId).toBeGreaterThan(0);
    expect(await ok<boolean>('live.unsubscribe', { id })).toBe(true);
    expect(await ok<boolean>('live.unsubscribe', { id })).toBe(false);
  });

  it('delivers each push once however many subscriptions of the account want it', async () => {
    const main = (await ok<AccountView[]>('accounts.list')).find(
      (a) => a.label === 'Sandbox main',
    ) as AccountView;
    const subscribe = (topic: string) =>
      ok<string>('live.subscribe', { accountId: main.id, channel: 'ordersPending', topic });
    // Two screens on every market and one on BTC_USDT: the client hands a BTC_USDT push to both topics.
    const ids = [await subscribe('*'), await subscribe('*'), await subscribe('BTC_USDT')];
    await expect.poll(() => states.at(-1), { timeout: 10_000 }).toBe('live');
    /** Pushes of the order with event `kind`. */
    const pushesOf = (orderId: number, kind: 'new' | 'finish' = 'new') =>
      batches
        .flatMap((b) => b.events)
        .filter((e) => e.channel === 'ordersPending' && e.event === kind && e.order.orderId === orderId)
        .length;
    const place = async (price: string) =>
      (
        await ok<{ order: { orderId: number } }>('orders.place', {
          accountId: main.id,
          draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price },
        })
      ).order.orderId;

    // A subscription is sent to the exchange in the background: place orders until one is heard.
    // Then cancel it: its "finished" push comes after every copy of its "new" push on the same socket
    // and batch, so once it is here the copies are counted.
    const heard = async (): Promise<number> => {
      let orderId = await place('30100');
      let polls = 0;
      await expect
        .poll(
          async () => {
            if (pushesOf(orderId) > 0) return true;
            if (++polls % 10 === 0) orderId = await place('30100');
            return false;
          },
          { timeout: 10_000, interval: 20 },
        )
        .toBe(true);
      await ok('orders.cancel', { accountId: main.id, market: 'BTC_USDT', orderId });
      await expect.poll(() => pushesOf(orderId, 'finish'), { timeout: 10_000 }).toBeGreaterThan(0);
      return orderId;
    };
    expect(pushesOf(await heard())).toBe(1);

    // With two of the three gone, the one left still hears the account's orders, once each.
    expect(await ok<boolean>('live.unsubscribe', { id: ids[0] })).toBe(true);
    expect(await ok<boolean>('live.unsubscribe', { id: ids[2] })).toBe(true);
    expect(pushesOf(await heard())).toBe(1);
    expect(await ok<boolean>('live.unsubscribe', { id: ids[1] })).toBe(true);
  });

  it('places an order over the WebSocket with the same pre-trade checks as REST', async () => {
    const main = (await ok<AccountView[]>('accounts.list')).find(
      (a) => a.label === 'Sandbox main',
    ) as AccountView;
    const draft = { kind: 'limit', market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '90000' };
    // Beyond the price band, the WebSocket path asks main's own question too: declined, nothing goes.
    desktop.confirmAnswer = false;
    const asked = await core.router.dispatch(
      'orders.placeWs',
      { accountId: main.id, draft },
      { origin: 'test' },
    );
    desktop.confirmAnswer = true;
    expect(asked).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(desktop.confirmations.at(-1)?.facts).toContainEqual({
      label: 'Price band',
      value: expect.stringContaining('above the market price') as unknown,
    });
    const placed = await ok<{
      clientOrderId: string;
      recovered: boolean;
      order: { orderId: number; clientOrderId: string; price: string };
    }>('orders.placeWs', { accountId: main.id, draft });
    const order = placed.order;
    expect(placed).toMatchObject({ recovered: false, clientOrderId: order.clientOrderId });
    expect(order).toMatchObject({ price: '90000', clientOrderId: expect.stringMatching(/^txc-/) });
    const open = await ok<Array<{ orderId: number }>>('orders.active', {
      accountId: main.id,
      market: 'BTC_USDT',
    });
    expect(open.map((o) => o.orderId)).toContain(order.orderId);
    const refused = await core.router.dispatch(
      'orders.placeWs',
      { accountId: main.id, draft: { ...draft, price: '90000.05' } },
      { origin: 'test' },
    );
    expect(refused).toMatchObject({ ok: false, error: { field: 'price' } });
  });
});
