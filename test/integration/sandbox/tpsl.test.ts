/**
 * Take-profit / stop-loss legs in the sandbox: a leg closes at most its position, never opens or
 * flips one, and when one leg closes the position the other legs of that position are canceled.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWs, type WsHarness } from '../ws/support.ts';
import { start } from './support.ts';
import type { Harness } from './support.ts';

const MKT = '/api/v4/order/collateral/market';
const OPEN = '/api/v4/collateral-account/positions/open';
const ORDERS = '/api/v4/orders';
const MARKET = 'BTC_PERP';
/** The fixture's starting price of BTC_PERP. */
const START = 64260;

describe('TP/SL legs over REST (OTO on a collateral market order)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await start({ seed: 31 });
  });
  afterAll(async () => {
    await h.sandbox.close();
  });

  it('an inverted pair on a long closes the position once and never leaves a short', async () => {
    const c = h.client('sub-alpha');
    const o = await c.post(MKT, {
      market: MARKET,
      side: 'buy',
      amount: '0.002',
      takeProfit: '60000',
      stopLoss: '70000',
    });
    expect(o.status).toBe(200);
    expect(o.body).toMatchObject({ status: 'FILLED', dealStock: '0.002' });
    // both legs were due at once: the first closed the long, the other was canceled, not executed
    expect((await c.post(OPEN, { market: MARKET })).body).toEqual([]);
    expect((await c.post(ORDERS, { market: MARKET })).body).toEqual([]);
    const history = (await c.post('/api/v4/collateral-account/positions/history', { market: MARKET }))
      .body as Array<{ amount: string }>;
    expect(history.every((r) => !r.amount.startsWith('-'))).toBe(true);
    const legs = [...h.sandbox.control.engine.orders.values()].filter((x) => x.otoId === o.body.orderId);
    expect(legs.map((l) => l.status).sort()).toEqual(['CANCELED', 'FILLED']);
  });

  it('lists the waiting legs on the position as its tpsl', async () => {
    const c = h.client('sub-alpha');
    const o = await c.post(MKT, {
      market: MARKET,
      side: 'sell',
      amount: '0.001',
      takeProfit: '60000',
      stopLoss: '70000',
    });
    expect(o.status).toBe(200);
    const [position] = (await c.post(OPEN, { market: MARKET })).body as Array<{
      amount: string;
      tpsl: Record<string, unknown>;
    }>;
    expect(position?.amount).toBe('-0.001');
    // `{takeProfitId, takeProfit, stopLossId, stopLoss}`, as the exchange lists it
    const legs = (await c.post(ORDERS, { market: MARKET })).body as Array<{
      orderId: number;
      activation_price: string;
    }>;
    const id = (price: string) => legs.find((l) => l.activation_price === price)?.orderId;
    expect(position?.tpsl).toEqual({
      takeProfitId: id('60000'),
      takeProfit: '60000',
      stopLossId: id('70000'),
      stopLoss: '70000',
    });
    await c.post(MKT, { market: MARKET, side: 'buy', amount: '0.001', reduceOnly: true });
    expect((await c.post(OPEN, { market: MARKET })).body).toEqual([]);
    expect((await c.post(ORDERS, { market: MARKET })).body).toEqual([]);
  });
});

