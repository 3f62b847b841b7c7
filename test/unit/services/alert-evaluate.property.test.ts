/**
 * The firing rules of alerts: a price alert fires on a cross only (never on the first price seen,
 * once when one-shot, once per cross when repeating); an account alert fires once per entry into its
 * alert state and does not fire again while the value wobbles inside the clearing band.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../main/rules/decimal.ts';
import {
  beyond,
  clearLevel,
  crossStep,
  levelStep,
  type Direction,
} from '../../../main/features/alerts/evaluate.ts';

/** Prices as decimal strings with up to 4 places, around a level of 100. */
const price = fc.integer({ min: 0, max: 2_000_000 }).map((n) => new Dec(n).div(10_000));
const direction = fc.constantFrom<Direction>('above', 'below');
const level = new Dec(100);

/** Runs a one-shot or repeating price alert over the prices; answers the indexes it fired at. */
function runPrice(prices: Dec[], dir: Direction, repeat: boolean): number[] {
  let side: boolean | undefined;
  let armed = true;
  const fired: number[] = [];
  prices.forEach((p, i) => {
    if (!armed) return;
    const step = crossStep(side, p, dir, level);
    side = step.beyond;
    if (step.fired) {
      fired.push(i);
      if (!repeat) armed = false;
    }
  });
  return fired;
}

describe('price alert: crossing a level', () => {
  it('fires exactly where the price moves from the near side to the level or past it', () => {
    fc.assert(
      fc.property(fc.array(price, { maxLength: 60 }), direction, (prices, dir) => {
        const crosses = prices.flatMap((p, i) => {
          const before = prices[i - 1];
          return i > 0 && before && !beyond(before, dir, level) && beyond(p, dir, level) ? [i] : [];
        });
        expect(runPrice(prices, dir, true)).toEqual(crosses);
        expect(runPrice(prices, dir, false)).toEqual(crosses.slice(0, 1));
      }),
    );
  });

  it('never fires on the first price seen, even beyond the level', () => {
    fc.assert(
      fc.property(price, direction, (p, dir) => {
        expect(crossStep(undefined, p, dir, level).fired).toBe(false);
      }),
    );
  });

  it('reaching the level exactly counts as crossing it', () => {
    expect(crossStep(false, new Dec('100.0'), 'above', level).fired).toBe(true);
    expect(crossStep(false, new Dec('100'), 'below', level).fired).toBe(true);
    expect(crossStep(false, new Dec('99.99999999'), 'above', level).fired).toBe(false);
  });
});

/** Runs an account alert over readings; answers the indexes it fired at and the state at each. */
function runLevel(values: Array<Dec | undefined>, dir: Direction, threshold: Dec) {
  let inAlert = false;
  const fired: number[] = [];
  const states: boolean[] = [];
  values.forEach((v, i) => {
    const step = levelStep(inAlert, v, dir, threshold);
    inAlert = step.inAlert;
    states.push(inAlert);
    if (step.fired) fired.push(i);
  });
  return { fired, states };
}

const reading = fc.option(
  fc.integer({ min: 0, max: 20_000 }).map((n) => new Dec(n).div(100)),
  { nil: undefined, freq: 10 },
);
const threshold = fc.integer({ min: 1, max: 10_000 }).map((n) => new Dec(n).div(100));

describe('account alert: entering and leaving the alert state', () => {
  it('fires once per entry, and between two firings the value went back past the clearing level', () => {
    fc.assert(
      fc.property(fc.array(reading, { maxLength: 80 }), direction, threshold, (values, dir, t) => {
        const { fired } = runLevel(values, dir, t);
        const clear = clearLevel(dir, t);
        for (const i of fired) expect(beyond(values[i] as Dec, dir, t)).toBe(true);
        for (let k = 1; k < fired.length; k++) {
          const between = values.slice((fired[k - 1] ?? 0) + 1, fired[k]);
          const cleared = between.some(
            (v) => v === undefined || (dir === 'above' ? v.lt(clear) : v.gt(clear)),
          );
          expect(cleared).toBe(true);
        }
      }),
    );
  });

  it('a value wobbling between the threshold and the clearing level fires once', () => {
    fc.assert(
      fc.property(
        direction,
        threshold,
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 50 }),
        (dir, t, wobble) => {
          const clear = clearLevel(dir, t);
          // each reading sits between the clearing level and the threshold (both included)
          const values = wobble.map((w) => clear.plus(t.minus(clear).times(w).div(1000)));
          const { fired } = runLevel([t, ...values], dir, t);
          expect(fired).toEqual([0]);
        },
      ),
    );
  });

  it('no open position (no figure) clears the state, so the next entry fires again', () => {
    const t = new Dec(5);
    const { fired, states } = runLevel([new Dec('4.2'), undefined, new Dec('4.9')], 'below', t);
    expect(fired).toEqual([0, 2]);
    expect(states).toEqual([true, false, true]);
  });

  it('the clearing level is 5 % of the threshold beyond it', () => {
    expect(clearLevel('above', new Dec(80)).toFixed()).toBe('76');
    expect(clearLevel('below', new Dec(5)).toFixed()).toBe('5.25');
    expect(levelStep(true, new Dec('5.25'), 'below', new Dec(5)).inAlert).toBe(true);
    expect(levelStep(true, new Dec('5.26'), 'below', new Dec(5)).inAlert).toBe(false);
  });
});
