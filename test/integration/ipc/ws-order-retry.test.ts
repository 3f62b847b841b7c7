import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import type { PlaceResultView, Reply } from '../../../main/ipc/contract.ts';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { createTestCore, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { lossyWsProxy, type LossyWsProxy } from '../../support/ws-proxy.ts';

/** Answers yes to main's questions: these orders are placed beyond the price band on purpose. */
const desktop = scriptedDesktop();
let sandbox: Sandbox;
let proxy: LossyWsProxy;
let core: TestCore;
let mainId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 42, simulate: false });
  proxy = await lossyWsProxy(sandbox.ws);
  // The app's WebSocket goes through the proxy, its REST straight to the exchange.
  core = await createTestCore({
    platform: desktop.platform,
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: proxy.url },
  });
  const main = sandbox.accounts.find((a) => a.kind === 'main');
  mainId = (await registerAccount(core, 'Main', main)).id;
}, 30_000);
afterAll(async () => {
  await core.close();
  await proxy.close();
  await sandbox.close();
});

const txc = () => createBridge(inProcessTransport(core.router, core.events));

function value<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.value;
}

async function openWithId(clientOrderId: string) {
  const open = await trading.activeOrders(await core.accounts.caller(mainId), {
    market: 'BTC_USDT',
    limit: 100,
  });
  return open.filter((o) => o.clientOrderId === clientOrderId);
}

describe('orders over the WebSocket: one client order id per order, looked up after a lost answer', () => {
  it('finds the order by its client order id after the answer was lost, and does not send it again', async () => {
    const api = txc();
    proxy.loseNextAnswerTo('order_limit_place');
    const placed: PlaceResultView = value(
      await api.orders.placeWs({
        accountId: mainId,
        draft: { kind: 'limit', market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '91234' },
        // Far above the market, so it rests: the price band's question is acknowledged.
      }),
    );
    expect(proxy.lost).toBe(1);
    expect(placed.sentOver).toBe('websocket');
    expect(placed.recovered).toBe(true);
    expect(placed.order?.clientOrderId).toBe(placed.clientOrderId);
    expect(await openWithId(placed.clientOrderId)).toHaveLength(1);
  }, 30_000);

  it('a retry of the same order (same client order id) is looked up first and not placed twice', async () => {
    const api = txc();
    const draft = {
      kind: 'limit' as const,
      market: 'BTC_USDT',
      side: 'sell' as const,
      amount: '0.001',
      price: '92345',
      clientOrderId: 'txc-retry-0001',
    };
    proxy.loseNextAnswerTo('order_limit_place');
    const first = await api.orders.placeWs({ accountId: mainId, draft });
    // Whatever the first answer said, the person presses "place" again with the same order.
    const again = value(await api.orders.placeWs({ accountId: mainId, draft }));
    expect(again.clientOrderId).toBe('txc-retry-0001');
    const open = await openWithId('txc-retry-0001');
    expect(open).toHaveLength(1);
    expect(again.order?.orderId).toBe(open[0]?.orderId);
    if (first.ok) expect(first.value.order?.orderId).toBe(open[0]?.orderId);
  }, 30_000);
});
