import { describe, expect, it } from 'vitest';
import { balanceLines, chartSeries, ageWords } from '../../../renderer/src/lib/managers/wallet.svelte.ts';
import {
  ApplyCodeDraft,
  checkWithdraw,
  CodeDraft,
  ConvertDraft,
  withdrawQuote,
  WithdrawDraft,
} from '../../../renderer/src/lib/managers/wallet-forms.svelte.ts';
import { ACCOUNT, USDT, VALID, fields, walletBridge } from './wallet-fixtures.ts';

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

  it('says what is wrong with an amount as typed: an exponent, a comma, a sign or letters, not "greater than 0"', () => {
    const said = (amount: string) => checkWithdraw(fields(amount), USDT, '100000')?.message;
    expect(said('1e3')).toBe(
      'Write the amount in digits, without an exponent: "1e3" is not taken as a number.',
    );
    expect(said('0,001')).toBe('Use a point for decimals: 0.001, not 0,001.');
    expect(said('1,000')).toBe('Write the amount without commas: "1,000" could be 1000 or 1.000.');
    expect(said('1,000,000')).toBe('Write the amount without thousands separators: 1000000.');
    expect(said('-1')).toBe('The amount must be greater than 0: a negative amount cannot be sent.');
    expect(said('0')).toBe('The amount must be greater than 0.');
    expect(said('')).toBe('Enter an amount, such as 25.5.');
    expect(said('abc')).toContain('must be a plain number such as 25.5');
    for (const amount of ['1e3', '0,001', '-1', 'abc']) expect(said(amount)).not.toContain('greater than 0,');
    expect(said('1000')).toBeUndefined();
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
  it('asks a quote, shows it for review, and converts at that quote by its id; an expired one is never sent', async () => {
    const quote = {
      quoteId: '41',
      from: 'USDT',
      to: 'BTC',
      direction: 'from' as const,
      give: '10',
      receive: '0.00015',
      rate: '0.0000150',
      expiresAtMs: 1_000_000,
    };
    const { api, calls } = walletBridge({
      'wallet.convertQuote': [
        { ok: true, value: quote },
        { ok: true, value: { ...quote, quoteId: '42', receive: '0.00014', expiresAtMs: 2_000_000 } },
      ],
      'wallet.convert': [
        { ok: true, value: { quoteId: '42', from: 'USDT', to: 'BTC', give: '10', receive: '0.00014' } },
      ],
    });
    const draft = new ConvertDraft(api);
    draft.fields = { from: 'USDT', to: 'USDT', direction: 'from', amount: '10' };
    expect(await draft.prepare(ACCOUNT)).toBe(false);
    expect(draft.error?.field).toBe('to');
    expect(calls).toEqual([]);
    draft.fields.to = 'BTC';
    expect(await draft.prepare(ACCOUNT)).toBe(true);
    expect(draft.quote).toEqual(quote);
    // past its expiry: nothing is sent, the person is told to ask a fresh quote
    expect(await draft.send(ACCOUNT, 1_000_000)).toBe(false);
    expect(draft.error).toMatchObject({ code: 'quote_expired', field: 'quoteId' });
    expect(calls.filter(([name]) => name === 'wallet.convert')).toEqual([]);
    // the fresh quote is the one shown, then the one sent
    expect(await draft.prepare(ACCOUNT)).toBe(true);
    expect(draft.quote?.receive).toBe('0.00014');
    expect(await draft.send(ACCOUNT, 1_999_999)).toBe(true);
    expect(calls).toEqual([
      [
        'wallet.convertQuote',
        { accountId: ACCOUNT, from: 'USDT', to: 'BTC', direction: 'from', amount: '10' },
      ],
      [
        'wallet.convertQuote',
        { accountId: ACCOUNT, from: 'USDT', to: 'BTC', direction: 'from', amount: '10' },
      ],
      ['wallet.convert', { accountId: ACCOUNT, quoteId: '42' }],
    ]);
    expect(draft.done).toEqual({ quoteId: '42', from: 'USDT', to: 'BTC', give: '10', receive: '0.00014' });
    expect(draft.quote).toBeUndefined();
  });

  it('drops a quote that lands after the form changed, and one main refused', async () => {
    const quote = {
      quoteId: '7',
      from: 'USDT',
      to: 'BTC',
      direction: 'from' as const,
      give: '10',
      receive: '0.00015',
      rate: '0.000015',
      expiresAtMs: 5_000,
    };
    let land: (() => void) | undefined;
    const { api } = walletBridge({
      'wallet.convertQuote': [
        { ok: true, value: quote },
        { ok: true, value: quote },
      ],
      'wallet.convert': [
        {
          ok: false,
          error: { code: 'quote_expired', message: 'The quote expired at 10:00:05.', field: 'quoteId' },
        },
      ],
    });
    const slow: typeof api = {
      ...api,
      wallet: {
        ...api.wallet,
        convertQuote: async (input) => {
          await new Promise<void>((resolve) => (land = resolve));
          return api.wallet.convertQuote(input);
        },
      },
    };
    const draft = new ConvertDraft(slow);
    draft.fields = { from: 'USDT', to: 'BTC', direction: 'from', amount: '10' };
    const asked = draft.prepare(ACCOUNT);
    draft.fields.amount = '20';
    draft.edit();
    land?.();
    expect(await asked).toBe(false);
    expect(draft.quote).toBeUndefined();
    const again = draft.prepare(ACCOUNT);
    land?.();
    expect(await again).toBe(true);
    expect(await draft.send(ACCOUNT, 1_000)).toBe(false);
    expect(draft.error?.code).toBe('quote_expired');
    expect(draft.expired(1_000)).toBe(true);
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

  it('applies the code on the clipboard with its passphrase, saying what came in, or why nothing did', async () => {
    const refusal = {
      code: 'validation_failed',
      message: 'The exchange did not apply the code: Incorrect code or passphrase.',
      field: 'code',
    };
    const { api, calls } = walletBridge({
      'wallet.applyCode': [
        { ok: false, error: refusal },
        { ok: true, value: { ticker: 'USDT', amount: '2.5', externalId: 'e2', hint: 'TXCU…89AB' } },
      ],
    });
    const draft = new ApplyCodeDraft(api);
    draft.passphrase = 'has space';
    expect(await draft.send(ACCOUNT)).toBe(false);
    expect(draft.error?.field).toBe('passphrase');
    expect(calls).toEqual([]);
    draft.passphrase = 'wrong!';
    expect(await draft.send(ACCOUNT)).toBe(false);
    expect(draft.error).toEqual(refusal);
    // the passphrase stays to be corrected; it goes once the code came in
    expect(draft.passphrase).toBe('wrong!');
    draft.passphrase = 'right!';
    expect(await draft.send(ACCOUNT)).toBe(true);
    expect(calls).toEqual([
      ['wallet.applyCode', { accountId: ACCOUNT, passphrase: 'wrong!' }],
      ['wallet.applyCode', { accountId: ACCOUNT, passphrase: 'right!' }],
    ]);
    expect([draft.applied, draft.error, draft.passphrase]).toEqual([
      { ticker: 'USDT', amount: '2.5', externalId: 'e2', hint: 'TXCU…89AB' },
      undefined,
      '',
    ]);
  });
});
