import { describe, expect, it, vi } from 'vitest';
import { DepositActions } from '../../../renderer/src/lib/managers/deposit-actions.svelte.ts';
import { WalletData } from '../../../renderer/src/lib/managers/wallet.svelte.ts';
import { ACCOUNT, USDT, transfer, walletBridge } from './wallet-fixtures.ts';

describe('WalletData', () => {
  const history = {
    ok: true,
    value: {
      ticker: 'USDT',
      samples: [{ t: 1_000, main: '1500', pending: '500' }],
      newest: {
        takenAtMs: 1_000,
        balances: { USDT: { main_balance: '1500', pending_deposit_amount: '500' } },
      },
    },
  };

  it('loads balances, withdrawable figures, currencies, history, refunds and the chart', async () => {
    const { api } = walletBridge({
      'wallet.balances': [
        { ok: true, value: { USDT: { main_balance: '2000', pending_deposit_amount: '0' } } },
      ],
      'wallet.withdrawable': [
        {
          ok: true,
          value: {
            totalBalanceStable: '2000',
            lockedBalanceStable: '0',
            availableBalanceStable: '2000',
            assets: { USDT: '2000' },
          },
        },
      ],
      'wallet.assets': [{ ok: true, value: [USDT] }],
      'wallet.history': [{ ok: true, value: { records: [transfer('d1', 'deposit')] } }],
      'wallet.refunds': [{ ok: true, value: { records: [] } }],
      'wallet.balanceHistory': [history],
    });
    const data = new WalletData(api);
    await data.load(ACCOUNT);
    expect(data.loaded).toBe(true);
    expect(data.offline).toBe(false);
    expect(data.storedAtMs).toBeNull();
    expect(data.free('USDT')).toBe('2000');
    expect(data.asset('USDT')?.withdrawFee).toBe('1');
    expect(data.transfers.map((t) => t.kind)).toEqual(['deposit']);
    expect(data.history?.samples).toHaveLength(1);
  });

  it("costs a withdrawal at the account's own fee: on the network first, a percent fee left to main's question", async () => {
    const { api } = walletBridge({
      'wallet.assets': [{ ok: true, value: [USDT, { ...USDT, ticker: 'BTC', withdrawFee: '0.0005' }] }],
      'wallet.withdrawFees': [
        (input: unknown) => ({
          ok: true,
          value:
            (input as { accountId: string }).accountId === ACCOUNT
              ? [
                  { ticker: 'USDT', network: null, fixed: '0.9', flex: null },
                  { ticker: 'USDT', network: 'TRC20', fixed: '0.3', flex: null },
                  {
                    ticker: 'BTC',
                    network: null,
                    fixed: '0',
                    flex: { percent: '0.1', min: '0.0001', max: null },
                  },
                ]
              : [],
        }),
      ],
    });
    const data = new WalletData(api);
    await data.load(ACCOUNT);
    expect(data.withdrawAsset('USDT', 'ERC20')?.withdrawFee).toBe('0.9');
    expect(data.withdrawAsset('USDT', 'TRC20')?.withdrawFee).toBe('0.3');
    expect(data.withdrawAsset('BTC', 'BTC')?.withdrawFee).toBeNull();
    expect(data.fee('BTC', 'BTC')?.flex?.percent).toBe('0.1');
    // another account's schedule is not this one's
    await data.load('another-account');
    expect(data.withdrawAsset('USDT', 'TRC20')?.withdrawFee).toBe('1');
  });

  it('pages older deposits and withdrawals after those shown while the last page was full', async () => {
    const page = (from: number, n: number) => ({
      ok: true,
      value: {
        records: Array.from({ length: n }, (_, i) => transfer(`t${from + i}`, 'withdrawal')),
      },
    });
    const { api, calls } = walletBridge({ 'wallet.history': [page(0, 50), page(50, 3)] });
    const data = new WalletData(api);
    data.accountId = ACCOUNT;
    await data.refreshTransfers();
    expect(data.moreTransfers).toBe(true);
    await data.olderTransfers();
    expect(data.transfers).toHaveLength(53);
    expect(data.transfers.at(-1)?.id).toBe('t52');
    expect(data.moreTransfers).toBe(false);
    expect(calls.at(-1)).toEqual(['wallet.history', { accountId: ACCOUNT, limit: 50, offset: 50 }]);
  });

  it("rereads balances and history once per burst of the account's money webhooks, until stopped", async () => {
    const { api, calls, push } = walletBridge({
      'wallet.balances': [{ ok: true, value: {} }],
      'wallet.withdrawable': [{ ok: false, error: { code: 'x', message: 'no' } }],
      'wallet.balanceHistory': [{ ok: true, value: { ticker: 'USDT', samples: [], newest: null } }],
      'wallet.history': [{ ok: true, value: { records: [] } }],
      'wallet.refunds': [{ ok: true, value: { records: [] } }],
    });
    const data = new WalletData(api);
    data.accountId = ACCOUNT;
    vi.useFakeTimers();
    try {
      const stop = data.follow(300);
      const event = (account: string, method: string) => ({ id: 'e', account, method, nonce: 1, params: {} });
      push('webhook.event', event(ACCOUNT, 'withdraw.completed'));
      await vi.advanceTimersByTimeAsync(200);
      push('webhook.event', event(ACCOUNT, 'deposit.processed'));
      push('webhook.event', event('other-account', 'deposit.processed'));
      push('webhook.event', event(ACCOUNT, 'order.filled'));
      // The burst's last money event restarted the wait: nothing is read before it ends.
      await vi.advanceTimersByTimeAsync(299);
      expect(calls.filter(([p]) => p === 'wallet.history')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls.filter(([p]) => p === 'wallet.history')).toHaveLength(1);
      expect(calls.filter(([p]) => p === 'wallet.balances')).toHaveLength(1);
      push('webhook.event', event(ACCOUNT, 'refund.successful'));
      stop();
      await vi.runAllTimersAsync();
      expect(calls.filter(([p]) => p === 'wallet.history')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offline, shows the newest stored balances and when they were taken', async () => {
    const offline = { ok: false, error: { code: 'network_error', message: 'Could not reach the exchange.' } };
    const { api } = walletBridge({
      'wallet.balances': [offline],
      'wallet.withdrawable': [offline],
      'wallet.assets': [offline],
      'wallet.history': [offline],
      'wallet.refunds': [offline],
      'wallet.balanceHistory': [history],
    });
    const data = new WalletData(api);
    await data.load(ACCOUNT);
    expect(data.offline).toBe(true);
    expect(data.storedAtMs).toBe(1_000);
    expect(data.lines).toEqual([{ ticker: 'USDT', main: '1500', pending: '500', free: '1000' }]);
    expect(data.withdrawable).toBeUndefined();
  });
});

describe('DepositActions', () => {
  it('refunds to an address, and verifies a person from their own wallet or a company at a VASP', async () => {
    const { api, calls } = walletBridge({
      'wallet.vasps': [{ ok: true, value: [{ vaspId: 'v1', name: 'Binance' }] }],
      'wallet.refundDeposit': [{ ok: true, value: { depositId: 'd1' } }],
      'wallet.verifyDeposit': [{ ok: true, value: { depositId: 'd1' } }],
    });
    const actions = new DepositActions(api);
    await actions.start(ACCOUNT, 'd1', 'refund');
    actions.address = ' 0x00000000000000000000000000000000000000ab ';
    expect(await actions.submit(ACCOUNT)).toBe(true);
    expect(actions.done).toEqual({ depositId: 'd1', action: 'refund' });

    await actions.start(ACCOUNT, 'd1', 'verify');
    expect(actions.vaspId).toBe('v1');
    Object.assign(actions, {
      firstName: 'Jane',
      lastName: 'Doe',
      fullName: 'ignored for a person',
      residenceCountry: 'deu',
      walletAddress: '0x00000000000000000000000000000000000000cd',
      addressLine1: 'Alexanderplatz 1',
      city: 'Berlin',
      country: 'DEU',
    });
    expect(await actions.submit(ACCOUNT)).toBe(true);
    await actions.start(ACCOUNT, 'd1', 'verify');
    Object.assign(actions, { originatorType: 'entity', fullName: 'Acme Ltd', walletType: 'hosted' });
    actions.vaspId = '';
    actions.vaspName = 'Small Exchange';
    expect(await actions.submit(ACCOUNT)).toBe(true);
    const place = {
      residenceCountry: 'DEU',
      walletAddress: '0x00000000000000000000000000000000000000cd',
      address: { country: 'DEU', city: 'Berlin', addressLine1: 'Alexanderplatz 1' },
    };
    expect(calls.filter(([p]) => p !== 'wallet.vasps')).toEqual([
      [
        'wallet.refundDeposit',
        { accountId: ACCOUNT, depositId: 'd1', address: '0x00000000000000000000000000000000000000ab' },
      ],
      [
        'wallet.verifyDeposit',
        {
          accountId: ACCOUNT,
          depositId: 'd1',
          walletType: 'unhosted',
          originator: { type: 'individual', firstName: 'Jane', lastName: 'Doe', ...place },
        },
      ],
      [
        'wallet.verifyDeposit',
        {
          accountId: ACCOUNT,
          depositId: 'd1',
          walletType: 'hosted',
          originator: { type: 'entity', fullName: 'Acme Ltd', ...place },
          vasp: { name: 'Small Exchange' },
        },
      ],
    ]);
    // The VASP list is read once per account.
    expect(calls.filter(([p]) => p === 'wallet.vasps')).toHaveLength(1);
  });

  it('keeps a refusal next to the deposit and says when the VASP list is unavailable', async () => {
    const { api } = walletBridge({
      'wallet.vasps': [
        {
          ok: false,
          error: { code: 'validation_failed', message: 'This endpoint is disabled for your region.' },
        },
      ],
      'wallet.refundDeposit': [
        { ok: false, error: { code: 'validation_failed', message: 'Already refunded.', field: 'depositId' } },
      ],
    });
    const actions = new DepositActions(api);
    await actions.start(ACCOUNT, 'd1', 'verify');
    expect(actions.vasps).toEqual([]);
    expect(actions.vaspsError?.message).toContain('disabled for your region');
    expect(actions.vaspId).toBe('');
    await actions.start(ACCOUNT, 'd1', 'refund');
    expect(await actions.submit(ACCOUNT)).toBe(false);
    expect(actions.error?.field).toBe('depositId');
    expect(actions.open).toEqual({ depositId: 'd1', action: 'refund' });
  });
});
