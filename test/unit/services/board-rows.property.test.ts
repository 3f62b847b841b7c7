// A board row values every balance at its USDT price, decimal-exact: checked against the sum worked
// out directly, for balances of any size, zero in any of the forms the exchange writes it, and assets
// without a price (left out of the sums and named). Its position figures (PnL, margin, margin ratio,
// nearest liquidation) are checked the same way against the rules' 80-digit decimals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../main/rules/decimal.ts';
import type { PositionView } from '../../../main/views/positions.ts';
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

  it('sums position PnL and margin, and works out the margin ratio and the nearest liquidation in %', () => {
    /** A price or amount as the exchange writes it: up to 8 places, up to ten million. */
    const price = fc
      .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 99_999_999 }))
      .map(([units, eighths]) => `${String(units)}.${String(eighths).padStart(8, '0')}`);
    const signed = fc.tuple(fc.boolean(), price).map(([minus, p]) => (minus ? `-${p}` : p));
    const markets = ['BTC_PERP', 'ETH_PERP', 'NOMARK_PERP'];
    const position = fc.record({
      market: fc.constantFrom(...markets),
      pnl: signed,
      margin: price,
      liquidationPrice: fc.option(price, { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.array(position, { maxLength: 4 }),
        price,
        price,
        price,
        (list, btc, eth, collateralUsdt) => {
          const prices: Prices = { assets: {}, marks: { BTC_PERP: btc, ETH_PERP: eth } };
          const positions: PositionView[] = list.map((p, i) => ({ positionId: i + 1, amount: '1', ...p }));
          const row = boardRow(
            { id: 'a', label: 'A', kind: 'sub', groups: [] },
            {
              collateral: { value: { USDT: collateralUsdt }, asOfMs: 1 },
              positions: { value: positions, asOfMs: 1 },
            },
            prices,
          );
          let pnl = new Dec(0);
          let margin = new Dec(0);
          let nearest: Dec | undefined;
          for (const p of list) {
            pnl = pnl.plus(p.pnl);
            margin = margin.plus(p.margin);
            const mark = prices.marks[p.market];
            if (mark === undefined || p.liquidationPrice === undefined) continue;
            const distance = new Dec(mark).minus(p.liquidationPrice).abs().div(mark).times(100);
            if (nearest === undefined || distance.lt(nearest)) nearest = distance;
          }
          const base = new Dec(collateralUsdt).plus(pnl);
          expect(row.openPositions).toBe(list.length);
          expect(row.unrealizedPnl).toBe(show(pnl));
          expect(row.marginUsed).toBe(show(margin));
          expect(row.marginRatio).toBe(
            list.length > 0 && base.gt(0) ? show(margin.div(base).times(100)) : undefined,
          );
          expect(row.liquidationDistance).toBe(nearest === undefined ? undefined : show(nearest));
          expect(row.equity).toBe(show(base));
        },
      ),
    );
  });

  it('shows an amount that rounds to nothing as 0.00, never -0.00', () => {
    const row = boardRow(
      { id: 'a', label: 'A', kind: 'sub', groups: [] },
      {
        collateral: { value: { USDT: '0' }, asOfMs: 1 },
        positions: {
          value: [{ positionId: 1, market: 'BTC_PERP', amount: '1', pnl: '-0.004', margin: '0' }],
          asOfMs: 1,
        },
      },
      { assets: {}, marks: {} },
    );
    expect(row.unrealizedPnl).toBe('0.00');
    expect(row.equity).toBe('0.00');
  });
});
