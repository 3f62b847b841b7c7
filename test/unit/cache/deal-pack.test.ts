import { describe, expect, it } from 'vitest';
import { packDeals, unpackDeals } from '../../../main/cache/deal-pack.ts';
import type { DealRecord } from '../../../main/cache/repos/deals.ts';
import { deal } from './deal-factory.ts';

describe('packed deal pages', () => {
  it('give back exactly the deals packed, whatever their text holds', () => {
    const rows: DealRecord[] = [
      deal(1),
      deal(2, { clientOrderId: 'a,"b"\u0000\u0001\n', account: 'sub-ü-🙂', market: '' }),
      deal(Number.MAX_SAFE_INTEGER, { time: 1_763_800_000.123456, amount: '-0.00000001', fee: '' }),
      deal(4, { role: 'taker', side: 'sell', feeAsset: 'TXC', orderId: 0 }),
    ];
    const packed = packDeals(rows);
    expect(packed).not.toBeNull();
    expect(unpackDeals(structuredClone(packed) as NonNullable<typeof packed>)).toEqual(rows);
    expect(unpackDeals(packDeals([]) as NonNullable<ReturnType<typeof packDeals>>)).toEqual([]);
  });

  it('keeps numbers the checks must still see (NaN, fractions, unsafe integers)', () => {
    const rows = [deal(1, { id: 1.5 }), deal(2, { time: Number.NaN }), deal(3, { orderId: 2 ** 60 })];
    expect(unpackDeals(packDeals(rows) as NonNullable<ReturnType<typeof packDeals>>)).toEqual(rows);
  });

  it('declines pages whose deals do not have the plain shape, so they go unpacked', () => {
    expect(packDeals([{ ...deal(1), amount: 1 } as never])).toBeNull();
    expect(packDeals([deal(1), { ...deal(2), clientOrderId: undefined } as never])).toBeNull();
    expect(packDeals([null as never])).toBeNull();
    expect(packDeals({ length: 1 } as never)).toBeNull();
  });
});
