import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvLine, isoMicros, isoMicrosOf } from '../../../main/cache/csv.ts';

describe('csv', () => {
  it('quotes fields holding a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('defuses text that a spreadsheet would run as a formula, but never numbers', () => {
    expect(csvField('=HYPERLINK("x")', true)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@cmd', true)).toBe("'@cmd");
    expect(csvField('-0.1')).toBe('-0.1');
  });

  it('defuses text starting with any of = + - @ tab or CR', () => {
    const cases: Array<[string, string]> = [
      ['=1+2', "'=1+2"],
      ['+1', "'+1"],
      ['-2+3', "'-2+3"],
      ['-order-1', "'-order-1"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=cmd', "'\t=cmd"],
      ['\r=cmd', `"'\r=cmd"`],
      ['order-1', 'order-1'],
      [' =x', ' =x'],
    ];
    for (const [input, expected] of cases) {
      expect(csvField(input, true), JSON.stringify(input)).toBe(expected);
    }
    expect(csvField('-0.1')).toBe('-0.1');
  });

  it('ends lines with CRLF and renders microseconds in UTC', () => {
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
    expect(isoMicros(1594297218906802)).toBe('2020-07-09T12:20:18.906802Z');
    expect(isoMicros(1000)).toBe('1970-01-01T00:00:00.001000Z');
  });

  it("writes every time as the Date's own text does, in any order of days (the day kept between calls)", () => {
    const time = fc.oneof(
      fc.maxSafeNat(),
      fc.integer({ min: 1_700_000_000_000_000, max: 1_800_000_000_000_000 }),
      fc.integer({ min: -5_000_000_000_000, max: 5_000_000_000_000 }),
    );
    fc.assert(
      fc.property(fc.array(time, { minLength: 1, maxLength: 20 }), (times) => {
        for (const t of times) expect(isoMicros(t)).toBe(isoMicrosOf(t));
      }),
      { numRuns: 2000 },
    );
    expect(isoMicros(1.5)).toBe(isoMicrosOf(1.5));
  });
});
