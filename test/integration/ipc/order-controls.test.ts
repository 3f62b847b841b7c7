/**
 * Open orders through the router against a real sandbox: every page of them, cancel-all in one
 * WebSocket call behind main's confirmation, the kill switch, the change a take-profit / stop-loss leg
 * allows (over WebSocket `order_modify`) and stock-market orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import type { OrderView } from '../../../main/ipc/contract.ts';
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

const caller = (id: string) => core.accounts.caller(id);

describe('open orders past the first page of 100', () => {
  it('lists all 130 open orders, then cancels them in one call only after main asked naming the market and the count', async () => {
    const c = await caller(mainId);
    for (let i = 0; i < 130; i++)
      await trading.limitOrder(c, {
        market: 'LTC_USDT',
        side: 'buy',
        amount: '0.02',
        price: String(60 + (i % 20) / 10),
      });
    // the exchange itself answers at most 100 a page
    expect(await trading.activeOrders(c, { market: 'LTC_USDT', limit: 100 })).toHaveLength(100);
    await expect(trading.activeOrders(c, { market: 'LTC_USDT', limit: 101 })).rejects.toThrow();

    const listed = await ok<OrderView[]>('orders.active', { accountId: mainId, market: 'LTC_USDT' });
    expect(listed).toHaveLength(130);
    expect(new Set(listed.map((o) => o.orderId)).size).toBe(130);
    expect(listed[0]?.editable).toEqual(['price', 'amount']);

    desktop.confirmAnswer = false;
    const declined = await refused('orders.cancelAll', { accountId: mainId, market: 'LTC_USDT' });
    expect(declined.code).toBe('not_confirmed');
    const question = desktop.confirmations.at(-1);
    expect(question?.title).toBe('Cancel 130 open orders on LTC_USDT?');
    expect(question?.facts).toContainEqual({ label: 'Market', value: 'LTC_USDT' });
    expect(question?.facts).toContainEqual({ label: 'Account', value: 'Main' });
    expect(await trading.allActiveOrders(c, 'LTC_USDT')).toHaveLength(130);

    desktop.confirmAnswer = true;
    const done = await ok<{ cancelled: OrderView[] }>('orders.cancelAll', {
      accountId: mainId,
      market: 'LTC_USDT',
    });
    expect(done.cancelled).toHaveLength(130);
    expect(await ok<OrderView[]>('orders.active', { accountId: mainId, market: 'LTC_USDT' })).toEqual([]);
  }, 60_000);
});

describe('cancel-all on every market', () => {
  it('cancels the open orders of every market in one call after main asked, with a warning saying so', async () => {
    const c = await caller(mainId);
    await trading.limitOrder(c, { market: 'LTC_USDT', side: 'buy', amount: '0.02', price: '60' });
    await trading.limitOrder(c, { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' });
    desktop.confirmAnswer = false;
    expect((await refused('orders.cancelAll', { accountId: mainId })).code).toBe('not_confirmed');
    const question = desktop.confirmations.at(-1);
    expect(question?.title).toBe('Cancel 2 open orders on every market?');
    expect(question?.warning).toBe('Orders on every market of this account are cancelled.');
    expect(await trading.allActiveOrders(c)).toHaveLength(2);
    desktop.confirmAnswer = true;
    const done = await ok<{ cancelled: OrderView[] }>('orders.cancelAll', { accountId: mainId });
    expect(done.cancelled.map((o) => o.market).sort()).toEqual(['BTC_USDT', 'LTC_USDT']);
    expect(await trading.allActiveOrders(c)).toEqual([]);
  });
});

describe('kill switch', () => {
  it('arms after the confirmation, shows its cancellation time, and disarms', async () => {
    const before = desktop.confirmations.length;
    const timer = await ok<{ market: string; startTime: number; cancellationTime: number }>(
      'orders.killSwitchArm',
      { accountId: mainId, market: 'BTC_USDT', timeout: 120 },
    );
    expect(timer.market).toBe('BTC_USDT');
    expect(timer.cancellationTime - timer.startTime).toBe(120);
    const question = desktop.confirmations[before];
    expect(question?.title).toBe('Arm the kill switch of BTC_USDT for 120 seconds?');
    expect(await ok<unknown[]>('orders.killSwitches', { accountId: mainId, market: 'BTC_USDT' })).toEqual([
      timer,
    ]);

    await ok('orders.killSwitchDisarm', { accountId: mainId, market: 'BTC_USDT' });
    expect(await ok<unknown[]>('orders.killSwitches', { accountId: mainId })).toEqual([]);
  });

  it('arms for the chosen order types only, naming them in the question', async () => {
    const timer = await ok<{ types: string[] | null }>('orders.killSwitchArm', {
      accountId: mainId,
      market: 'BTC_USDT',
      timeout: 60,
      types: ['spot', 'margin'],
    });
    expect(timer.types).toEqual(['spot', 'margin']);
    const question = desktop.confirmations.at(-1);
    expect(question?.facts).toContainEqual({ label: 'Cancels', value: 'spot and margin orders' });
    expect(question?.warning).toContain('the spot and margin orders on BTC_USDT are cancelled');
    // all three chosen is every type: the exchange's default
    const all = await ok<{ types: string[] | null }>('orders.killSwitchArm', {
      accountId: mainId,
      market: 'BTC_USDT',
      timeout: 60,
      types: ['spot', 'margin', 'futures'],
    });
    expect(all.types).toBeNull();
    expect(desktop.confirmations.at(-1)?.facts).toContainEqual({
      label: 'Cancels',
      value: 'orders of every type',
    });
    expect(
      (
        await refused('orders.killSwitchArm', {
          accountId: mainId,
          market: 'BTC_USDT',
          timeout: 60,
          types: [],
        })
      ).field,
    ).toBe('types');
    await ok('orders.killSwitchDisarm', { accountId: mainId, market: 'BTC_USDT' });
  });

  it('refuses a timeout the exchange does not take, before anything is asked or sent', async () => {
    const before = desktop.confirmations.length;
    const error = await refused('orders.killSwitchArm', {
      accountId: mainId,
      market: 'BTC_USDT',
      timeout: 3,
    });
    expect(error.field).toBe('timeout');
    expect(desktop.confirmations.length).toBe(before);
  });

  it('declined, nothing is armed', async () => {
    desktop.confirmAnswer = false;
    await refused('orders.killSwitchArm', { accountId: mainId, market: 'BTC_USDT', timeout: 60 });
    desktop.confirmAnswer = true;
    expect(await ok<unknown[]>('orders.killSwitches', { accountId: mainId })).toEqual([]);
  });
});

describe("a position's take-profit / stop-loss legs", () => {
  it('offer only their trigger, keep a take-profit on the profit side and move it over the WebSocket', async () => {
    await ok('orders.place', {
      accountId: alphaId,
      draft: {
        kind: 'collateral_market',
        market: 'BTC_PERP',
        side: 'buy',
        amount: '0.002',
        takeProfit: '70000',
        stopLoss: '60000',
      },
    });
    const legs = (await ok<OrderView[]>('orders.active', { accountId: alphaId, market: 'BTC_PERP' })).filter(
      (o) => o.reduceOnly,
    );
    expect(legs.length).toBe(2);
    for (const leg of legs) expect(leg.editable).toHaveLength(1);
    const tp = legs.find((o) => o.activation_price === '70000' || o.price === '70000');
    expect(tp).toBeDefined();
    const field = tp?.editable?.[0] === 'price' ? 'price' : 'activationPrice';

    // below the mark price: a take-profit of a long must stay above it
    const wrongSide = await refused('orders.modify', {
      accountId: alphaId,
      market: 'BTC_PERP',
      orderId: tp?.orderId,
      [field]: '50000',
    });
    expect(wrongSide.message).toMatch(/^Take-profit must be above/);

    const amountChange = await refused('orders.modify', {
      accountId: alphaId,
      market: 'BTC_PERP',
      orderId: tp?.orderId,
      amount: '0.001',
    });
    expect(amountChange.message).toMatch(/cannot be changed/);
    expect(amountChange.field).toBe('amount');

    const moved = await ok<OrderView>('orders.modify', {
      accountId: alphaId,
      market: 'BTC_PERP',
      orderId: tp?.orderId,
      [field]: '71000',
    });
    expect(moved.orderId).not.toBe(tp?.orderId);
    expect(field === 'price' ? moved.price : moved.activation_price).toBe('71000');
  });
});

describe('stock-market orders', () => {
  it('buys an amount in the base currency through the same rules', async () => {
    const placed = await ok<{ order?: OrderView }>('orders.place', {
      accountId: mainId,
      draft: { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', amount: '0.001' },
    });
    expect(placed.order?.type).toBe('stock market');
    expect(placed.order?.dealStock).toBe('0.001');
    const tooFine = await refused('orders.place', {
      accountId: mainId,
      draft: { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', amount: '0.0000001' },
    });
    expect(tooFine.field).toBe('amount');
  });
});
