import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CacheInputError } from '../../../main/cache/errors.ts';
import { getLastKnown, listLastKnown, putLastKnown } from '../../../main/cache/repos/last-known.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();

describe('last known state', () => {
  it('keeps one value per account, kind and scope, and reads it back as it was stored', () => {
    const orders = [{ orderId: 7, market: 'BTC_USDT', amount: '0.50' }];
    putLastKnown(db.get(), [{ account: 'main', kind: 'orders.open', takenAtMs: 1000, value: orders }]);
    putLastKnown(db.get(), [{ account: 'main', kind: 'orders.open', takenAtMs: 2000, value: [] }]);
    putLastKnown(db.get(), [
      { account: 'main', kind: 'orders.open', scope: 'BTC_USDT', takenAtMs: 1500, value: orders },
    ]);
    expect(getLastKnown(db.get(), 'main', 'orders.open')).toEqual({
      account: 'main',
      kind: 'orders.open',
      scope: '',
      takenAtMs: 2000,
      value: [],
    });
    expect(getLastKnown(db.get(), 'main', 'orders.open', 'BTC_USDT')?.value).toEqual(orders);
    expect(getLastKnown(db.get(), 'sub-1', 'orders.open')).toBeNull();
  });

  it('never lets an older reading replace a newer one, whatever order they arrive in', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 20 }), (times) => {
        for (const t of times) {
          putLastKnown(db.get(), [
            { account: 'a', kind: 'balances.spot', scope: 'p', takenAtMs: t, value: { t } },
          ]);
        }
        const newest = Math.max(...times);
        const stored = getLastKnown(db.get(), 'a', 'balances.spot', 'p');
        db.get().prepare('DELETE FROM last_known').run();
        return stored?.takenAtMs === newest && (stored.value as { t: number }).t === newest;
      }),
    );
  });

  it('lists a kind across a thousand accounts, or only the ones asked for, in one call', () => {
    const entries = Array.from({ length: 1000 }, (_, i) => ({
      account: `sub-${String(i).padStart(4, '0')}`,
      kind: 'positions.open',
      takenAtMs: 5000 + i,
      value: [{ market: 'BTC_PERP', amount: String(i) }],
    }));
    expect(putLastKnown(db.get(), entries)).toBe(1000);
    const all = listLastKnown(db.get(), { kind: 'positions.open' });
    expect(all).toHaveLength(1000);
    expect(all[999]).toMatchObject({ account: 'sub-0999', takenAtMs: 5999 });
    const some = listLastKnown(db.get(), {
      kind: 'positions.open',
      accounts: ['sub-0002', 'sub-0500', 'nobody'],
    });
    expect(some.map((e) => e.account)).toEqual(['sub-0002', 'sub-0500']);
    expect(listLastKnown(db.get(), { kind: 'orders.open' })).toEqual([]);
  });

  it('refuses a malformed kind or a missing value, naming the field, and stores nothing of the batch', () => {
    const good = { account: 'a', kind: 'orders.open', takenAtMs: 1, value: [] };
    expect(() => putLastKnown(db.get(), [good, { ...good, kind: 'Orders Open' }])).toThrow(CacheInputError);
    expect(() => putLastKnown(db.get(), [{ ...good, value: undefined }])).toThrow(/value/i);
    expect(getLastKnown(db.get(), 'a', 'orders.open')).toBeNull();
  });
});
