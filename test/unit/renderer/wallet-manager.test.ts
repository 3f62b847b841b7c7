import { describe, expect, it, vi } from 'vitest';
import {
  ageWords,
  balanceLines,
  chartSeries,
  DepositActions,
  WalletData,
  type WalletAsset,
} from '../../../renderer/src/lib/managers/wallet.svelte.ts';
import {
  checkWithdraw,
  CodeDraft,
  ConvertDraft,
  withdrawQuote,
  WithdrawDraft,
} from '../../../renderer/src/lib/managers/wallet-forms.svelte.ts';
import { fakeBridge, NO_ANSWER } from './fake-bridge.ts';

/** A deposit or withdrawal as main lists it. */
const transfer = (id: string, kind: 'deposit' | 'withdrawal') => ({
  id,
  kind,
  uniqueId: '',
  ticker: 'USDT',
  amount: '1',
  fee: '0',
  network: '',
  address: '',
  memo: '',
  status: '',
  atMs: null,
});

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';

type Answer = unknown | ((input: unknown) => unknown);

/** The preload bridge over a scripted transport: each procedure answers its list in turn (the last repeats). */

const USDT: WalletAsset = {
  ticker: 'USDT',
  name: 'Tether',
  canWithdraw: true,
  canDeposit: true,
  minWithdraw: '5',
  maxWithdraw: '100000',
  withdrawFee: '1',
  precision: 6,
  networks: ['ERC20', 'TRC20'],
  defaultNetwork: 'ERC20',
  fiat: false,
  memo: false,
};

/** Main's answer about an address it found valid on ERC20 and not in the book. */
const VALID = { ok: true, value: { network: 'ERC20', problem: null, memo: null, inBook: null } };

const fields = (amount: string, address = '0xabc') => ({
  ticker: 'USDT',
  network: '',
  address,
  amount,
  provider: '',
});

/** Answers in turn per procedure (the last one repeats); a function answer is given the input. */
function walletBridge(answers: Record<string, Answer[]>) {
  const bridge = fakeBridge((procedure, input) => {
    const list = answers[procedure];
    const answer = list && list.length > 1 ? list.shift() : list?.[0];
    if (answer === undefined) return NO_ANSWER;
    return typeof answer === 'function' ? (answer as (i: unknown) => unknown)(input) : answer;
  });
  return { ...bridge, push: bridge.emit };
}

describe('wallet amounts', () => {
  it('quotes a withdrawal as receiver gets, fee and total, or says the fee is unknown', () => {
    expect(withdrawQuote('12.5', USDT)).toEqual({
      ticker: 'USDT',
      receiverGets: '12.5',
      fee: '1',
      total: '13.5',
    });
    expect(withdrawQuote('12.5', { ...USDT, withdrawFee: null })?.total).toBeNull();
    expect(withdrawQuote('0', USDT)).toBeUndefined();
    expect(withdrawQuote('1e3', USDT)).toBeUndefined();
  });

  it('names the field of the first problem of a withdrawal', () => {
    expect(checkWithdraw(fields('10'), undefined, '100')?.field).toBe('ticker');
    expect(checkWithdraw(fields('10'), { ...USDT, canWithdraw: false }, '100')?.field).toBe('ticker');
    expect(checkWithdraw(fields('ten'), USDT, '100')?.field).toBe('amount');
    expect(checkWithdraw(fields('10.1234567'), USDT, '100')?.message).toContain('at most 6 decimal places');
    expect(checkWithdraw(fields('4.99'), USDT, '100')?.message).toContain('smallest withdrawal is 5');
    // 99.5 + the 1 fee is more than the 100 free.
    expect(checkWithdraw(fields('99.5'), USDT, '100')?.message).toBe(
      'Amount plus fee is 100.5 USDT, more than the 100 USDT free on the main balance.',
    );
    expect(checkWithdraw(fields('99'), USDT, '100')).toBeUndefined();
    expect(checkWithdraw(fields('99', ' '), USDT, '100')?.field).toBe('address');
    expect(checkWithdraw(fields('200'), { ...USDT, fiat: true }, '1000')?.field).toBe('provider');
  });

  it("lists held and free balances exactly, and the history rows in the screen's words", () => {
    expect(
      balanceLines({
        USDT: { main_balance: '1500.5', pending_deposit_amount: '500' },
        BTC: { main_balance: '0', pending_deposit_amount: '0' },
        ETH: { main_balance: '2', pending_deposit_amount: '0' },
      }),
    ).toEqual([
      { ticker: 'ETH', main: '2', pending: '0', free: '2' },
      { ticker: 'USDT', main: '1500.5', pending: '500', free: '1000.5' },
    ]);
    expect(ageWords(30_000)).toBe('less than a minute');
    expect(ageWords(5 * 60_000)).toBe('5 min');
    expect(ageWords(3 * 3_600_000)).toBe('3 h');
    expect(ageWords(3 * 86_400_000)).toBe('3 days');
  });

  it('charts the main balance and the held part of the chosen currency', () => {
    const series = chartSeries({
      ticker: 'USDT',
      samples: [
        { t: 1000, main: '1500', pending: '500' },
        { t: 2000, main: '1486.5', pending: '0' },
      ],
      newest: null,
    });
    expect(series.map((s) => s.label)).toEqual(['Main USDT', 'Held by unconfirmed deposits']);
    expect(series[0]?.points).toEqual([
      { t: 1000, v: 1500 },
      { t: 2000, v: 1486.5 },
    ]);
    expect(chartSeries(undefined).every((s) => s.points.length === 0)).toBe(true);
  });
});

