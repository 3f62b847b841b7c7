import { describe, expect, it } from 'vitest';
import {
  balanceIssue,
  DEFAULT_GUARDS,
  guardQuestions,
  largestAmount,
  unacknowledged,
  type GuardSettings,
} from '../../../main/rules/guards.ts';
import { checkOrder, type MarketRules, type OrderDraft } from '../../../main/rules/index.ts';
import { changedDraft, checkChange } from '../../../main/rules/modify.ts';

const BTC: MarketRules = {
  name: 'BTC_USDT',
  stockPrec: 6,
  moneyPrec: 2,
  minAmount: '0.0001',
  minTotal: '5',
  maxTotal: '0',
  tickSize: '0.1',
  stepSize: '0.0001',
};
const market = { price: '64250.5', label: 'market price' };
const buy = (patch: Partial<OrderDraft> = {}): OrderDraft => ({
  kind: 'limit',
  market: 'BTC_USDT',
  side: 'buy',
  amount: '0.01',
  price: '64000',
  ...patch,
});
const settings = (patch: Partial<GuardSettings> = {}): GuardSettings => ({ ...DEFAULT_GUARDS, ...patch });

describe('the price band', () => {
  it('asks before a buy at about 10x the market price, in words a person reads at a glance', () => {
    expect(guardQuestions(buy({ price: '700000' }), DEFAULT_GUARDS, market)).toEqual([
      {
        guard: 'price_band',
        field: 'price',
        message:
          'Buy 0.01 BTC at 700,000 — 990% above the market price 64,250.5 (your band is 5%). Send anyway?',
      },
    ]);
  });

  it('is on by default at 5 %, strict at the edge, either side of the market', () => {
    // 64250.5 × 1.05 = 67463.025: at the band exactly nothing is asked.
    expect(guardQuestions(buy({ price: '67463.025' }), DEFAULT_GUARDS, market)).toEqual([]);
    expect(guardQuestions(buy({ price: '67463.1' }), DEFAULT_GUARDS, market)).toMatchObject([
      { guard: 'price_band', message: expect.stringContaining('5.01% above') as unknown },
    ]);
    const [below] = guardQuestions(buy({ side: 'sell', price: '30000' }), DEFAULT_GUARDS, market);
    expect(below?.message).toBe(
      'Sell 0.01 BTC at 30,000 — 53.4% below the market price 64,250.5 (your band is 5%). Send anyway?',
    );
  });

  it('asks about a stop order’s activation price too, each price on its own', () => {
    const stop = buy({ kind: 'stop_limit', price: '64000', activation_price: '90000' });
    expect(guardQuestions(stop, DEFAULT_GUARDS, market)).toEqual([
      {
        guard: 'price_band',
        field: 'activation_price',
        message:
          'Buy 0.01 BTC when the price reaches 90,000 — 40.1% above the market price 64,250.5 (your band is 5%). Send anyway?',
      },
    ]);
  });

  it('takes a market’s own band over the general one, and asks nothing when it is off', () => {
    const far = buy({ price: '70000' });
    expect(guardQuestions(far, settings({ markets: { BTC_USDT: '10' } }), market)).toEqual([]);
    expect(guardQuestions(far, settings({ markets: { ETH_USDT: '10' } }), market)).toHaveLength(1);
    expect(guardQuestions(far, settings({ markets: { BTC_USDT: '' } }), market)).toEqual([]);
    expect(guardQuestions(far, settings({ bandPct: '' }), market)).toEqual([]);
  });

  it('asks nothing about a price without a market price to compare with, or one it cannot read', () => {
    expect(guardQuestions(buy({ price: '700000' }), DEFAULT_GUARDS, undefined)).toEqual([]);
    expect(guardQuestions(buy({ price: 'abc' }), DEFAULT_GUARDS, market)).toEqual([]);
  });
});

