/**
 * A service code applied to an account's main balance, through the router as the renderer calls it:
 * main asks its own question first and only then reads the clipboard (and clears it); the code never
 * comes back over the bridge nor reaches a log line; what the exchange refuses is said in words.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountView, ProcedureResult, ProposedView } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
let main: AccountView;
let alpha: AccountView;

const { ok, refused } = procedureCalls(() => core);

const usdt = async (account: AccountView): Promise<string> =>
  (await ok<ProcedureResult<'wallet.balances'>>('wallet.balances', { accountId: account.id }))['USDT']
    ?.main_balance ?? '0';

/** A code made by the main account, left on the clipboard as the app leaves it. */
async function madeCode(amount: string, passphrase?: string): Promise<{ code: string; externalId: string }> {
  const created = await ok<Exclude<ProcedureResult<'wallet.createCode'>, ProposedView>>('wallet.createCode', {
    accountId: main.id,
    ticker: 'USDT',
    amount,
    ...(passphrase ? { passphrase } : {}),
  });
  return { code: desktop.clipboard ?? '', externalId: created.externalId };
}

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const accounts = await ok<AccountView[]>('accounts.list');
  main = accounts.find((a) => a.label === 'Sandbox main') as AccountView;
  alpha = accounts.find((a) => a.label === 'Sandbox sub-alpha') as AccountView;
}, 60_000);
afterAll(() => core.close());
beforeEach(() => {
  desktop.confirmAnswer = true;
  desktop.confirmations.length = 0;
  desktop.clipboard = undefined;
});

describe('a service code applied from the clipboard', () => {
  it('credits the account once asked; only a hint of the code comes back, and no log line holds it', async () => {
    const { code, externalId } = await madeCode('2.5', 'pw-7!');
    const before = await usdt(alpha);
    desktop.confirmations.length = 0;
    const applied = await ok<ProcedureResult<'wallet.applyCode'>>('wallet.applyCode', {
      accountId: alpha.id,
      passphrase: 'pw-7!',
    });
    expect(desktop.confirmations).toEqual([
      {
        title: 'Apply the service code on the clipboard to "Sandbox sub-alpha"?',
        facts: [
          { label: 'Account', value: 'Sandbox sub-alpha' },
          { label: 'Code', value: 'read from the clipboard once you apply, then the clipboard is cleared' },
          { label: 'Passphrase', value: 'given' },
        ],
        action: 'Apply code',
      },
    ]);
    expect(applied).toEqual({
      ticker: 'USDT',
      amount: '2.5',
      externalId,
      hint: `${code.slice(0, 4)}…${code.slice(-4)}`,
    });
    expect(JSON.stringify(applied)).not.toContain(code);
    expect(desktop.clipboard).toBeUndefined();
    expect(Number(await usdt(alpha)) - Number(before)).toBe(2.5);
    expect(core.logged.filter((line) => line.includes(code))).toEqual([]);
  });

  it('reads nothing and sends nothing when the person declines', async () => {
    const { code } = await madeCode('1');
    const before = await usdt(alpha);
    desktop.confirmAnswer = false;
    expect(await refused('wallet.applyCode', { accountId: alpha.id })).toMatchObject({
      code: 'not_confirmed',
    });
    expect(desktop.clipboard).toBe(code);
    expect(await usdt(alpha)).toBe(before);
  });

  it('says in words why nothing came in: no code, not a code, its own code, a wrong passphrase', async () => {
    expect(await refused('wallet.applyCode', { accountId: alpha.id })).toEqual({
      code: 'clipboard_empty',
      message:
        'Copy the service code to the clipboard first: the app reads it from there and clears the clipboard.',
      field: 'code',
    });
    desktop.clipboard = 'my code is somewhere';
    expect(await refused('wallet.applyCode', { accountId: alpha.id })).toMatchObject({
      code: 'invalid_input',
      field: 'code',
      message: expect.stringMatching(/^What was on the clipboard is not a service code/),
    });
    const own = await madeCode('1');
    const wrong = await refused('wallet.applyCode', { accountId: main.id });
    expect(wrong).toEqual({
      code: 'validation_failed',
      field: 'code',
      message: 'The exchange did not apply the code: This code was created by you.',
    });
    expect(wrong.message).not.toContain(own.code);
    await madeCode('1', 'right-one');
    const phrase = await refused('wallet.applyCode', { accountId: alpha.id, passphrase: 'wrong-one' });
    expect(phrase).toMatchObject({
      field: 'code',
      message: 'The exchange did not apply the code: Incorrect code or passphrase.',
    });
  });

  it('lists the codes an account made and applied, newest first, each masked: no code crosses the bridge', async () => {
    const { code, externalId } = await madeCode('1.25');
    const made = await ok<ProcedureResult<'wallet.codes'>>('wallet.codes', {
      accountId: main.id,
      list: 'mine',
    });
    expect(made.records[0]).toMatchObject({
      externalId,
      ticker: 'USDT',
      amount: '1.25',
      way: null,
      status: 'active',
      hint: `${code.slice(0, 4)}…${code.slice(-4)}`,
    });
    expect(made.total).toBeGreaterThanOrEqual(made.records.length);
    await ok('wallet.applyCode', { accountId: alpha.id });
    const applied = await ok<ProcedureResult<'wallet.codes'>>('wallet.codes', {
      accountId: alpha.id,
      list: 'history',
    });
    expect(applied.records[0]).toMatchObject({
      way: 'applied',
      amount: '1.25',
      ticker: 'USDT',
      status: 'Activated',
    });
    const history = await ok<ProcedureResult<'wallet.codes'>>('wallet.codes', {
      accountId: main.id,
      list: 'history',
    });
    expect(history.records.find((r) => r.externalId === externalId)).toMatchObject({
      way: 'made',
      amount: '1.25',
    });
    for (const reply of [made, applied, history]) expect(JSON.stringify(reply)).not.toContain(code);
    // the next page follows the first, without repeating it
    const second = await ok<ProcedureResult<'wallet.codes'>>('wallet.codes', {
      accountId: main.id,
      list: 'history',
      offset: 1,
    });
    expect(second.records[0]).toEqual(history.records[1]);
    expect(core.logged.join('\n')).not.toContain(code);
  });
});
