import { describe, expect, it } from 'vitest';
import {
  chartTime,
  holdsSomething,
  lineData,
  momentOf,
  nearestIndex,
  timesOf,
  valueAt,
} from '../../../renderer/src/lib/format/chart.ts';

const s = (id: string, pts: Array<[number, number]>) => ({
  id,
  label: id,
  points: pts.map(([t, v]) => ({ t, v })),
});

describe('line chart data', () => {
  it('gives the chart library whole seconds in order, once each, and only finite values', () => {
    const pts = s('a', [
      [1_000, 1],
      [1_400, 2],
      [1_999, 3],
      [2_000, Number.NaN],
      [3_000, 4],
      [2_500, 9],
      [Number.POSITIVE_INFINITY, 5],
      [4_000, 6],
    ]).points;
    expect(lineData(pts, false)).toEqual([
      { time: 1, value: 3 },
      { time: 3, value: 4 },
      { time: 4, value: 6 },
    ]);
    expect(lineData([])).toEqual([]);
  });

  it('hands the library local wall-clock seconds, and reads them back to the moment', () => {
    const ms = Date.UTC(2026, 6, 1, 12, 0, 30);
    const offset = new Date(ms).getTimezoneOffset() * 60;
    expect(chartTime(ms)).toBe(ms / 1000 - offset);
    expect(chartTime(ms, false)).toBe(ms / 1000);
    expect(momentOf(chartTime(ms))).toBe(ms);
    expect(lineData([{ t: ms, v: 1 }])).toEqual([{ time: chartTime(ms), value: 1 }]);
  });

  it('finds the nearest time and the value in force at a time', () => {
    const times = timesOf([
      s('a', [
        [30, 1],
        [10, 1],
      ]),
      s('b', [[20, 1]]),
    ]);
    expect(times).toEqual([10, 20, 30]);
    expect(nearestIndex(times, 0)).toBe(0);
    expect(nearestIndex(times, 16)).toBe(1);
    expect(nearestIndex(times, 26)).toBe(2);
    expect(nearestIndex(times, 99)).toBe(2);
    expect(nearestIndex([], 5)).toBe(-1);
    const pts = s('a', [
      [10, 1],
      [20, 2],
    ]).points;
    expect(valueAt(pts, 5)).toBeUndefined();
    expect(valueAt(pts, 15)).toBe(1);
    expect(valueAt(pts, 20)).toBe(2);
  });

  it('is drawn only once a series has moved: nothing, one point or a flat line is not', () => {
    expect(holdsSomething([])).toBe(false);
    expect(holdsSomething([s('a', [])])).toBe(false);
    expect(holdsSomething([s('a', [[1, 5]])])).toBe(false);
    expect(
      holdsSomething([
        s('a', [
          [1, 5],
          [2, 5],
          [3, 5],
        ]),
        s('b', [[1, 7]]),
      ]),
    ).toBe(false);
    expect(
      holdsSomething([
        s('a', [
          [1, 5],
          [2, Number.NaN],
        ]),
      ]),
    ).toBe(false);
    expect(
      holdsSomething([
        s('a', [
          [1, 5],
          [2, 5],
        ]),
        s('b', [
          [1, 7],
          [2, 7.5],
        ]),
      ]),
    ).toBe(true);
  });
});
