import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

const MKT = '/api/v4/order/collateral/market';
const HISTORY = '/api/v4/collateral-account/positions/history';
const EXECUTED = '/api/v4/trade-account/executed-history';
let h: Harness;
/** While set, the sandbox clock stands still: every change in between shares one time. */
let frozen: number | undefined;

beforeAll(async () => {
  h = await start({ seed: 31, now: () => frozen ?? Date.now() });
});
afterAll(async () => {
  frozen = undefined;
  await h.sandbox.close();
});

const post = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).post(path, fields);

type HistoryRecord = {
  positionId: number;
  modifyDate: number;
  amount: string;
  orderDetail: { id: number; tradeAmount: string; price: string; realizedPnl: string | null };
};

describe('position history records', () => {
  it('an order filled against several price levels changes the position once: one record for it', async () => {
    const order = await post('sub-alpha', MKT, { market: 'BTC_PERP', side: 'buy', amount: '0.02' });
    expect(order.body).toMatchObject({ status: 'FILLED', dealStock: '0.02' });
    const deals = (await post('sub-alpha', EXECUTED, { market: 'BTC_PERP' })).body as Array<{
      orderId: number;
      amount: string;
      deal: string;
      price: string;
    }>;
    const fills = deals.filter((d) => d.orderId === order.body.orderId);
    expect(new Set(fills.map((d) => d.price)).size).toBeGreaterThan(1);

    const history = (await post('sub-alpha', HISTORY, { market: 'BTC_PERP' })).body as HistoryRecord[];
    const mine = history.filter((r) => r.orderDetail.id === order.body.orderId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: '0.02', orderDetail: { tradeAmount: '0.02' } });
    // the record's price is the average over the fills, weighted by their amounts
    const money = fills.reduce((sum, d) => sum + Number(d.deal), 0);
    expect(Number(mine[0]?.orderDetail.price)).toBeCloseTo(money / 0.02, 1);
    await post('sub-alpha', MKT, { market: 'BTC_PERP', side: 'sell', amount: '0.02', reduceOnly: true });
  });

  it('orders changing one position at the same time give records with one modifyDate and their own ids', async () => {
    frozen = Date.now();
    const ids: number[] = [];
    for (const [side, amount] of [
      ['buy', '0.006'],
      ['sell', '0.002'],
      ['sell', '0.004'],
    ] as const) {
      const r = await post('main', MKT, { market: 'ETH_PERP', side, amount });
      expect(r.status).toBe(200);
      ids.push(r.body.orderId as number);
    }
    frozen = undefined;
    const history = (await post('main', HISTORY, { market: 'ETH_PERP' })).body as HistoryRecord[];
    expect(history.map((r) => r.orderDetail.id)).toEqual([...ids].reverse());
    expect(new Set(history.map((r) => r.modifyDate)).size).toBe(1);
    expect(new Set(history.map((r) => r.positionId)).size).toBe(1);
    expect(history.map((r) => r.amount)).toEqual(['0', '0.004', '0.006']);
    expect(history[0]?.orderDetail.realizedPnl).not.toBeNull();
  });
});
