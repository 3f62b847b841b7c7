// New WebSocket connections take turns under the exchange's limit (1,000 per minute): the window is
// exact, a cancelled turn is given up, and a thousand waiting sockets share one timer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionPacer } from '../../../main/exchange/ws/pacer.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('ConnectionPacer', () => {
  it('opens up to the limit at once and the rest as the window leaves room, never more per window', () => {
    const pacer = new ConnectionPacer({ limit: 950, windowMs: 60_000 });
    const opened: number[] = [];
    for (let i = 0; i < 1005; i++) pacer.queue(() => opened.push(Date.now()));
    expect(opened.length).toBe(950);
    expect(pacer.waiting).toBe(55);
    // one timer for every socket waiting
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(59_999);
    expect(opened.length).toBe(950);
    vi.advanceTimersByTime(1);
    expect(opened.length).toBe(1005);
    expect(pacer.waiting).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    // any 60 s window holds at most 950 opens
    for (const t of opened)
      expect(opened.filter((u) => u >= t && u < t + 60_000).length).toBeLessThanOrEqual(950);
  });

  it('counts every open in a sliding window: reconnects spread over the minute wait for the oldest', () => {
    const pacer = new ConnectionPacer({ limit: 3, windowMs: 60_000 });
    const opened: Array<[string, number]> = [];
    const open = (name: string) => pacer.queue(() => opened.push([name, Date.now()]));
    open('a');
    vi.advanceTimersByTime(10_000);
    open('b');
    vi.advanceTimersByTime(10_000);
    open('c');
    open('d');
    open('e');
    expect(opened.map(([n]) => n)).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(40_000);
    expect(opened.at(-1)).toEqual(['d', 60_000]);
    vi.advanceTimersByTime(10_000);
    expect(opened.at(-1)).toEqual(['e', 70_000]);
  });

  it('gives up the turn of a cancelled socket: the next in line takes it', () => {
    const pacer = new ConnectionPacer({ limit: 1, windowMs: 1_000 });
    const opened: string[] = [];
    pacer.queue(() => opened.push('first'));
    const cancel = pacer.queue(() => opened.push('left the board'));
    pacer.queue(() => opened.push('third'));
    cancel();
    expect(pacer.waiting).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(opened).toEqual(['first', 'third']);
  });

  it('a socket whose open throws costs the others nothing', () => {
    const pacer = new ConnectionPacer({ limit: 5 });
    const opened: number[] = [];
    pacer.queue(() => {
      throw new Error('bad url');
    });
    pacer.queue(() => opened.push(1));
    expect(opened).toEqual([1]);
  });
});
