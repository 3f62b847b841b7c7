import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('one key under load', () => {
  it('sends 10,000 signed orders at concurrency 64 with no nonce or rate-limit rejection', async () => {
    const c = h.as('sub-maker');
    const total = 10_000;
    let next = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < total) {
          const i = next++;
          await trading.limitOrder(c, {
            market: 'BTC_USDT',
            side: 'buy',
            amount: '0.0003',
            price: String(20000 + (i % 100)),
            clientOrderId: `load-${i}`,
          });
        }
      }),
    );
    const orders = h.audit.filter((a) => a.path === '/api/v4/order/new');
    expect(orders).toHaveLength(total);
    expect(orders.filter((a) => a.outcome !== 'ok')).toEqual([]);
    expect(orders.filter((a) => a.attempts !== 1)).toEqual([]);
  }, 120_000);
});
