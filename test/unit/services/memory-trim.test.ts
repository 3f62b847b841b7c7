import { getHeapSpaceStatistics } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryTrim, reduceMemory } from '../../../main/services/memory-trim.ts';

const youngGeneration = () =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

describe('reduceMemory', () => {
  it('shrinks the young generation a burst of allocation grew', () => {
    // Objects that survive a few scavenges each, as requests in flight do: V8 grows the young
    // generation for them and keeps it grown.
    let kept: Array<Array<{ i: number; s: string }>> = [];
    for (let round = 0; round < 80; round++) {
      kept.push(Array.from({ length: 20_000 }, (_, i) => ({ i, s: `x${String(i)}` })));
      if (kept.length > 3) kept.shift();
    }
    kept = [];
    const grown = youngGeneration();
    expect(grown).toBeGreaterThan(4 * 1048576);
    reduceMemory('sync');
    expect(youngGeneration()).toBeLessThan(grown / 4);
    expect(kept).toHaveLength(0);
  }, 30_000);
});

describe('MemoryTrim', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives memory back once, after the last of overlapping batches has been over for the quiet time', () => {
    vi.useFakeTimers();
    let reduced = 0;
    const trim = new MemoryTrim({ quietMs: 2_000, reduce: () => (reduced += 1) });
    trim.started();
    trim.started();
    trim.ended();
    vi.advanceTimersByTime(5_000);
    expect(reduced).toBe(0); // one batch still runs
    trim.ended();
    vi.advanceTimersByTime(1_999);
    expect(reduced).toBe(0);
    trim.started(); // a new batch within the quiet time puts it off
    vi.advanceTimersByTime(5_000);
    expect(reduced).toBe(0);
    trim.ended();
    vi.advanceTimersByTime(2_000);
    expect(reduced).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(reduced).toBe(1);
  });

  it("says when it has settled: no batch running and the last one's memory given back", async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    let reduced = 0;
    const trim = new MemoryTrim({
      quietMs: 2_000,
      reduce: () =>
        new Promise<void>((resolve) => {
          reduced += 1;
          finish = resolve;
        }),
    });
    await trim.settled(); // nothing ran: settled at once
    trim.started();
    let settled = false;
    void trim.settled().then(() => (settled = true));
    trim.ended();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reduced).toBe(1);
    expect(settled).toBe(false); // the collection is still running
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('does nothing after it is stopped', () => {
    vi.useFakeTimers();
    let reduced = 0;
    const trim = new MemoryTrim({ quietMs: 10, reduce: () => (reduced += 1) });
    trim.started();
    trim.ended();
    trim.stop();
    vi.advanceTimersByTime(1_000);
    expect(reduced).toBe(0);
  });
});
