/**
 * An order's fills, the account's fee rates, the cancel of every market's orders and the cancel of a
 * linked order as a whole, through the router against a real sandbox (`orders.deals`,
 * `orders.feeRates`, `orders.cancelAll`, `orders.cancel`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import type { DealView, FeeRatesView, OrderFillView, OrderView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop, type ScriptedDesktop } from '../../support/desktop.ts';
import { lossyWsProxy, type LossyWsProxy } from '../../support/ws-proxy.ts';

let sandbox: Sandbox;
let proxy: LossyWsProxy;
let core: TestCore;
let desktop: ScriptedDesktop;
let mainId: string;
let alphaId: string;
const { ok, refused } = procedureCalls(() => core);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 42, simulate: false });
  proxy = await lossyWsProxy(sandbox.ws);
  desktop = scriptedDesktop();
  core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: proxy.url },
    platform: desktop.platform,
  });
  const key = (label: string) => sandbox.accounts.find((a) => a.label === label);
  mainId = (await registerAccount(core, 'Main', key('main'))).id;
  alphaId = (await registerAccount(core, 'Alpha', key('sub-alpha'), 'sub')).id;
}, 30_000);
afterAll(async () => {
  await core.close();
  await proxy.close();
  await sandbox.close();
});

describe("an order's fills", () => {
  it("are the account's fills of that order, and none for another account", async () => {
    const c = await core.accounts.caller(mainId);
    const order = await trading.stockMarketOrder(c, { market: 'BTC_USDT', side: 'buy', amount: '0.002' });
    const fills = await ok<OrderFillView[]>('orders.deals', { accountId: mainId, orderId: order.orderId });
    expect(fills.length).toBeGreaterThan(0);
    const market = await ok<DealView[]>('orders.fills', { accountId: mainId, market: 'BTC_USDT' });
    const same = market.filter((d) => d.orderId === order.orderId);
    expect(
      fills.map(({ id, price, amount, fee, feeAsset, role }) => ({ id, price, amount, fee, feeAsset, role })),
    ).toEqual(
      same.map(({ id, price, amount, fee, feeAsset, role }) => ({ id, price, amount, fee, feeAsset, role })),
    );
    expect(fills.every((f) => f.role === 'taker')).toBe(true);
    expect(await ok<OrderFillView[]>('orders.deals', { accountId: alphaId, orderId: order.orderId })).toEqual(
      [],
    );
  });

  it('refuses an order id that is not a positive whole number, naming the field', async () => {
    expect((await refused('orders.deals', { accountId: mainId, orderId: -3 })).field).toBe('orderId');
  });
});

describe("the account's fee rates", () => {
  it('are the spot default on a spot market and the futures default on a perpetual, and an unlisted market is said so', async () => {
    const fees = await trading.marketFees(await core.accounts.caller(mainId));
    expect(await ok<FeeRatesView>('orders.feeRates', { accountId: mainId, market: 'BTC_USDT' })).toEqual({
      market: 'BTC_USDT',
      maker: fees.maker,
      taker: fees.taker,
      own: false,
    });
    expect(
      await ok<FeeRatesView>('orders.feeRates', { accountId: mainId, market: 'BTC_PERP' }),
    ).toMatchObject({
      maker: fees.futures_maker,
      taker: fees.futures_taker,
    });
    const error = await refused('orders.feeRates', { accountId: mainId, market: 'NOPE_USDT' });
    expect(error).toMatchObject({ code: 'not_found', field: 'market' });
    expect(error.message).toBe('The exchange does not list the market NOPE_USDT.');
  });
});

describe('cancel-all on every market, with the WebSocket down', () => {
  it('asks first, then cancels them in one REST request; declined, nothing goes', async () => {
    const c = await core.accounts.caller(mainId);
    await trading.limitOrder(c, { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' });
    await trading.limitOrder(c, { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '1500' });
    const theirs = await trading.limitOrder(await core.accounts.caller(alphaId), {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '30000',
    });
    proxy.dropAll();
    try {
      desktop.confirmAnswer = false;
      expect((await refused('orders.cancelAll', { accountId: mainId })).code).toBe('not_confirmed');
      expect(desktop.confirmations.at(-1)?.title).toBe('Cancel 2 open orders on every market?');
      expect(await trading.allActiveOrders(c)).toHaveLength(2);

      desktop.confirmAnswer = true;
      const done = await ok<{ cancelled: OrderView[] }>('orders.cancelAll', { accountId: mainId });
      expect(done.cancelled.map((o) => o.market).sort()).toEqual(['BTC_USDT', 'ETH_USDT']);
      expect(await trading.allActiveOrders(c)).toEqual([]);
      const left = await trading.allActiveOrders(await core.accounts.caller(alphaId));
      expect(left.map((o) => o.orderId)).toContain(theirs.orderId);
    } finally {
      proxy.resume();
    }
  });
});

/** The paths (REST) and methods (WebSocket) the sandbox receives while `work` runs. */
async function pathsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const paths: string[] = [];
  const stop = sandbox.control.watchRequests((r) => paths.push(r.path));
  try {
    await work();
  } finally {
    stop();
  }
  return paths;
}

