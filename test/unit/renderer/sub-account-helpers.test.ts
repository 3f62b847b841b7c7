// The sub-accounts screen's pure helpers: balance lines, permission words and rows, key capabilities.
import { describe, expect, it } from 'vitest';
import { failuresFirst } from '../../../renderer/src/lib/managers/batch-log.svelte.ts';
import { balanceLines } from '../../../renderer/src/lib/managers/sub-account-balances.svelte.ts';
import { permissionRows, permissionWord } from '../../../renderer/src/lib/managers/sub-accounts.svelte.ts';
import { capabilitySummary } from '../../../renderer/src/lib/managers/key-permissions.ts';

describe('sub-account helpers', () => {
  it('lists non-zero balances per ticker, sorted, exactly as given', () => {
    expect(
      balanceLines({
        subAccountId: '42',
        ok: true,
        balances: {
          USDT: [{ main: '10.50', spot: '0', collateral: '0' }],
          BTC: [{ main: '0', spot: '0.000', collateral: '0' }],
          ETH: [{ main: '0', spot: '0', collateral: '1.0' }],
        },
      }),
    ).toEqual([
      { ticker: 'ETH', main: '0', spot: '0', collateral: '1.0' },
      { ticker: 'USDT', main: '10.50', spot: '0', collateral: '0' },
    ]);
    expect(balanceLines(undefined)).toEqual([]);
    expect(balanceLines({ subAccountId: '42', ok: false, error: { code: 'x', message: 'no' } })).toEqual([]);
  });

  it('says unknown, enabled or disabled, and puts failures first', () => {
    expect(['unknown', true, false].map((v) => permissionWord(v as boolean | 'unknown'))).toEqual([
      'unknown',
      'enabled',
      'disabled',
    ]);
    expect(
      failuresFirst([
        { ok: true, n: 1 },
        { ok: false, n: 2 },
        { ok: true, n: 3 },
      ]).map((r) => r.n),
    ).toEqual([2, 1, 3]);
  });
});

describe('permissionRows', () => {
  const caps = [
    {
      id: 'read',
      label: 'Read',
      description: '',
      movesFunds: false,
      urls: ['/api/v4/orders', '/api/v4/main-account/balance'],
    },
    { id: 'spot', label: 'Trade spot', description: '', movesFunds: false, urls: ['/api/v4/order/new'] },
  ];

  it('sends only the capabilities switched, every URL of each, then single URLs (which win)', () => {
    expect(permissionRows(caps, {})).toEqual([]);
    expect(permissionRows(caps, { read: true })).toEqual([
      { url: '/api/v4/orders', enable: true },
      { url: '/api/v4/main-account/balance', enable: true },
    ]);
    expect(
      permissionRows(caps, { spot: false }, [
        { url: ' /api/v4/order/new ', enable: true },
        { url: ' ', enable: false },
      ]),
    ).toEqual([{ url: '/api/v4/order/new', enable: true }]);
  });
});

describe('capabilitySummary', () => {
  const caps = [
    { id: 'read', label: 'Read', description: '', movesFunds: false, urls: ['/a', '/b'] },
    { id: 'trade', label: 'Trade', description: '', movesFunds: false, urls: ['/c'] },
    { id: 'withdraw', label: 'Withdraw', description: '', movesFunds: true, urls: ['/d', '/e'] },
  ];

  it('names the capabilities on, off and partly set, and single URLs outside them', () => {
    expect(capabilitySummary(caps, { '/a': true, '/b': true, '/d': false, '/e': false })).toBe(
      'Read on · Withdraw off',
    );
    expect(capabilitySummary(caps, { '/a': true, '/c': false, '/x': true })).toBe(
      'Trade off · Read partly set · 1 single URL set',
    );
    expect(capabilitySummary(caps, {})).toBe('nothing set');
  });
});
