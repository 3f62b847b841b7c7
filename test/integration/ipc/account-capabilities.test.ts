// One account's capabilities through the router against the sandbox: hedge mode (switched only while
// nothing is open), moves between its balances, flex investments, the collateral balance and free
// margin, the collateral-markets flag of the catalog and the audit log of signed requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import type {
  AccountView,
  AuditEntryView,
  CollateralView,
  FlexInvestmentView,
  MarketView,
} from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

let core: TestCore;
const desktop = scriptedDesktop();
const { ok, refused } = procedureCalls(() => core);
let main = '';
let maker = '';
let alpha = '';

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const accounts = await ok<AccountView[]>('accounts.list');
  main = accounts.find((a) => a.label === 'Sandbox main')?.id ?? '';
  maker = accounts.find((a) => a.label === 'Sandbox sub-maker')?.id ?? '';
  alpha = accounts.find((a) => a.label === 'Sandbox sub-alpha')?.id ?? '';
}, 60_000);
afterAll(() => core.close());

describe('hedge mode', () => {
  it('switches after a confirmation, and the exchange refuses while a position is open', async () => {
    expect(await ok<boolean>('positions.hedgeMode', { accountId: maker })).toBe(false);
    desktop.confirmations.length = 0;
    expect(await ok<boolean>('positions.setHedgeMode', { accountId: maker, enabled: true })).toBe(true);
    expect(desktop.confirmations[0]?.title).toBe('Turn on hedge mode for "Sandbox sub-maker"?');
    expect(await collateral.hedgeMode(await core.accounts.caller(maker))).toBe(true);

    // a position open: the exchange's refusal comes back on the field, the mode stays
    await collateral.collateralMarketOrder(await core.accounts.caller(maker), {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      positionSide: 'LONG',
    });
    const refusal = await refused('positions.setHedgeMode', { accountId: maker, enabled: false });
    expect(refusal.field).toBe('hedgeMode');
    expect(await ok<boolean>('positions.hedgeMode', { accountId: maker })).toBe(true);

    // declined: nothing is sent
    desktop.confirmAnswer = false;
    expect((await refused('positions.setHedgeMode', { accountId: main, enabled: true })).code).toBe(
      'not_confirmed',
    );
    desktop.confirmAnswer = true;
    expect(await ok<boolean>('positions.hedgeMode', { accountId: main })).toBe(false);
  });
});

describe('the collateral balance and free margin', () => {
  it('reads the balances and the free margin of the account summary', async () => {
    const view = await ok<CollateralView>('positions.collateral', { accountId: maker });
    expect(view.source).toBe('summary');
    expect(view.freeMargin).toMatch(/^\d+(\.\d+)?$/);
    expect(Object.keys(view.balances)).toContain('USDT');
    expect(Object.values(view.balances)).not.toContain('0');
    expect(view.margin).not.toBe('0');
  });
});

describe('moves between the balances of one account', () => {
  it('moves main to spot to collateral and back, each confirmed with its facts', async () => {
    const caller = await core.accounts.caller(alpha);
    const mainBefore = (await mainAccount.balance(caller, 'USDT'))['USDT']?.main_balance;
    desktop.confirmations.length = 0;
    await ok('wallet.transfer', {
      accountId: alpha,
      from: 'main',
      to: 'spot',
      ticker: 'USDT',
      amount: '7.25',
    });
    expect(desktop.confirmations[0]).toMatchObject({
      title: 'Move 7.25 USDT from the main balance to the spot (trade) balance?',
      action: 'Move funds',
    });
    const spotAfter = (await trading.tradeBalanceOf(caller, 'USDT')).available;
    await ok('wallet.transfer', {
      accountId: alpha,
      from: 'spot',
      to: 'collateral',
      ticker: 'USDT',
      amount: '7.25',
    });
    await ok('wallet.transfer', {
      accountId: alpha,
      from: 'collateral',
      to: 'main',
      ticker: 'USDT',
      amount: '7.25',
    });
    expect((await mainAccount.balance(caller, 'USDT'))['USDT']?.main_balance).toBe(mainBefore);
    expect((await trading.tradeBalanceOf(caller, 'USDT')).available).not.toBe(spotAfter);
  });

  it('refuses the same balance, nine decimals, a declined move and more than there is', async () => {
    const input = { accountId: maker, from: 'main', to: 'spot', ticker: 'USDT' };
    expect((await refused('wallet.transfer', { ...input, to: 'main', amount: '1' })).field).toBe('to');
    expect(await refused('wallet.transfer', { ...input, amount: '0.123456789' })).toMatchObject({
      field: 'amount',
      message: 'A transfer allows at most 8 decimal places.',
    });
    // a move the balance covers (the maker's spot USDT), declined in main's question
    desktop.confirmAnswer = false;
    try {
      expect(
        (await refused('wallet.transfer', { ...input, from: 'spot', to: 'main', amount: '1' })).code,
      ).toBe('not_confirmed');
    } finally {
      desktop.confirmAnswer = true;
    }
    expect((await refused('wallet.transfer', { ...input, amount: '999999999999' })).field).toBe('amount');
  });

  it('keeps funds of an unconfirmed deposit out of the collateral balance (code 20)', async () => {
    const refusal = await refused('wallet.transfer', {
      accountId: main,
      from: 'main',
      to: 'collateral',
      ticker: 'USDT',
      amount: String(
        Number((await mainAccount.balance(await core.accounts.caller(main), 'USDT'))['USDT']?.main_balance),
      ),
    });
    expect(refusal.field).toBe('amount');
  });
});

