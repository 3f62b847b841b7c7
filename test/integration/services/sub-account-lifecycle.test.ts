// A sub-account's life through the procedures, against the embedded sandbox: made with its key, IP list
// and funding; edited, blocked (the desk records it) and unblocked; refused deletion while funded,
// swept to main, deleted; its keys made, listed, restricted and deleted. The withdrawals waiting for
// the main account: sub-account-withdrawals.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as apiKeys from '../../../main/exchange/endpoints/sub-account-api-keys.ts';
import type {
  AccountView,
  BatchView,
  ExchangeSubAccountView,
  HoldingsView,
  SubAccountKeyView,
  SubAccountTransfersView,
} from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
const { ok, refused } = procedureCalls(() => core);
const PERMS = { spotEnabled: true, collateralEnabled: true };

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
});
afterAll(() => core.close());
beforeEach(() => {
  desktop.confirmAnswer = true;
  desktop.confirmations.length = 0;
});

async function listed(alias: string): Promise<ExchangeSubAccountView> {
  const found = (await ok<ExchangeSubAccountView[]>('subaccounts.list')).find((s) => s.alias === alias);
  if (!found) throw new Error(`no sub-account ${alias}`);
  return found;
}

async function makeOne(alias: string, extra: Record<string, unknown> = {}): Promise<BatchView> {
  return ok<BatchView>('subaccounts.create', { alias, shareKyc: true, permissions: PERMS, ...extra });
}

describe('one new sub-account', () => {
  it('is made with its key (registered, secret in the keychain), IP list and funding after one question', async () => {
    const made = await makeOne('ops-one', {
      key: { type: 1, ips: ['127.0.0.1', '10.1.0.0/16'] },
      funding: { ticker: 'USDT', amount: '25' },
    });
    expect(desktop.confirmations.map((q) => q.title)).toEqual(['Create sub-account "ops-one"?']);
    expect(desktop.confirmations[0]?.facts.find((f) => f.label === 'Funding')?.value).toBe(
      '25 USDT each, 25 USDT in all, from the main balance',
    );
    expect([made.state, made.done, made.failed]).toEqual(['finished', 1, 0]);
    const [account] = made.accounts;
    const registered = core.accounts.registry.get(account?.accountId ?? '');
    expect(registered?.label).toBe('ops-one');
    expect(registered?.subAccountId).toBe(account?.subAccountId);
    // the key signs: the sub-account reads its own balance with it, from 127.0.0.1
    const caller = await core.accounts.caller(registered?.id ?? '');
    expect(JSON.stringify(made)).not.toContain(
      (await core.accounts.registry.credentials(registered?.id ?? '')).secret,
    );
    const keys = await ok<SubAccountKeyView[]>('subaccounts.keys', { subAccountId: account?.subAccountId });
    expect(keys).toHaveLength(1);
    expect(keys[0]?.account?.id).toBe(registered?.id);
    expect(
      await apiKeys.listIps(await core.accounts.caller(core.accounts.mainAccount('').id), keys[0]?.id ?? ''),
    ).toEqual(['127.0.0.1', '10.1.0.0/16']);
    const holdings = await ok<HoldingsView>('subaccounts.holdings', { subAccountId: account?.subAccountId });
    expect(holdings.balances).toEqual([{ ticker: 'USDT', main: '25', spot: '0', collateral: '0' }]);
    expect(caller.credentials.apiKey).toBe(registered?.apiKey);
  });

  it('refuses a taken name, a missing e-mail and a bad IP entry in words, before asking anything', async () => {
    expect(
      (await refused('subaccounts.create', { alias: 'ops-one', shareKyc: true, permissions: PERMS })).message,
    ).toBe('The desk has accounts named "ops-one" already.');
    const email = await refused('subaccounts.create', {
      alias: 'ops-two',
      shareKyc: false,
      permissions: PERMS,
    });
    expect(email.field).toBe('email');
    const ip = await refused('subaccounts.create', {
      alias: 'ops-two',
      shareKyc: true,
      permissions: PERMS,
      key: { type: 1, ips: ['10.0.0.300'] },
    });
    expect([ip.field, ip.message]).toEqual(['ips', 'The entry "10.0.0.300" is not an IPv4 or IPv6 address.']);
    const much = await refused('subaccounts.create', {
      alias: 'ops-two',
      shareKyc: true,
      permissions: PERMS,
      funding: { ticker: 'USDT', amount: '100000000' },
    });
    expect(much.field).toBe('fundingAmount');
    expect(desktop.confirmations).toEqual([]);
  });
});

