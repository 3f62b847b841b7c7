import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  holdsSomething,
  nearestIndex,
  pathOf,
  timesOf,
  valueAt,
} from '../../../renderer/src/lib/format/chart.ts';

const s = (id: string, pts: Array<[number, number]>) => ({
  id,
  label: id,
  points: pts.map(([t, v]) => ({ t, v })),
});

describe('chart geometry', () => {
  it('spans every series and skips points that are not finite', () => {
    expect(
      boundsOf([
        s('a', [
          [10, 5],
          [20, 7],
        ]),
        s('b', [
          [5, 9],
          [30, Number.NaN],
        ]),
      ]),
    ).toEqual({ t0: 5, t1: 20, v0: 5, v1: 9 });
    expect(boundsOf([s('a', [])])).toBeUndefined();
  });

  it('widens a single point or a flat line so it still draws', () => {
    expect(boundsOf([s('a', [[100, 4]])])).toEqual({ t0: -900, t1: 1100, v0: 3.96, v1: 4.04 });
    expect(boundsOf([s('a', [[100, 0]])])).toMatchObject({ v0: -1, v1: 1 });
  });

  it('draws lines or steps with y growing downwards', () => {
    const b = { t0: 0, t1: 10, v0: 0, v1: 4 };
    const pts = s('a', [
      [0, 0],
      [5, 4],
      [10, 2],
    ]).points;
    expect(pathOf(pts, b, 100, 40)).toBe('M0 40L50 0L100 20');
    expect(pathOf(pts, b, 100, 40, true)).toBe('M0 40H50V0H100V20');
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