describe('TP/SL legs over the WebSocket', () => {
  let h: WsHarness;
  beforeAll(async () => {
    h = await startWs({ seed: 41 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('collateral_order_tpsl_place with an inverted pair closes the long once; the sibling is canceled', async () => {
    const c = h.client('sub-alpha');
    expect((await c.post(MKT, { market: MARKET, side: 'buy', amount: '0.002' })).status).toBe(200);
    const peer = await h.authorized('sub-alpha');
    const a = await peer.call('collateral_order_tpsl_place', [
      { market: MARKET, take_profit_activation_price: '60000', stop_loss_activation_price: '70000' },
    ]);
    expect(a.error).toBeNull();
    expect((await c.post(OPEN, { market: MARKET })).body).toEqual([]);
    expect((await c.post(ORDERS, { market: MARKET })).body).toEqual([]);
    const { take_profit: tp, stop_loss: sl } = a.result as {
      take_profit: { id: number };
      stop_loss: { id: number };
    };
    const status = (id: number) => h.sandbox.control.engine.orders.get(id)?.status;
    expect([status(tp.id), status(sl.id)]).toEqual(['FILLED', 'CANCELED']);
  });

  it('a resting reduce-only take-profit is cut to what is left of the position and never flips it', async () => {
    const c = h.client('sub-alpha');
    expect((await c.post(MKT, { market: MARKET, side: 'buy', amount: '0.002' })).status).toBe(200);
    const peer = await h.authorized('sub-alpha');
    const tp = await peer.call('collateral_order_limit_place', [
      { market: MARKET, side: 'sell', amount: '0.002', price: '64500', reduce_only: true },
    ]);
    expect(tp.error).toBeNull();
    // half of the long is closed by hand: the take-profit now closes at most the other half
    await c.post(MKT, { market: MARKET, side: 'sell', amount: '0.001', reduceOnly: true });
    const [pending] = (await c.post(ORDERS, { market: MARKET })).body as Array<{
      amount: string;
      left: string;
    }>;
    expect([pending?.amount, pending?.left]).toEqual(['0.001', '0.001']);
    // another account lifts the asks through the take-profit
    expect((await h.client('main').post(MKT, { market: MARKET, side: 'buy', amount: '0.07' })).status).toBe(
      200,
    );
    expect((await c.post(OPEN, { market: MARKET })).body).toEqual([]);
    expect((await c.post(ORDERS, { market: MARKET })).body).toEqual([]);
  });
});

describe('TP/SL legs through the simulated market (property)', () => {
  it('a position never changes side through its legs; once one closes it the others are canceled', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        fc.integer({ min: 1, max: 30 }).map((n) => (n / 10_000).toFixed(4)),
        // offsets of the two trigger prices from the start, in tenths of a percent (either side)
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -40, max: 40 }),
        // the price path, as offsets from the start in tenths of a percent
        fc.array(fc.integer({ min: -60, max: 60 }), { minLength: 1, maxLength: 6 }),
        async (side, amount, tpOffset, slOffset, path) => {
          const h = await start({ seed: 37 });
          try {
            const c = h.client('sub-alpha');
            const price = (offset: number): string => (START * (1 + offset / 1000)).toFixed(1);
            const o = await c.post(MKT, {
              market: MARKET,
              side,
              amount,
              takeProfit: price(tpOffset),
              stopLoss: price(slOffset),
            });
            expect(o.status).toBe(200);
            const long = side === 'buy';
            const check = async (): Promise<boolean> => {
              const open = (await c.post(OPEN, { market: MARKET })).body as Array<{ amount: string }>;
              expect(open.length).toBeLessThanOrEqual(1);
              const pending = (await c.post(ORDERS, { market: MARKET })).body as unknown[];
              if (open.length === 0) {
                // closed: no leg of it is left waiting
                expect(pending).toEqual([]);
                return false;
              }
              const amountNow = Number(open[0]?.amount);
              expect(long ? amountNow > 0 : amountNow < 0).toBe(true);
              expect(Math.abs(amountNow)).toBeLessThanOrEqual(Number(amount));
              return true;
            };
            let open = await check();
            for (const step of path) {
              if (!open) break;
              h.sandbox.control.setPrice(MARKET, price(step));
              open = await check();
            }
            // no account ever ended on the other side: every record of the position has its sign
            const history = (await c.post('/api/v4/collateral-account/positions/history', { market: MARKET }))
              .body as Array<{ amount: string }>;
            for (const r of history) {
              const n = Number(r.amount);
              expect(n === 0 || (long ? n > 0 : n < 0)).toBe(true);
            }
          } finally {
            await h.sandbox.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
