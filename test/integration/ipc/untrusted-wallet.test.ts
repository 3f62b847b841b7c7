/**
 * The wallet's money procedures called as an injected script would call them, through the router:
 * main re-checks every input, asks its own native question, and sends nothing otherwise.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountView, ProcedureResult, ProposedView } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { Client } from '../sandbox/support.ts';

const desktop = scriptedDesktop();
let core: TestCore;
let main: AccountView;

/** A valid ERC20 address with its EIP-55 checksum. */
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

const { ok, refused } = procedureCalls(() => core);

async function balances(): Promise<Record<string, string>> {
  const all = await ok<ProcedureResult<'wallet.balances'>>('wallet.balances', { accountId: main.id });
  return Object.fromEntries(Object.entries(all).map(([t, b]) => [t, b.main_balance]));
}

/**
 * The money paths main signed since `sinceId`: a read is signed last, and once the audit log shows
 * it, everything signed before it is there too (one writer, in order).
 */
async function moneyPathsSigned(sinceId: number): Promise<string[]> {
  await ok('wallet.withdrawable', { accountId: main.id });
  let entries: Array<{ id?: number; path: string }> = [];
  await expect
    .poll(async () => {
      entries = (await core.cache.audit.list({ limit: 1000 })).filter((e) => (e.id ?? 0) > sinceId);
      return entries.some((e) => e.path.endsWith('/withdrawable-balance'));
    })
    .toBe(true);
  return entries.map((e) => e.path).filter((p) => /withdraw-pay|\/codes|convert|refund-deposit/.test(p));
}

async function lastAuditId(): Promise<number> {
  await ok('wallet.withdrawable', { accountId: main.id });
  let id = 0;
  await expect
    .poll(async () => {
      const [newest] = await core.cache.audit.list({ limit: 1 });
      id = newest?.id ?? 0;
      return newest?.path.endsWith('/withdrawable-balance') ?? false;
    })
    .toBe(true);
  return id;
}

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
});
afterAll(() => core.close());
beforeEach(() => {
  desktop.confirmAnswer = true;
  desktop.confirmations.length = 0;
  desktop.clipboard = undefined;
});

