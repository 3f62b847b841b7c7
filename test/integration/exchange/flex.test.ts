/**
 * The app's flexible earn calls (`endpoints/flex.ts`) against the sandbox on loopback: the plans,
 * investing and withdrawing through their descriptors with the main balance read back, the
 * auto-reinvestment switch, the operations' history and the daily earnings, and the refusals as
 * the client reads them.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as flex from '../../../main/exchange/endpoints/flex.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import { ValidationError } from '../../../main/exchange/errors.ts';
import { MemoryNonceStore, NonceRegistry } from '../../../main/exchange/nonce.ts';
import { startHarness, type Harness } from './support.ts';

const DAY = 86_400_000;
let nowMs = Date.now();
const clock = () => nowMs;
let h: Harness;
beforeAll(async () => {
  h = await startHarness(
    { now: clock },
    { nonces: new NonceRegistry({ store: new MemoryNonceStore(), now: clock }) },
  );
});
afterAll(() => h.close());

const usdt = async (label: string) =>
  new Decimal((await mainAccount.balance(h.as(label), 'USDT'))['USDT']?.main_balance ?? '0');

describe('flexible earn through the client', () => {
  it('reads the plans, invests and withdraws, and reads each step back', async () => {
    const c = h.as('sub-alpha');
    const [plan] = await flex.plans(c, { ticker: 'USDT' });
    expect(plan).toMatchObject({ ticker: 'USDT', minInvestment: '10', maxRate: '0.08' });
    const id = plan?.id ?? '';
    const before = await usdt('sub-alpha');
    const tx = await flex.invest(c, { plan: id, amount: '200' });
    expect(tx.length).toBeGreaterThan(0);
    expect((await usdt('sub-alpha')).toFixed()).toBe(before.minus(200).toFixed());
    await flex.withdraw(c, { plan: id, amount: '50' });
    expect((await usdt('sub-alpha')).toFixed()).toBe(before.minus(150).toFixed());
    const [inv] = await flex.investments(c, { plan: id });
    expect(inv).toMatchObject({ invested: '150', withAutoReinvest: false });
    expect(flex.isActive(inv ?? { planId: '', status: 0 })).toBe(true);

    await flex.setAutoInvest(c, id, true);
    expect((await flex.investments(c, { plan: id }))[0]?.withAutoReinvest).toBe(true);

    const steps = await flex.history(c, { plan: id });
    expect(steps.map((s) => [s.actionType, s.amount])).toEqual([
      [3, '50'],
      [1, '200'],
      [6, '200'],
    ]);
    expect(steps[1]?.transaction_id).toBe(tx);
    expect(await flex.history(c, { actionTypes: [3] })).toHaveLength(1);
  });

  it('reads the daily earnings a reinvesting investment adds to itself', async () => {
    const c = h.as('sub-alpha');
    const [plan] = await flex.plans(c, { ticker: 'USDT' });
    nowMs += DAY + 1000;
    const paid = await flex.payments(c, { plan: plan?.id ?? '' });
    // 150 x 0.08 / 365, cut to USDT's 6 decimals
    expect(paid.map((p) => [p.actionType, p.amount])).toEqual([[4, '0.032876']]);
    expect((await flex.investments(c, { plan: plan?.id ?? '' }))[0]?.invested).toBe('150.032876');
  });

  it('reads each refusal as a validation error saying what was refused', async () => {
    const c = h.as('sub-noretail');
    const [plan] = await flex.plans(c, { ticker: 'BTC' });
    const unknown = await flex
      .invest(c, { plan: '8f2e9d3c-1a4b-4c2d-9e5f-6a7b8c9d0e1f', amount: '1' })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ValidationError);
    expect((unknown as ValidationError).fields).toHaveProperty('plan');
    const short = await flex.invest(c, { plan: plan?.id ?? '', amount: '1' }).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(ValidationError);
    expect((short as ValidationError).message).toContain('Available 0 < 1');
    const none = await flex.setAutoInvest(c, plan?.id ?? '', true).catch((e: unknown) => e);
    expect((none as ValidationError).message).toContain('No existing investments for this plan');
  });
});
