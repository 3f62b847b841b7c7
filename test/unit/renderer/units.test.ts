import { describe, expect, it } from 'vitest';
import { formatFraction, formatHashrate } from '../../../renderer/src/lib/format/units.ts';

describe('formatHashrate', () => {
  it('scales to the largest unit with an integer part of at least 1, cut (never rounded up) to 2 places', () => {
    expect(formatHashrate('285000000000000')).toEqual({
      text: '285 TH/s',
      title: '285,000,000,000,000 H/s',
    });
    expect(formatHashrate('1140000000000000').text).toBe('1.14 PH/s');
    expect(formatHashrate('1999999').text).toBe('1.99 MH/s');
    expect(formatHashrate('1500').text).toBe('1.5 kH/s');
    expect(formatHashrate('999').text).toBe('999 H/s');
    expect(formatHashrate('0').text).toBe('0 H/s');
    expect(formatHashrate('12.75').text).toBe('12.75 H/s');
    expect(formatHashrate('3000000000000000000').text).toBe('3 EH/s');
    // Beyond exa the unit stays EH/s and the integer grows, grouped.
    expect(formatHashrate('4000000000000000000000').text).toBe('4,000 EH/s');
    expect(formatHashrate('fast')).toEqual({ text: 'fast', title: 'fast' });
  });
});

describe('formatFraction', () => {
  it('shows a fraction as an exact percentage', () => {
    expect(formatFraction('0.02')).toBe('2 %');
    expect(formatFraction('0.0025')).toBe('0.25 %');
    expect(formatFraction('1')).toBe('100 %');
    expect(formatFraction('0')).toBe('0 %');
    expect(formatFraction('n/a')).toBe('n/a');
  });
});