describe('the order value ceiling', () => {
  const ceiling = settings({ notionalCeiling: '1000' });

  it('asks above the ceiling (amount × price), not at it', () => {
    expect(guardQuestions(buy({ amount: '0.015625', price: '64000' }), ceiling, market)).toEqual([]);
    expect(guardQuestions(buy({ amount: '0.02', price: '64000' }), ceiling, market)).toEqual([
      {
        guard: 'notional',
        field: 'amount',
        message:
          'Buy 0.02 BTC at 64,000 — worth 1,280 USDT, above your order value ceiling of 1,000 USDT. Send anyway?',
      },
    ]);
  });

  it('values a market buy by what it spends and a market sell at the market price', () => {
    const spend = buy({ kind: 'market', price: undefined, amount: '2500' });
    expect(guardQuestions(spend, ceiling, market)[0]?.message).toBe(
      'Buy BTC for 2,500 USDT — worth 2,500 USDT, above your order value ceiling of 1,000 USDT. Send anyway?',
    );
    const sell = buy({ kind: 'market', side: 'sell', price: undefined, amount: '0.1' });
    expect(guardQuestions(sell, ceiling, market).map((q) => q.guard)).toEqual(['notional']);
  });

  it('an acknowledgement covers only the guards it names', () => {
    const both = guardQuestions(buy({ price: '700000' }), ceiling, market);
    expect(both.map((q) => q.guard)).toEqual(['price_band', 'notional']);
    expect(unacknowledged(both, ['price_band']).map((q) => q.guard)).toEqual(['notional']);
    expect(unacknowledged(both, ['notional', 'price_band'])).toEqual([]);
  });
});

describe('the available balance', () => {
  const usdt = { asset: 'USDT', available: '10000' };

  it('refuses a buy the balance does not pay for, offering the largest amount on the step', () => {
    expect(balanceIssue(buy({ amount: '1' }), BTC, usdt)).toEqual({
      field: 'amount',
      message:
        'amount 1 needs 64,000 USDT (amount × price), but 10,000 USDT is available; the largest amount you can send is 0.1562',
      suggestions: ['0.1562'],
    });
    expect(balanceIssue(buy({ amount: '0.1562' }), BTC, usdt)).toBeUndefined();
  });

  it('refuses a sell above the base balance and a market buy above the quote balance', () => {
    const sell = buy({ side: 'sell', amount: '2' });
    expect(balanceIssue(sell, BTC, { asset: 'BTC', available: '1.23456789' })?.suggestions).toEqual([
      '1.2345',
    ]);
    const spend = buy({ kind: 'market', price: undefined, amount: '20000' });
    expect(balanceIssue(spend, BTC, { asset: 'USDT', available: '12345.678' })?.suggestions).toEqual([
      '12345.67',
    ]);
  });

  it('offers nothing when the balance is below the smallest order, and still refuses', () => {
    const issue = balanceIssue(buy({ amount: '0.01' }), BTC, { asset: 'USDT', available: '4' });
    expect(issue?.suggestions).toBeUndefined();
    expect(issue?.message).toContain('less than the smallest order this market takes');
  });

  it('margins a collateral order at the highest leverage; a position the other way needs none', () => {
    const long = buy({ kind: 'collateral_market', price: undefined, amount: '2' });
    const funds = { asset: 'USDT', available: '1000', leverage: 100, covered: '0' };
    expect(balanceIssue(long, BTC, funds, '64000')?.suggestions).toEqual(['1.5625']);
    expect(balanceIssue(long, BTC, { ...funds, covered: '1' }, '64000')).toBeUndefined();
    expect(balanceIssue({ ...long, reduceOnly: true }, BTC, { ...funds, available: '0' }, '64000')).toBe(
      undefined,
    );
    expect(largestAmount(long, BTC, { ...funds, covered: '1' }, '64000')).toBe('2.5625');
  });
});

describe('a change to an open order', () => {
  it('refuses "abc" as a price, naming the field in plain words, with nothing else needed', () => {
    expect(checkChange({ price: 'abc' }, BTC)).toEqual([
      {
        field: 'price',
        message:
          'Price must be a plain decimal number such as 12.5 (digits and one point; no sign, exponent or spaces)',
      },
    ]);
    expect(checkChange({ amount: '0.00001' }, BTC)[0]?.field).toBe('amount');
    expect(checkChange({ activationPrice: '1.05' }, BTC)[0]).toMatchObject({
      field: 'activation_price',
      suggestions: ['1', '1.1'],
    });
    expect(checkChange({ price: '64000.1', amount: '0.5' }, BTC)).toEqual([]);
  });

  it('checks the order as it would stand: the rest of the order left, the old price kept', () => {
    const open = { market: 'BTC_USDT', side: 'buy', type: 'limit', left: '0.0001', price: '30000' };
    const draft = changedDraft(open, { price: '40000' });
    expect(draft).toEqual({
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.0001',
      price: '40000',
    });
    // 0.0001 × 40000 = 4 is below the 5 USDT minimum total.
    expect(checkOrder(draft as OrderDraft, BTC)[0]?.field).toBe('amount');
    expect(changedDraft({ ...open, type: 'market' }, { amount: '1' })).toBeUndefined();
  });
});
