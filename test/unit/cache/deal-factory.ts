import type { DealRecord } from '../../../main/cache/repos/deals.ts';

/** A deal with sensible defaults; `time` is Unix seconds with microseconds. */
export function deal(id: number, over: Partial<DealRecord> = {}): DealRecord {
  return {
    account: 'main',
    market: 'BTC_USDT',
    id,
    clientOrderId: '',
    time: 1_763_800_000 + id / 1000,
    side: id % 2 === 0 ? 'buy' : 'sell',
    role: id % 3 === 0 ? 'taker' : 'maker',
    amount: '0.5',
    price: '100',
    deal: '50',
    fee: '0.05',
    orderId: 1000 + id,
    feeAsset: 'USDT',
    ...over,
  };
}

export const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
