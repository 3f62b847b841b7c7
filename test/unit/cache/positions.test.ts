import { describe, expect, it } from 'vitest';
import {
  listPositions,
  realizedPnlSince,
  upsertPositions,
  type PositionRecord,
} from '../../../main/cache/repos/positions.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();

const state = (
  positionId: number,
  modifyDate: number,
  over: Partial<PositionRecord> = {},
): PositionRecord => ({
  account: 'main',
  positionId,
  market: 'BTC_USDT',
  openDate: 1_700_000_000.123456,
  modifyDate,
  amount: '0.5',
  basePrice: '30000',
  realizedFunding: '-0.01',
  liquidationPrice: null,
  liquidationState: null,
  orderDetail: {
    id: 9,
    tradeAmount: '0.5',
    price: '30000',
    tradeFee: '0.3',
    fundingFee: null,
    realizedPnl: null,
  },
  side: 'BOTH',
  isHedge: false,
  ...over,
});

/** The order that changed the position, as `orderDetail` of a record. */
const order = (
  id: number,
  over: Partial<PositionRecord['orderDetail']> = {},
): Pick<PositionRecord, 'orderDetail'> => ({
  orderDetail: {
    id,
    tradeAmount: '0.5',
    price: '30000',
    tradeFee: '0.3',
    fundingFee: null,
    realizedPnl: null,
    ...over,
  },
});

describe('positions history', () => {
  it('stores a record once per position and order, the latest copy winning', () => {
    upsertPositions(db.get(), [state(1, 1_700_000_001.5, order(7)), state(1, 1_700_000_002.25)]);
    const update = state(1, 1_700_000_002.75, { liquidationState: 'margin_call', liquidationPrice: '1' });
    upsertPositions(db.get(), [update]);
    const rows = listPositions(db.get(), { account: 'main' });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(update);
  });

  it('keeps every record of one position that share a modify time, the later order first', () => {
    const t = 1_700_000_005.5;
    const fills = [
      state(1, t, { amount: '0.0156', ...order(11, { tradeAmount: '0.0156' }) }),
      state(1, t, { amount: '0.0100', ...order(12, { tradeAmount: '-0.0056', realizedPnl: '1.5' }) }),
      state(1, t, { amount: '0', ...order(13, { tradeAmount: '-0.0100', realizedPnl: '2.25' }) }),
    ];
    // the exchange answers newest first
    upsertPositions(db.get(), [...fills].reverse());
    const rows = listPositions(db.get(), { account: 'main', positionId: 1 });
    expect(rows).toEqual([...fills].reverse());
    expect(rows[0]?.amount).toBe('0');
    expect(rows.map((r) => r.orderDetail.realizedPnl)).toEqual(['2.25', '1.5', null]);

    const page = listPositions(db.get(), { account: 'main', limit: 1 });
    const rest = listPositions(db.get(), {
      account: 'main',
      before: { modifyUs: 1_700_000_005_500_000, positionId: 1, orderId: page[0]?.orderDetail.id ?? 0 },
    });
    expect(rest.map((r) => r.orderDetail.id)).toEqual([12, 11]);
  });

  it('keeps the two records of an order that closed one position and opened the next', () => {
    const t = 1_700_000_009;
    upsertPositions(db.get(), [state(2, t, { amount: '-0.2' }), state(1, t, { amount: '0' })]);
    expect(listPositions(db.get(), { account: 'main' }).map((r) => [r.positionId, r.amount])).toEqual([
      [2, '-0.2'],
      [1, '0'],
    ]);
  });

  it('filters by market and position and pages newest first', () => {
    upsertPositions(db.get(), [
      state(1, 1_700_000_001),
      state(2, 1_700_000_001, { market: 'ETH_USDT', side: 'LONG', isHedge: true }),
      state(3, 1_700_000_003),
    ]);
    expect(listPositions(db.get(), { account: 'main', market: 'ETH_USDT' })[0]).toMatchObject({
      positionId: 2,
      side: 'LONG',
      isHedge: true,
    });
    const first = listPositions(db.get(), { account: 'main', limit: 2 });
    expect(first.map((p) => p.positionId)).toEqual([3, 2]);
    const rest = listPositions(db.get(), {
      account: 'main',
      before: { modifyUs: 1_700_000_001_000_000, positionId: 2, orderId: 9 },
    });
    expect(rest.map((p) => p.positionId)).toEqual([1]);
    expect(listPositions(db.get(), { account: 'main', positionId: 3 })).toHaveLength(1);
  });

  it('gives the realized PnL of every change since a time, of the accounts asked for', () => {
    upsertPositions(db.get(), [
      state(1, 1_700_000_010, order(1, { realizedPnl: '1.5' })),
      state(1, 1_700_000_020, order(2, { realizedPnl: '-0.25' })),
      state(2, 1_700_000_005, order(3, { realizedPnl: '9' })),
      state(3, 1_700_000_030, order(4)),
      { ...state(4, 1_700_000_040, order(5, { realizedPnl: '2' })), account: 'sub' },
    ]);
    const since = realizedPnlSince(db.get(), 1_700_000_010, ['main']);
    expect(since.map((r) => r.realizedPnl).sort()).toEqual(['-0.25', '1.5']);
    expect(
      realizedPnlSince(db.get(), 1_700_000_000)
        .map((r) => r.account)
        .sort(),
    ).toEqual(['main', 'main', 'main', 'sub']);
  });
});
