import { describe, expect, it, vi } from 'vitest';
import type { AccountView } from '../../../main/ipc/contract.ts';
import { failuresFirst } from '../../../renderer/src/lib/managers/batch-log.svelte.ts';
import { balanceLines } from '../../../renderer/src/lib/managers/sub-account-balances.svelte.ts';
import {
  permissionRows,
  permissionWord,
  SubAccountsManager,
} from '../../../renderer/src/lib/managers/sub-accounts.svelte.ts';
import { capabilitySummary } from '../../../renderer/src/lib/managers/key-permissions.ts';
import { fakeBridge } from './fake-bridge.ts';

const MAIN = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const SUB = '6e2d2f1f-9b5c-4d66-8b5f-4c2f3e0d8b21';

function account(id: string, kind: 'main' | 'sub', label: string, subAccountId: string | null): AccountView {
  return {
    id,
    label,
    kind,
    subAccountId,
    apiKeyHint: 'ab…cd',
    connection: 'sandbox',
    groups: [],
    tags: [],
    favourite: false,
    webhook: false,
  };
}

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

describe('SubAccountsManager on a large desk', () => {
  /** Main and 60 sub-accounts, `sid-0`…`sid-59`; sub-account 0 follows its socket. */
  const desk = [
    account(MAIN, 'main', 'Main', null),
    ...Array.from({ length: 60 }, (_, i) =>
      account(
        `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        'sub',
        `Sub ${String(i)}`,
        `sid-${String(i)}`,
      ),
    ),
  ];
  const usdt = (main: string) => ({ USDT: [{ main, spot: '0', collateral: '0' }] });

  it('opens on the saved balances with no read, and reads every one on Refresh, drawing each as it arrives', async () => {
    vi.useFakeTimers();
    try {
      let answer: (value: unknown) => void = () => undefined;
      const { api, calls, emit } = fakeBridge((procedure) => {
        if (procedure === 'accounts.list') return { ok: true, value: desk };
        if (procedure === 'known.recall')
          return {
            ok: true,
            value: desk.slice(1, 41).map((a) => ({ account: a.id, asOfMs: 5_000, value: usdt('7') })),
          };
        if (procedure === 'subaccounts.balances') return new Promise((resolve) => (answer = resolve));
        return { ok: false, error: { code: 'internal', message: 'no answer' } };
      });
      const manager = new SubAccountsManager(api);
      const stop = manager.balances.listen();
      await manager.load();
      // No per-row read on open: 40 rows show their saved balances, 20 were never read.
      expect(calls.map(([p]) => p)).not.toContain('subaccounts.balances');
      expect(manager.balances.savedShown).toEqual({ count: 40, failed: 0, oldestMs: 5_000 });
      expect(manager.balances.views['sid-50']).toBeUndefined();

      const refresh = manager.balances.refresh();
      await vi.advanceTimersByTimeAsync(0);
      expect(manager.balances.reading).toEqual({ done: 0, total: 60 });
      emit('subaccounts.balance', { subAccountId: 'sid-0', ok: true, balances: usdt('8') });
      emit('subaccounts.balance', {
        subAccountId: 'sid-1',
        ok: false,
        error: { code: 'timeout', message: 'The exchange did not answer.' },
      });
      emit('subaccounts.balance', {
        subAccountId: 'sid-50',
        ok: false,
        error: { code: 'timeout', message: 'The exchange did not answer.' },
      });
      expect(manager.balances.reading).toEqual({ done: 3, total: 60 });
      // Drawn together, not one by one.
      expect(balanceLines(manager.balances.views['sid-0'])[0]?.main).toBe('7');
      await vi.advanceTimersByTimeAsync(250);
      expect(balanceLines(manager.balances.views['sid-0'])[0]?.main).toBe('8');
      expect(manager.balances.readAt['sid-0']).toBeTypeOf('number');
      // One that fails keeps its saved balances and says so; one never read says why none are known.
      expect(balanceLines(manager.balances.views['sid-1'])[0]?.main).toBe('7');
      expect(manager.balances.notRefreshed['sid-1']?.message).toBe('The exchange did not answer.');
      expect(manager.balances.views['sid-50']).toMatchObject({ ok: false });
      expect(manager.balances.savedShown).toEqual({ count: 39, failed: 1, oldestMs: 5_000 });

      answer({ ok: true, value: [] });
      await refresh;
      expect(manager.balances.reading).toBeUndefined();
      expect(calls.filter(([p]) => p === 'subaccounts.balances')).toEqual([
        ['subaccounts.balances', undefined],
      ]);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a socket back reads again only the sub-accounts that follow one, not the whole desk', async () => {
    const { api, calls, emit } = fakeBridge({
      'accounts.list': { ok: true, value: desk },
      'known.recall': { ok: true, value: [] },
      'subaccounts.balances': { ok: true, value: [] },
      'live.subscribe': { ok: true, value: '00000000-0000-4000-8000-000000000001' },
      'live.state': { ok: true, value: 'live' },
      'live.unsubscribe': { ok: true, value: true },
    });
    const manager = new SubAccountsManager(api);
    await manager.load();
    await expect.poll(() => manager.balances.live.live).toBe(true);
    const followed = [
      ...new Set(
        calls.filter(([p]) => p === 'live.subscribe').map(([, i]) => (i as { accountId: string }).accountId),
      ),
    ];
    expect(followed).toHaveLength(20);
    emit('ws.state', { accountId: followed[0], state: 'connecting' });
    emit('ws.state', { accountId: followed[0], state: 'live' });
    expect(calls.filter(([p]) => p === 'subaccounts.balances')).toEqual([
      ['subaccounts.balances', { subAccountIds: desk.slice(1, 21).map((a) => a.subAccountId) }],
    ]);
    await manager.balances.live.stop();
  });
});

describe('SubAccountsManager', () => {
  it('loads the sub-accounts with their balances by sub-account id', async () => {
    const { api } = fakeBridge({
      'accounts.list': {
        ok: true,
        value: [account(MAIN, 'main', 'Main', null), account(SUB, 'sub', 'Alpha', '42')],
      },
      'subaccounts.balances': {
        ok: true,
        value: [
          { subAccountId: '42', ok: true, balances: { USDT: [{ main: '1', spot: '2', collateral: '3' }] } },
        ],
      },
    });
    const manager = new SubAccountsManager(api);
    await manager.load();
    expect(manager.subs.map((a) => a.label)).toEqual(['Alpha']);
    expect(balanceLines(manager.balances.views['42'])).toEqual([
      { ticker: 'USDT', main: '1', spot: '2', collateral: '3' },
    ]);
  });

  it("follows a keyed sub-account's balances as main merged its pushes: shown as main keeps them, never merged again", async () => {
    const { api, calls, emit } = fakeBridge({
      'accounts.list': {
        ok: true,
        value: [account(MAIN, 'main', 'Main', null), account(SUB, 'sub', 'Alpha', '42')],
      },
      'subaccounts.balances': {
        ok: true,
        value: [
          {
            subAccountId: '42',
            ok: true,
            balances: {
              USDT: [{ main: '1', spot: '2', collateral: '3' }],
              BTC: [{ main: '0', spot: '0.5', collateral: '0' }],
            },
          },
        ],
      },
      'live.subscribe': { ok: true, value: '00000000-0000-4000-8000-000000000001' },
      'live.state': { ok: true, value: 'live' },
      'live.unsubscribe': { ok: true, value: true },
    });
    const manager = new SubAccountsManager(api);
    await manager.load();
    // main has no balances of the sub-account's own key yet: it reads them once, so pushes merge into them
    expect(calls.filter(([p]) => p === 'balances.spot' || p === 'positions.collateral')).toEqual([
      ['balances.spot', { accountId: SUB }],
      ['positions.collateral', { accountId: SUB }],
    ]);
    expect(calls.filter(([p]) => p === 'live.subscribe').map(([, i]) => i)).toEqual([
      { accountId: SUB, channel: 'balanceSpot', topic: '*' },
      { accountId: SUB, channel: 'balanceMargin', topic: '*' },
    ]);
    await expect.poll(() => manager.balances.live.live).toBe(true);
    emit('known.pushed', {
      accountId: SUB,
      kinds: ['balances.spot', 'collateral.overview'],
      asOfMs: 1,
      values: {
        'balances.spot': {
          USDT: { available: '1.25', freeze: '0.75' },
          BTC: { available: '0.5', freeze: '0' },
          LTC: { available: '0', freeze: '0' },
        },
        'collateral.overview': { balances: { USDT: '3', ETH: '4' }, freeMargin: null, source: null },
      },
    });
    expect(balanceLines(manager.balances.views['42'])).toEqual([
      { ticker: 'BTC', main: '0', spot: '0.5', collateral: '0' },
      { ticker: 'ETH', main: '0', spot: '0', collateral: '4' },
      { ticker: 'USDT', main: '1', spot: '2', collateral: '3' },
    ]);
    // The state of another account changes nothing here.
    emit('known.pushed', {
      accountId: MAIN,
      kinds: ['balances.spot'],
      asOfMs: 2,
      values: { 'balances.spot': { BTC: { available: '9', freeze: '0' } } },
    });
    expect(balanceLines(manager.balances.views['42'])[0]?.spot).toBe('0.5');
    await manager.balances.live.stop();
    expect(calls.filter(([p]) => p === 'live.unsubscribe')).toHaveLength(2);
  });

  it('previews a sweep of the selection with the plan as typed, runs it by its preview id, reports failures first and rereads balances', async () => {
    const leg = { account: SUB, label: 'Alpha', subAccountId: '42', amount: '2' };
    const previewId = '7f3e3a2b-0c6d-4e77-9c6a-5d3a4f1e9c32';
    const { api, calls } = fakeBridge({
      'subaccounts.previewSweep': { ok: true, value: { previewId, expiresAtMs: 0, legs: [leg], unread: [] } },
      'subaccounts.runSweep': {
        ok: true,
        value: [
          { ...leg, ok: true, transactionId: 't1' },
          { ...leg, account: MAIN, ok: false, error: { code: 'x', message: 'refused' } },
        ],
      },
      'subaccounts.balances': { ok: true, value: [] },
    });
    let batches = 0;
    const manager = new SubAccountsManager(api, () => batches++);
    manager.selection.set([SUB], true);
    expect(
      await manager.sweep.previewSweep({ direction: 'sub_to_main', ticker: ' usdt ', amount: 'ALL' }),
    ).toBe(true);
    expect(calls[0]).toEqual([
      'subaccounts.previewSweep',
      { accountIds: [SUB], plan: { direction: 'sub_to_main', ticker: 'USDT', amount: 'all' } },
    ]);
    expect(manager.sweep.preview).toEqual({ legs: [leg], unread: [], total: '2' });
    expect(await manager.sweep.runSweep()).toBe(true);
    expect(calls).toContainEqual(['subaccounts.runSweep', { previewId }]);
    expect(manager.sweep.preview).toBeUndefined();
    expect(manager.sweep.results?.map((r) => r.ok)).toEqual([false, true]);
    expect(calls.map((c) => c[0])).toContain('subaccounts.balances');
    // The batch log hears of the new batch.
    expect(batches).toBe(1);
  });

  it('drops the sweep preview when main refuses to run it (declined in its dialog): it must be made again', async () => {
    const leg = { account: SUB, label: 'Alpha', subAccountId: '42', amount: '2' };
    const previewId = '7f3e3a2b-0c6d-4e77-9c6a-5d3a4f1e9c32';
    const { api, calls } = fakeBridge({
      'subaccounts.previewSweep': { ok: true, value: { previewId, expiresAtMs: 0, legs: [leg], unread: [] } },
      'subaccounts.runSweep': { ok: false, error: { code: 'not_confirmed', message: 'Nothing was done.' } },
    });
    const manager = new SubAccountsManager(api);
    manager.selection.set([SUB], true);
    await manager.sweep.previewSweep({ direction: 'main_to_sub', ticker: 'USDT', amount: '2' });
    expect(await manager.sweep.runSweep()).toBe(false);
    expect(manager.sweep.error?.code).toBe('not_confirmed');
    expect(manager.sweep.preview).toBeUndefined();
    expect(await manager.sweep.runSweep()).toBe(false);
    expect(calls.filter((c) => c[0] === 'subaccounts.runSweep')).toHaveLength(1);
  });

  it('a sweep preview that left sub-accounts unread says so and is not sent', async () => {
    const leg = { account: SUB, label: 'Alpha', subAccountId: '42', amount: '2' };
    const previewId = '7f3e3a2b-0c6d-4e77-9c6a-5d3a4f1e9c32';
    const unread = [{ account: MAIN, label: 'Beta', problem: 'The exchange did not answer.' }];
    const { api, calls } = fakeBridge({
      'subaccounts.previewSweep': { ok: true, value: { previewId, expiresAtMs: 0, legs: [leg], unread } },
    });
    const manager = new SubAccountsManager(api);
    manager.selection.set([SUB, MAIN], true);
    expect(
      await manager.sweep.previewSweep({ direction: 'sub_to_main', ticker: 'USDT', amount: 'all' }),
    ).toBe(true);
    expect(manager.sweep.preview?.unread).toEqual(unread);
    expect(manager.sweep.sendable).toBe(false);
    expect(await manager.sweep.runSweep()).toBe(false);
    expect(calls.filter((c) => c[0] === 'subaccounts.runSweep')).toEqual([]);
  });

  it('keeps a sweep error for its field and clears the preview when the selection changes', async () => {
    const { api } = fakeBridge({
      'subaccounts.previewSweep': {
        ok: false,
        error: { code: 'invalid_input', message: 'bad', field: 'amount' },
      },
    });
    const manager = new SubAccountsManager(api);
    manager.selection.set([SUB], true);
    expect(
      await manager.sweep.previewSweep({ direction: 'main_to_sub', ticker: 'USDT', amount: 'all' }),
    ).toBe(false);
    expect(manager.sweep.error?.field).toBe('amount');
    manager.sweep.preview = { legs: [], unread: [], total: '0' };
    manager.selection.set([SUB], false);
    expect(manager.sweep.preview).toBeUndefined();
    expect(manager.selection.ids).toEqual([]);
  });

  it('previews and applies permission rows, leaving out blank URLs', async () => {
    const { api, calls } = fakeBridge({
      'subaccounts.previewPermissions': {
        ok: true,
        value: [
          {
            account: SUB,
            label: 'Alpha',
            changes: [{ url: '/api/v4/order/new', before: 'unknown', after: false }],
          },
        ],
      },
      'subaccounts.applyPermissions': { ok: true, value: [{ account: SUB, label: 'Alpha', ok: true }] },
    });
    let batches = 0;
    const manager = new SubAccountsManager(api, () => batches++);
    manager.selection.set([SUB], true);
    const rows = [
      { url: ' /api/v4/order/new ', enable: false },
      { url: '  ', enable: true },
    ];
    expect(await manager.permissions.previewChange(rows)).toBe(true);
    expect(calls[0]?.[1]).toEqual({ accountIds: [SUB], urls: [{ url: '/api/v4/order/new', enable: false }] });
    expect(manager.permissions.preview?.[0]?.changes[0]?.before).toBe('unknown');
    expect(await manager.permissions.apply(rows)).toBe(true);
    expect(manager.permissions.preview).toBeUndefined();
    expect(manager.permissions.results).toEqual([{ account: SUB, label: 'Alpha', ok: true }]);
    expect(batches).toBe(1);
  });

  it('replaces a key through rotateFromClipboard and keeps its error with the account', async () => {
    const { api, calls } = fakeBridge({
      'accounts.rotateFromClipboard': {
        ok: false,
        error: { code: 'clipboard_empty', message: 'Copy the secret first', field: 'secret' },
      },
    });
    const manager = new SubAccountsManager(api);
    expect(await manager.rotate(SUB, 'new-key')).toBe(false);
    expect(calls[0]).toEqual(['accounts.rotateFromClipboard', { id: SUB, apiKey: 'new-key' }]);
    expect(manager.rotateError).toEqual({
      id: SUB,
      error: { code: 'clipboard_empty', message: 'Copy the secret first', field: 'secret' },
    });
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