describe('WithdrawDraft', () => {
  it('shows the total before sending and resends a lost answer with the same uniqueId, a new one after an edit', async () => {
    const lost = { ok: false, error: { code: 'timeout', message: 'The exchange did not answer.' } };
    const { api, calls } = walletBridge({
      'wallet.checkAddress': [VALID],
      'wallet.withdraw': [
        lost,
        (input: unknown) => ({
          ok: true,
          value: { uniqueId: (input as { uniqueId: string }).uniqueId, recovered: true },
        }),
      ],
    });
    const draft = new WithdrawDraft(api);
    draft.fields = fields('12.5');
    expect(await draft.prepare(USDT, '100')).toBe(true);
    expect(draft.review).toMatchObject({ receiverGets: '12.5', fee: '1', total: '13.5', network: 'ERC20' });
    const id = draft.review?.uniqueId ?? '';
    expect(calls.map(([name]) => name)).toEqual(['wallet.checkAddress']);
    calls.length = 0;
    // An address not in the book is sent only once the person ticked that it is the right one.
    expect(await draft.send(ACCOUNT)).toBe(false);
    expect(calls).toEqual([]);
    draft.unknownAcknowledged = true;

    expect(await draft.send(ACCOUNT)).toBe(false);
    expect(draft.answerLost).toBe(true);
    expect(draft.review?.uniqueId).toBe(id);
    expect(await draft.send(ACCOUNT)).toBe(true);
    expect(calls.map(([, input]) => (input as { uniqueId: string }).uniqueId)).toEqual([id, id]);
    expect(calls[0]?.[1]).toEqual({
      accountId: ACCOUNT,
      ticker: 'USDT',
      amount: '12.5',
      address: '0xabc',
      uniqueId: id,
      network: 'ERC20',
    });
    expect(draft.done).toMatchObject({ uniqueId: id, recovered: true, total: '13.5' });
    expect(draft.fields.amount).toBe('');

    draft.fields = fields('7');
    draft.edit();
    expect(await draft.prepare(USDT, '100')).toBe(true);
    expect(draft.review?.uniqueId).not.toBe(id);
  });

  it("keeps the exchange's refusal for the field it names, and refuses locally without calling", async () => {
    const { api, calls } = walletBridge({
      'wallet.checkAddress': [
        (input: unknown) => {
          const { address } = input as { address: string };
          return address === 'hello world'
            ? {
                ok: true,
                value: {
                  ...VALID.value,
                  problem: { field: 'address', message: 'The address "hello world" cannot exist on ERC20.' },
                },
              }
            : {
                ok: true,
                value: {
                  ...VALID.value,
                  inBook: { id: 'b1', label: 'Cold', network: 'ERC20', address, memo: null, addedAtMs: 1 },
                },
              };
        },
      ],
      'wallet.withdraw': [
        {
          ok: false,
          error: { code: 'validation_failed', message: 'The address is invalid.', field: 'address' },
        },
      ],
    });
    const draft = new WithdrawDraft(api);
    draft.fields = fields('500');
    expect(await draft.prepare(USDT, '100')).toBe(false);
    expect(draft.error?.field).toBe('amount');
    expect(draft.review).toBeUndefined();
    draft.fields = fields('50', 'hello world');
    expect(await draft.prepare(USDT, '100')).toBe(false);
    expect(draft.error).toMatchObject({ field: 'address', message: expect.stringContaining('hello world') });
    draft.fields = fields('50');
    expect(await draft.prepare(USDT, '100')).toBe(true);
    // An address from the book needs no extra tick.
    expect(draft.canSend).toBe(true);
    expect(await draft.send(ACCOUNT)).toBe(false);
    expect(draft.error?.field).toBe('address');
    expect(draft.answerLost).toBe(false);
    expect(calls.filter(([name]) => name === 'wallet.withdraw')).toHaveLength(1);
  });
});

