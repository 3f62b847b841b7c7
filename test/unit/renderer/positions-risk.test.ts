/**
 * The Positions row warns of a take-profit or stop-loss that lies past the liquidation price in force
 * (the rule main's leverage preview applies to the price at a new level, `legsBeyond`, held in
 * `test/unit/rules/liquidation.property.test.ts`): for a long at or below it, for a short at or above.
 */
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PositionView } from '../../../main/ipc/contract.ts';
import { legsPastLiquidation } from '../../../renderer/src/lib/format/positions.ts';

const price = fc.integer({ min: 1, max: 9_000_000 }).map((cents) => (cents / 100).toFixed(2));

describe('a leg past the liquidation price', () => {
  it('is every leg at or beyond the liquidation price on the losing side, long or short', () => {
    fc.assert(
      fc.property(fc.boolean(), price, fc.array(price, { maxLength: 4 }), (short, liquidation, prices) => {
        const tpsl = prices.map((p, i) => ({
          orderId: i + 1,
          kind: i % 2 === 0 ? ('stopLoss' as const) : ('takeProfit' as const),
          activationPrice: p,
        }));
        const amount = short ? '-0.5' : '0.5';
        const p: PositionView = {
          positionId: 1,
          market: 'BTC_PERP',
          amount,
          liquidationPrice: liquidation,
          tpsl,
        };
        const past = tpsl.filter((leg) => {
          const order = new Decimal(leg.activationPrice).comparedTo(liquidation);
          return short ? order >= 0 : order <= 0;
        });
        expect(legsPastLiquidation(p)).toEqual(past);
      }),
    );
  });

  it('is none without a liquidation price', () => {
    const legs = [{ orderId: 1, kind: 'stopLoss' as const, activationPrice: '60000' }];
    expect(legsPastLiquidation({ positionId: 1, market: 'BTC_PERP', amount: '1', tpsl: legs })).toEqual([]);
    const long = { positionId: 1, market: 'BTC_PERP', amount: '1', liquidationPrice: '63680', tpsl: legs };
    expect(legsPastLiquidation(long).map((l) => l.orderId)).toEqual([1]);
  });
});
