import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPositions } from '../../../main/exchange/endpoints/collateral.ts';
import { collateralMarketOrder } from '../../../main/exchange/endpoints/collateral.ts';
import {
  activeOrders,
  cancelOrder,
  executedDealsByMarket,
  limitOrder,
  tradeBalance,
} from '../../../main/exchange/endpoints/trading.ts';
import { AccountMirror } from '../../support/account-mirror.ts';
import type { WsClient } from '../../../main/exchange/ws/index.ts';
import { startClientHarness } from './client-support.ts';
import type { ClientHarness } from './client-support.ts';

let h: ClientHarness;
beforeAll(async () => {
  h = await startClientHarness();
});
afterAll(async () => {
  await h.close();
});

/** Waits until `test` holds, with a deadline, so a failure says what never came. */
async function until(test: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(test()).toBe(true), { timeout: 10_000, interval: 2 });
}

/** Same as the sandbox's REST: open orders, balances, positions, and exactly its deals. */
async function expectMirrorEqualsRest(label: string, client: WsClient, mirror: AccountMirror): Promise<void> {
  h.ws.flush();
  // the answer comes after every push the flush sent on this socket
  await client.request('ping');
  const c = h.caller(label);
  const orders = await activeOrders(c, { limit: 100 });
  expect(
    [...mirror.orders.keys()].sort((a, b) => a - b),
    `${label} orders`,
  ).toEqual(orders.map((o) => o.orderId).sort((a, b) => a - b));
  for (const o of orders)
    expect(mirror.orders.get(o.orderId)?.left, `${label} order ${o.orderId}`).toBe(o.left);
  const balances = await tradeBalance(c);
  for (const [t, b] of Object.entries(balances))
    expect(mirror.balances.get(t), `${label} ${t}`).toEqual({ available: b.available, freeze: b.freeze });
  const positions = await openPositions(c);
  expect(
    [...mirror.positions.values()].map((p) => `${p.market}|${p.side}|${p.amount}`).sort(),
    `${label} positions`,
  ).toEqual(positions.map((p) => `${p.market}|${p.positionSide ?? 'BOTH'}|${p.amount}`).sort());
  const deals = Object.values(await executedDealsByMarket(c)).flat();
  const ids = deals.map((d) => d.id).sort((a, b) => a - b);
  expect(new Set(ids).size).toBe(ids.length);
  expect(
    [...mirror.deals.keys()].sort((a, b) => a - b),
    `${label} deals`,
  ).toEqual(ids);
}

describe('resilience', () => {
  it('100 forced disconnects during live trading on two accounts lose and duplicate nothing', async () => {
    const labels = ['main', 'sub-alpha'] as const;
    const peers = labels.map((label) => {
      const { client } = h.client(label, { backoff: { baseMs: 2, maxMs: 10 } });
      const mirror = new AccountMirror(h.caller(label));
      mirror.attach(client);
      client.start();
      return { label, client, mirror };
    });
    for (const p of peers) await p.client.live();
    const maker = h.caller('sub-maker');
    let seq = 0;
    const trade = async (i: number): Promise<void> => {
      for (const p of peers) {
        const c = h.caller(p.label);
        const price = String(64190 + ((i * 7 + seq++) % 100));
        const o = await limitOrder(c, { market: 'BTC_USDT', side: 'buy', amount: '0.001', price });
        if (i % 3 === 0) await cancelOrder(c, { market: 'BTC_USDT', orderId: o.orderId });
      }
      // the counterparty sells into the best of their bids (above the background ladder)
      await limitOrder(maker, {
        market: 'BTC_USDT',
        side: 'sell',
        amount: '0.001',
        price: '64190',
        ioc: true,
      });
      if (i % 10 === 0)
        await collateralMarketOrder(h.caller('sub-alpha'), {
          market: 'BTC_PERP',
          side: 'buy',
          amount: '0.001',
        });
    };

    for (let i = 0; i < 100; i++) {
      await trade(i);
      const dropped = h.ws.dropAll();
      expect(dropped).toBeGreaterThanOrEqual(2);
      // the exchange allows 10 tokens per 60 s per key: let server time pass between reconnects
      h.advance(6100);
      await trade(i);
      await until(() => peers.every((p) => p.client.connects === i + 2 && p.client.state === 'live'));
    }
    await trade(100);
    for (const p of peers) {
      expect(p.client.connects).toBe(101);
      expect(p.mirror.reconciliations).toBe(101);
      await expectMirrorEqualsRest(p.label, p.client, p.mirror);
      expect(p.mirror.deals.size).toBeGreaterThan(50);
    }
  });
});
