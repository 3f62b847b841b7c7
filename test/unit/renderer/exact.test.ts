import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  decimalPlaces,
  isPositiveDecimal,
  parseDecimal,
} from '../../../renderer/src/lib/format/decimal.ts';
import {
  addDecimal,
  divideDecimal,
  multiplyDecimal,
  subtractDecimal,
  sumDecimals,
} from '../../../renderer/src/lib/format/exact.ts';
import { formatNumber } from '../../../renderer/src/lib/format/number.ts';
import { scaledModel } from './scaled-decimal-model.ts';

describe("the renderer's one decimal arithmetic (decimal.js)", () => {
  it('adds, subtracts and multiplies without binary rounding, beyond what a double holds', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimal('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimal('0.1', '0.3')).toBe('-0.2');
    expect(subtractDecimal('1000', '500.25')).toBe('499.75');
    expect(multiplyDecimal('64250.5', '0.0001')).toBe('6.42505');
    expect(multiplyDecimal('123456789012345678.9', '10')).toBe('1234567890123456789');
    expect(addDecimal('9007199254740993.000000000000000001', '1')).toBe(
      '9007199254740994.000000000000000001',
    );
  });

  it('writes every result the same way: no trailing zeros, no negative zero', () => {
    expect(addDecimal('1.50', '1')).toBe('2.5');
    expect(multiplyDecimal('1.10', '3')).toBe('3.3');
    expect(addDecimal('-1.5', '1.5')).toBe('0');
    expect(sumDecimals(['0.10', '0.20'])).toBe('0.3');
    expect(divideDecimal('1', '4', 4)).toBe('0.25');
  });

  it('divides to a number of places, cut toward zero', () => {
    expect(divideDecimal('1', '3', 4)).toBe('0.3333');
    expect(divideDecimal('-2', '3', 2)).toBe('-0.66');
    expect(divideDecimal('1', '0', 2)).toBeUndefined();
  });

  it('sums typed values, or says one is not a decimal', () => {
    expect(sumDecimals(['0.001', '0.001', '1.0000000000000000001'])).toBe('1.0020000000000000001');
    expect(sumDecimals([])).toBe('0');
    expect(sumDecimals(['1', 'x'])).toBeUndefined();
    expect(() => addDecimal('abc', '1')).toThrow(RangeError);
  });

  it('reads decimals as typed', () => {
    expect(decimalPlaces('1.50')).toBe(2);
    expect(isPositiveDecimal('0.001')).toBe(true);
    expect(isPositiveDecimal('0')).toBe(false);
    expect(isPositiveDecimal('-1')).toBe(false);
    expect(isPositiveDecimal('1e3')).toBe(false);
  });

  it('agrees with integer arithmetic scaled by a power of ten', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }))
      .map(([units, scale]) => ({ units, scale }));
    const text = ({ units, scale }: { units: bigint; scale: number }) => {
      const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
      const body = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
      return units < 0n ? `-${body}` : body;
    };
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const sum = addDecimal(text(a), text(b));
        const back = subtractDecimal(sum, text(b));
        expect(subtractDecimal(back, text(a))).toBe('0');
        expect(sumDecimals([text(a), text(b)])).toBe(sum);
      }),
    );
  });

  it('gives what the scaled-integer arithmetic the screens used before gave, for every operation they use', () => {
    fc.assert(
      fc.property(typed, typed, fc.integer({ min: 0, max: 12 }), (a, b, places) => {
        expect(addDecimal(a, b)).toBe(scaledModel.add(a, b));
        expect(subtractDecimal(a, b)).toBe(scaledModel.subtract(a, b));
        expect(multiplyDecimal(a, b)).toBe(scaledModel.multiply(a, b));
        expect(divideDecimal(a, b, places)).toBe(scaledModel.divide(a, b, places));
        expect(sumDecimals([a, b, a])).toBe(scaledModel.sum([a, b, a]));
        expect(Math.sign(compareDecimal(a, b))).toBe(scaledModel.compare(a, b));
        expect(isPositiveDecimal(a)).toBe(scaledModel.isPositive(a));
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds a written number to its places as before: half away from zero, or cut for what may be spent', () => {
    fc.assert(
      fc.property(typed, fc.integer({ min: 0, max: 10 }), fc.boolean(), (value, places, down) => {
        const round = down ? 'down' : 'nearest';
        const written = formatNumber(value, { places, round }).replaceAll(',', '');
        expect(written).toBe(scaledModel.round(value, places, round));
      }),
      { numRuns: 2000 },
    );
    expect(formatNumber('-0.004', { places: 2 })).toBe('0.00');
    expect(formatNumber('2.345', { places: 2 })).toBe('2.35');
    expect(formatNumber('-2.345', { places: 2 })).toBe('-2.35');
    expect(formatNumber('2.349', { places: 2, round: 'down' })).toBe('2.34');
    expect(formatNumber('999.995', { places: 2 })).toBe('1,000.00');
  });

  it('reads only plain decimals: an exponent, "Infinity" or a hex literal is not a number here', () => {
    for (const text of ['1e3', 'Infinity', 'NaN', '0x10', '.5', '1.', '1,000'])
      expect(() => addDecimal(text, '1'), text).toThrow(RangeError);
    expect(sumDecimals(['1', '1e3'])).toBeUndefined();
    expect(parseDecimal('  -0.0 ')).toEqual({ sign: '', int: '0', frac: '0' });
    expect(compareDecimal('abc', '1')).toBe(1);
    expect(compareDecimal('-0', '0')).toBe(0);
  });
});

/** Decimal text as the exchange and a person write it: signs, leading and trailing zeros, long fractions. */
const typed = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.bigInt({ min: 0n, max: 10n ** 30n }),
    fc.integer({ min: 0, max: 14 }),
    fc.nat({ max: 2 }),
  )
  .map(([sign, units, scale, pad]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    const body = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}${'0'.repeat(pad)}` : digits;
    return `${sign}${'0'.repeat(pad)}${body}`;
  });
