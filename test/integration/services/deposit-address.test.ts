// Wallet -> Deposit through the procedures: the address, memo, minimum and fees of a ticker and
// network, the same every time; a sub-account's through its own key; a new address only after main's
// question and where the exchange enabled it; refusals in the desk's words.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountView, BatchView, DepositAddressView } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
const { ok, refused } = procedureCalls(() => core);
let main: AccountView;
let alpha: AccountView;

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const accounts = await ok<AccountView[]>('accounts.list');
  main = accounts.find((a) => a.label === 'Sandbox main') as AccountView;
  alpha = accounts.find((a) => a.label === 'Sandbox sub-alpha') as AccountView;
});
afterAll(() => core.close());
beforeEach(() => {
  desktop.confirmAnswer = true;
  desktop.confirmations.length = 0;
});

describe('deposit addresses', () => {
  it('answers the address with its terms, the same each time, and the memo where the network needs one', async () => {
    const trc = await ok<DepositAddressView>('wallet.depositAddress', {
      accountId: main.id,
      ticker: 'USDT',
      network: 'TRC20',
    });
    expect(trc).toEqual({
      account: main.id,
      accountLabel: 'Sandbox main',
      ticker: 'USDT',
      network: 'TRC20',
      address: expect.stringMatching(/^T/),
      memo: null,
      minAmount: '1',
      maxAmount: null,
      fixedFee: '0',
      flexFee: { percent: '0.1', minFee: '0.1', maxFee: '5' },
    });
    expect(
      await ok('wallet.depositAddress', { accountId: main.id, ticker: 'USDT', network: 'TRC20' }),
    ).toEqual(trc);
    const xrp = await ok<DepositAddressView>('wallet.depositAddress', { accountId: main.id, ticker: 'XRP' });
    expect([xrp.memo, xrp.maxAmount]).toEqual([expect.stringMatching(/^\d+$/), '1000000']);
    expect(desktop.confirmations).toEqual([]);
  });

  it("reads a sub-account's own address through its key; a key that may not see deposits is told in words", async () => {
    const own = await ok<DepositAddressView>('wallet.depositAddress', { accountId: alpha.id, ticker: 'BTC' });
    const mine = await ok<DepositAddressView>('wallet.depositAddress', { accountId: main.id, ticker: 'BTC' });
    expect(own.address).not.toBe(mine.address);
    const made = await ok<BatchView>('subaccounts.create', {
      alias: 'info-only',
      shareKyc: true,
      permissions: { spotEnabled: true, collateralEnabled: true },
      key: { type: 1, ips: [] },
    });
    const error = await refused('wallet.depositAddress', {
      accountId: made.accounts[0]?.accountId,
      ticker: 'BTC',
    });
    expect([error.code, error.message]).toEqual([
      'not_enabled',
      'The key of "info-only" may not read deposit addresses: it needs a key that allows deposits (type 2), with the address URL enabled.',
    ]);
  });

  it('makes a new address only after main asks, and says so where the exchange has it off', async () => {
    const before = await ok<DepositAddressView>('wallet.depositAddress', {
      accountId: main.id,
      ticker: 'LTC',
    });
    desktop.confirmAnswer = false;
    expect((await refused('wallet.newDepositAddress', { accountId: main.id, ticker: 'LTC' })).code).toBe(
      'not_confirmed',
    );
    expect(await ok('wallet.depositAddress', { accountId: main.id, ticker: 'LTC' })).toEqual(before);
    desktop.confirmAnswer = true;
    const fresh = await ok<DepositAddressView>('wallet.newDepositAddress', {
      accountId: main.id,
      ticker: 'LTC',
      type: 'p2sh-segwit',
    });
    expect(desktop.confirmations.at(-1)?.title).toBe('Make a new LTC deposit address for "Sandbox main"?');
    expect(fresh.address).toMatch(/^M/);
    expect(
      (await ok<DepositAddressView>('wallet.depositAddress', { accountId: main.id, ticker: 'LTC' })).address,
    ).toBe(fresh.address);
    const off = await refused('wallet.newDepositAddress', { accountId: alpha.id, ticker: 'BTC' });
    expect(off.code).toBe('not_enabled');
  });

  it('refuses an unknown ticker or network with the exchange’s words, naming the field', async () => {
    const ticker = await refused('wallet.depositAddress', { accountId: main.id, ticker: 'DOGE' });
    expect(ticker.field).toBe('ticker');
    const network = await refused('wallet.depositAddress', {
      accountId: main.id,
      ticker: 'USDT',
      network: 'BEP20',
    });
    expect(network.field).toBe('network');
  });
});
