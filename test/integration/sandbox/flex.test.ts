/**
 * Flexible earn (`main-account/smart-flex/*`): the plans on offer; investing moves the main balance
 * into an investment and withdrawing moves it back, each booked in the history; auto-reinvestment;
 * daily earnings paid to the main balance or into the investment; every refusal as published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

let h: Harness;
const DAY = 86_400_000;
let nowMs = Date.now() - 20 * DAY;

beforeAll(async () => {
  h = await start({ seed: 48, now: () => nowMs });
});
afterAll(() => h.sandbox.close());

const FLEX = '/api/v4/main-account/smart-flex';
const post = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).post(path.startsWith('/') ? path : `${FLEX}/${path}`, fields);
const balance = async (label: string, ticker: string) =>
  Number((await post(label, '/api/v4/main-account/balance', { ticker })).body[ticker].main_balance);
type Plan = { id: string; ticker: string; minInvestment: string; maxInvestment: string; maxRate: string };
const planOf = async (ticker: string): Promise<Plan> =>
  ((await post('sub-alpha', 'plans', { ticker })).body as Plan[])[0] as Plan;
type Action = { actionType: number; amount: string; investmentId: string; transaction_id: string };

describe('flex plans', () => {
  it('lists the plans on offer with their terms, by currency, paged', async () => {
    const all = await post('main', 'plans');
    expect(all.status).toBe(200);
    const plans = all.body as Plan[];
    expect(new Set(plans.map((p) => p.ticker))).toEqual(new Set(['USDT', 'BTC', 'ETH']));
    expect(plans.find((p) => p.ticker === 'USDT')).toMatchObject({
      minInvestment: '10',
      maxInvestment: '100000',
      maxRate: '0.08',
    });
    const btc = (await post('main', 'plans', { ticker: 'BTC' })).body as Plan[];
    expect(btc.map((p) => p.ticker)).toEqual(['BTC']);
    expect((await post('main', 'plans', { limit: 1, offset: 1 })).body).toEqual([plans[1]]);
  });

  it.each([
    [{ ticker: 'NOPE' }, { ticker: ['The selected ticker is invalid.'] }],
    [
      { limit: 101, offset: -1 },
      { limit: ['The limit may not be greater than 100.'], offset: ['The offset must be at least 0.'] },
    ],
    [{ limit: 'x' }, { limit: ['The limit must be an integer.'] }],
  ])('refuses %j as published', async (fields, errors) => {
    const r = await post('main', 'plans', fields);
    expect([r.status, r.body]).toEqual([400, { code: 0, message: 'Validation failed', errors }]);
  });
});

describe('investing and withdrawing', () => {
  it('moves the main balance into an investment and back, each step in the history', async () => {
    const plan = await planOf('USDT');
    const before = await balance('sub-alpha', 'USDT');
    const first = await post('sub-alpha', 'investments/invest', { plan: plan.id, amount: '100' });
    expect(first.status).toBe(201);
    expect(typeof first.body.data.transaction_id).toBe('string');
    await post('sub-alpha', 'investments/invest', { plan: plan.id, amount: 50, withReinvest: true });
    expect(await balance('sub-alpha', 'USDT')).toBe(before - 150);
    const list = (await post('sub-alpha', 'investments', { plan: plan.id })).body.data;
    expect(list).toMatchObject([
      { planId: plan.id, currency: 'USDT', invested: '150', status: 1, withAutoReinvest: true },
    ]);

    const part = await post('sub-alpha', 'investments/withdraw', { plan: plan.id, amount: '30' });
    expect(part.status).toBe(201);
    expect(await balance('sub-alpha', 'USDT')).toBe(before - 120);
    await post('sub-alpha', 'investments/withdraw', { plan: plan.id, amount: '120' });
    expect(await balance('sub-alpha', 'USDT')).toBe(before);
    const closed = (await post('sub-alpha', 'investments', { plan: plan.id })).body.data;
    expect(closed).toMatchObject([{ invested: '0', status: 0 }]);

    const history = (await post('sub-alpha', 'investments/history')).body;
    expect(history.data.map((a: Action) => [a.actionType, a.amount])).toEqual([
      [5, '120'],
      [3, '120'],
      [3, '30'],
      [1, '50'],
      [1, '100'],
      [6, '100'],
    ]);
    expect(history.data.every((a: Action) => a.investmentId === list[0].id)).toBe(true);
    expect(history.data[4].transaction_id).toBe(first.body.data.transaction_id);
    const only = await post('sub-alpha', 'investments/history', { actionTypes: [3], limit: 1 });
    expect(only.body).toMatchObject({ limit: 1, offset: 0, data: [{ actionType: 3, amount: '120' }] });
    const byTx = await post('sub-alpha', 'investments/history', {
      transaction: first.body.data.transaction_id,
    });
    expect(byTx.body.data.map((a: Action) => a.actionType)).toEqual([1]);
  });

  it('refuses an investment outside the plan or the balance, and a withdrawal it cannot make', async () => {
    const plan = await planOf('USDT');
    const btc = await planOf('BTC');
    const refused = async (path: string, fields: Record<string, unknown>) => {
      const r = await post('sub-noretail', path, fields);
      return [r.status, r.body];
    };
    const inner = (code: number, field: string, text: string) => [
      422,
      { code, message: 'Inner validation failed', errors: { [field]: [text] } },
    ];
    const invalid = (errors: Record<string, string[]>) => [
      400,
      { code: 0, message: 'Validation failed', errors },
    ];
    const before = await balance('sub-noretail', 'USDT');
    expect(await refused('investments/invest', { plan: plan.id, amount: 'lots' })).toEqual(
      invalid({ amount: ['The amount field must be a valid number'] }),
    );
    expect(
      await refused('investments/invest', { plan: '8f2e9d3c-1a4b-4c2d-9e5f-6a7b8c9d0e1f', amount: '10' }),
    ).toEqual(invalid({ plan: ['The selected plan is invalid.'] }));
    expect(await refused('investments/invest', { plan: plan.id, amount: '0' })).toEqual(
      inner(0, 'amount', 'Amount is too small'),
    );
    expect(await refused('investments/invest', { plan: plan.id, amount: '9.99' })).toEqual(
      inner(2, 'amount', 'Amount is less than min investment'),
    );
    expect(await refused('investments/invest', { plan: plan.id, amount: '100000.01' })).toEqual(
      inner(3, 'amount', 'Amount is more than max investment'),
    );
    const have = await balance('sub-noretail', 'BTC');
    expect(await refused('investments/invest', { plan: btc.id, amount: String(have + 1) })).toEqual(
      inner(4, 'amount', `Available ${String(have)} < ${String(have + 1)}`),
    );
    expect(await refused('investments/withdraw', { plan: plan.id, amount: '1' })).toEqual(
      inner(0, 'amount', 'Investment does not exist'),
    );
    await post('sub-noretail', 'investments/invest', { plan: plan.id, amount: '20' });
    expect(await refused('investments/withdraw', { plan: plan.id, amount: '20.5' })).toEqual(
      inner(0, 'amount', 'Withdraw amount exceeds total invested'),
    );
    expect(await refused('investments/withdraw', { plan: plan.id, amount: '15' })).toEqual(
      inner(0, 'minAmountLeft', 'Amount left < min investment'),
    );
    expect(await refused('investments/withdraw', { plan: plan.id, amount: '0' })).toEqual(
      inner(0, 'amount', 'Withdraw amount is too small'),
    );
    await post('sub-noretail', 'investments/close', { plan: plan.id });
    expect(await refused('investments/withdraw', { plan: plan.id, amount: '1' })).toEqual(
      inner(0, 'investment', 'Cannot withdraw from closed investment'),
    );
    expect(await balance('sub-noretail', 'USDT')).toBe(before);
  });

  it('switches auto-reinvestment of an active investment only', async () => {
    // the refusals above closed sub-noretail's investment in this plan
    const plan = await planOf('USDT');
    const path = 'investments/auto-invest';
    expect((await post('sub-noretail', path, { plan: plan.id, enabled: true })).body).toEqual({
      code: 0,
      message: 'Inner validation failed',
      errors: { plan: ['No existing investments for this plan'] },
    });
    await post('sub-noretail', 'investments/invest', { plan: plan.id, amount: '20' });
    const on = await post('sub-noretail', path, { plan: plan.id, enabled: true });
    expect([on.status, on.body]).toEqual([200, { data: [] }]);
    const read = async () => (await post('sub-noretail', 'investments', { plan: plan.id })).body.data[0];
    expect((await read()).withAutoReinvest).toBe(true);
    await post('sub-noretail', path, { plan: plan.id });
    expect((await read()).withAutoReinvest).toBe(false);
    const bad = await post('sub-noretail', path, { enabled: 'yes' });
    expect([bad.status, bad.body.errors]).toEqual([
      400,
      { plan: ['The plan field is required.'], enabled: ['The enabled field must be true or false.'] },
    ]);
  });

  it('refuses every wrong history filter at once, as published', async () => {
    const r = await post('sub-noretail', 'investments/history', {
      plan: 'nope',
      investment: 'inv_123',
      transaction: 'tx_456',
      dateFrom: 'yesterday',
      dateTo: -1,
      actionTypes: [1, 9],
    });
    expect([r.status, r.body]).toEqual([
      400,
      {
        code: 0,
        message: 'Validation failed',
        errors: {
          plan: ['The selected plan is invalid.'],
          investment: ['The selected investment is invalid.'],
          transaction: ['The selected transaction is invalid.'],
          dateFrom: ['The date from is invalid.'],
          dateTo: ['The date to is invalid.'],
          'actionTypes.1': ['The selected action type is invalid.'],
        },
      },
    ]);
    const notArray = await post('sub-noretail', 'investments/history', { actionTypes: 4 });
    expect(notArray.body.errors).toEqual({ actionTypes: ['The action types must be an array.'] });
  });
});

describe('daily earnings', () => {
  it('pays each whole day at the plan rate: to the main balance, or into a reinvesting investment', async () => {
    const usdt = await planOf('USDT');
    const btc = await planOf('BTC');
    await post('sub-alpha', 'investments/invest', { plan: usdt.id, amount: '3650' });
    await post('sub-alpha', 'investments/invest', { plan: btc.id, amount: '0.365', withReinvest: true });
    const before = await balance('sub-alpha', 'USDT');
    nowMs += 2 * DAY + 60_000;
    const paid = (await post('sub-alpha', 'investments/payment-history')).body.data as Action[];
    // 3650 x 0.08 / 365 = 0.8 a day; 0.365 x 0.02 / 365 = 0.00002 a day (then 0.36502 x 0.02 / 365,
    // cut to BTC's 8 decimals), added to the investment; newest first
    expect(paid.map((a) => [a.actionType, a.amount])).toEqual([
      [4, '0.00002'],
      [4, '0.8'],
      [4, '0.00002'],
      [4, '0.8'],
    ]);
    expect(await balance('sub-alpha', 'USDT')).toBeCloseTo(before + 1.6, 9);
    const btcs = (await post('sub-alpha', 'investments', { plan: btc.id })).body.data;
    expect(btcs[0].invested).toBe('0.36504');
    const reinvested = await post('sub-alpha', 'investments/history', { plan: btc.id, actionTypes: [2] });
    expect(reinvested.body.data.map((a: Action) => a.amount)).toEqual(['0.00002', '0.00002']);
    const at = Math.floor(nowMs / 1000);
    const since = async (from: number) =>
      (await post('sub-alpha', 'investments/payment-history', { dateFrom: from })).body.data.length;
    expect([await since(at - 90), await since(at - 30)]).toEqual([2, 0]);
  });
});