describe('cancel-all on one market', () => {
  const placeTwo = async () => {
    const c = await core.accounts.caller(mainId);
    await trading.limitOrder(c, { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' });
    await trading.limitOrder(c, { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '1500' });
    return c;
  };

  it("goes over the account's socket while it is live, and by one REST request for that market while it is not", async () => {
    desktop.confirmAnswer = true;
    let c = await placeTwo();
    await core.live.ready(mainId);
    const live = await pathsDuring(() => ok('orders.cancelAll', { accountId: mainId, market: 'BTC_USDT' }));
    expect(live).toContain('order_cancel_all');
    expect(live).not.toContain('/api/v4/order/cancel/all');
    expect((await trading.allActiveOrders(c)).map((o) => o.market)).toEqual(['ETH_USDT']);
    await trading.cancelAllOrders(c);

    c = await placeTwo();
    proxy.dropAll();
    try {
      await expect.poll(() => core.live.state(mainId)).not.toBe('live');
      const down = await pathsDuring(() => ok('orders.cancelAll', { accountId: mainId, market: 'BTC_USDT' }));
      expect(down).toContain('/api/v4/order/cancel/all');
      expect(desktop.confirmations.at(-1)?.title).toBe('Cancel 1 open order on BTC_USDT?');
      expect((await trading.allActiveOrders(c)).map((o) => o.market)).toEqual(['ETH_USDT']);
    } finally {
      proxy.resume();
      await trading.cancelAllOrders(c);
    }
  });
});

describe('cancelling a linked order', () => {
  it("cancels an OCO leg with its pair in one request, by the pair's id in the exchange's OCO list", async () => {
    const c = await core.accounts.caller(alphaId);
    const pair = await collateral.collateralOcoOrder(c, {
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.001',
      price: '69000',
      activation_price: '60000',
      stop_limit_price: '59900',
    });
    let cancelled: OrderView | undefined;
    const paths = await pathsDuring(async () => {
      cancelled = await ok<OrderView>('orders.cancel', {
        accountId: alphaId,
        market: 'BTC_PERP',
        orderId: pair.take_profit.orderId,
      });
    });
    expect(paths).toContain('/api/v4/oco-orders');
    expect(paths).toContain('/api/v4/order/oco-cancel');
    expect(paths).not.toContain('/api/v4/order/cancel');
    expect(cancelled).toMatchObject({ orderId: pair.take_profit.orderId, status: 'CANCELED' });
    const open = (await trading.allActiveOrders(c, 'BTC_PERP')).map((o) => o.orderId);
    expect(open).not.toContain(pair.stop_loss.orderId);
    expect(open).not.toContain(pair.take_profit.orderId);
  });

  it('cancels an order waiting with OTO legs together with them; a plain collateral order by the plain cancel', async () => {
    const c = await core.accounts.caller(alphaId);
    const withLegs = await collateral.collateralLimitOrder(c, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      price: '50000',
      takeProfit: '70000',
      stopLoss: '45000',
    });
    const plain = await collateral.collateralLimitOrder(c, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      price: '50000',
    });
    const oto = await pathsDuring(() =>
      ok('orders.cancel', { accountId: alphaId, market: 'BTC_PERP', orderId: withLegs.orderId }),
    );
    expect(oto).toContain('/api/v4/order/oto-cancel');
    expect(oto).not.toContain('/api/v4/order/cancel');
    const single = await pathsDuring(() =>
      ok('orders.cancel', { accountId: alphaId, market: 'BTC_PERP', orderId: plain.orderId }),
    );
    expect(single).toContain('/api/v4/order/cancel');
    const open = (await trading.allActiveOrders(c, 'BTC_PERP')).map((o) => o.orderId);
    expect(open).not.toContain(withLegs.orderId);
    expect(open).not.toContain(plain.orderId);
  });
});
