/**
 * Where the client and the sandbox must read a request the same way: bulk orders' `stopOnFail`, and a
 * BBO stop-limit order the client's rules let go without a price.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { checkOrder, type OrderDraft } from '../../../main/rules/index.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ simulate: false });
});
afterAll(() => h.close());

const bad = { market: 'BTC_USDT', side: 'buy' as const, amount: '0.00000001', price: '50000' };
const good = { market: 'BTC_USDT', side: 'buy' as const, amount: '0.001', price: '50000' };

describe('order/bulk stopOnFail', () => {
  it('stops at the first failed order when the client asks it to', async () => {
    const answers = await trading.bulkLimitOrders(h.as('main'), [bad, good, good], true);
    expect(answers).toHaveLength(1);
    expect(answers[0]?.result).toBeNull();
  });

  it('goes on past a failed order by default', async () => {
    const answers = await trading.bulkLimitOrders(h.as('main'), [bad, good], false);
    expect(answers).toHaveLength(2);
    expect(answers[1]?.result?.amount).toBe('0.001');
  });
});

describe('a BBO stop-limit order', () => {
  const draft: OrderDraft = {
    kind: 'stop_limit',
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.01',
    activation_price: '70000',
    bboRole: 1,
  };

  it("passes the client's rules without a price and the sandbox freezes amount x its best price", async () => {
    const rules = {
      name: 'BTC_USDT',
      stockPrec: 6,
      moneyPrec: 2,
      minAmount: '0.0001',
      minTotal: '5',
      maxTotal: '0',
      tickSize: '0.1',
      stepSize: '0.0001',
    };
    expect(checkOrder(draft, rules)).toEqual([]);
    const c = h.as('main');
    const before = await trading.tradeBalanceOf(c, 'USDT');
    const order = await trading.stopLimitOrder(c, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      activation_price: '70000',
      bboRole: 1,
    });
    expect(order.type).toBe('stop limit');
    // role 1 (queue): the best bid of the book when it was placed, the market's other bids below it
    const bestBid = h.sandbox.control.engine.book('BTC_USDT').best('buy');
    expect(bestBid).not.toBeNull();
    expect(new Decimal(order.price ?? '0').mul(100).toFixed(0)).toBe(String(bestBid));
    const after = await trading.tradeBalanceOf(c, 'USDT');
    const frozen = new Decimal(after.freeze).sub(before.freeze);
    expect(frozen.toFixed()).toBe(new Decimal(order.price ?? '0').mul('0.01').toFixed());
  });

  it('is still refused without a price and without bboRole, on both sides of the seam', async () => {
    const { bboRole: _none, ...priceless } = draft;
    expect(
      checkOrder(priceless, {
        stockPrec: 6,
        moneyPrec: 2,
        minAmount: '0',
        minTotal: '0',
        maxTotal: '0',
        tickSize: '',
        stepSize: '',
      }),
    ).toContainEqual(expect.objectContaining({ field: 'price' }));
    const error = await trading
      .stopLimitOrder(h.as('main'), {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        activation_price: '70000',
      })
      .catch((e: unknown) => e);
    expect((error as { fields?: Record<string, unknown> }).fields).toHaveProperty('price');
  });

  it('a region without bboRole refuses it with 453', async () => {
    const error = await trading
      .stopLimitOrder(h.as('sub-noretail'), {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        activation_price: '70000',
        bboRole: 1,
      })
      .catch((e: unknown) => e);
    expect((error as { status?: number }).status).toBe(453);
  });
});