describe('edit, block, unblock', () => {
  it('edits name and permissions; blocking stops its key and the desk records it until unblocked', async () => {
    await makeOne('ops-block', { key: { type: 1, ips: [] } });
    const sub = await listed('ops-block');
    await ok('subaccounts.edit', {
      subAccountId: sub.subAccountId,
      alias: 'ops-blocked',
      permissions: { spotEnabled: true, collateralEnabled: false },
    });
    const edited = await listed('ops-blocked');
    expect(edited.permissions).toEqual({ spotEnabled: true, collateralEnabled: false });
    await ok('subaccounts.setBlocked', { subAccountId: sub.subAccountId, blocked: true });
    expect(desktop.confirmations.at(-1)?.title).toBe('Block sub-account "ops-blocked"?');
    const account = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'ops-block');
    expect(account?.blocked).toBe(true);
    const board = await ok<{ rows: Array<{ account: string; keyState: string }> }>('board.view');
    expect(board.rows.find((r) => r.account === account?.id)?.keyState).toBe('blocked');
    const refusedRead = await refused('balances.spot', { accountId: account?.id });
    expect(refusedRead.code).toBe('auth_failed');
    await ok('subaccounts.setBlocked', { subAccountId: sub.subAccountId, blocked: false });
    expect(
      (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'ops-block')?.blocked,
    ).toBeUndefined();
    await ok('balances.spot', { accountId: account?.id });
  });
});

describe('delete', () => {
  it('refuses while it holds funds, naming them; the sweep empties it to main; then it is deleted', async () => {
    await makeOne('ops-retire', { key: { type: 2, ips: [] }, funding: { ticker: 'USDT', amount: '40' } });
    const sub = await listed('ops-retire');
    const id = sub.registered[0]?.id ?? '';
    // some of it on the spot balance, with an open order on it
    await ok('wallet.transfer', { accountId: id, from: 'main', to: 'spot', ticker: 'USDT', amount: '15' });
    await ok('orders.place', {
      accountId: id,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.0002', price: '30000' },
    });
    const before = await ok<HoldingsView>('subaccounts.holdings', { subAccountId: sub.subAccountId });
    expect(before.empty).toBe(false);
    expect(before.openOrders).toBe(1);
    const no = await refused('subaccounts.delete', { subAccountId: sub.subAccountId });
    expect(no.code).toBe('holds_funds');
    expect(no.message).toMatch(
      /^Sub-account "ops-retire" was not deleted: it holds 25 USDT on its main balance, 15 USDT on its spot \(trade\) balance, 1 open order\. Sweep it to the main account first\.$/,
    );
    const swept = await ok<{ sweep: { cancelled: number; moved: unknown[] }; holdings: HoldingsView }>(
      'subaccounts.sweepToMain',
      { subAccountId: sub.subAccountId },
    );
    expect([swept.sweep.cancelled, swept.holdings.empty]).toEqual([1, true]);
    expect(swept.sweep.moved).toEqual([{ ticker: 'USDT', amount: '40', transactionId: expect.any(String) }]);
    await ok('subaccounts.delete', { subAccountId: sub.subAccountId });
    expect(desktop.confirmations.at(-1)?.action).toBe('Delete sub-account');
    expect(
      (await ok<ExchangeSubAccountView[]>('subaccounts.list')).some((s) => s.alias === 'ops-retire'),
    ).toBe(false);
    expect(core.accounts.registry.get(id)).toBeUndefined();
  });
});

