import type { Clock } from '../../../main/exchange/rate-limit.ts';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** A clock whose time moves only when the test advances it; due timers run in time order. */
export class FakeClock implements Clock {
  time: number;
  private timers: Timer[] = [];
  private nextId = 1;

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId;
    this.nextId += 1;
    this.timers.push({ id, at: this.time + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, running each due timer at its own time and letting promises settle. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await flush();
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const due = this.timers[0];
      if (!due || due.at > target) break;
      this.timers.shift();
      this.time = due.at;
      due.callback();
    }
    this.time = target;
    await flush();
  }
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}
