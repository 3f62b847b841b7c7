/**
 * Orders the exchange cancels on its own (self-trade prevention, a reduce-only order whose position
 * closed) raise a desktop notice in words a person reads and an entry for Events, only while the kind
 * is on for the notice; the words come from the finish push's status.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { WS } from '../../../main/exchange/registry/index.ts';
import type { AccountView, ExchangeCancelView } from '../../../main/ipc/contract.ts';
import type { Sandbox } from '../../../main/sandbox/index.ts';
import { exchangeCancel } from '../../../main/features/notifications/exchange-cancels.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
const { ok } = procedureCalls(() => core);
let sandbox: Sandbox;
let main: AccountView;
const cancels: ExchangeCancelView[] = [];
const live = new Set<string>();

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const sb = core.connection.sandbox;
  if (!sb) throw new Error('no embedded sandbox');
  sandbox = sb;
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
  core.events.subscribe((name, payload) => {
    if (name === 'orders.exchangeCancel') cancels.push(payload as ExchangeCancelView);
    const state = payload as { accountId: string; state: string };
    if (name === 'ws.state' && state.state === 'live') live.add(state.accountId);
  });
});
afterAll(() => core?.close());
beforeEach(() => {
  desktop.notices.length = 0;
  cancels.length = 0;
});

/** The best price of a side of the sandbox book, as a decimal string. */
function best(market: string, side: 'buy' | 'sell'): Decimal {
  const units = sandbox.control.engine.book(market).best(side);
  if (units === null) throw new Error(`no ${side} in ${market}`);
  return new Decimal(units.toString()).div(100);
}

/**
 * A sell inside the spread rests as the best ask; the account's own buy at that price meets it and
 * self-trade prevention (cancel old) cancels the sell. The buy left resting is cancelled after.
 */
async function selfTrade(market: string, amount: string): Promise<number> {
  const c = await core.accounts.caller(main.id);
  const price = best(market, 'sell').sub('0.1').toFixed(1);
  const resting = await trading.limitOrder(c, { market, side: 'sell', amount, price });
  const buy = await trading.limitOrder(c, { market, side: 'buy', amount, price, stp: 'co' });
  if (buy.left !== '0') await trading.cancelOrder(c, { market, orderId: buy.orderId });
  return resting.orderId;
}

describe('orders cancelled by the exchange', () => {
  it('self-trade prevention: one notice and one Events entry naming the order, market, side and amount', async () => {
    expect((await ok<Record<string, boolean>>('notifications.settings'))['exchangeCancels']).toBe(false);
    await ok('notifications.configure', { exchangeCancels: true });
    await expect.poll(() => live.has(main.id), { timeout: 10_000 }).toBe(true);
    const resting = await selfTrade('BTC_USDT', '0.001');

    await expect.poll(() => desktop.notices.length, { timeout: 10_000 }).toBe(1);
    const words = `Order #${String(resting)} BTC_USDT sell 0.001 cancelled by the exchange: self-trade prevention.`;
    expect(desktop.notices[0]).toEqual({
      title: 'Order cancelled by the exchange on Sandbox main',
      body: words,
    });
    expect(cancels).toEqual([
      expect.objectContaining({ orderId: resting, status: 'CANCELED_STP', message: words }),
    ]);
  });

  it('a reduce-only order whose position closed is named with its reason', async () => {
    const c = await core.accounts.caller(main.id);
    await collateral.collateralMarketOrder(c, { market: 'BTC_PERP', side: 'buy', amount: '0.002' });
    const client = await core.live.ready(main.id);
    const pending = await client.call(WS.collateralLimitPlace, [
      { market: 'BTC_PERP', side: 'sell', amount: '0.001', price: '90000', reduce_only: true },
    ]);
    await collateral.collateralMarketOrder(c, { market: 'BTC_PERP', side: 'sell', amount: '0.002' });

    await expect.poll(() => cancels.length, { timeout: 10_000 }).toBe(1);
    expect(cancels[0]).toMatchObject({
      orderId: pending.orderId,
      status: 'AUTO_CANCELED_REDUCE_ONLY',
      message: `Order #${String(pending.orderId)} BTC_PERP sell 0.001 cancelled by the exchange: the position it would close was closed or reversed.`,
    });
    expect(desktop.notices).toHaveLength(1);
  });

  it('with the kind off, the Events entry still comes from a stream a screen opened, but no notice', async () => {
    await ok('notifications.configure', { exchangeCancels: false });
    const screen = core.live.subscribe(main.id, 'ordersPending', '*');
    // The channel's frames go out in order: the notices' unsubscribe, then this subscribe once that
    // is answered. The first ping is answered after the unsubscribe (the subscribe is out by then),
    // the second after the subscribe: the exchange has it.
    const client = await core.live.ready(main.id);
    await client.request('ping');
    await client.request('ping');
    const resting = await selfTrade('BTC_USDT', '0.001');
    await expect.poll(() => cancels.map((x) => x.orderId), { timeout: 10_000 }).toEqual([resting]);
    expect(desktop.notices).toEqual([]);
    core.live.unsubscribe(screen);
  });

  it('a cancel at the account request or a fill is not an exchange cancel; statuses read in either case', () => {
    const order = {
      orderId: 7,
      clientOrderId: '',
      market: 'ETH_USDT',
      side: 'buy' as const,
      type: 'limit',
      timestamp: 0,
      amount: '0.5',
      left: '0.5',
      dealStock: '0',
      dealMoney: '0',
      dealFee: '0',
    };
    for (const status of ['CANCELED', 'FILLED', 'PARTIALLY_FILLED', undefined])
      expect(exchangeCancel('a', { ...order, ...(status ? { status } : {}) })).toBeUndefined();
    expect(exchangeCancel('a', { ...order, status: 'maintenance' })?.message).toBe(
      'Order #7 ETH_USDT buy 0.5 cancelled by the exchange: the market entered planned maintenance.',
    );
    expect(exchangeCancel('a', { ...order, status: 'AUTO_CANCELED_LIQUIDATION' })?.status).toBe(
      'AUTO_CANCELED_LIQUIDATION',
    );
  });
});