describe('transfers', () => {
  it("lists a sub-account's transfers with main newest first, filtered by direction, a page at a time", async () => {
    await makeOne('ops-moves', { funding: { ticker: 'USDT', amount: '30' } });
    const { subAccountId } = await listed('ops-moves');
    const swept = await ok<{ sweep: { moved: Array<{ transactionId: string }> } }>(
      'subaccounts.sweepToMain',
      {
        subAccountId,
      },
    );
    const all = await ok<SubAccountTransfersView>('subaccounts.transfers', {
      subAccountId,
      offset: 0,
      limit: 50,
    });
    expect(all.rows.map((t) => [t.direction, t.ticker, t.amount])).toEqual([
      ['sub_to_main', 'USDT', '30'],
      ['main_to_sub', 'USDT', '30'],
    ]);
    expect(all.rows[0]?.id).toBe(swept.sweep.moved[0]?.transactionId);
    expect(Math.abs((all.rows[0]?.atMs ?? 0) - Date.now())).toBeLessThan(60_000);
    expect([all.direction, all.more]).toEqual([null, false]);
    const funded = await ok<SubAccountTransfersView>('subaccounts.transfers', {
      subAccountId,
      direction: 'main_to_sub',
      offset: 0,
      limit: 50,
    });
    expect(funded.rows.map((t) => t.direction)).toEqual(['main_to_sub']);
    const first = await ok<SubAccountTransfersView>('subaccounts.transfers', {
      subAccountId,
      offset: 0,
      limit: 1,
    });
    expect([first.rows.length, first.more]).toEqual([1, true]);
    const bad = await refused('subaccounts.transfers', {
      subAccountId,
      direction: 'up',
      offset: 0,
      limit: 1,
    });
    expect(bad.code).toBe('invalid_input');
  });
});

describe('keys', () => {
  it('makes a second key for a registered sub-account (the desk moves to it), restricts it, deletes the old one', async () => {
    await makeOne('ops-keys', { key: { type: 1, ips: [] } });
    const sub = await listed('ops-keys');
    const account = sub.registered[0] as AccountView;
    const [first] = await ok<SubAccountKeyView[]>('subaccounts.keys', { subAccountId: sub.subAccountId });
    const made = await ok<{ account: AccountView; ips: string[] }>('subaccounts.createKey', {
      subAccountId: sub.subAccountId,
      type: 2,
      ips: ['2001:DB8:0:0::1'],
    });
    expect(made.account.id).toBe(account.id);
    expect(made.ips).toEqual(['2001:db8::1']);
    const keys = await ok<SubAccountKeyView[]>('subaccounts.keys', { subAccountId: sub.subAccountId });
    expect(keys.map((k) => Boolean(k.account))).toEqual([false, true]);
    const newId = keys[1]?.id ?? '';
    const ips = await ok<string[]>('subaccounts.setKeyIps', {
      subAccountId: sub.subAccountId,
      apiKeyId: newId,
      add: ['127.0.0.1'],
      remove: ['2001:db8::1'],
    });
    expect(ips).toEqual(['127.0.0.1']);
    const tooMany = await refused('subaccounts.setKeyIps', {
      subAccountId: sub.subAccountId,
      apiKeyId: newId,
      add: Array.from({ length: 50 }, (_, i) => `10.9.0.${String(i + 1)}`),
      remove: [],
    });
    expect(tooMany.message).toBe(
      'A key allows at most 50 IP addresses: it has 1, and 50 more would make 51.',
    );
    await ok('subaccounts.deleteKey', { subAccountId: sub.subAccountId, apiKeyId: first?.id });
    const left = await ok<SubAccountKeyView[]>('subaccounts.keys', { subAccountId: sub.subAccountId });
    expect(left.map((k) => k.id)).toEqual([newId]);
    expect(core.accounts.registry.get(account.id)?.apiKey).not.toBe('');
    await ok('balances.spot', { accountId: account.id });
  });
});
