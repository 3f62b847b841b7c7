import { describe, expect, it } from 'vitest';
import { DecimalSum } from '../../../main/cache/decimal-sum.ts';

const sum = (...values: string[]) => {
  const s = new DecimalSum();
  for (const v of values) s.add(v);
  return s.toString();
};

describe('DecimalSum', () => {
  it('adds exactly where floating point does not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sum('0.1', '0.2')).toBe('0.3');
    expect(sum(...Array.from({ length: 1000 }, () => '0.000000000000000001'))).toBe('0.000000000000001');
  });

  it('mixes scales, signs and large values', () => {
    expect(sum('12345678901234567890.5', '0.000000000000000001', '-1')).toBe(
      '12345678901234567889.500000000000000001',
    );
    expect(sum('-0.5', '0.25')).toBe('-0.25');
    expect(sum('1.10', '-1.1')).toBe('0');
    expect(sum()).toBe('0');
  });

  it('accepts exponent notation through decimal.js and refuses garbage', () => {
    expect(sum('1e-8', '1')).toBe('1.00000001');
    expect(() => sum('abc')).toThrow();
  });

  it('stays exact past 2^53 units and across scale changes on the fast path', () => {
    const s = new DecimalSum();
    for (let i = 0; i < 5000; i++) s.add('999999999999.999');
    expect(s.toString()).toBe('4999999999999995');
    expect(sum('0.5', '0.25', '100000000000000.1', '-0.125')).toBe('100000000000000.725');
    expect(sum('1', '0.1', '9007199254740991', '9007199254740991.9')).toBe('18014398509481984');
    const a = new DecimalSum();
    a.add('1.5');
    const b = new DecimalSum();
    b.add('0.001');
    a.addSum(b);
    expect(a.toString()).toBe('1.501');
  });

  it('refuses malformed values also when they are short', () => {
    for (const bad of ['1-2', '--1', '1.2.3', '1..2', '-']) {
      expect(() => sum('0.1', bad), bad).toThrow();
    }
  });
});
