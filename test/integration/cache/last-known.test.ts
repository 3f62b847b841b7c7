import { describe, expect, it } from 'vitest';
import { LastKnown } from '../../../main/services/live/last-known.ts';
import { useCaches } from './fixtures.ts';

const caches = useCaches();

describe('LastKnown over the cache workers', () => {
  it('recalls what was remembered with its age, across a reopen of the file', async () => {
    let now = 10_000;
    const first = new LastKnown(await caches.open(), () => now);
    await first.remember('main', 'orders.open', [{ orderId: 1, left: '0.5' }]);
    now = 20_000;
    await first.rememberMany('balances.spot', [
      { account: 'main', value: { USDT: { available: '10', freeze: '0' } } },
      { account: 'sub-1', value: { USDT: { available: '3', freeze: '1' } }, takenAtMs: 15_000 },
    ]);

    const reopened = new LastKnown(await caches.open());
    expect(await reopened.recall('main', 'orders.open')).toEqual({
      value: [{ orderId: 1, left: '0.5' }],
      asOfMs: 10_000,
    });
    expect(await reopened.recall('sub-1', 'orders.open')).toBeNull();
    const balances = await reopened.recallAll('balances.spot');
    expect([...balances.keys()]).toEqual(['main', 'sub-1']);
    expect(balances.get('sub-1')).toEqual({
      value: { USDT: { available: '3', freeze: '1' } },
      asOfMs: 15_000,
    });
    expect([...(await reopened.recallAll('balances.spot', ['sub-1'])).keys()]).toEqual(['sub-1']);
  });
});
