import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { csvField } from '../../../renderer/src/lib/format/csv.ts';
import {
  abbreviate,
  alignDecimals,
  compareDecimal,
  groupThousands,
  isDecimal,
  parseDecimal,
} from '../../../renderer/src/lib/format/decimal.ts';
import {
  formatAsOf,
  formatAxisTime,
  formatClock,
  formatLocalTime,
  formatUtcTime,
  showTime,
  showUtcDay,
} from '../../../renderer/src/lib/format/time.ts';

describe('decimal strings', () => {
  it('parses without Number, keeping every digit', () => {
    expect(parseDecimal('-0012.3400')).toEqual({ sign: '-', int: '12', frac: '3400' });
    expect(parseDecimal('-0.000')).toEqual({ sign: '', int: '0', frac: '000' });
    expect(parseDecimal('123456789012345678901234.5')?.int).toBe('123456789012345678901234');
    expect(isDecimal('1e5')).toBe(false);
    expect(isDecimal('.5')).toBe(false);
    expect(isDecimal('NaN')).toBe(false);
  });

  it('compares by value beyond double precision', () => {
    expect(compareDecimal('0.30000000000000000001', '0.3')).toBe(1);
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('-2', '-10')).toBe(1);
    expect(compareDecimal('-0.0', '0')).toBe(0);
    expect(compareDecimal('99999999999999999999', '100000000000000000000')).toBe(-1);
    expect(compareDecimal('n/a', '5')).toBe(1);
  });

  it('groups thousands and aligns decimal points without inventing zeros', () => {
    expect(groupThousands('64250.50')).toBe('64,250.50');
    expect(groupThousands('-1234567')).toBe('-1,234,567');
    expect(groupThousands('999')).toBe('999');
    expect(alignDecimals(['1.5', '20.125', '3'])).toEqual([
      '1.5\u2007\u2007',
      '20.125',
      '3\u2008\u2007\u2007\u2007',
    ]);
    expect(alignDecimals(['1', '22'])).toEqual(['1', '22']);
  });

  it('abbreviates by cutting digits (never rounding up) and keeps the full value', () => {
    expect(abbreviate('1234567.891')).toEqual({ text: '1.23M', full: '1,234,567.891', abbreviated: true });
    expect(abbreviate('1999999')).toEqual({ text: '1.99M', full: '1,999,999', abbreviated: true });
    expect(abbreviate('-25000')).toEqual({ text: '-25K', full: '-25,000', abbreviated: true });
    expect(abbreviate('9999.99').abbreviated).toBe(false);
    expect(abbreviate('9999.99').text).toBe('9,999.99');
    expect(abbreviate('123456789012345').text).toBe('123T');
    expect(abbreviate('4200000000').text).toBe('4.2B');
  });
});

describe('timestamps', () => {
  const ms = Date.UTC(2026, 10, 22, 11, 10, 29, 123);

  it("shows the user's zone with seconds, and UTC with milliseconds for the tooltip", () => {
    expect(formatLocalTime(ms, 'UTC')).toBe('2026-11-22 11:10:29');
    expect(formatLocalTime(ms, 'Europe/Berlin')).toBe('2026-11-22 12:10:29');
    expect(formatLocalTime(ms, 'America/New_York')).toBe('2026-11-22 06:10:29');
    expect(formatLocalTime(Date.UTC(2026, 0, 1, 0, 0, 0), 'UTC')).toBe('2026-01-01 00:00:00');
    expect(formatUtcTime(ms)).toBe('2026-11-22 11:10:29.123 UTC');
    expect(showTime(ms, 'Asia/Tokyo')).toEqual({
      text: '2026-11-22 20:10:29',
      title: '2026-11-22 11:10:29.123 UTC (local GMT+9)',
      iso: '2026-11-22T11:10:29.123Z',
    });
  });

  it("says a record of the exchange's day by that day in UTC, whatever the user's zone", () => {
    const day = Date.UTC(2026, 11, 5);
    // midnight UTC is still the 4th in New York: the reward is the 5th's
    expect(showUtcDay(day, 'America/New_York')).toEqual({
      text: '2026-12-05',
      title: "The exchange's day (UTC): 2026-12-05 00:00:00.000 UTC (local EST)",
      iso: '2026-12-05T00:00:00.000Z',
    });
  });

  describe("in the system's zone", () => {
    const saved = process.env.TZ;
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    });

    it("reads the date's own local fields as the zone's formatter writes them, summer and winter alike", () => {
      for (const zone of [
        'UTC',
        'Europe/Berlin',
        'America/New_York',
        'Asia/Kolkata',
        'Australia/Lord_Howe',
      ]) {
        process.env.TZ = zone;
        fc.assert(
          fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (t) => {
            expect(formatLocalTime(t)).toBe(formatLocalTime(t, zone));
            expect(formatClock(t)).toBe(formatClock(t, zone));
            expect(formatAsOf(t, t + 90_000)).toBe(formatAsOf(t, t + 90_000, zone));
          }),
          { numRuns: 300 },
        );
      }
    });
  });

  it("writes a chart's time-axis labels in UTC as the English locale does, without a locale formatter", () => {
    const parts = {
      year: { year: 'numeric' },
      month: { month: 'short' },
      day: { day: 'numeric' },
      minute: { hourCycle: 'h23', hour: '2-digit', minute: '2-digit' },
      second: { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' },
    } as const;
    const times = [
      ms,
      Date.UTC(2026, 0, 1, 0, 0, 0),
      Date.UTC(2025, 4, 9, 23, 59, 5),
      Date.UTC(2027, 11, 31, 7, 3, 0),
    ];
    for (const t of times)
      for (const [part, options] of Object.entries(parts)) {
        const expected = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(t);
        expect(formatAxisTime(t / 1000, part as keyof typeof parts)).toBe(expected);
      }
    expect(formatAxisTime(ms / 1000, 'month')).toBe('Nov');
    expect(formatAxisTime(ms / 1000, 'second')).toBe('11:10:29');
  });
});

describe('csvField', () => {
  it('quotes separators and defuses formulas in text only', () => {
    expect(csvField('a"b')).toBe('"a""b"');
    expect(csvField('-0.1')).toBe('-0.1');
    expect(csvField('+1', true)).toBe("'+1");
  });

  it('defuses text starting with any of = + - @ tab or CR, as main does', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvField(`${start}1`, true)).toBe(`'${start}1`);
    expect(csvField('\r1', true)).toBe(`"'\r1"`);
    expect(csvField('-order-1', true)).toBe("'-order-1");
    expect(csvField('-0.1')).toBe('-0.1');
  });
});
