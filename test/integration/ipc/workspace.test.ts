// The trading workspace's procedures through the router against the embedded sandbox: candle history
// and live candles, finished orders and fills, and the ticket's balance line with its share amounts.
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountView,
  CandleView,
  DealView,
  LiveBatch,
  LiveTradeView,
  OrderView,
  TicketFundsView,
} from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

/** Answers yes to main's questions: these orders are placed beyond the price band on purpose. */
const desktop = scriptedDesktop();
let core: TestCore;
let main = '';
const batches: LiveBatch[] = [];
const { ok, refused } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  core.events.subscribe((name, payload) => {
    if (name === 'ws.batch') batches.push(payload as LiveBatch);
  });
  main = ((await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView)
    .id;
});
afterAll(() => core.close());

describe('the workspace procedures', () => {
  it('answers candle history of each interval and pushes the candle a trade changed', async () => {
    const minutes = await ok<CandleView[]>('live.candles', {
      accountId: main,
      market: 'BTC_USDT',
      interval: 60,
    });
    expect(minutes.length).toBeGreaterThan(250);
    for (const c of minutes) {
      expect(c.time % 60).toBe(0);
      expect(new Decimal(c.high).gte(Decimal.max(c.open, c.close))).toBe(true);
      expect(new Decimal(c.low).lte(Decimal.min(c.open, c.close))).toBe(true);
    }
    const days = await ok<CandleView[]>('live.candles', {
      accountId: main,
      market: 'BTC_USDT',
      interval: 86400,
    });
    expect(days.length).toBeGreaterThanOrEqual(60);
    expect((await refused('live.candles', { accountId: main, market: 'BTC_USDT', interval: 61 })).field).toBe(
      'interval',
    );

    await ok('live.subscribe', { accountId: main, channel: 'candles', topic: 'BTC_USDT@60' });
    await ok('orders.place', {
      accountId: main,
      draft: { kind: 'market', market: 'BTC_USDT', side: 'buy', amount: '20' },
    });
    await expect
      .poll(() => batches.flatMap((b) => b.events).find((e) => e.channel === 'candles'), { timeout: 10_000 })
      .toMatchObject({ channel: 'candles', market: 'BTC_USDT' });
  });

  it("reads a market's latest trades, newest first, for a view joining a subscription made before it", async () => {
    await ok('live.subscribe', { accountId: main, channel: 'trades', topic: 'ETH_USDT' });
    for (const side of ['buy', 'sell', 'buy'] as const)
      await ok('orders.place', {
        accountId: main,
        draft: {
          kind: 'limit',
          market: 'ETH_USDT',
          side,
          amount: '0.002',
          price: side === 'buy' ? '4000' : '2500',
          ioc: true,
        },
      });
    const pushed = () =>
      batches
        .flatMap((b) => b.events)
        .flatMap((e) => (e.channel === 'trades' && e.market === 'ETH_USDT' ? e.trades : []))
        .filter((t) => t.amount === '0.002');
    await expect.poll(() => pushed().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    // (the simulated market prints a trade of its own now and then: the three are told by their amount)
    const latest = await ok<LiveTradeView[]>('live.trades', { accountId: main, market: 'ETH_USDT' });
    expect(latest.map((t) => t.id)).toEqual(latest.map((t) => t.id).sort((a, b) => b - a));
    const ours = latest.filter((t) => t.amount === '0.002');
    expect(ours.map((t) => t.side)).toEqual(['buy', 'sell', 'buy']);
    expect(ours).toEqual(pushed().reverse());
    expect(await ok<LiveTradeView[]>('live.trades', { accountId: main, market: 'LTC_USDT' })).toEqual([]);
    expect((await refused('live.trades', { accountId: main, market: '' })).field).toBe('market');
  });

  it('lists filled and cancelled orders and the fills of the market', async () => {
    const placed = await ok<{ order: OrderView }>('orders.place', {
      accountId: main,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' },
    });
    await ok('orders.cancel', { accountId: main, market: 'BTC_USDT', orderId: placed.order.orderId });
    const history = await ok<OrderView[]>('orders.history', { accountId: main, market: 'BTC_USDT' });
    expect(history.find((o) => o.orderId === placed.order.orderId)?.status).toBe('CANCELED');
    expect(history.some((o) => o.status === 'FILLED')).toBe(true);
    const fills = await ok<DealView[]>('orders.fills', { accountId: main, market: 'BTC_USDT' });
    expect(fills.length).toBeGreaterThan(0);
  });

  it('tells what an order may spend and sizes a share of it on the step, within the balance', async () => {
    const draft = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '', price: '50000' };
    const all = await ok<TicketFundsView>('orders.funds', { accountId: main, draft });
    expect(all).toMatchObject({ asset: 'USDT', source: 'spot' });
    const quarter = await ok<TicketFundsView>('orders.funds', { accountId: main, draft, percent: 25 });
    const amount = new Decimal(quarter.amount ?? 'NaN');
    expect(amount.mod('0.0001').isZero()).toBe(true);
    const spends = amount.mul('50000');
    expect(spends.lte(new Decimal(all.available).div(4))).toBe(true);
    expect(spends.gt(new Decimal(all.available).div(4).sub('5'))).toBe(true);
    const sell = await ok<TicketFundsView>('orders.funds', {
      accountId: main,
      draft: { ...draft, side: 'sell' },
    });
    expect(sell.asset).toBe('BTC');
    expect((await refused('orders.funds', { accountId: main, draft, percent: 30 })).field).toBe('percent');
  });
});
