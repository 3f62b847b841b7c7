import { describe, expect, it } from 'vitest';
import { FUND_MOVING_PATHS, REST_ENDPOINTS } from '../../../main/exchange/registry/index.ts';
import { permissionChanges } from '../../../main/views/schemas.ts';
import fc from 'fast-check';
import { capabilityWords, KEY_CAPABILITIES } from '../../../main/services/desk/key-capabilities.ts';
import { knownPath, movesFunds } from '../../../main/services/desk/key-paths.ts';

/** Every path the exchange client calls: the endpoint registry (the only place main writes one). */
function clientPaths(): Set<string> {
  return new Set(REST_ENDPOINTS.map((e) => e.path));
}

describe('the key capabilities table', () => {
  it('names only exchange URLs the client calls, each in one capability, each accepted as a permission', () => {
    const known = clientPaths();
    const all = KEY_CAPABILITIES.flatMap((c) => c.urls);
    expect(all.filter((u) => !known.has(u))).toEqual([]);
    expect(new Set(all).size).toBe(all.length);
    expect(permissionChanges.safeParse(all.map((url) => ({ url, enable: true }))).success).toBe(true);
  });

  it('marks exactly the capabilities holding a path of the one fund-moving list as moving funds', () => {
    expect([...FUND_MOVING_PATHS].sort()).toEqual([
      '/api/v4/main-account/codes',
      '/api/v4/main-account/refund-deposit',
      '/api/v4/main-account/withdraw',
      '/api/v4/main-account/withdraw-pay',
      '/api/v4/mining/payout-destination/edit',
      '/api/v4/sub-account/transfer',
    ]);
    expect(KEY_CAPABILITIES.filter((c) => c.movesFunds).map((c) => c.id)).toEqual(['withdraw', 'transfers']);
    // Every fund-moving path is in the table, so the screen's capability shows it.
    const all = new Set(KEY_CAPABILITIES.flatMap((c) => c.urls));
    expect(FUND_MOVING_PATHS.filter((p) => !all.has(p))).toEqual([]);
  });

  it('knows every private path the client calls, in any letter case, and no other', () => {
    const privatePaths = [...clientPaths()].filter((p) => !p.startsWith('/api/v4/public/'));
    expect(privatePaths.filter((p) => knownPath(p) !== p)).toEqual([]);
    fc.assert(
      fc.property(
        fc.constantFrom(...privatePaths),
        fc.array(fc.boolean(), { maxLength: 80 }),
        (path, upper) => {
          const spelled = [...path].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join('');
          expect(knownPath(spelled)).toBe(path);
          expect(knownPath(`${spelled}/`)).toBe(path);
          expect(movesFunds(spelled)).toBe(FUND_MOVING_PATHS.includes(path));
        },
      ),
    );
    for (const unknown of [
      '/api/v4/main-account/withdraw2',
      '/api/v4/main-account',
      '/api/v4/withdraw',
      '/api/v5/order/new',
    ])
      expect(knownPath(unknown), unknown).toBeUndefined();
  });

  it('says which whole capabilities a change turns on or off', () => {
    const spot = KEY_CAPABILITIES.find((c) => c.id === 'trade-spot')?.urls ?? [];
    const withdraw = KEY_CAPABILITIES.find((c) => c.id === 'withdraw')?.urls ?? [];
    expect(
      capabilityWords([
        ...spot.map((url) => ({ url, enable: false })),
        ...withdraw.map((url) => ({ url, enable: true })),
      ]),
    ).toBe('Trade spot off, Withdraw on');
    // Part of a capability is not the capability.
    expect(capabilityWords([{ url: '/api/v4/order/new', enable: false }])).toBe('');
  });
});
