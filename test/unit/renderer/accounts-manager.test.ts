import { describe, expect, it, vi } from 'vitest';
import type { AccountView } from '../../../main/ipc/contract.ts';
import { balanceSummary, EAGER_READ_ACCOUNTS } from '../../../renderer/src/lib/managers/account-balances.ts';
import {
  AccountsManager,
  failuresFirst,
  parseGroups,
} from '../../../renderer/src/lib/managers/accounts.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ID = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const account: AccountView = {
  id: ID,
  label: 'Desk one',
  kind: 'sub',
  subAccountId: '42',
  apiKeyHint: 'ab…cd',
  connection: 'sandbox',
  groups: [],
  tags: [],
  favourite: false,
  webhook: false,
};

describe('account helpers', () => {
  it('summarises non-zero balances exactly, with frozen parts', () => {
    expect(
      balanceSummary({
        account: ID,
        ok: true,
        balances: {
          USDT: { available: '50000.10', freeze: '0' },
          BTC: { available: '0', freeze: '0.5' },
          XAU: { available: '0', freeze: '0.000' },
        },
      }),
    ).toBe('USDT 50,000.10 · BTC 0 (0.5 frozen)');
    expect(balanceSummary(undefined)).toBe('loading…');
    expect(balanceSummary({ account: ID, ok: false, error: { code: 'x', message: 'key revoked' } })).toBe(
      'key revoked',
    );
  });

  it('reads groups from one field and puts import failures first', () => {
    expect(parseGroups(' Desk A, hedging,,Desk A ')).toEqual(['Desk A', 'hedging']);
    const rows = [
      { line: 2, label: 'a', ok: true },
      { line: 3, label: 'b', ok: false, error: 'bad key' },
      { line: 4, label: 'c', ok: true },
    ];
    expect(failuresFirst({ file: 'x.csv', rows }).map((r) => r.line)).toEqual([3, 2, 4]);
  });
});

describe('AccountsManager', () => {
  it("shows saved balances with their time until the exchange answers, then follows the account's balanceSpot pushes", async () => {
    const unreachable = { code: 'network_error', message: 'Could not reach the exchange.' };
    let online = false;
    const { api, calls, emit } = fakeBridge((procedure) => {
      if (procedure === 'accounts.list') return { ok: true, value: [account] };
      if (procedure === 'known.recall')
        return {
          ok: true,
          value: [{ account: ID, asOfMs: 1_000, value: { USDT: { available: '7', freeze: '0' } } }],
        };
      if (procedure === 'board.balances')
        return online
          ? {
              ok: true,
              value: [
                {
                  account: ID,
                  ok: true,
                  balances: { USDT: { available: '8', freeze: '0' }, BTC: { available: '1', freeze: '0' } },
                },
              ],
            }
          : { ok: true, value: [{ account: ID, ok: false, error: unreachable }] };
      if (procedure === 'live.subscribe') return { ok: true, value: 'b3c1f0e2-8a4b-4c55-9a4f-3b1e2d9c7a10' };
      return { ok: true, value: true };
    });
    const manager = new AccountsManager(api);
    const stop = manager.listen();
    await manager.load();
    await vi.waitFor(() =>
      expect(manager.shown(ID)).toEqual({ text: 'saved: USDT 7', asOfMs: 1_000, source: 'cache' }),
    );
    expect(manager.savedShown).toEqual({ count: 1, failed: 1, oldestMs: 1_000 });

    online = true;
    await manager.load();
    await vi.waitFor(() =>
      expect(manager.shown(ID)).toMatchObject({ text: 'USDT 8 · BTC 1', source: 'exchange' }),
    );
    expect(calls).toContainEqual(['live.subscribe', { accountId: ID, channel: 'balanceSpot', topic: '*' }]);
    // Main merged a push into the balances it keeps: they are shown as they are.
    emit('known.pushed', {
      accountId: ID,
      kinds: ['balances.spot'],
      asOfMs: 2_000,
      values: {
        'balances.spot': { USDT: { available: '5', freeze: '3' }, BTC: { available: '1', freeze: '0' } },
      },
    });
    expect(manager.shown(ID).text).toBe('USDT 5 (3 frozen) · BTC 1');
    stop();
  });

  it('on a desk larger than the eager size, reads on open only the balances never read before', async () => {
    const many = Array.from({ length: EAGER_READ_ACCOUNTS + 1 }, (_, i) => ({
      ...account,
      id: `acct-${String(i)}`,
      label: `Desk ${String(i)}`,
    }));
    const known = many.slice(1).map((a) => ({ account: a.id, ok: true, balances: {} }));
    const { api, calls } = fakeBridge({
      'accounts.list': { ok: true, value: many },
      'board.knownBalances': { ok: true, value: known },
      'board.balances': { ok: true, value: [] },
    });
    const manager = new AccountsManager(api);
    await manager.load();
    await vi.waitFor(() => expect(calls.map((c) => c[0])).toContain('board.balances'));
    const reads = calls.filter((c) => c[0] === 'board.balances');
    expect(reads).toEqual([['board.balances', { accountIds: ['acct-0'] }]]);
  });

  it('lists accounts, takes balances as they arrive, and keeps an edit error with its account', async () => {
    const { api, calls, emit } = fakeBridge({
      'accounts.list': { ok: true, value: [account] },
      'board.knownBalances': { ok: true, value: [] },
      'board.balances': { ok: true, value: [] },
      'accounts.rename': { ok: false, error: { code: 'invalid_input', message: 'too long', field: 'label' } },
      'accounts.update': { ok: true, value: { ...account, favourite: true } },
    });
    const manager = new AccountsManager(api);
    const stop = manager.listen();
    await manager.load();
    expect(manager.accounts.map((a) => a.label)).toEqual(['Desk one']);
    // a small desk reads every balance on open
    await vi.waitFor(() => expect(calls.map((c) => c[0])).toContain('board.balances'));
    expect(calls.map((c) => c[0])).not.toContain('board.knownBalances');

    emit('board.balance', { account: ID, ok: true, balances: { USDT: { available: '1', freeze: '0' } } });
    // Answers arriving one by one are drawn together, a moment later.
    await expect.poll(() => balanceSummary(manager.balances[ID])).toBe('USDT 1');

    expect(await manager.rename(ID, 'x'.repeat(80))).toBe(false);
    expect(manager.editError).toEqual({
      id: ID,
      error: { code: 'invalid_input', message: 'too long', field: 'label' },
    });
    expect(manager.accounts[0]?.label).toBe('Desk one');

    expect(await manager.setFavourite(ID, true)).toBe(true);
    expect(manager.accounts[0]?.favourite).toBe(true);
    expect(manager.editError).toBeUndefined();
    stop();
  });
});
