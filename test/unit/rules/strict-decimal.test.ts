import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../main/ipc/errors.ts';
import { Dec, parseStrictDecimal } from '../../../main/rules/decimal.ts';
import { checkSizing, sizeFor } from '../../../main/features/desk/sizing.ts';

const PLAIN = /^\d+(\.\d+)?$/;
const plainDecimal = fc
  .tuple(fc.stringMatching(/^\d{1,12}$/), fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }))
  .map(([int, frac]) => (frac === undefined ? int : `${int}.${frac}`));

describe('strict decimal reading', () => {
  it('reads every plain decimal exactly', () => {
    fc.assert(
      fc.property(plainDecimal, (text) => {
        expect(parseStrictDecimal(text, 'amount').eq(new Dec(text))).toBe(true);
      }),
    );
  });

  it('refuses anything else, naming the field: hex, exponent, infinity, NaN, signs, spaces', () => {
    for (const bad of [
      '0x10',
      '1e3',
      '1E-2',
      'Infinity',
      '-Infinity',
      'NaN',
      '-1',
      '+1',
      ' 1',
      '1 ',
      '.5',
      '5.',
      '',
      '1,5',
      '0b1',
      '0o7',
    ])
      expect(() => parseStrictDecimal(bad, 'amount'), bad).toThrowError(UserFacingError);
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        fc.pre(!PLAIN.test(text));
        let error: unknown;
        try {
          parseStrictDecimal(text, 'total to split');
        } catch (e) {
          error = e;
        }
        expect(error).toMatchObject({ code: 'invalid_input', field: 'total to split' });
        expect((error as Error).message).toMatch(/^The total to split must be a plain number/);
      }),
    );
  });
});

const market = {
  stockPrec: 4,
  moneyPrec: 2,
  minAmount: '0.001',
  minTotal: '5',
  maxTotal: '0',
  tickSize: '0.01',
  stepSize: '0.0005',
};
const ctx = { market, side: 'buy' as const, quoteAmount: false, price: '200' };

describe('desk sizing never gives more than was asked', () => {
  it('splits a total by weight into amounts on the grid that add up to at most the total', () => {
    fc.assert(
      fc.property(
        plainDecimal,
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          fc.pre(new Dec(total).gt(0));
          const ids = weights.map((_, i) => `a${String(i)}`);
          const sizing = {
            kind: 'weight' as const,
            total,
            weights: Object.fromEntries(ids.map((id, i) => [id, weights[i] ?? 0])),
          };
          const amounts = ids.map((id) => sizeFor(sizing, id, ids, ctx));
          const sum = amounts.reduce((s, a) => s.plus(a ?? 0), new Dec(0));
          expect(sum.lte(total)).toBe(true);
          for (const a of amounts) if (a !== undefined) expect(new Dec(a).mod('0.0005').isZero()).toBe(true);
        },
      ),
    );
  });

  it('takes at most the share of the balance, and refuses a share above 1 or a malformed one', () => {
    fc.assert(
      fc.property(plainDecimal, fc.integer({ min: 1, max: 100 }), (available, percent) => {
        const share = new Dec(percent).div(100).toFixed();
        const amount = sizeFor({ kind: 'share', share }, 'a', ['a'], { ...ctx, side: 'sell' }, available);
        expect(new Dec(amount ?? '0').lte(new Dec(available).times(share))).toBe(true);
      }),
    );
    for (const share of ['1.5', '1e-1', '-0.5', 'Infinity', '0x1', '0'])
      expect(() => checkSizing({ kind: 'share', share }, undefined), share).toThrowError(
        expect.objectContaining({ field: 'sizing.share' }) as Error,
      );
  });
});
