import { describe, expect, it, vi } from 'vitest';
import { Known } from '../../../renderer/src/lib/managers/known.svelte.ts';
import { ActiveOrders } from '../../../renderer/src/lib/managers/active-orders.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const unreachable = {
  code: 'network_error',
  message: 'Could not reach the exchange: nothing answered at its address.',
};

/** A promise settled by hand, for answers that come in a chosen order. */
function later<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Known: cache first, network second', () => {
  it('paints the saved value at once, then the exchange answer replaces it', async () => {
    const known = new Known<string[]>();
    const answer = later<{ ok: true; value: string[] }>();
    const loading = known.load(
      'a',
      async () => ({ value: ['saved'], asOfMs: 1_000 }),
      () => answer.promise,
    );
    await vi.waitFor(() => expect(known.source).toBe('cache'));
    expect([known.value, known.source, known.asOfMs, known.refreshing]).toEqual([
      ['saved'],
      'cache',
      1_000,
      true,
    ]);
    answer.resolve({ ok: true, value: ['fresh'] });
    await loading;
    expect([known.value, known.source, known.refreshing]).toEqual([['fresh'], 'exchange', false]);
    expect(known.asOfMs).toBeGreaterThan(1_000);
  });

  it('keeps the saved value with the reason when the exchange cannot be reached', async () => {
    const known = new Known<string[]>();
    await known.load(
      'a',
      async () => ({ value: [], asOfMs: 5 }),
      async () => ({ ok: false, error: unreachable }),
    );
    expect([known.value, known.source, known.asOfMs, known.problem]).toEqual([[], 'cache', 5, unreachable]);
    // Nothing saved and nothing answered: not known, never an empty list.
    await known.load(
      'b',
      async () => undefined,
      async () => ({ ok: false, error: unreachable }),
    );
    expect([known.value, known.source, known.problem]).toEqual([undefined, 'none', unreachable]);
  });

  it('a fresh answer that comes first is not replaced by the older saved one', async () => {
    const known = new Known<string>();
    const saved = later<{ value: string; asOfMs: number }>();
    const answer = Promise.resolve({ ok: true as const, value: 'fresh' });
    const loading = known.load(
      'a',
      () => saved.promise,
      () => answer,
    );
    // The load's own reaction to the answer was registered first, so it has run once this one has.
    await answer;
    saved.resolve({ value: 'old', asOfMs: 1 });
    await loading;
    expect([known.value, known.source]).toEqual(['fresh', 'exchange']);
  });

  it('a failed refresh after a fresh answer keeps that answer as the last known', async () => {
    const known = new Known<string>();
    await known.load(
      'a',
      async () => undefined,
      async () => ({ ok: true, value: 'fresh' }),
    );
    const asOf = known.asOfMs;
    await known.load(
      'a',
      async () => undefined,
      async () => ({ ok: false, error: unreachable }),
    );
    expect([known.value, known.source, known.asOfMs, known.problem]).toEqual([
      'fresh',
      'cache',
      asOf,
      unreachable,
    ]);
  });
});

describe('ActiveOrders offline', () => {
  it('shows the saved open orders of the market with their age, and says why changes are off', async () => {
    const saved = [{ orderId: 9, market: 'BTC_USDT' }];
    const { api, calls } = fakeBridge((procedure) => {
      if (procedure === 'known.recall')
        return { ok: true, value: [{ account: ACCOUNT, asOfMs: 42, value: saved }] };
      if (procedure === 'live.subscribe') return { ok: false, error: unreachable };
      return { ok: false, error: unreachable };
    });
    const active = new ActiveOrders(api, () => 'The exchange cannot be reached.');
    await active.follow(ACCOUNT, 'BTC_USDT');
    expect(calls).toContainEqual([
      'known.recall',
      { kind: 'orders.open', accountIds: [ACCOUNT], scope: 'BTC_USDT' },
    ]);
    expect(active.orders).toEqual(saved);
    expect([active.known.source, active.known.asOfMs]).toEqual(['cache', 42]);
    expect(active.error).toEqual(unreachable);
    expect(active.blocked).toBe('The exchange cannot be reached.');
  });
});
