/**
 * The Trade screen's active-orders list against a real sandbox whose WebSocket goes through a proxy
 * that can drop it: nothing is replayed after a disconnect, so after the reconnect the list is read
 * again by REST and shows what happened while the socket was down, without a page reload.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { ActiveOrders } from '../../../renderer/src/lib/managers/active-orders.svelte.ts';
import { createTestCore, registerAccount, type TestCore } from '../../support/core.ts';
import { lossyWsProxy, type LossyWsProxy } from '../../support/ws-proxy.ts';

let sandbox: Sandbox;
let proxy: LossyWsProxy;
let core: TestCore;
let mainId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 42, simulate: false });
  proxy = await lossyWsProxy(sandbox.ws);
  core = await createTestCore({ connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: proxy.url } });
  mainId = (
    await registerAccount(
      core,
      'Main',
      sandbox.accounts.find((a) => a.label === 'main'),
    )
  ).id;
}, 30_000);
afterAll(async () => {
  await core.close();
  await proxy.close();
  await sandbox.close();
});

const caller = (id: string) => core.accounts.caller(id);

describe('after the WebSocket drops', () => {
  it("the renderer's active orders catch up with what happened while it was down, without a reload", async () => {
    const txc = createBridge(inProcessTransport(core.router, core.events));
    const active = new ActiveOrders(txc);
    const c = await caller(mainId);
    const kept = await trading.limitOrder(c, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '50001',
    });
    const gone = await trading.limitOrder(c, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '50002',
    });
    await active.follow(mainId, 'BTC_USDT');
    const states: string[] = [];
    const off = txc.on('ws.state', (s) => {
      if (s.accountId === mainId) states.push(s.state);
    });
    // the account's socket is up (asked now, then told by its events): only then can it be dropped
    const told = states.length;
    const now = await txc.live.state({ accountId: mainId });
    // an event that came while it was asked is newer than the answer
    if (now.ok && states.length === told) states.push(now.value);
    await vi.waitFor(() => expect(states.at(-1)).toBe('live'), { timeout: 10_000 });
    const ids = () => active.orders.map((o) => o.orderId);
    expect(ids()).toEqual(expect.arrayContaining([kept.orderId, gone.orderId]));

    expect(proxy.dropAll()).toBeGreaterThan(0);
    await vi.waitFor(() => expect(states).toContain('connecting'), { timeout: 10_000 });
    // while the socket is down: one order placed, one cancelled; no push can say so
    const placed = await trading.limitOrder(c, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '50003',
    });
    await trading.cancelOrder(c, { market: 'BTC_USDT', orderId: gone.orderId });
    expect(ids()).not.toContain(placed.orderId);
    proxy.resume();

    await vi.waitFor(
      () => {
        expect(ids()).toContain(placed.orderId);
        expect(ids()).not.toContain(gone.orderId);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(states.at(-1)).toBe('live');
    off();
    await active.stop();
  }, 30_000);
});
