/** A worker as the Mining screen shows it: when it is quiet, and the order the workers are listed in. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quietNames } from '../../../main/features/mining/watch.ts';
import { byAttention, workerOf } from '../../../main/features/mining/workers.ts';

const at = (hashrate: string, atMs = 0) => ({ atMs, hashrate });

describe('a worker', () => {
  it('is quiet when its latest hashrate is zero, whatever it was before', () => {
    const w = workerOf('worker_001', true, [at('95', 1), at('95', 2), at('0', 3)]);
    expect(w).toMatchObject({ hashrate: '0', quiet: true, online: true });
    expect(workerOf('worker_001', true, [at('0.000', 1)]).quiet).toBe(true);
  });

  it('is not quiet while it hashes, however little', () => {
    expect(workerOf('worker_001', true, [at('0', 1), at('0.0001', 2)])).toMatchObject({
      hashrate: '0.0001',
      quiet: false,
    });
  });

  it('is quiet when the exchange no longer names it online, even if its last point is not zero yet', () => {
    expect(workerOf('worker_002', false, [at('95', 1)])).toMatchObject({ quiet: true, hashrate: '95' });
  });

  it('with no points at all reads zero', () => {
    expect(workerOf('worker_003', true, [])).toMatchObject({ hashrate: '0', quiet: true });
  });
});

describe('the workers listed', () => {
  it('put every quiet worker before every working one, each part by name', () => {
    const worker = fc
      .record({
        name: fc.stringMatching(/^[a-z_0-9]{1,8}$/),
        online: fc.boolean(),
        last: fc.constantFrom('0', '0.5', '95'),
      })
      .map((w) => workerOf(w.name, w.online, [at(w.last)]));
    fc.assert(
      fc.property(fc.array(worker, { maxLength: 30 }), (workers) => {
        const sorted = [...workers].sort(byAttention);
        const firstWorking = sorted.findIndex((w) => !w.quiet);
        if (firstWorking >= 0) expect(sorted.slice(firstWorking).every((w) => !w.quiet)).toBe(true);
        for (const part of [sorted.filter((w) => w.quiet), sorted.filter((w) => !w.quiet)])
          expect(part.map((w) => w.name)).toEqual(part.map((w) => w.name).sort());
      }),
    );
  });
});

describe("the watch's alert naming the workers gone quiet", () => {
  it('names up to five, counts the rest, and says nothing of none', () => {
    expect(quietNames([])).toBe('');
    expect(quietNames(['worker_012'])).toBe(' Quiet now: worker_012.');
    const seven = Array.from({ length: 7 }, (_, i) => `w${String(i)}`);
    expect(quietNames(seven)).toBe(' Quiet now: w0, w1, w2, w3, w4 and 2 more.');
  });
});
