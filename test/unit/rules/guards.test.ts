import { describe, expect, it } from 'vitest';
import {
  balanceIssue,
  DEFAULT_GUARDS,
  guardQuestions,
  largestAmount,
  notionalOf,
  type GuardSettings,
} from '../../../main/rules/guards.ts';
import { Dec } from '../../../main/rules/decimal.ts';
import { estimateOrder } from '../../../main/rules/market-estimate.ts';
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

const noCeiling = (patch: Partial<GuardSettings> = {}): GuardSettings =>
  settings({ equityPct: '', ...patch });
const at = { reference: market };

describe('the price band', () => {
  it('asks before a buy at about 10x the market price, in words a person reads at a glance', () => {
    expect(guardQuestions(buy({ price: '700000' }), DEFAULT_GUARDS, at)).toEqual([
      {
        guard: 'price_band',
        field: 'price',
        message: 'Buy 0.01 BTC at 700,000 — 990% above the market price 64,250.5 (your band is 5%).',
      },
    ]);
  });

  it('is on by default at 5 %, strict at the edge, either side of the market', () => {
    // 64250.5 × 1.05 = 67463.025: at the band exactly nothing is asked.
    expect(guardQuestions(buy({ price: '67463.025' }), DEFAULT_GUARDS, at)).toEqual([]);
    expect(guardQuestions(buy({ price: '67463.1' }), DEFAULT_GUARDS, at)).toMatchObject([
      { guard: 'price_band', message: expect.stringContaining('5.01% above') as unknown },
    ]);
    const [below] = guardQuestions(buy({ side: 'sell', price: '30000' }), DEFAULT_GUARDS, at);
    expect(below?.message).toBe(
      'Sell 0.01 BTC at 30,000 — 53.4% below the market price 64,250.5 (your band is 5%).',
    );
  });

  it('asks about a stop order’s activation price too, each price on its own', () => {
    const stop = buy({ kind: 'stop_limit', price: '64000', activation_price: '90000' });
    expect(guardQuestions(stop, DEFAULT_GUARDS, at)).toEqual([
      {
        guard: 'price_band',
        field: 'activation_price',
        message:
          'Buy 0.01 BTC when the price reaches 90,000 — 40.1% above the market price 64,250.5 (your band is 5%).',
      },
    ]);
  });

  it('takes a market’s own band over the general one, and asks nothing when it is off', () => {
    const far = buy({ price: '70000' });
    expect(guardQuestions(far, settings({ markets: { BTC_USDT: '10' } }), at)).toEqual([]);
    expect(guardQuestions(far, settings({ markets: { ETH_USDT: '10' } }), at)).toHaveLength(1);
    expect(guardQuestions(far, settings({ markets: { BTC_USDT: '' } }), at)).toEqual([]);
    expect(guardQuestions(far, settings({ bandPct: '' }), at)).toEqual([]);
  });

  it('asks nothing about a price without a market price to compare with, or one it cannot read', () => {
    expect(guardQuestions(buy({ price: '700000' }), DEFAULT_GUARDS, {})).toEqual([]);
    expect(guardQuestions(buy({ price: 'abc' }), DEFAULT_GUARDS, at)).toEqual([]);
  });
});

describe('a market order, priced from the book main read', () => {
  // 0.04 BTC on each side, as thin as the book the issue was seen on
  const book = {
    asks: [
      ['64251', '0.01'],
      ['64300', '0.01'],
      ['66000', '0.02'],
    ],
    bids: [
      ['64250', '0.01'],
      ['64000', '0.01'],
      ['58000', '0.02'],
    ],
  } as const;
  const sell = (amount: string): OrderDraft => ({ kind: 'market', market: 'BTC_USDT', side: 'sell', amount });

  it('walks the side it takes: average, worst, the share of the book read', () => {
    expect(estimateOrder(sell('0.02'), book)).toEqual({
      source: 'book',
      base: '0.02',
      value: '1282.5',
      average: '64125',
      worst: '64000',
      sharePct: '50',
      levels: 2,
      levelsRead: 3,
      complete: true,
      sideBase: '0.04',
    });
    // a market buy sized in USDT buys what each level's value allows, the last in part
    const spend = estimateOrder({ kind: 'market', market: 'BTC_USDT', side: 'buy', amount: '1285.51' }, book);
    expect(spend).toMatchObject({ base: '0.02', value: '1285.51', worst: '64300', complete: true });
    expect(estimateOrder(buy({ amount: '0.01', price: '64000' }), book)).toEqual({
      source: 'price',
      base: '0.01',
      value: '640',
    });
  });

  it('asks when its worst fill is beyond the band, however good its first level', () => {
    expect(
      guardQuestions(sell('0.02'), noCeiling(), {
        ...at,
        estimate: estimateOrder(sell('0.02'), book),
        bookRead: true,
      }),
    ).toEqual([]);
    const wide = estimateOrder(sell('0.04'), book);
    expect(guardQuestions(sell('0.04'), noCeiling(), { ...at, estimate: wide, bookRead: true })).toEqual([
      {
        guard: 'price_band',
        field: 'amount',
        message:
          'Sell 0.04 BTC at market — its worst fill, 58,000, is 9.73% below the market price 64,250.5 (your band is 5%).',
      },
    ]);
  });

  it('asks when it is larger than the book read, and when the side is empty', () => {
    // the case seen: a sell of 25 BTC against 0.04 BTC a side
    const big = sell('25');
    const asked = guardQuestions(big, noCeiling({ bandPct: '' }), {
      ...at,
      estimate: estimateOrder(big, book),
      bookRead: true,
    });
    expect(asked).toEqual([
      {
        guard: 'depth',
        field: 'amount',
        message:
          'Sell 25 BTC at market — larger than the 3 levels of the book read, which hold 0.04 BTC: the rest would fill at prices nobody can see now.',
      },
    ]);
    expect(guardQuestions(big, noCeiling(), { ...at, bookRead: true }).map((q) => q.message)).toEqual([
      'Sell 25 BTC at market — the book has no bids now: nothing shows what it would fill at.',
    ]);
  });
});

