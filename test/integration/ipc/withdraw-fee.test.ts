/**
 * A withdrawal costs what the account's own fee schedule says (`main-account/fee`), read by main for
 * each withdrawal before its question: the question names that fee and the total, and that is what
 * the exchange debits, even when the public list the app keeps says another fee.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, ProcedureResult } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
let main: AccountView;

/** A valid ERC20 address with its EIP-55 checksum. */
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

const { ok } = procedureCalls(() => core);

async function balances(): Promise<Record<string, string>> {
  const all = await ok<ProcedureResult<'wallet.balances'>>('wallet.balances', { accountId: main.id });
  return Object.fromEntries(Object.entries(all).map(([t, b]) => [t, b.main_balance]));
}

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
});
afterAll(() => core.close());

describe("the account's own withdrawal fee", () => {
  it('names the fee this account pays, from its own fee schedule read before the question, and that is what is debited', async () => {
    // the public list is read once and kept; the account's schedule is read for each withdrawal
    await ok('wallet.assets');
    const usdt = core.connection.sandbox?.control.state.assets.get('USDT');
    if (!usdt) throw new Error('the sandbox lists no USDT');
    const listed = usdt.withdrawFee;
    usdt.withdrawFee = '1.5';
    try {
      expect(
        await ok<ProcedureResult<'wallet.withdrawFees'>>('wallet.withdrawFees', { accountId: main.id }),
      ).toContainEqual({ ticker: 'USDT', network: null, fixed: '1.5', flex: null });
      const before = new Decimal((await balances())['USDT'] ?? '0');
      await ok('wallet.withdraw', {
        accountId: main.id,
        ticker: 'USDT',
        amount: '20',
        address: ERC20,
        network: 'ERC20',
      });
      const question = desktop.confirmations.at(-1);
      expect(question?.facts).toContainEqual({ label: 'Fee', value: '1.5 USDT' });
      expect(question?.facts).toContainEqual({ label: 'Total debited', value: '21.5 USDT' });
      expect(before.minus((await balances())['USDT'] ?? '0').toFixed()).toBe('21.5');
    } finally {
      usdt.withdrawFee = listed;
    }
  });
});
