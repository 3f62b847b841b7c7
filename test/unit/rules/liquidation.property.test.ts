/**
 * The liquidation price at another leverage (`main/rules/liquidation.ts`), against the isolated-margin
 * formula written out here: for any entry, maintenance rate and pair of leverages, the price worked out
 * from the exchange's price now is the formula's at the new leverage; a stop-loss beyond it is flagged.
 */
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { LEVERAGE_LEVELS } from '../../../main/rules/leverage.ts';
import { beyondLiquidation, checkLegLiquidation, liquidationAfter } from '../../../main/rules/liquidation.ts';

/** Isolated margin: long entry × (1 − 1/L + m), short entry × (1 + 1/L − m). */
const formula = (entry: Decimal, leverage: number, rate: Decimal, long: boolean) =>
  long
    ? entry.mul(new Decimal(1).sub(new Decimal(1).div(leverage)).add(rate))
    : entry.mul(new Decimal(1).add(new Decimal(1).div(leverage)).sub(rate));

const level = fc.constantFrom(...LEVERAGE_LEVELS.filter((l) => l > 1));

describe('the liquidation price at another leverage', () => {
  it('is the formula at the new leverage, starting from the exchange’s price now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.integer({ min: 1, max: 9 }),
        level,
        level,
        fc.boolean(),
        (cents, permille, now, next, long) => {
          const entry = new Decimal(cents).div(100);
          const rate = new Decimal(permille).div(1000);
          const position = {
            amount: long ? '0.5' : '-0.5',
            entryPrice: entry.toFixed(),
            liquidationPrice: formula(entry, now, rate, long).toFixed(),
          };
          const after = liquidationAfter(position, now, next);
          const expected = formula(entry, next, rate, long);
          expect(after?.sub(expected).abs().lte('0.00000001')).toBe(true);
          // more leverage brings it toward the entry, never away
          if (next > now)
            expect(long ? after?.gte(position.liquidationPrice) : after?.lte(position.liquidationPrice)).toBe(
              true,
            );
        },
      ),
    );
  });

  it('is unknown without the exchange’s price now or the entry', () => {
    expect(
      liquidationAfter({ amount: '1', entryPrice: '100', liquidationPrice: null }, 10, 100),
    ).toBeUndefined();
    expect(
      liquidationAfter({ amount: '1', entryPrice: null, liquidationPrice: '90' }, 10, 100),
    ).toBeUndefined();
    expect(
      liquidationAfter({ amount: '0', entryPrice: '100', liquidationPrice: '90' }, 10, 100),
    ).toBeUndefined();
  });

  it('flags a stop-loss at or beyond it, on either side', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.boolean(),
        (stop, liq, long) => {
          const beyond = beyondLiquidation(long ? '1' : '-1', new Decimal(stop), new Decimal(liq));
          expect(beyond).toBe(long ? stop <= liq : stop >= liq);
          const issues = checkLegLiquidation(
            'stopLoss',
            String(stop),
            { amount: long ? '1' : '-1', liquidationPrice: String(liq) },
            'activation_price',
          );
          expect(issues.length > 0).toBe(beyond);
        },
      ),
    );
  });
});
