import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissionChanges } from '../../../main/ipc/schemas.ts';
import { capabilityWords, KEY_CAPABILITIES } from '../../../main/services/desk/key-capabilities.ts';

/** Every private path the exchange client calls. */
function clientPaths(): Set<string> {
  const dir = 'main/exchange/endpoints';
  const text = readdirSync(dir)
    .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
    .join('\n');
  return new Set([...text.matchAll(/'(\/api\/v4\/[a-z0-9_/-]+)'/g)].map((m) => m[1] ?? ''));
}

describe('the key capabilities table', () => {
  it('names only exchange URLs the client calls, each in one capability, each accepted as a permission', () => {
    const known = clientPaths();
    const all = KEY_CAPABILITIES.flatMap((c) => c.urls);
    expect(all.filter((u) => !known.has(u))).toEqual([]);
    expect(new Set(all).size).toBe(all.length);
    expect(permissionChanges.safeParse(all.map((url) => ({ url, enable: true }))).success).toBe(true);
  });

  it('marks exactly the capabilities with withdraw or transfer URLs as moving funds', () => {
    for (const c of KEY_CAPABILITIES)
      expect(c.movesFunds, c.id).toBe(c.urls.some((u) => /\/(withdraw(?!able)|transfer|codes)/.test(u)));
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
