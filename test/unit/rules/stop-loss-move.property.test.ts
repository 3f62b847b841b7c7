/**
 * A stop-loss moved (`main/rules/stop-loss-move.ts`): for a long or a short, moved farther from the
 * price it protects less (and main asks), moved closer it protects more (and goes at once); what more
 * the position can lose is its size times the distance moved, and nothing for a move closer.
 */
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addedLoss, stopLossMove } from '../../../main/rules/stop-loss-move.ts';

/** A positive price on a 0.01 tick, as a whole number of ticks. */
const ticks = fc.integer({ min: 1, max: 20_000_000 });
const text = (n: number) => new Decimal(n).div(100).toFixed();
const direction = fc.constantFrom('long' as const, 'short' as const);
const size = fc.integer({ min: 1, max: 100_000 }).map((n) => new Decimal(n).div(1000).toFixed());

/**
 * A mark and two stop-loss triggers on its loss side (below it for a long, above it for a short), the
 * first nearer the mark than the second by at least one tick.
 */
const onLossSide = fc
  .tuple(direction, ticks, fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }))
  .filter(([d, mark, near, extra]) => d === 'short' || mark - near - extra > 0)
  .map(([d, mark, near, extra]) => {
    const sign = d === 'long' ? -1 : 1;
    return {
      direction: d,
      mark,
      nearer: text(mark + sign * near),
      farther: text(mark + sign * (near + extra)),
    };
  });

describe('a stop-loss moved', () => {
  it('farther from the mark protects less, closer protects more, for a long and a short', () => {
    fc.assert(
      fc.property(onLossSide, ({ direction: d, nearer, farther }) => {
        expect(stopLossMove(d, nearer, farther)).toBe('farther');
        expect(stopLossMove(d, farther, nearer)).toBe('closer');
        expect(stopLossMove(d, nearer, nearer)).toBe('same');
      }),
    );
  });

  it("is farther exactly when the distance to the mark grows, wherever both lie on the trigger's side", () => {
    fc.assert(
      fc.property(onLossSide, ticks, fc.boolean(), ({ direction: d, mark, nearer }, other, swap) => {
        const second = text(d === 'long' ? Math.max(1, Math.min(other, mark - 1)) : mark + other);
        const [from, to] = swap ? [second, nearer] : [nearer, second];
        const away = (p: string) => new Decimal(p).sub(text(mark)).abs();
        const move = stopLossMove(d, from, to);
        if (away(to).gt(away(from))) expect(move).toBe('farther');
        else if (away(to).lt(away(from))) expect(move).toBe('closer');
        else expect(move).toBe('same');
      }),
    );
  });

  it('a long lower and a short higher are farther, whatever the prices', () => {
    fc.assert(
      fc.property(direction, ticks, ticks, (d, a, b) => {
        const move = stopLossMove(d, text(a), text(b));
        if (a === b) expect(move).toBe('same');
        else expect(move === 'farther').toBe(d === 'long' ? b < a : b > a);
        // the two directions disagree on every real move
        const other = stopLossMove(d === 'long' ? 'short' : 'long', text(a), text(b));
        if (a !== b) expect(other).not.toBe(move);
      }),
    );
  });

  it('lets the position lose its size times the distance more when farther, and nothing more when closer', () => {
    fc.assert(
      fc.property(onLossSide, size, fc.boolean(), ({ direction: d, nearer, farther }, amount, signed) => {
        const held = signed && d === 'short' ? `-${amount}` : amount;
        const more = addedLoss(d, held, nearer, farther);
        expect(more?.toFixed()).toBe(
          new Decimal(amount).mul(new Decimal(farther).sub(nearer).abs()).toFixed(),
        );
        expect(more?.gt(0)).toBe(true);
        expect(addedLoss(d, held, farther, nearer)?.isZero()).toBe(true);
      }),
    );
  });

  it('reads nothing it cannot read', () => {
    for (const bad of ['', '0', '-1', 'abc', '1e3'])
      for (const d of ['long', 'short'] as const) {
        expect(stopLossMove(d, bad, '100')).toBeUndefined();
        expect(stopLossMove(d, '100', bad)).toBeUndefined();
        expect(addedLoss(d, '0.1', bad, '100')).toBeUndefined();
      }
  });
});
