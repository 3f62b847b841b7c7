import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { AuthError, ValidationError } from '../../../main/exchange/errors.ts';
import { KeyCaller } from '../../../main/exchange/endpoints/shapes.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import * as admin from '../../../main/exchange/endpoints/sub-account-admin.ts';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('main account and sub-accounts against the sandbox', () => {
  it('reads main balances with the held part of unconfirmed deposits', async () => {
    const all = await mainAccount.balance(h.as('main'));
    expect(all['USDT']).toMatchObject({
      main_balance: expect.any(String),
      pending_deposit_amount: expect.any(String),
    });
    expect(new Decimal(all['USDT']?.pending_deposit_amount ?? '0').gt(0)).toBe(true);
    const one = await mainAccount.balance(h.as('main'), 'BTC');
    expect(Object.keys(one)).toEqual(['BTC']);
    const unknown = await mainAccount.balance(h.as('main'), 'NOPE');
    expect(unknown['NOPE']?.main_balance).toMatch(/^0(\.0+)?$/);
  });

  it('lists sub-accounts and moves funds both ways, seen in the sub-account balances', async () => {
    const main = h.as('main');
    const subs = await admin.page(main);
    const alpha = subs.find((s) => s.alias === 'sub-alpha');
    if (!alpha) throw new Error('fixture has no sub-alpha');
    const before = await subAccounts.balances(main, { id: alpha.id, ticker: 'USDT' });
    const txId = await subAccounts.transfer(main, {
      id: alpha.id,
      direction: 'main_to_sub',
      amount: '12.5',
      ticker: 'USDT',
    });
    expect(txId?.length).toBeGreaterThan(0);
    const after = await subAccounts.balances(main, { id: alpha.id, ticker: 'USDT' });
    const mainOf = (b: subAccounts.SubAccountBalances) => new Decimal(b['USDT']?.[0]?.main ?? '0');
    expect(mainOf(after).minus(mainOf(before)).toString()).toBe('12.5');
    await subAccounts.transfer(main, {
      id: alpha.id,
      direction: 'sub_to_main',
      amount: '12.5',
      ticker: 'USDT',
    });
    expect(
      mainOf(await subAccounts.balances(main, { id: alpha.id, ticker: 'USDT' })).eq(mainOf(before)),
    ).toBe(true);
  });

  it('names the field when a transfer is below the minimum', async () => {
    const main = h.as('main');
    const [sub] = await admin.page(main);
    const error = await subAccounts
      .transfer(main, { id: sub?.id ?? '', direction: 'main_to_sub', amount: '0.000000001', ticker: 'USDT' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toHaveProperty('amount');
  });

  it('fails with an auth error for a wrong secret, without the secret in the error or the audit log', async () => {
    const account = h.sandbox.accounts.find((a) => a.label === 'main');
    const wrongSecret = 'f'.repeat(32);
    const caller = new KeyCaller(h.http, { apiKey: account?.apiKey ?? '', secret: wrongSecret });
    const error = await mainAccount.balance(caller).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(401);
    const seen = JSON.stringify({ message: (error as Error).message, audit: h.audit });
    expect(seen).not.toContain(wrongSecret);
    expect(h.audit.at(-1)).toMatchObject({
      path: '/api/v4/main-account/balance',
      outcome: 'auth_failed',
      status: 401,
    });
  });
});
