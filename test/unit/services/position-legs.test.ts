/**
 * The one rule for a position's TP/SL legs between readings: pushes keep them for the same position in
 * the same direction only, and an order that ended leaves every position it was a leg of.
 */
import { describe, expect, it } from 'vitest';
import type { LiveEvent, PositionView } from '../../../main/ipc/contract.ts';
import { applyPushes, carryLegs, dropLegs } from '../../../main/services/trading/position-legs.ts';

const tp = { orderId: 21, kind: 'takeProfit' as const, activationPrice: '70000' };
const sl = { orderId: 22, kind: 'stopLoss' as const, activationPrice: '60000' };
const long: PositionView = {
  positionId: 7,
  market: 'BTC_PERP',
  amount: '0.001',
  basePrice: '64000',
  liquidationPrice: null,
  tpsl: [tp, sl],
};
const pushed = (amount: string, positionId = 7, market = 'BTC_PERP'): PositionView => ({
  positionId,
  market,
  amount,
  basePrice: '64000',
  liquidationPrice: null,
});
const finish = (orderId: number): LiveEvent => ({
  channel: 'ordersPending',
  event: 'finish',
  order: {
    orderId,
    clientOrderId: '',
    market: 'BTC_PERP',
    side: 'sell',
    type: 'stop market',
    timestamp: 1_700_000_000,
    amount: '0.001',
    left: '0.001',
    dealStock: '0',
    dealMoney: '0',
    dealFee: '0',
  },
});
const positionsPush = (...records: PositionView[]): LiveEvent => ({
  channel: 'positionsMargin',
  total: records.length,
  records,
});

describe('position legs', () => {
  it('a push keeps the legs of the same position in the same direction', () => {
    expect(carryLegs([long], [pushed('0.002')])[0]?.tpsl).toEqual([tp, sl]);
  });

  it('a reversed position, a new one or a flat one has none of the old legs', () => {
    expect(carryLegs([long], [pushed('-0.002')])[0]?.tpsl).toBeUndefined();
    expect(carryLegs([long], [pushed('0.001', 8)])[0]?.tpsl).toBeUndefined();
    expect(carryLegs([long], [pushed('0')])[0]?.tpsl).toBeUndefined();
    expect(carryLegs([long], [pushed('0.001', 7, 'ETH_PERP')])[0]?.tpsl).toBeUndefined();
  });

  it('an order that ended leaves the position; the list is unchanged when it was no leg', () => {
    expect(dropLegs([long], new Set([21]))[0]?.tpsl).toEqual([sl]);
    expect(dropLegs([long], new Set([21, 22]))[0]).not.toHaveProperty('tpsl');
    const same = dropLegs([long], new Set([99]));
    expect(same[0]).toBe(long);
  });

  it('a batch applies in order; nothing about positions answers undefined', () => {
    expect(applyPushes([long], [finish(21), positionsPush(pushed('0.003'))], true)?.[0]?.tpsl).toEqual([sl]);
    expect(applyPushes([long], [positionsPush(pushed('-0.002'))], true)?.[0]?.tpsl).toBeUndefined();
    expect(applyPushes([long], [finish(99)], true)).toBeUndefined();
    // a push of some markets only is not the whole list
    expect(applyPushes([long], [positionsPush(pushed('-0.002'))], false)).toBeUndefined();
    // a market's list takes that market's records only
    expect(
      applyPushes([long], [positionsPush(pushed('0.002'), pushed('1', 9, 'ETH_PERP'))], true, 'BTC_PERP'),
    ).toEqual([{ ...pushed('0.002'), tpsl: [tp, sl] }]);
  });
});
