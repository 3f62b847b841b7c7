// New WebSocket connections take turns under the exchange's limit (1,000 per minute): evenly spaced,
// never more than the limit in a window, a cancelled turn given up, one timer for every socket waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionPacer } from '../../../main/exchange/ws/pacer.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('ConnectionPacer', () => {
  it('opens the sockets evenly spaced, never more than the limit in any window, on one timer', () => {
    const pacer = new ConnectionPacer({ limit: 950, windowMs: 60_000 });
    const opened: number[] = [];
    for (let i = 0; i < 1005; i++) pacer.queue(() => opened.push(Date.now()));
    // the first at once, the rest waiting their turn
    expect(opened).toEqual([0]);
    expect(pacer.waiting).toBe(1004);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(opened.length).toBeGreaterThan(440);
    expect(opened.length).toBeLessThanOrEqual(476);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(40_000);
    expect(opened.length).toBe(1005);
    expect(pacer.waiting).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    // any 60 s window holds at most 950 opens
    for (const [i, t] of opened.entries()) {
      const later = opened[i + 950];
      if (later !== undefined) expect(later - t).toBeGreaterThanOrEqual(60_000);
    }
  });

  it('a reconnect after a quiet while opens at once; one right after another waits the spacing', () => {
    const pacer = new ConnectionPacer({ limit: 1_000, windowMs: 60_000 });
    const opened: Array<[string, number]> = [];
    const open = (name: string) => pacer.queue(() => opened.push([name, Date.now()]));
    open('a');
    vi.advanceTimersByTime(10_000);
    open('b');
    open('c');
    expect(opened).toEqual([
      ['a', 0],
      ['b', 10_000],
    ]);
    vi.advanceTimersByTime(60);
    expect(opened.at(-1)).toEqual(['c', 10_060]);
  });

  it('a socket a person waits on takes the next turn ahead of every background socket waiting', () => {
    const pacer = new ConnectionPacer({ limit: 10, windowMs: 1_000 });
    const opened: Array<[string, number]> = [];
    const open = (name: string, lane: 'interactive' | 'background') =>
      pacer.queue(() => opened.push([name, Date.now()]), lane);
    for (let i = 1; i <= 5; i++) open(`board-${String(i)}`, 'background');
    vi.advanceTimersByTime(150);
    open('trade', 'interactive');
    open('order', 'interactive');
    expect(pacer.waitingIn('interactive')).toBe(2);
    expect(pacer.waitingIn('background')).toBe(3);
    vi.advanceTimersByTime(1_000);
    // The spacing holds across lanes: one open every 100 ms, whichever lane it comes from.
    expect(opened).toEqual([
      ['board-1', 0],
      ['board-2', 100],
      ['trade', 200],
      ['order', 300],
      ['board-3', 400],
      ['board-4', 500],
      ['board-5', 600],
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up the turn of a cancelled socket: the next in line takes it', () => {
    const pacer = new ConnectionPacer({ limit: 1, windowMs: 1_000 });
    const opened: Array<[string, number]> = [];
    pacer.queue(() => opened.push(['first', Date.now()]));
    const cancel = pacer.queue(() => opened.push(['left the board', Date.now()]));
    pacer.queue(() => opened.push(['third', Date.now()]));
    cancel();
    expect(pacer.waiting).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(opened).toEqual([
      ['first', 0],
      ['third', 1_000],
    ]);
  });

  it('a socket whose open throws costs the others nothing', () => {
    const pacer = new ConnectionPacer({ limit: 5 });
    const opened: number[] = [];
    pacer.queue(() => {
      throw new Error('bad url');
    });
    pacer.queue(() => opened.push(Date.now()));
    vi.advanceTimersByTime(60_000 / 5);
    expect(opened).toHaveLength(1);
  });
});
