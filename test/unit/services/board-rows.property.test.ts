// A board row values every balance at its USDT price, decimal-exact: checked against the sum worked
// out directly, for balances of any size, zero in any of the forms the exchange writes it, and assets
// without a price (left out of the sums and named).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../main/rules/decimal.ts';
import { boardRow, type Prices } from '../../../main/services/desk/board-rows.ts';

const ASSETS = ['USDT', 'BTC', 'ETH', 'LTC', 'DOGE'];
const PRICES: Prices = { assets: { BTC: '64250.5', ETH: '3150.25', LTC: '82.125' }, marks: {} };

/** An amount as the exchange writes it: zero in its usual forms, or a positive decimal. */
const amount = fc.oneof(
  fc.constantFrom('0', '0.0', '0.00000000', '00'),
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
    .map(([units, places]) => new Dec(units.toString()).div(new Dec(10).pow(places)).toFixed(places)),
);

const show = (d: Dec) => d.toDecimalPlaces(2, Dec.ROUND_HALF_EVEN).toFixed(2);
const priceOf = (asset: string) => (asset === 'USDT' ? '1' : PRICES.assets[asset]);

describe('boardRow', () => {
  it('values spot and collateral balances at their prices, naming the assets it could not value', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...ASSETS), fc.record({ available: amount, freeze: amount })),
        fc.dictionary(fc.constantFrom(...ASSETS), amount),
        (spot, collateral) => {
          const row = boardRow(
            { id: 'a', label: 'A', kind: 'sub', groups: [] },
            { spot: { value: spot, asOfMs: 1 }, collateral: { value: collateral, asOfMs: 2 } },
            PRICES,
          );
          const unvalued = new Set<string>();
          const value = (text: string, asset: string): Dec => {
            const d = new Dec(text);
            if (d.isZero()) return new Dec(0);
            const price = priceOf(asset);
            if (price === undefined) {
              unvalued.add(asset);
              return new Dec(0);
            }
            return d.times(price);
          };
          let free = new Dec(0);
          let locked = new Dec(0);
          let held = new Dec(0);
          for (const [asset, b] of Object.entries(spot)) {
            free = free.plus(value(b.available, asset));
            locked = locked.plus(value(b.freeze, asset));
          }
          for (const [asset, text] of Object.entries(collateral)) held = held.plus(value(text, asset));
          expect(row.free).toBe(show(free));
          expect(row.locked).toBe(show(locked));
          expect(row.collateral).toBe(show(held));
          expect(row.equity).toBe(show(free.plus(locked).plus(held)));
          expect(row.unvalued).toEqual(unvalued.size > 0 ? [...unvalued].sort() : undefined);
          expect(row.asOfMs).toBe(1);
        },
      ),
    );
  });
});
