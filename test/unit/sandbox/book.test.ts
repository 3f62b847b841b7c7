import { describe, expect, it } from 'vitest';
import { Book } from '../../../main/sandbox/engine/book.ts';
import type { Resting, Taker } from '../../../main/sandbox/engine/book.ts';
import { fromUnits, toUnits } from '../../../main/sandbox/engine/units.ts';

let nextId = 1;
function rest(owner: string, side: 'buy' | 'sell', price: bigint, left: bigint, rpi = false): Resting {
  return { id: nextId++, owner, side, price, left, rpi };
}
function taker(over: Partial<Taker>): Taker {
  return { owner: 't', side: 'buy', price: null, left: 0n, budget: null, retail: false, stp: 'no', ...over };
}
function run(book: Book, t: Taker) {
  const fills: Array<[number, bigint, bigint]> = [];
  const stp: number[] = [];
  const r = book.match(t, { fill: (m, p, q) => fills.push([m.id, p, q]), stpCancel: (m) => stp.push(m.id) });
  return { fills, stp, r };
}

describe('sandbox order book', () => {
  it('converts decimal strings to exact units and back', () => {
    expect(toUnits('64250.5', 2)).toBe(6425050n);
    expect(toUnits('0.0015', 6)).toBe(1500n);
    expect(fromUnits(6425050n, 2)).toBe('64250.5');
    expect(fromUnits(1500n, 6)).toBe('0.0015');
    expect(fromUnits(0n, 6)).toBe('0');
    expect(() => toUnits('0.1234567', 6)).toThrow();
  });

  it('matches by price then time', () => {
    const b = new Book();
    const a1 = rest('m', 'sell', 101n, 5n);
    const a2 = rest('m', 'sell', 100n, 5n);
    const a3 = rest('m', 'sell', 100n, 5n);
    [a1, a2, a3].forEach((o) => b.add(o));
    const { fills } = run(b, taker({ price: 101n, left: 12n }));
    expect(fills).toEqual([
      [a2.id, 100n, 5n],
      [a3.id, 100n, 5n],
      [a1.id, 101n, 2n],
    ]);
    expect(a1.left).toBe(3n);
    expect(b.best('sell')).toBe(101n);
  });

  it('does not cross beyond the limit price', () => {
    const b = new Book();
    b.add(rest('m', 'buy', 99n, 5n));
    b.add(rest('m', 'buy', 97n, 5n));
    const t = taker({ side: 'sell', price: 98n, left: 20n });
    const { fills } = run(b, t);
    expect(fills.length).toBe(1);
    expect(t.left).toBe(15n);
    expect(b.wouldMatch('sell', 97n)).toBe(true);
    expect(b.wouldMatch('sell', 98n)).toBe(false);
  });

  it('skips RPI liquidity for non-retail takers and keeps it out of depth', () => {
    const b = new Book();
    const hidden = rest('m', 'sell', 100n, 5n, true);
    const shown = rest('m', 'sell', 101n, 5n);
    b.add(hidden);
    b.add(shown);
    expect(b.depth('sell', 10)).toEqual([[101n, 5n]]);
    expect(b.best('sell')).toBe(101n);
    const plain = run(b, taker({ price: 101n, left: 3n }));
    expect(plain.fills).toEqual([[shown.id, 101n, 3n]]);
    const retail = run(b, taker({ price: 101n, left: 3n, retail: true }));
    expect(retail.fills).toEqual([[hidden.id, 100n, 3n]]);
  });

  it('applies self-trade prevention modes of the taker', () => {
    for (const [mode, expectFills, expectStp, stopped] of [
      ['cn', 0, 0, true],
      ['co', 1, 1, false],
      ['cb', 0, 1, true],
      ['no', 2, 0, false],
    ] as const) {
      const b = new Book();
      const own = rest('t', 'sell', 100n, 5n);
      const other = rest('m', 'sell', 100n, 5n);
      b.add(own);
      b.add(other);
      const res = run(b, taker({ price: 100n, left: 10n, stp: mode }));
      expect(res.fills.length, mode).toBe(expectFills);
      expect(res.stp.length, mode).toBe(expectStp);
      expect(res.r.stpStopped, mode).toBe(stopped);
    }
  });

  it('spends a quote budget and stops when it cannot buy one more unit', () => {
    const b = new Book();
    b.add(rest('m', 'sell', 100n, 3n));
    b.add(rest('m', 'sell', 200n, 3n));
    const t = taker({ left: 10n ** 30n, budget: 550n });
    const { fills, r } = run(b, t);
    expect(fills).toEqual([
      [expect.any(Number), 100n, 3n],
      [expect.any(Number), 200n, 1n],
    ]);
    expect(t.budget).toBe(50n);
    expect(r.budgetExhausted).toBe(true);
  });

  it('removes a resting order on cancel', () => {
    const b = new Book();
    const o = rest('m', 'buy', 50n, 1n);
    b.add(o);
    expect(b.remove(o)).toBe(true);
    expect(b.best('buy')).toBeNull();
    expect(b.remove(o)).toBe(false);
  });
});