describe('ConvertDraft and CodeDraft', () => {
  it('sends a convert with one idempotency key for its attempt, again after a lost answer', async () => {
    const { api, calls } = walletBridge({
      'wallet.convert': [
        { ok: false, error: { code: 'network_error', message: 'Could not reach the exchange.' } },
        { ok: true, value: { id: 7, finalGive: '10', finalReceive: '0.00015' } },
      ],
    });
    const draft = new ConvertDraft(api);
    draft.fields = { from: 'USDT', to: 'USDT', direction: 'from', amount: '10' };
    expect(draft.prepare()).toBe(false);
    expect(draft.error?.field).toBe('to');
    draft.fields.to = 'BTC';
    expect(draft.prepare()).toBe(true);
    expect(await draft.send(ACCOUNT)).toBe(false);
    expect(await draft.send(ACCOUNT)).toBe(true);
    const keys = calls.map(([, input]) => (input as { idempotencyKey: string }).idempotencyKey);
    expect(keys[0]).toMatch(/^desk-c-[0-9a-f]{24}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(draft.done).toEqual({ give: '10', receive: '0.00015', from: 'USDT', to: 'BTC', id: '7' });
  });

  it('creates a code after a confirmation, refusing a passphrase with spaces next to it', async () => {
    const { api, calls } = walletBridge({
      'wallet.createCode': [
        { ok: true, value: { hint: 'TXCU…89AB', message: 'ok', externalId: 'e1', copied: true } },
      ],
    });
    const draft = new CodeDraft(api);
    draft.fields = { ticker: 'USDT', amount: '5', passphrase: 'has space', description: '' };
    expect(draft.prepare()).toBe(false);
    expect(draft.error?.field).toBe('passphrase');
    expect(await draft.send(ACCOUNT)).toBe(false);
    draft.fields.passphrase = 's3cret!';
    expect(draft.prepare()).toBe(true);
    expect(await draft.send(ACCOUNT)).toBe(true);
    expect(calls).toEqual([
      ['wallet.createCode', { accountId: ACCOUNT, ticker: 'USDT', amount: '5', passphrase: 's3cret!' }],
    ]);
    expect(draft.created).toEqual({
      hint: 'TXCU…89AB',
      copied: true,
      externalId: 'e1',
      ticker: 'USDT',
      amount: '5',
    });
  });
});

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
  it('refunds with a memo, and verifies with a listed VASP or a typed name', async () => {
    const { api, calls } = walletBridge({
      'wallet.vasps': [{ ok: true, value: [{ vaspId: 'v1', name: 'Binance' }] }],
      'wallet.refundDeposit': [{ ok: true, value: { depositId: 'd1' } }],
      'wallet.verifyDeposit': [{ ok: true, value: { depositId: 'd1' } }],
    });
    const actions = new DepositActions(api);
    await actions.start(ACCOUNT, 'd1', 'refund');
    actions.memo = ' wrong sender ';
    expect(await actions.submit(ACCOUNT)).toBe(true);
    expect(actions.done).toEqual({ depositId: 'd1', action: 'refund' });

    await actions.start(ACCOUNT, 'd1', 'verify');
    expect(actions.vaspId).toBe('v1');
    actions.originator = 'Jane Doe';
    expect(await actions.submit(ACCOUNT)).toBe(true);
    await actions.start(ACCOUNT, 'd1', 'verify');
    actions.vaspId = '';
    actions.vaspName = 'Small Exchange';
    expect(await actions.submit(ACCOUNT)).toBe(true);
    expect(calls.filter(([p]) => p !== 'wallet.vasps')).toEqual([
      ['wallet.refundDeposit', { accountId: ACCOUNT, depositId: 'd1', memo: 'wrong sender' }],
      [
        'wallet.verifyDeposit',
        { accountId: ACCOUNT, depositId: 'd1', originatorName: 'Jane Doe', vasp: { vaspId: 'v1' } },
      ],
      [
        'wallet.verifyDeposit',
        { accountId: ACCOUNT, depositId: 'd1', originatorName: 'Jane Doe', vasp: { name: 'Small Exchange' } },
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
