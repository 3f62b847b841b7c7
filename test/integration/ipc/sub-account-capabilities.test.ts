// Sub-accounts as the exchange knows them, through the router against the sandbox: finding the ones
// not registered, one transfer to one sub-account, and a key reset whose new secret reaches only the
// real keychain and keeps the account working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, FoundSubAccountView } from '../../../main/ipc/contract.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import * as admin from '../../../main/exchange/endpoints/sub-account-admin.ts';
import { KeytarSecretStore } from '../../../main/vault/secret-store.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

let core: TestCore;
const desktop = scriptedDesktop();
const { call, ok, refused } = procedureCalls(() => core);
const byLabel = async (label: string) =>
  (await ok<AccountView[]>('accounts.list')).find((a) => a.label === label) as AccountView;
const mainBalanceOf = async (accountId: string, ticker: string) =>
  (await mainAccount.balance(await core.accounts.caller(accountId), ticker))[ticker]?.main_balance;

beforeAll(async () => {
  core = await createTestCore({
    platform: desktop.platform,
    secrets: new KeytarSecretStore({ service: `txc-desk-test-${String(process.pid)}` }),
    connection: { kind: 'sandbox', persist: false },
  });
  // one sub-account the desk has not registered (yet)
  const noretail = core.accounts.registry.list().find((a) => a.label === 'Sandbox sub-noretail');
  if (noretail) await core.accounts.registry.remove(noretail.id);
}, 60_000);
afterAll(async () => {
  for (const account of core.accounts.registry.list()) await core.accounts.registry.remove(account.id);
  await core.close();
});

describe('sub-accounts found on the exchange', () => {
  it('lists the sub-accounts not registered yet and registers the chosen ones awaiting their key', async () => {
    const found = await ok<FoundSubAccountView[]>('subaccounts.findUnregistered');
    expect(found.map((f) => f.alias)).toEqual(['sub-noretail']);
    const [first] = found;
    if (!first) throw new Error('nothing found');
    const added = await ok<AccountView[]>('subaccounts.addFound', {
      subAccounts: [{ subAccountId: first.subAccountId, label: 'Found one' }],
    });
    expect(added[0]).toMatchObject({ label: 'Found one', kind: 'sub', needsKey: true });
    expect(
      (await ok<FoundSubAccountView[]>('subaccounts.findUnregistered')).map((f) => f.alias),
    ).not.toContain(first.alias);
    // it signs nothing until its key pair is entered, and says so
    const refusal = await refused('wallet.balances', { accountId: added[0]?.id });
    expect(refusal.code).toBe('key_missing');
    expect(refusal.message).toMatch(/no API key yet/);
    // a sub-account id the exchange does not list is refused, nothing registered
    const before = core.accounts.registry.list().length;
    expect(
      (await refused('subaccounts.addFound', { subAccounts: [{ subAccountId: 'nope', label: 'x' }] })).code,
    ).toBe('not_found');
    expect(core.accounts.registry.list().length).toBe(before);
  });
});

describe('one transfer to one sub-account', () => {
  it('moves the amount both ways after a confirmation naming the sub-account', async () => {
    const main = await byLabel('Sandbox main');
    const alpha = await byLabel('Sandbox sub-alpha');
    const start = await mainBalanceOf(alpha.id, 'USDT');
    desktop.confirmations.length = 0;
    const sent = await ok<{ transactionId: string }>('subaccounts.transfer', {
      accountId: alpha.id,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '12.5',
    });
    expect(sent.transactionId).not.toBe('');
    const asked = desktop.confirmations[0];
    expect(asked?.title).toBe('Send 12.5 USDT from the main account to "Sandbox sub-alpha"?');
    expect(asked?.facts).toContainEqual({ label: 'Direction', value: `${main.label} → ${alpha.label}` });
    expect(await mainBalanceOf(alpha.id, 'USDT')).toBe(String(Number(start) + 12.5));
    await ok('subaccounts.transfer', {
      accountId: alpha.id,
      direction: 'sub_to_main',
      ticker: 'USDT',
      amount: '12.5',
    });
    expect(await mainBalanceOf(alpha.id, 'USDT')).toBe(start);
  });

  it('refuses a declined, a too small or a non-sub transfer without moving anything', async () => {
    const alpha = await byLabel('Sandbox sub-alpha');
    const main = await byLabel('Sandbox main');
    const start = await mainBalanceOf(alpha.id, 'USDT');
    desktop.confirmAnswer = false;
    const declined = await refused('subaccounts.transfer', {
      accountId: alpha.id,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '1',
    });
    desktop.confirmAnswer = true;
    expect(declined.code).toBe('not_confirmed');
    const tiny = await refused('subaccounts.transfer', {
      accountId: alpha.id,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '0.000000001',
    });
    expect(tiny).toMatchObject({ field: 'amount', message: 'The smallest transfer is 0.00000001.' });
    expect(
      (
        await refused('subaccounts.transfer', {
          accountId: main.id,
          direction: 'main_to_sub',
          ticker: 'USDT',
          amount: '1',
        })
      ).field,
    ).toBe('accountId');
    expect(await mainBalanceOf(alpha.id, 'USDT')).toBe(start);
  });
});

