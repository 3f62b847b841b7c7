/**
 * Exact 10^-18 units (`main/cache/fixed.ts`): the digit-by-digit reading and the formatting checked
 * against decimal.js on any decimal, and the forms only the slow way reads.
 */
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '../../../main/cache/fixed.ts';

const Dec = Decimal.clone({ precision: 80 });
const E18 = new Dec(10).pow(18);
/** decimal.js's units of a decimal: rounded half away from zero at 18 decimals. */
const reference = (value: string) =>
  BigInt(new Dec(value).times(E18).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());

/** Plain decimals as an exchange writes them: a sign, up to 25 digits before and 24 after the point. */
const decimal = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^\d{1,25}$/),
    fc.option(fc.stringMatching(/^\d{1,24}$/), { nil: undefined }),
  )
  .map(
    ([negative, whole, fraction]) =>
      `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`,
  );

/** Short decimals, the fast path's own: at most 15 digits, at most 18 of them decimals. */
const short = fc
  .tuple(fc.boolean(), fc.integer({ min: 0, max: 999_999_999_999_999 }), fc.integer({ min: 0, max: 18 }))
  .map(([negative, n, scale]) => {
    const digits = String(n).padStart(scale + 1, '0');
    const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return negative ? `-${text}` : text;
  });

describe('toUnits and fromUnits', () => {
  it('read every plain decimal as decimal.js does, rounding past 18 decimals half away from zero', () => {
    fc.assert(
      fc.property(fc.oneof(decimal, short), (value) => {
        expect(toUnits(value)).toBe(reference(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('write any units as decimal.js writes their value, and read back what they wrote', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), (units) => {
        const text = fromUnits(units);
        expect(text).toBe(new Dec(units.toString()).div(E18).toFixed());
        expect(toUnits(text)).toBe(units);
      }),
      { numRuns: 5000 },
    );
    for (const units of [0n, 1n, -1n, 10n ** 18n, -(10n ** 17n), 123n * 10n ** 16n, 10n ** 18n - 1n])
      expect(fromUnits(units)).toBe(new Dec(units.toString()).div(E18).toFixed());
  });

  it('read exponents and leading or trailing points through decimal.js, and refuse anything else', () => {
    expect(toUnits('1e-8')).toBe(10n ** 10n);
    expect(toUnits('-2.5E+3')).toBe(-2500n * 10n ** 18n);
    expect(toUnits('.5')).toBe(5n * 10n ** 17n);
    expect(toUnits('007.50')).toBe(75n * 10n ** 17n);
    expect(toUnits('-0')).toBe(0n);
    expect(toUnits('0.0000000000000000005')).toBe(1n);
    expect(toUnits('-0.0000000000000000005')).toBe(-1n);
    expect(toUnits('0.0000000000000000004999')).toBe(0n);
    for (const bad of ['', '-', 'abc', '1-2', '--1', '1.2.3', '1..2'])
      expect(() => toUnits(bad), bad).toThrow();
  });
});
