import { describe, expect, it } from 'vitest';
import { SlotBucket } from '../../../main/exchange/rate-limit.ts';
import { FakeClock } from './fake-clock.ts';

function settled(promise: Promise<void>): { done: boolean } {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
}

describe('rate-limit buckets: background work never starves interactive requests', () => {
  it('keeps the reserve free of background work', async () => {
    const clock = new FakeClock();
    const bucket = new SlotBucket({ limit: 10, windowMs: 1000, marginMs: 0, clock });
    expect(bucket.reserve).toBe(2);
    const background = Array.from({ length: 12 }, () => settled(bucket.take(undefined, true)));
    await Promise.resolve();
    expect(background.filter((b) => b.done)).toHaveLength(8);
    // An order arriving now gets a slot at once, although background work is queued ahead of it.
    const order = settled(bucket.take());
    await Promise.resolve();
    expect(order.done).toBe(true);
  });

  it('serves every queued interactive caller before any queued background one', async () => {
    const clock = new FakeClock();
    const bucket = new SlotBucket({ limit: 4, windowMs: 1000, marginMs: 0, clock });
    for (let i = 0; i < 4; i++) await bucket.take();
    const sync = settled(bucket.take(undefined, true));
    const orders = [settled(bucket.take()), settled(bucket.take())];
    await clock.advance(1000);
    expect(orders.every((o) => o.done)).toBe(true);
    expect(sync.done).toBe(true);
    // The background caller got a slot only once the two orders had theirs and the reserve stayed free.
    expect(bucket.available()).toBe(1);
  });
});
