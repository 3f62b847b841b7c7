import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, ProcedureResult } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

/** The person confirms main's native questions in these tests. */
const desktop = scriptedDesktop();

let core: TestCore;
let main: AccountView;

const { ok, refused } = procedureCalls(() => core);

const ADDRESS = '0x00000000000000000000000000000000000000cc';

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
});
afterAll(() => core.close());

describe('wallet procedures', () => {
  it('lists the withdrawal facts of each currency: fee, limits, precision and networks', async () => {
    const assets = await ok<ProcedureResult<'wallet.assets'>>('wallet.assets');
    const usdt = assets.find((a) => a.ticker === 'USDT');
    expect(usdt).toMatchObject({ canWithdraw: true, withdrawFee: '1', fiat: false });
    expect(usdt?.networks).toContain('ERC20');
    expect(usdt?.defaultNetwork).toBe('ERC20');
    expect(usdt?.minWithdraw).toMatch(/^\d/);
    expect(assets.find((a) => a.ticker === 'XAU')?.canWithdraw).toBe(false);
    expect(assets.find((a) => a.ticker === 'UAH')?.fiat).toBe(true);
    expect(assets.map((a) => a.ticker)).toEqual([...assets.map((a) => a.ticker)].sort());
  });

  it('withdraws with the fee on top, finds it in the history by its uniqueId, and charts the balance', async () => {
    const balance = async () =>
      new Decimal(
        (await ok<ProcedureResult<'wallet.balances'>>('wallet.balances', { accountId: main.id }))['USDT']
          ?.main_balance ?? '0',
      );
    const before = await balance();
    const result = await ok<ProcedureResult<'wallet.withdraw'>>('wallet.withdraw', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '25.5',
      address: ADDRESS,
      network: 'ERC20',
      uniqueId: 'desk-w-0001',
    });
    expect(result).toEqual({ uniqueId: 'desk-w-0001', recovered: false });
    const after = await balance();
    expect(before.minus(after).toFixed()).toBe('26.5');
    const history = await ok<ProcedureResult<'wallet.history'>>('wallet.history', {
      accountId: main.id,
      uniqueId: 'desk-w-0001',
    });
    expect(history.records).toEqual([
      expect.objectContaining({ uniqueId: 'desk-w-0001', amount: '25.5', fee: '1', ticker: 'USDT' }),
    ]);
    // The same uniqueId again is refused next to it: nothing is paid twice.
    const again = await refused('wallet.withdraw', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '25.5',
      address: ADDRESS,
      uniqueId: 'desk-w-0001',
    });
    expect(again.field).toBe('uniqueId');
    expect((await balance()).toFixed()).toBe(after.toFixed());

    const chart = await ok<ProcedureResult<'wallet.balanceHistory'>>('wallet.balanceHistory', {
      accountId: main.id,
      ticker: 'USDT',
    });
    expect(chart.samples.length).toBeGreaterThanOrEqual(3);
    const last = chart.samples.at(-1);
    expect(last?.main).toBe(after.toFixed());
    expect(last?.pending).toBe('500');
    expect(chart.samples.map((s) => s.t)).toEqual([...chart.samples.map((s) => s.t)].sort((a, b) => a - b));
    expect(chart.newest?.takenAtMs).toBe(last?.t);
    expect(chart.newest?.balances['USDT']?.main_balance).toBe(after.toFixed());
    const none = await ok<ProcedureResult<'wallet.balanceHistory'>>('wallet.balanceHistory', {
      accountId: main.id,
      ticker: 'ZZZ',
    });
    // A currency the account never held charts as zero at every sample.
    expect(none.samples.length).toBe(chart.samples.length);
    expect(none.samples.every((s) => s.main === '0' && s.pending === '0')).toBe(true);
  });

  it('lists refunds, refunds a credited deposit once, and names the deposit when it is refused', async () => {
    const before = await ok<ProcedureResult<'wallet.refunds'>>('wallet.refunds', { accountId: main.id });
    expect(before.records.map((r) => r.status).sort()).toEqual(['canceled', 'in_process', 'successful']);
    expect(before.records.every((r) => r.depositId && r.ticker && r.amount)).toBe(true);
    const deposits = await ok<ProcedureResult<'wallet.history'>>('wallet.history', {
      accountId: main.id,
      transactionMethod: 1,
      ticker: 'BTC',
    });
    const depositId = deposits.records[0]?.id ?? '';
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    // an address that cannot exist on the deposit's network: refused in main, nothing asked or sent
    const wrong = await refused('wallet.refundDeposit', { accountId: main.id, depositId, address: '0xabc' });
    expect(wrong.field).toBe('address');
    expect(await ok('wallet.refundDeposit', { accountId: main.id, depositId, address })).toEqual({
      depositId,
    });
    const listed = await ok<ProcedureResult<'wallet.refunds'>>('wallet.refunds', {
      accountId: main.id,
      depositId,
    });
    expect(listed.records).toEqual([
      expect.objectContaining({ depositId, status: 'in_process', ticker: 'BTC' }),
    ]);
    const twice = await refused('wallet.refundDeposit', { accountId: main.id, depositId, address });
    expect(twice.field).toBe('depositId');
    expect(twice.message).toMatch(/already refunded or being refunded/);
  });

  it('verifies a deposit with a listed VASP or a VASP name, and refuses an unknown deposit by name', async () => {
    const vasps = await ok<ProcedureResult<'wallet.vasps'>>('wallet.vasps', { accountId: main.id });
    expect(vasps.length).toBeGreaterThan(0);
    const deposits = await ok<ProcedureResult<'wallet.history'>>('wallet.history', {
      accountId: main.id,
      transactionMethod: 1,
    });
    const depositId = deposits.records[0]?.id ?? '';
    const originator = {
      type: 'individual',
      firstName: 'Jane',
      lastName: 'Doe',
      residenceCountry: 'DEU',
      walletAddress: '0x00000000000000000000000000000000000000cd',
      address: { country: 'DEU', city: 'Berlin', addressLine1: 'Alexanderplatz 1' },
    };
    const listed = { vaspId: vasps[0]?.vaspId ?? '' };
    expect(
      await ok('wallet.verifyDeposit', {
        accountId: main.id,
        depositId,
        walletType: 'hosted',
        originator,
        vasp: listed,
      }),
    ).toEqual({ depositId });
    expect(
      await ok('wallet.verifyDeposit', {
        accountId: main.id,
        depositId,
        walletType: 'hosted',
        originator: {
          ...originator,
          type: 'entity',
          firstName: undefined,
          lastName: undefined,
          fullName: 'Acme Ltd',
        },
        vasp: { name: 'Small Local Exchange' },
      }),
    ).toEqual({ depositId });
    // a hosted wallet names its VASP; a person both names
    const noVasp = await refused('wallet.verifyDeposit', {
      accountId: main.id,
      depositId,
      walletType: 'hosted',
      originator,
    });
    expect(noVasp.field).toBe('vasp');
    const nameless = await refused('wallet.verifyDeposit', {
      accountId: main.id,
      depositId,
      walletType: 'unhosted',
      originator: { ...originator, lastName: undefined },
    });
    expect(nameless.field).toBe('originator.lastName');
    const unknown = await refused('wallet.verifyDeposit', {
      accountId: main.id,
      depositId: 'no-such-deposit',
      walletType: 'unhosted',
      originator,
    });
    expect([unknown.field, unknown.message]).toEqual([
      'depositId',
      'The exchange refused this deposit for verification: Transaction not found.',
    ]);
  });

  it('says in words that the VASP list is disabled in a restricted region', async () => {
    const restricted = (await ok<AccountView[]>('accounts.list')).find(
      (a) => a.label === 'Sandbox sub-noretail',
    ) as AccountView;
    const error = await refused('wallet.vasps', { accountId: restricted.id });
    expect(error.message).toMatch(/disabled for your region/);
  });
});