describe('resetting a sub-account key', () => {
  it('puts the new secret in the keychain only, and the account keeps signing', async () => {
    const maker = await byLabel('Sandbox sub-maker');
    const oldKey = core.accounts.registry.get(maker.id)?.apiKey ?? '';
    const oldCaller = await core.accounts.caller(maker.id);
    desktop.confirmations.length = 0;
    const reply = await call('subaccounts.resetKey', { accountId: maker.id });
    if (!reply.ok) throw new Error(reply.error.message);
    const answer = reply.value as { account: AccountView; stored: boolean };
    expect(answer.stored).toBe(true);
    expect(desktop.confirmations[0]?.title).toBe('Reset the API key of sub-account "Sandbox sub-maker"?');
    const fresh = core.connection.sandbox?.accounts.find((a) => a.label === 'sub-maker');
    if (!fresh) throw new Error('sandbox lost the account');
    // nothing of the secret crossed the bridge
    expect(JSON.stringify(reply)).not.toContain(fresh.apiSecret);
    expect(core.accounts.registry.get(maker.id)?.apiKey).toBe(fresh.apiKey);
    expect(fresh.apiKey).not.toBe(oldKey);
    // the registry signs with the new pair read back from the keychain
    expect(await core.accounts.registry.credentials(maker.id)).toEqual({
      apiKey: fresh.apiKey,
      secret: fresh.apiSecret,
    });
    expect(await mainBalanceOf(maker.id, 'USDT')).toMatch(/^\d/);
    // the old pair is refused by the exchange
    await expect(mainAccount.balance(oldCaller, 'USDT')).rejects.toThrow();
  });

  it('says so when the exchange answers without the new pair, and Replace key brings the account back', async () => {
    const alpha = await byLabel('Sandbox sub-alpha');
    core.connection.sandbox?.control.setKeyResetAnswer('empty');
    try {
      const answer = await ok<{ stored: boolean }>('subaccounts.resetKey', { accountId: alpha.id });
      expect(answer.stored).toBe(false);
    } finally {
      core.connection.sandbox?.control.setKeyResetAnswer('key');
    }
    const fresh = core.connection.sandbox?.accounts.find((a) => a.label === 'sub-alpha');
    if (!fresh) throw new Error('sandbox lost the account');
    desktop.clipboard = fresh.apiSecret;
    await ok('accounts.rotateFromClipboard', { id: alpha.id, apiKey: fresh.apiKey });
    expect(await mainBalanceOf(alpha.id, 'USDT')).toMatch(/^\d/);
  });

  it('changes nothing when the confirmation is declined', async () => {
    const restricted = await byLabel('Sandbox sub-restricted');
    const key = core.accounts.registry.get(restricted.id)?.apiKey;
    desktop.confirmAnswer = false;
    expect((await refused('subaccounts.resetKey', { accountId: restricted.id })).code).toBe('not_confirmed');
    desktop.confirmAnswer = true;
    expect(core.accounts.registry.get(restricted.id)?.apiKey).toBe(key);
    expect(await admin.page(await core.accounts.caller((await byLabel('Sandbox main')).id))).not.toEqual([]);
  });
});