describe('flex investments', () => {
  it('lists them ACTIVE first and closes an ACTIVE one into the main balance', async () => {
    const list = await ok<FlexInvestmentView[]>('wallet.flexInvestments', { accountId: main });
    expect(list.map((i) => i.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'CLOSED']);
    const eth = list.find((i) => i.ticker === 'ETH' && i.status === 'ACTIVE');
    if (!eth) throw new Error('no ETH investment');
    const caller = await core.accounts.caller(main);
    const before = (await mainAccount.balance(caller, 'ETH'))['ETH']?.main_balance ?? '0';
    desktop.confirmations.length = 0;
    const closed = await ok<{ transactionId: string }>('wallet.closeFlex', {
      accountId: main,
      plan: eth.plan,
    });
    expect(closed.transactionId).not.toBe('');
    expect(desktop.confirmations[0]?.title).toBe('Close the flex investment of 2.5 ETH?');
    expect((await mainAccount.balance(caller, 'ETH'))['ETH']?.main_balance).toBe(
      String(Number(before) + 2.5),
    );
    const again = await refused('wallet.closeFlex', { accountId: main, plan: eth.plan });
    expect(again).toMatchObject({ field: 'plan', message: 'That investment is already closed.' });
    expect(
      (await ok<FlexInvestmentView[]>('wallet.flexInvestments', { accountId: main, status: 'active' }))
        .length,
    ).toBe(2);
    expect((await refused('wallet.closeFlex', { accountId: main, plan: 'not-a-uuid' })).field).toBe('plan');
  });
});

describe('the collateral markets', () => {
  it('flags the markets open to collateral trading in the catalog', async () => {
    const names = await ok<string[]>('markets.collateral');
    expect(names).toContain('BTC_PERP');
    const markets = await ok<MarketView[]>('markets.list');
    for (const m of markets) expect(m.collateral).toBe(names.includes(m.name));
  });
});

describe('the audit log of signed requests', () => {
  it('pages and filters the requests the app signed, with no secret in them', async () => {
    const first = await ok<AuditEntryView[]>('history.auditLog', { accountId: main, limit: 2 });
    expect(first).toHaveLength(2);
    expect(first[0]?.id).toBeGreaterThan(first[1]?.id ?? Infinity);
    const next = await ok<AuditEntryView[]>('history.auditLog', {
      accountId: main,
      limit: 2,
      before: first[1]?.id,
    });
    expect(next[0]?.id).toBeLessThan(first[1]?.id ?? 0);
    const transfers = await ok<AuditEntryView[]>('history.auditLog', { path: 'main-account/transfer' });
    expect(transfers.length).toBeGreaterThan(0);
    expect(transfers.every((e) => e.path === '/api/v4/main-account/transfer')).toBe(true);
    const rejected = await ok<AuditEntryView[]>('history.auditLog', { outcome: 'rejected' });
    expect(rejected.every((e) => e.outcome === 'rejected')).toBe(true);
    const text = JSON.stringify(await ok('history.auditLog', { limit: 1000 }));
    for (const demo of core.connection.demoAccounts) expect(text).not.toContain(demo.apiSecret);
  });
});
