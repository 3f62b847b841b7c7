/**
 * The liquidation price at another leverage, as the Positions screen and the Trade ticket show it
 * before a leverage change: worked out from the price the exchange gives at the leverage in force.
 * Held against the sandbox's own liquidation price (its separate implementation of the exchange) at
 * every level, and by its own properties: the same level gives the same price, a higher level moves it
 * toward the entry, and going there and back gives the price again; and against the isolated-margin
 * formula written out here, for any maintenance rate. A leg past it is named and refused.
 */
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  beyondLiquidation,
  checkLegLiquidation,
  heldLeverage,
  legsBeyond,
  LEVERAGE_LEVELS,
  liquidationAtLeverage,
} from '../../../main/rules/index.ts';
import { liquidationPrice, type Position } from '../../../main/sandbox/collateral/positions.ts';

const level = fc.constantFrom(...LEVERAGE_LEVELS);
const entry = fc.integer({ min: 1_000, max: 9_000_000 }).map((cents) => new Decimal(cents).div(100));
const size = fc.integer({ min: 1, max: 5_000_000 }).map((units) => new Decimal(units).div(10_000));

/** A sandbox position of `amount` (signed) at `price`. */
const held = (amount: Decimal, price: Decimal): Position =>
  ({ amount, basePrice: price }) as unknown as Position;

describe('the liquidation price at another leverage', () => {
  it("is the sandbox's own liquidation price at that level, long or short, from any level", () => {
    fc.assert(
      fc.property(size, entry, fc.boolean(), level, level, (qty, price, short, now, next) => {
        const amount = short ? qty.neg() : qty;
        const position = held(amount, price);
        const given = liquidationPrice(position, now) ?? '';
        const margin = qty.mul(price).div(now).toFixed();
        const leverage = heldLeverage(amount.toFixed(), price.toFixed(), margin) ?? '';
        const at = liquidationAtLeverage(
          { amount: amount.toFixed(), entry: price.toFixed(), liquidation: given, leverage },
          next,
        );
        const expected = new Decimal(liquidationPrice(position, next) ?? 'NaN');
        // the sandbox gives its prices to 8 places: the same to within that rounding
        expect(new Decimal(at ?? 'NaN').sub(expected).abs().lte('0.00000002')).toBe(true);
      }),
    );
  });

  it('is the same at the same level, moves toward the entry for a higher level, and comes back', () => {
    fc.assert(
      fc.property(size, entry, fc.boolean(), level, level, (qty, price, short, now, next) => {
        const amount = (short ? qty.neg() : qty).toFixed();
        const liquidation = liquidationPrice(held(new Decimal(amount), price), now) ?? '0';
        const p = { amount, entry: price.toFixed(), liquidation, leverage: String(now) };
        expect(new Decimal(liquidationAtLeverage(p, now) ?? 'NaN').eq(liquidation)).toBe(true);
        const there = liquidationAtLeverage(p, next) ?? '';
        const distance = (v: string) => new Decimal(v).sub(price).abs();
        if (next > now) expect(distance(there).lte(distance(liquidation))).toBe(true);
        if (next < now && new Decimal(there).gt(0))
          expect(distance(there).gte(distance(liquidation))).toBe(true);
        const back = liquidationAtLeverage({ ...p, liquidation: there, leverage: String(next) }, now);
        // exact but for the last of the rules' 80 digits (a third of an entry is not a finite decimal)
        if (new Decimal(there).gt(0))
          expect(new Decimal(back ?? 'NaN').sub(liquidation).abs().lt('1e-60')).toBe(true);
      }),
    );
  });

  it('is unknown for a position that says too little', () => {
    const p = { amount: '0.5', entry: '64000', liquidation: '58235.38', leverage: '10' };
    expect(liquidationAtLeverage({ ...p, amount: '0' }, 20)).toBeUndefined();
    expect(liquidationAtLeverage({ ...p, entry: '' }, 20)).toBeUndefined();
    expect(liquidationAtLeverage({ ...p, leverage: 'x' }, 20)).toBeUndefined();
    expect(heldLeverage('-0.5', '64000', '320')).toBe('100');
    expect(heldLeverage('0.5', '64000', '0')).toBeUndefined();
  });

  it('names the legs that would trigger only past it', () => {
    const legs = [
      { orderId: 1, kind: 'stopLoss' as const, activationPrice: '60000' },
      { orderId: 2, kind: 'takeProfit' as const, activationPrice: '70000' },
    ];
    // a long liquidated at 63,680 (100×): its stop-loss at 60,000 is beyond
    expect(legsBeyond('0.5', '63680', legs).map((l) => l.orderId)).toEqual([1]);
    expect(legsBeyond('0.5', '58000', legs)).toEqual([]);
    // a short liquidated at 64,320: its stop-loss at 70,000 is beyond
    expect(legsBeyond('-0.5', '64320', legs).map((l) => l.orderId)).toEqual([2]);
  });
});

/** Isolated margin: long entry × (1 − 1/L + m), short entry × (1 + 1/L − m). */
const formula = (price: Decimal, leverage: number, rate: Decimal, long: boolean) =>
  long
    ? price.mul(new Decimal(1).sub(new Decimal(1).div(leverage)).add(rate))
    : price.mul(new Decimal(1).add(new Decimal(1).div(leverage)).sub(rate));

describe('the liquidation price at another leverage, by the formula', () => {
  it('is the formula at the new leverage for any maintenance rate, starting from the exchange’s price now', () => {
    fc.assert(
      fc.property(
        entry,
        fc.integer({ min: 1, max: 9 }),
        level,
        level,
        fc.boolean(),
        (price, permille, now, next, long) => {
          const rate = new Decimal(permille).div(1000);
          const at = liquidationAtLeverage(
            {
              amount: long ? '0.5' : '-0.5',
              entry: price.toFixed(),
              liquidation: formula(price, now, rate, long).toFixed(),
              leverage: String(now),
            },
            next,
          );
          const expected = Decimal.max(formula(price, next, rate, long), 0);
          // the formula here is worked to decimal.js's default 20 digits
          expect(new Decimal(at ?? 'NaN').sub(expected).abs().lte('0.00000001')).toBe(true);
        },
      ),
    );
  });

  it('flags and refuses a stop-loss at or beyond it, on either side', () => {
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
