/**
 * A withdrawal's fee from the account's own fee schedule: the entry of the currency on the network
 * before the currency's own; a fixed fee as it is; a percent fee of the amount held between its
 * minimum and maximum (a zero maximum is none), exactly, in decimal.
 */
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { withdrawFeeFor, withdrawFeeOf, withdrawFeeViews } from '../../../main/services/wallet/fees.ts';

const figures = (w: Record<string, string>) => ({
  minFlex: '0',
  maxFlex: '0',
  percentFlex: '0',
  fixed: '0',
  minAmount: '0',
  maxAmount: '0',
  ...w,
});
const dec = fc
  .tuple(fc.integer({ min: 0, max: 10 ** 6 }), fc.integer({ min: 0, max: 10 ** 6 }))
  .map(([i, f]) => `${String(i)}.${String(f).padStart(6, '0')}`.replace(/\.?0+$/, '') || '0');

describe("the account's withdrawal fee", () => {
  it('reads the schedule per currency and network, the network first', () => {
    const views = withdrawFeeViews([
      { ticker: 'USDT', withdraw: figures({ fixed: '1' }) },
      { ticker: 'USDT (TRC20)', withdraw: figures({ fixed: '0.8' }) },
      { ticker: 'BTC', withdraw: figures({ fixed: '0.0004', percentFlex: '0.1', minFlex: '0.0002' }) },
      { ticker: 'XYZ' },
    ]);
    expect(withdrawFeeOf(views, 'USDT', 'TRC20')?.fixed).toBe('0.8');
    expect(withdrawFeeOf(views, 'USDT', 'ERC20')?.fixed).toBe('1');
    expect(withdrawFeeOf(views, 'USDT', undefined)?.fixed).toBe('1');
    expect(withdrawFeeOf(views, 'BTC', 'BTC')?.flex).toEqual({ percent: '0.1', min: '0.0002', max: null });
    expect(withdrawFeeOf(views, 'XYZ', undefined)).toBeUndefined();
  });

  it('is the fixed fee, or the percent of the amount between its bounds, exactly', () => {
    fc.assert(
      fc.property(dec, dec, dec, dec, dec, (amount, fixed, percent, min, max) => {
        const [view] = withdrawFeeViews([
          { ticker: 'ETH', withdraw: figures({ fixed, percentFlex: percent, minFlex: min, maxFlex: max }) },
        ]);
        if (!view) throw new Error('no view');
        const fee = new Decimal(withdrawFeeFor(view, amount));
        if (new Decimal(percent).isZero()) {
          expect(fee.eq(fixed)).toBe(true);
          return;
        }
        const raw = new Decimal(amount).times(percent).div(100);
        const floor = Decimal.max(raw, min);
        const expected = new Decimal(max).isZero() ? floor : Decimal.min(floor, max);
        expect(fee.eq(expected)).toBe(true);
      }),
    );
  });
});
