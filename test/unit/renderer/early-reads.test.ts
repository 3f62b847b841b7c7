import { afterEach, describe, expect, it } from 'vitest';
import {
  askEarly,
  dropEarly,
  EARLY_KEPT_MS,
  readOnce,
} from '../../../renderer/src/lib/managers/early-reads.ts';

/** A read that counts its calls and answers which call it was. */
function counted() {
  const inputs: unknown[] = [];
  return {
    inputs,
    read: (input: unknown) => {
      inputs.push(input);
      return Promise.resolve(inputs.length);
    },
  };
}

afterEach(() => dropEarly());

describe('early reads', () => {
  it('hands the answer asked as the window opened to the first read of the same procedure and input, once', async () => {
    const r = counted();
    askEarly('markets.depth', { market: 'BTC_USDT', limit: 50 }, r.read);
    expect(await readOnce('markets.depth', { market: 'BTC_USDT', limit: 50 }, r.read)).toBe(1);
    expect(r.inputs).toHaveLength(1);
    // taken: the next read asks again
    expect(await readOnce('markets.depth', { market: 'BTC_USDT', limit: 50 }, r.read)).toBe(2);
  });

  it('asks afresh for another input or procedure, and leaves the early answer to its own read', async () => {
    const r = counted();
    askEarly('markets.depth', { market: 'BTC_USDT', limit: 50 }, r.read);
    expect(await readOnce('markets.depth', { market: 'ETH_USDT', limit: 50 }, r.read)).toBe(2);
    expect(await readOnce('live.candles', { market: 'BTC_USDT', limit: 50 }, r.read)).toBe(3);
    expect(await readOnce('markets.depth', { market: 'BTC_USDT', limit: 50 }, r.read)).toBe(1);
  });

  it('asks afresh once the early answer is older than it may stand in for', async () => {
    const r = counted();
    askEarly('live.candles', { accountId: 'a', market: 'BTC_USDT', interval: 60 }, r.read);
    const later = Date.now() + EARLY_KEPT_MS + 1;
    expect(
      await readOnce('live.candles', { accountId: 'a', market: 'BTC_USDT', interval: 60 }, r.read, later),
    ).toBe(2);
    // the stale one was dropped, not kept for a later read
    expect(await readOnce('live.candles', { accountId: 'a', market: 'BTC_USDT', interval: 60 }, r.read)).toBe(
      3,
    );
  });
});
