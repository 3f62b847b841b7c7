import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

/** The person confirms main's native questions in these tests. */
const desktop = scriptedDesktop();

let core: TestCore;
const { call, ok } = procedureCalls(() => core);
let main: AccountView;
let alpha: AccountView;

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const accounts = await ok<AccountView[]>('accounts.list');
  main = accounts.find((a) => a.label === 'Sandbox main') as AccountView;
  alpha = accounts.find((a) => a.label === 'Sandbox sub-alpha') as AccountView;
});
afterAll(() => core.close());

describe('wallet, positions and mining procedures', () => {
  it('reads balances, withdraws once per uniqueId, creates a code, lists VASPs, converts and reads the history', async () => {
    const balances = await ok<Record<string, { pending_deposit_amount: string }>>('wallet.balances', {
      accountId: main.id,
    });
    expect(balances['USDT']?.pending_deposit_amount).toBe('500');
    expect(await ok<{ assets: object }>('wallet.withdrawable', { accountId: main.id })).toHaveProperty(
      'assets',
    );
    const w = await ok<{ uniqueId: string }>('wallet.withdraw', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '12',
      address: '0x000000000000000000000000000000000000feed',
    });
    const history = await ok<{ records: Array<{ uniqueId?: string }> }>('wallet.history', {
      accountId: main.id,
      uniqueId: w.uniqueId,
    });
    expect(history.records).toHaveLength(1);
    const created = await ok<{ externalId: string; hint: string; copied: boolean }>('wallet.createCode', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '1',
    });
    // The code itself went to the clipboard; the bridge carries only its id and a masked hint.
    expect(created).toMatchObject({ copied: true, externalId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(desktop.clipboard).toMatch(/^TXCUSDT[0-9A-F]+$/);
    expect(JSON.stringify(created)).not.toContain(desktop.clipboard);
    expect((await ok<unknown[]>('wallet.vasps', { accountId: main.id })).length).toBeGreaterThan(0);
    const quote = await ok<{ quoteId: string; give: string; receive: string }>('wallet.convertQuote', {
      accountId: main.id,
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '10',
    });
    expect(await ok('wallet.convert', { accountId: main.id, quoteId: quote.quoteId })).toMatchObject({
      give: quote.give,
      receive: quote.receive,
    });
    const bad = await call('wallet.withdraw', {
      accountId: main.id,
      ticker: 'usdt',
      amount: '1',
      address: 'x',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'ticker' } });
  });

  it('sets leverage, opens a position and lists it; refuses a leverage outside the set by name', async () => {
    expect(await ok<number>('positions.setLeverage', { accountId: alpha.id, leverage: 10 })).toBe(10);
    await ok('orders.place', {
      accountId: alpha.id,
      draft: { kind: 'collateral_market', market: 'BTC_PERP', side: 'buy', amount: '0.001' },
    });
    const open = await ok<Array<{ market: string }>>('positions.open', { accountId: alpha.id });
    expect(open.map((p) => p.market)).toContain('BTC_PERP');
    const bad = await call('positions.setLeverage', { accountId: alpha.id, leverage: 4 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'leverage' } });
  });

  it('reads mining accounts and miner info, and the cached rewards and worker samples after a sync', async () => {
    const accounts = await ok<Array<{ name: string }>>('mining.accounts', { accountId: main.id });
    expect(accounts.map((a) => a.name)).toContain('desk-pool');
    const info = await ok<{ workers: { online: number } }>('mining.info', {
      accountId: main.id,
      miningAccount: 'desk-pool',
    });
    expect(info.workers.online).toBeGreaterThan(0);
    await ok('sync.start', { accountIds: [main.id] });
    await core.history.idle();
    expect(
      (await ok<unknown[]>('mining.rewards', { accountId: main.id, miningAccount: 'desk-pool' })).length,
    ).toBeGreaterThan(0);
    expect(
      (await ok<unknown[]>('mining.workerSamples', { accountId: main.id, miningAccount: 'desk-pool' }))
        .length,
    ).toBeGreaterThan(0);
    expect(Array.isArray(await ok<unknown[]>('positions.borrows', { accountId: main.id }))).toBe(true);
    expect(Array.isArray(await ok<unknown[]>('positions.history', { accountId: main.id }))).toBe(true);
  });
});
