import { describe, expect, it } from 'vitest';
import { listPositions, upsertPositions, type PositionRecord } from '../../../main/cache/repos/positions.ts';
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

describe('positions history', () => {
  it('stores states once per position and time, the latest copy winning', () => {
    upsertPositions(db.get(), [state(1, 1_700_000_001.5), state(1, 1_700_000_002.25)]);
    upsertPositions(db.get(), [
      state(1, 1_700_000_002.25, { liquidationState: 'margin_call', liquidationPrice: '1' }),
    ]);
    const rows = listPositions(db.get(), { account: 'main' });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(
      state(1, 1_700_000_002.25, { liquidationState: 'margin_call', liquidationPrice: '1' }),
    );
  });

  it('filters by market and position and pages newest first', () => {
    upsertPositions(db.get(), [
      state(1, 1_700_000_001),
      state(2, 1_700_000_001, { market: 'ETH_USDT', side: 'LONG', isHedge: true, orderDetail: null }),
      state(3, 1_700_000_003),
    ]);
    expect(listPositions(db.get(), { account: 'main', market: 'ETH_USDT' })[0]).toMatchObject({
      positionId: 2,
      side: 'LONG',
      isHedge: true,
      orderDetail: null,
    });
    const first = listPositions(db.get(), { account: 'main', limit: 2 });
    expect(first.map((p) => p.positionId)).toEqual([3, 2]);
    const rest = listPositions(db.get(), {
      account: 'main',
      before: { modifyUs: 1_700_000_001_000_000, positionId: 2 },
    });
    expect(rest.map((p) => p.positionId)).toEqual([1]);
    expect(listPositions(db.get(), { account: 'main', positionId: 3 })).toHaveLength(1);
  });
});
