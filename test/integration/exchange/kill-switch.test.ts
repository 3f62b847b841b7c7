import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { MemoryNonceStore, NonceRegistry } from '../../../main/exchange/nonce.ts';
import { ValidationError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let nowMs = Date.now();
const clock = () => nowMs;
let h: Harness;

beforeAll(async () => {
  h = await startHarness(
    { now: clock },
    { nonces: new NonceRegistry({ store: new MemoryNonceStore(), now: clock }) },
  );
});
afterAll(() => h.close());

describe('kill switch', () => {
  it("cancels the market's open orders once its timeout passes, unless disarmed", async () => {
    const c = h.as('main');
    const order = await trading.limitOrder(c, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '30000',
    });
    await trading.killSwitch(c, 'BTC_USDT', 10);
    nowMs += 11_000;
    await trading.tradeBalance(c);
    const open = await trading.activeOrders(c, { market: 'BTC_USDT' });
    expect(open.map((o) => o.orderId)).not.toContain(order.orderId);

    const kept = await trading.limitOrder(c, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '30000',
    });
    await trading.killSwitch(c, 'BTC_USDT', 10);
    await trading.killSwitch(c, 'BTC_USDT', null);
    nowMs += 11_000;
    await trading.tradeBalance(c);
    expect((await trading.activeOrders(c, { market: 'BTC_USDT' })).map((o) => o.orderId)).toContain(
      kept.orderId,
    );
  });

  it('names the timeout when it is out of range', async () => {
    const error = await trading.killSwitch(h.as('main'), 'BTC_USDT', 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toHaveProperty('timeout');
  });
});