describe('the order value ceilings', () => {
  const ceiling = noCeiling({ notionalCeiling: '1000' });

  it('asks above the USDT ceiling (amount × price), not at it', () => {
    expect(guardQuestions(buy({ amount: '0.015625', price: '64000' }), ceiling, at)).toEqual([]);
    expect(guardQuestions(buy({ amount: '0.02', price: '64000' }), ceiling, at)).toEqual([
      {
        guard: 'notional',
        field: 'amount',
        message:
          'Buy 0.02 BTC at 64,000 — worth 1,280 USDT, more than your order value ceiling of 1,000 USDT.',
      },
    ]);
  });

  it('values a market buy by what it spends and a market sell by the book (its rest at the worst price)', () => {
    const spend = buy({ kind: 'market', price: undefined, amount: '2500' });
    expect(guardQuestions(spend, ceiling, at)[0]?.message).toBe(
      'Buy BTC for 2,500 USDT at market — worth 2,500 USDT, more than your order value ceiling of 1,000 USDT.',
    );
    const sell = buy({ kind: 'market', side: 'sell', price: undefined, amount: '0.1' });
    expect(guardQuestions(sell, ceiling, at).map((q) => q.guard)).toEqual(['notional']);
    const estimate = { source: 'book', base: '0.01', value: '640', worst: '64000', complete: false } as const;
    expect(notionalOf(sell, undefined, estimate)?.toFixed()).toBe('6400');
  });

  it("is on by default at 25 % of the account's equity, for the account the order is for", () => {
    const order = buy({ amount: '0.01', price: '64000' }); // 640 USDT
    expect(guardQuestions(order, DEFAULT_GUARDS, { ...at, equity: new Dec('2560') })).toEqual([]);
    expect(guardQuestions(order, DEFAULT_GUARDS, { ...at, equity: new Dec('2559.99') })).toEqual([
      {
        guard: 'notional',
        field: 'amount',
        message:
          "Buy 0.01 BTC at 64,000 — worth 640 USDT, more than 25% of this account's equity (640 of 2,559.99 USDT).",
      },
    ]);
    // without an account nothing is known of its equity; an equity that cannot be read asks
    expect(guardQuestions(order, DEFAULT_GUARDS, at)).toEqual([]);
    expect(guardQuestions(order, DEFAULT_GUARDS, { ...at, equity: null })[0]?.message).toBe(
      "Buy 0.01 BTC at 64,000 — worth 640 USDT; this account's equity could not be read, so the order could not be held to 25% of it.",
    );
    // a reduce-only order only closes: no ceiling
    const closing = { ...order, kind: 'collateral_market' as const, price: undefined, reduceOnly: true };
    expect(guardQuestions(closing, DEFAULT_GUARDS, { ...at, equity: new Dec('1') })).toEqual([]);
  });

  it('values a market in another quote at its USDT price, and asks when that is unknown', () => {
    const eth = { kind: 'limit', market: 'ETH_BTC', side: 'buy', amount: '10', price: '0.05' } as const;
    expect(guardQuestions(eth, ceiling, { quoteInUsdt: new Dec('64000') })[0]?.message).toBe(
      'Buy 10 ETH at 0.05 — worth about 32,000 USDT, more than your order value ceiling of 1,000 USDT.',
    );
    expect(guardQuestions(eth, ceiling, {})[0]?.message).toContain('could not be worked out');
  });
});

describe('an order that turns a position around', () => {
  const sell = (amount: string, patch: Partial<OrderDraft> = {}): OrderDraft => ({
    kind: 'collateral_market',
    market: 'BTC_PERP',
    side: 'sell',
    amount,
    ...patch,
  });

  it('asks, naming what it closes and what it opens', () => {
    expect(guardQuestions(sell('0.003'), noCeiling(), { position: '0.001' })).toEqual([
      {
        guard: 'reverse',
        field: 'amount',
        message: 'Sell 0.003 BTC at market closes your 0.001 BTC long and opens a 0.002 BTC short.',
      },
    ]);
    expect(
      guardQuestions({ ...sell('0.5'), side: 'buy' }, noCeiling(), { position: '-0.2' })[0]?.message,
    ).toBe('Buy 0.5 BTC at market closes your 0.2 BTC short and opens a 0.3 BTC long.');
  });

  it('asks nothing for a close, an addition, a reduce-only order or a hedge-mode side', () => {
    expect(guardQuestions(sell('0.001'), noCeiling(), { position: '0.001' })).toEqual([]);
    expect(guardQuestions(sell('0.003'), noCeiling(), { position: '-0.001' })).toEqual([]);
    expect(guardQuestions(sell('0.003'), noCeiling(), { position: null })).toEqual([]);
    expect(guardQuestions(sell('0.003', { reduceOnly: true }), noCeiling(), { position: '0.001' })).toEqual(
      [],
    );
    expect(
      guardQuestions(sell('0.003', { positionSide: 'SHORT' }), noCeiling(), { position: '0.001' }),
    ).toEqual([]);
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
