import { Decimal } from 'decimal.js';
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
      price: string;
    }>;
    const fills = deals.filter((d) => d.orderId === order.body.orderId);
    expect(new Set(fills.map((d) => d.price)).size).toBeGreaterThan(1);

    const history = (await post('sub-alpha', HISTORY, { market: 'BTC_PERP' })).body as HistoryRecord[];
    const mine = history.filter((r) => r.orderDetail.id === order.body.orderId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: '0.02', orderDetail: { tradeAmount: '0.02' } });
    // the record's price is the average over the fills, weighted by their amounts, at the market's precision
    const money = fills.reduce((sum, d) => sum.plus(new Decimal(d.amount).times(d.price)), new Decimal(0));
    expect(mine[0]?.orderDetail.price).toBe(money.div('0.02').toDecimalPlaces(2).toFixed());
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

  it('an order that flips a one-way position gives one record to each position, the fee split, the PnL credited', async () => {
    const balance = async () =>
      new Decimal(
        (
          (await post('sub-alpha', '/api/v4/collateral-account/balance', { ticker: 'USDT' })).body as Record<
            string,
            string
          >
        )['USDT'] ?? '0',
      );
    const start = await balance();
    const open = await post('sub-alpha', MKT, { market: 'ETH_PERP', side: 'buy', amount: '0.004' });
    const flip = await post('sub-alpha', MKT, { market: 'ETH_PERP', side: 'sell', amount: '0.010' });
    expect(flip.body).toMatchObject({ status: 'FILLED', dealStock: '0.01' });
    const history = (await post('sub-alpha', HISTORY, { market: 'ETH_PERP' })).body as Array<
      HistoryRecord & { orderDetail: { tradeFee: string } }
    >;
    expect(history.map((r) => [r.orderDetail.id, r.amount, r.orderDetail.tradeAmount])).toEqual([
      [flip.body.orderId, '-0.006', '0.006'],
      [flip.body.orderId, '0', '0.004'],
      [open.body.orderId, '0.004', '0.004'],
    ]);
    const [opened, closed] = history;
    expect(opened?.positionId).not.toBe(closed?.positionId);
    expect(
      new Decimal(opened?.orderDetail.tradeFee ?? '0').plus(closed?.orderDetail.tradeFee ?? '0').toFixed(),
    ).toBe(new Decimal(flip.body.dealFee).toFixed());
    const pnl = new Decimal(closed?.orderDetail.realizedPnl ?? '0');
    const fees = new Decimal(open.body.dealFee).plus(flip.body.dealFee);
    expect((await balance()).minus(start).toFixed()).toBe(pnl.minus(fees).toFixed());
  });
});
