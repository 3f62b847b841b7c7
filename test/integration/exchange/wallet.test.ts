import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as flex from '../../../main/exchange/endpoints/flex.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import * as mining from '../../../main/exchange/endpoints/mining.ts';
import * as profile from '../../../main/exchange/endpoints/profile.ts';
import * as publicApi from '../../../main/exchange/endpoints/public.ts';
import { ExchangeError, ValidationError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('wallet endpoints against the sandbox', () => {
  it('reads the withdrawable balance, never negative, with held funds counted as locked', async () => {
    const w = await mainAccount.withdrawableBalance(h.as('main'));
    expect(new Decimal(w.availableBalanceStable).gte(0)).toBe(true);
    expect(new Decimal(w.lockedBalanceStable).gt(0)).toBe(true);
    expect(Object.keys(w.assets)).toContain('USDT');
  });

  it('starts a withdraw-pay and finds it in the history by its uniqueId; the same uniqueId is refused', async () => {
    const c = h.as('main');
    const uniqueId = `wd-${Date.now()}`;
    const input = {
      ticker: 'USDT',
      amount: '15',
      address: '0x00000000000000000000000000000000000000aa',
      uniqueId,
      network: 'ERC20',
    };
    await mainAccount.withdrawPay(c, input);
    const history = await mainAccount.history(c, { uniqueId });
    expect(history.records).toHaveLength(1);
    expect(history.records[0]).toMatchObject({ uniqueId, ticker: 'USDT' });
    const again = await mainAccount.withdrawPay(c, input).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ValidationError);
    expect((again as ValidationError).fields).toHaveProperty('uniqueId');
  });

  it('withdraws with the fee inside the amount: the balance drops by the amount alone', async () => {
    const c = h.as('main');
    const before = new Decimal((await mainAccount.balance(c, 'USDT'))['USDT']?.main_balance ?? '0');
    await mainAccount.withdraw(c, {
      ticker: 'USDT',
      amount: '20',
      address: '0x00000000000000000000000000000000000000cc',
      uniqueId: `wd-in-${Date.now()}`,
      network: 'ERC20',
    });
    const after = new Decimal((await mainAccount.balance(c, 'USDT'))['USDT']?.main_balance ?? '0');
    expect(before.minus(after).toString()).toBe('20');
  });

  it('creates a code and refuses one that would use held deposit funds (code 20 on amount)', async () => {
    const c = h.as('main');
    const code = await mainAccount.createCode(c, { ticker: 'USDT', amount: '1.5', description: 'desk test' });
    expect(code.code.length).toBeGreaterThan(0);
    expect(code.external_id).toMatch(/^[0-9a-f-]{36}$/);
    const balance = (await mainAccount.balance(c, 'USDT'))['USDT'];
    const all = balance?.main_balance ?? '0';
    const error = await mainAccount.createCode(c, { ticker: 'USDT', amount: all }).catch((e: unknown) => e);
    expect(error).toMatchObject({ exchangeCode: 20 });
    expect((error as ExchangeError).fields).toHaveProperty('amount');
  });

  it('converts once per idempotency key', async () => {
    const c = h.as('main');
    const input = {
      from: 'USDT',
      to: 'BTC',
      direction: 'from' as const,
      amount: '100',
      idempotencyKey: `conv-${Date.now()}`,
    };
    const first = await mainAccount.convertAutoConfirm(c, input);
    const second = await mainAccount.convertAutoConfirm(c, input);
    expect(second.id).toBe(first.id);
    expect(new Decimal(first.finalReceive).gt(0)).toBe(true);
  });

  it('lists the codes the account made, newest first, and its code history with the amount signed', async () => {
    const c = h.as('main');
    const made = await mainAccount.createCode(c, { ticker: 'USDT', amount: '3' });
    const mine = await mainAccount.codes(c, 'mine', { limit: 5 });
    expect(mine.data[0]).toMatchObject({
      external_id: made.external_id,
      code: made.code,
      amount: '3',
      ticker: 'USDT',
    });
    expect(mine.total).toBeGreaterThanOrEqual(1);
    const history = await mainAccount.codes(c, 'history', { limit: 5 });
    expect(history.data[0]).toMatchObject({ external_id: made.external_id, amount: '-3' });
    const refused = await mainAccount.codes(c, 'mine', { limit: 101 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ExchangeError);
  });

  it("reads the account's fee schedule: every currency with its withdrawal fee, as the public list gives it", async () => {
    const own = await mainAccount.fees(h.as('main'));
    const pub = await publicApi.fees(h.http);
    expect(own.length).toBeGreaterThan(3);
    for (const f of own) {
      expect(f.withdraw?.fixed, f.ticker).toMatch(/^\d+(\.\d+)?$/);
      const listed = pub[f.ticker]?.withdraw;
      if (listed && 'fixed' in listed) expect(f.withdraw?.fixed, f.ticker).toBe(listed.fixed);
    }
    expect(own.find((f) => f.ticker === 'USDT')?.withdraw?.fixed).toBe('1');
  });

  it('lists VASPs and refunds', async () => {
    const c = h.as('main');
    expect((await mainAccount.vasps(c)).length).toBeGreaterThan(0);
    const refunds = await mainAccount.refundHistory(c, { limit: 10 });
    expect(refunds.records.every((r) => ['in_process', 'successful', 'canceled'].includes(r.status))).toBe(
      true,
    );
  });

  it('closes an ACTIVE flex investment once', async () => {
    const c = h.as('main');
    const active = h.sandbox.control.state.wallet.flex.find((f) => f.status === 'ACTIVE');
    const tx = await flex.closeInvestment(c, active?.plan ?? '');
    expect(tx.length).toBeGreaterThan(0);
    await expect(flex.closeInvestment(c, active?.plan ?? '')).rejects.toBeInstanceOf(ExchangeError);
  });

  it('issues a WebSocket token', async () => {
    expect((await profile.websocketToken(h.as('main'))).length).toBeGreaterThan(8);
  });
});

describe('mining endpoints against the sandbox', () => {
  it('reads accounts, miner info, watcher links and rewards', async () => {
    const c = h.as('main');
    const accounts = await mining.accounts(c);
    expect(accounts.map((a) => a.name)).toContain('desk-pool');
    const info = await mining.minerInfo(c, 'desk-pool');
    expect(info.workers.online + info.workers.offline).toBeGreaterThan(0);
    expect(Array.isArray(await mining.watcherLinks(c, 'desk-pool'))).toBe(true);
    const rewards = await mining.rewards(c, { account: 'desk-pool', limit: 5 });
    expect(rewards.length).toBeLessThanOrEqual(5);
    expect(await mining.rewards(c, { account: 'not-mine', limit: 5 })).toEqual([]);
  });

  it('names the user field for an unknown mining account', async () => {
    const error = await mining.minerInfo(h.as('main'), 'not-mine').catch((e: unknown) => e);
    expect((error as ExchangeError).fields).toHaveProperty('user');
  });
});