describe('wallet money procedures called by an untrusted renderer', () => {
  it('sends nothing that the person declines in the native confirmation', async () => {
    const deposits = await ok<ProcedureResult<'wallet.history'>>('wallet.history', {
      accountId: main.id,
      transactionMethod: 1,
      ticker: 'BTC',
    });
    const depositId = deposits.records[0]?.id ?? '';
    const before = await balances();
    const since = await lastAuditId();
    desktop.confirmAnswer = false;
    const quote = await ok<ProcedureResult<'wallet.convertQuote'>>('wallet.convertQuote', {
      accountId: main.id,
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '10',
    });
    const moves: Array<[string, Record<string, unknown>]> = [
      ['wallet.withdraw', { ticker: 'USDT', amount: '20', address: ERC20, network: 'ERC20' }],
      ['wallet.createCode', { ticker: 'USDT', amount: '5' }],
      ['wallet.convert', { quoteId: quote.quoteId }],
      ['wallet.refundDeposit', { depositId, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
    ];
    for (const [name, input] of moves) {
      const error = await refused(name, { accountId: main.id, ...input });
      expect(error.code, name).toBe('not_confirmed');
    }
    expect(desktop.confirmations.map((q) => q.action)).toEqual([
      'Withdraw',
      'Create code',
      'Convert',
      'Refund',
    ]);
    expect(desktop.clipboard).toBeUndefined();
    expect(await balances()).toEqual(before);
    // the quote was asked for (nothing moves); no convert was confirmed
    expect(await moneyPathsSigned(since)).toEqual(['/api/v4/convert/estimate']);
  });

  it('refuses malformed amounts in main, naming the field, before anything is signed or asked', async () => {
    const before = await balances();
    const since = await lastAuditId();
    const bad = ['0x10', '1e3', 'Infinity', 'NaN', '-1', '+5', ' 12', '20.1234567', '0', ''];
    for (const amount of bad) {
      const error = await refused('wallet.withdraw', {
        accountId: main.id,
        ticker: 'USDT',
        amount,
        address: ERC20,
        network: 'ERC20',
      });
      expect([error.code, error.field], amount).toEqual(['invalid_input', 'amount']);
      expect(error.message).toMatch(/^(The amount|USDT allows)/);
    }
    for (const amount of ['0x10', '1e3', 'Infinity', '-1', '0.0000000000000000001', '100000000000000001']) {
      const error = await refused('wallet.createCode', { accountId: main.id, ticker: 'USDT', amount });
      expect([error.code, error.field], amount).toEqual(['invalid_input', 'amount']);
    }
    for (const amount of ['0x10', '1e3', 'Infinity', '-1', '10.1234567']) {
      const error = await refused('wallet.convertQuote', {
        accountId: main.id,
        from: 'USDT',
        to: 'BTC',
        direction: 'from',
        amount,
      });
      expect([error.code, error.field], amount).toEqual(['invalid_input', 'amount']);
    }
    const phrase = await refused('wallet.createCode', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '1',
      passphrase: 'tab\there',
    });
    expect(phrase.field).toBe('passphrase');
    const below = await refused('wallet.withdraw', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '9.99',
      address: ERC20,
    });
    expect(below.message).toBe('The smallest withdrawal is 10 USDT.');
    const above = await refused('wallet.withdraw', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '1000000.5',
      address: ERC20,
    });
    expect(above.message).toBe('The largest withdrawal is 1000000 USDT.');
    // a quote id main never handed out is no quote: nothing is asked or signed
    for (const quoteId of ['99999', '987654321', 'abc'])
      expect((await refused('wallet.convert', { accountId: main.id, quoteId })).field, quoteId).toBe(
        'quoteId',
      );
    expect(desktop.confirmations).toEqual([]);
    expect(await balances()).toEqual(before);
    expect(await moneyPathsSigned(since)).toEqual([]);
  });

  it('refuses "hello world" on USDT/ERC20 in main, and the sandbox refuses it too over signed REST', async () => {
    const since = await lastAuditId();
    const error = await refused('wallet.withdraw', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '20',
      address: 'hello world',
      network: 'ERC20',
    });
    expect(error).toMatchObject({ code: 'invalid_input', field: 'address' });
    expect(error.message).toContain('"hello world" cannot exist on ERC20');
    const check = await ok<ProcedureResult<'wallet.checkAddress'>>('wallet.checkAddress', {
      ticker: 'USDT',
      network: 'TRC20',
      address: ERC20,
    });
    expect(check.problem?.field).toBe('address');
    // A mixed-case address with one letter's case changed fails its EIP-55 checksum.
    const typo = await refused('wallet.withdraw', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '20',
      address: ERC20.replace('E0F', 'e0F'),
    });
    expect(typo.field).toBe('address');
    expect(desktop.confirmations).toEqual([]);
    expect(await moneyPathsSigned(since)).toEqual([]);

    const sandbox = core.connection.sandbox;
    const account = sandbox?.accounts.find((a) => a.label === 'main');
    if (!sandbox || !account) throw new Error('no embedded sandbox');
    const rest = new Client(sandbox.rest, account);
    const before = await rest.post('/api/v4/main-account/balance', { ticker: 'USDT' });
    const direct = await rest.post('/api/v4/main-account/withdraw-pay', {
      ticker: 'USDT',
      amount: '20',
      address: 'hello world',
      network: 'ERC20',
      uniqueId: 'direct-hello-world',
    });
    expect(direct.status).toBe(422);
    // an address that cannot exist: "Inner validation failed", code 2, as the exchange answers it
    expect(direct.body).toMatchObject({ code: 2, errors: { address: [expect.any(String)] } });
    const after = await rest.post('/api/v4/main-account/balance', { ticker: 'USDT' });
    expect(after.body).toEqual(before.body);
  });

  it("states the withdrawal's facts in the native confirmation, and warns when the address is not in the book", async () => {
    const before = new Decimal((await balances())['USDT'] ?? '0');
    const sent = await ok<Exclude<ProcedureResult<'wallet.withdraw'>, ProposedView>>('wallet.withdraw', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '20',
      address: ERC20,
      network: 'ERC20',
    });
    const [question] = desktop.confirmations;
    expect(question?.title).toBe('Withdraw 20 USDT on ERC20?');
    expect(question?.action).toBe('Withdraw');
    expect(question?.facts).toEqual([
      { label: 'Account', value: 'Sandbox main' },
      { label: 'Asset', value: 'USDT' },
      { label: 'Network', value: 'ERC20' },
      { label: 'Address', value: ERC20 },
      { label: 'Receiver gets', value: '20 USDT' },
      { label: 'Fee', value: '1 USDT' },
      { label: 'Total debited', value: '21 USDT' },
    ]);
    expect(question?.warning).toMatch(/NOT in your address book/);
    expect(before.minus((await balances())['USDT'] ?? '0').toFixed()).toBe('21');
    const history = await ok<ProcedureResult<'wallet.history'>>('wallet.history', {
      accountId: main.id,
      uniqueId: sent.uniqueId,
    });
    expect(history.records).toEqual([expect.objectContaining({ status: 'pending', amount: '20' })]);

    // In the book, the question names the entry and carries no warning.
    const entry = await ok<ProcedureResult<'wallet.addAddress'>>('wallet.addAddress', {
      label: 'Treasury cold wallet',
      network: 'ERC20',
      address: ERC20,
    });
    await ok('wallet.withdraw', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '10',
      address: ERC20.toLowerCase(),
    });
    // adding it was main's own question too, naming the whole address and its network
    expect(desktop.confirmations[1]).toMatchObject({
      title: 'Add "Treasury cold wallet" to your address book?',
      facts: [
        { label: 'Label', value: 'Treasury cold wallet' },
        { label: 'Network', value: 'ERC20' },
        { label: 'Address', value: ERC20 },
      ],
      action: 'Add address',
    });
    const second = desktop.confirmations[2];
    expect(second?.facts).toContainEqual({ label: 'Address book', value: 'Treasury cold wallet' });
    expect(second?.warning).toBeUndefined();
    await ok('wallet.removeAddress', { id: entry.id });
  });

  it('creates a service code whose code goes to the clipboard only', async () => {
    const created = await ok<Exclude<ProcedureResult<'wallet.createCode'>, ProposedView>>(
      'wallet.createCode',
      {
        accountId: main.id,
        ticker: 'USDT',
        amount: '2.5',
        passphrase: 's3cret!',
      },
    );
    expect(desktop.confirmations[0]?.facts).toEqual([
      { label: 'Account', value: 'Sandbox main' },
      { label: 'Asset', value: 'USDT' },
      { label: 'Amount', value: '2.5 USDT' },
      { label: 'Passphrase', value: 'set' },
    ]);
    const code = desktop.clipboard ?? '';
    expect(code).toMatch(/^TXCUSDT[0-9A-F]+$/);
    expect(created.copied).toBe(true);
    expect(created.hint).toBe(`${code.slice(0, 4)}…${code.slice(-4)}`);
    expect(JSON.stringify(created)).not.toContain(code);
  });

  it('asks the destination tag of an XRP withdrawal in main and states it in the confirmation', async () => {
    const xrp = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';
    const check = await ok<ProcedureResult<'wallet.checkAddress'>>('wallet.checkAddress', {
      ticker: 'XRP',
      address: xrp,
    });
    expect(check).toMatchObject({ network: 'XRP', memo: 'destination tag', problem: { field: 'memo' } });
    const untagged = await refused('wallet.withdraw', {
      accountId: main.id,
      ticker: 'XRP',
      amount: '25',
      address: xrp,
    });
    expect(untagged).toMatchObject({ code: 'invalid_input', field: 'memo' });
    expect(desktop.confirmations).toEqual([]);
    const sent = await ok<Exclude<ProcedureResult<'wallet.withdraw'>, ProposedView>>('wallet.withdraw', {
      accountId: main.id,
      ticker: 'XRP',
      amount: '25',
      address: xrp,
      memo: '98765',
    });
    expect(desktop.confirmations[0]?.facts).toContainEqual({ label: 'Memo / tag', value: '98765' });
    expect(desktop.confirmations[0]?.facts).toContainEqual({ label: 'Total debited', value: '25.25 XRP' });
    const history = await ok<ProcedureResult<'wallet.history'>>('wallet.history', {
      accountId: main.id,
      uniqueId: sent.uniqueId,
    });
    expect(history.records).toEqual([expect.objectContaining({ memo: '98765', network: 'XRP' })]);
  });

  it('keeps the address book in the profile across a restart, and checks each address when it is added', async () => {
    const bad = await refused('wallet.addAddress', {
      label: 'Typo',
      network: 'ERC20',
      address: 'hello world',
    });
    expect(bad).toMatchObject({ field: 'address' });
    const tagless = await refused('wallet.addAddress', {
      label: 'Ripple desk',
      network: 'XRP',
      address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
    });
    expect(tagless).toMatchObject({ field: 'memo' });
    await ok('wallet.addAddress', {
      label: 'Ripple desk',
      network: 'XRP',
      address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
      memo: '42',
    });
    await ok('wallet.addAddress', { label: 'Cold', network: 'ERC20', address: ERC20 });
    const again = await refused('wallet.addAddress', {
      label: 'Again',
      network: 'ERC20',
      address: ERC20.toLowerCase(),
    });
    expect(again).toMatchObject({ code: 'duplicate', field: 'address' });
    await core.close();
    core = await createTestCore({ platform: desktop.platform, environment: core.environment });
    const book = await ok<ProcedureResult<'wallet.addressBook'>>('wallet.addressBook');
    expect(book.map((e) => [e.label, e.network, e.memo])).toEqual([
      ['Cold', 'ERC20', null],
      ['Ripple desk', 'XRP', '42'],
    ]);
  });
});
