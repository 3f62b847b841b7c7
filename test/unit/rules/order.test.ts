import { describe, expect, it } from 'vitest';
import { checkOrder, type MarketRules, type OrderDraft, type RuleIssue } from '../../../main/rules/index.ts';

const BTC: MarketRules = {
  name: 'BTC_USDT',
  stockPrec: 6,
  moneyPrec: 2,
  minAmount: '0.0001',
  minTotal: '5',
  maxTotal: '1000000',
  tickSize: '0.01',
  stepSize: '0.0001',
};

const LIMIT: OrderDraft = {
  kind: 'limit',
  market: 'BTC_USDT',
  side: 'buy',
  amount: '0.01',
  price: '64250.5',
};

function issuesOf(order: Partial<OrderDraft>, market: Partial<MarketRules> = {}): RuleIssue[] {
  return checkOrder({ ...LIMIT, ...order } as OrderDraft, { ...BTC, ...market });
}

describe('checkOrder: a valid order', () => {
  it.each<[string, Partial<OrderDraft>, Partial<MarketRules>]>([
    ['plain limit', {}, {}],
    ['trailing zeros within precision', { price: '64250.5000', amount: '0.010000' }, {}],
    ['price exactly on a coarse tick', { price: '101.25', amount: '1' }, { tickSize: '0.05' }],
    ['no steps at all', { price: '101.23', amount: '0.123456' }, { tickSize: '', stepSize: '' }],
    ['a tick of 0 is no tick', { price: '101.23', amount: '1' }, { tickSize: '0' }],
    ['total exactly at minTotal', { price: '100', amount: '0.05' }, {}],
    ['total exactly at maxTotal', { price: '100', amount: '10000' }, {}],
    ['maxTotal 0 is no maximum', { price: '1000000', amount: '1000000' }, { maxTotal: '0' }],
    ['bboRole without price', { price: undefined, bboRole: 1 }, {}],
    ['rpi with retail', { rpi: true, retail: true }, {}],
    ['legacy stp name', { stp: 'cancel_both' }, {}],
    ['client order id with dots, dashes, underscores', { clientOrderId: 'desk-7f3a.01_x' }, {}],
    ['empty client order id means none', { clientOrderId: '' }, {}],
  ])('%s', (_name, order, market) => {
    expect(issuesOf(order, market)).toEqual([]);
  });
});

describe('checkOrder: price', () => {
  it.each<[string, Partial<OrderDraft>, Partial<MarketRules>, RuleIssue[]]>([
    [
      'off the tick',
      { price: '101.234' },
      {},
      [
        {
          field: 'price',
          message: 'Price must be a multiple of 0.01; nearest: 101.23 or 101.24',
          suggestions: ['101.23', '101.24'],
        },
      ],
    ],
    [
      'off a coarse tick',
      { price: '101.23' },
      { tickSize: '0.05' },
      [
        {
          field: 'price',
          message: 'Price must be a multiple of 0.05; nearest: 101.2 or 101.25',
          suggestions: ['101.2', '101.25'],
        },
      ],
    ],
    [
      'too many decimals with no tick',
      { price: '101.234' },
      { tickSize: '' },
      [
        {
          field: 'price',
          message: 'Price allows at most 2 decimal places; nearest: 101.23 or 101.24',
          suggestions: ['101.23', '101.24'],
        },
      ],
    ],
    [
      'integer tick on a large price',
      { price: '64250.5', amount: '0.1' },
      { tickSize: '10', moneyPrec: 0 },
      [
        {
          field: 'price',
          message: 'Price must be a multiple of 10; nearest: 64250 or 64260',
          suggestions: ['64250', '64260'],
        },
      ],
    ],
    [
      'zero decimals allowed, singular wording',
      { price: '5.5', amount: '1' },
      { tickSize: '', moneyPrec: 1, minTotal: '0' },
      [],
    ],
    [
      'below one tick suggests only the first tick',
      { price: '0.004', amount: '5000' },
      { minTotal: '0' },
      [
        {
          field: 'price',
          message: 'Price must be a multiple of 0.01; nearest: 0.01',
          suggestions: ['0.01'],
        },
      ],
    ],
    [
      'missing without bboRole',
      { price: undefined },
      {},
      [{ field: 'price', message: 'Price is required unless a best-price role is set' }],
    ],
  ])('%s', (_name, order, market, expected) => {
    expect(issuesOf({ amount: '1', ...order }, market)).toEqual(expected);
  });

  it('says "1 decimal place" in the singular', () => {
    const [issue] = issuesOf({ price: '5.55', amount: '1' }, { tickSize: '', moneyPrec: 1 });
    expect(issue?.message).toBe('Price allows at most 1 decimal place; nearest: 5.5 or 5.6');
  });
});

describe('checkOrder: amount', () => {
  it.each<[string, Partial<OrderDraft>, Partial<MarketRules>, RuleIssue[]]>([
    [
      'off the step',
      { amount: '0.01015' },
      {},
      [
        {
          field: 'amount',
          message: 'Amount must be a multiple of 0.0001; nearest: 0.0101 or 0.0102',
          suggestions: ['0.0101', '0.0102'],
        },
      ],
    ],
    [
      'too many decimals with no step',
      { amount: '0.0100001' },
      { stepSize: '' },
      [
        {
          field: 'amount',
          message: 'Amount allows at most 6 decimal places; nearest: 0.01 or 0.010001',
          suggestions: ['0.01', '0.010001'],
        },
      ],
    ],
    [
      'below minAmount',
      { amount: '0.00009', price: '100000' },
      { stepSize: '' },
      [
        {
          field: 'amount',
          message: 'Amount must be at least 0.0001; nearest: 0.0001',
          suggestions: ['0.0001'],
        },
      ],
    ],
    [
      'step finer than the decimals allowed',
      { amount: '0.0075', price: '1000' },
      { stepSize: '0.0025', stockPrec: 3, minAmount: '0' },
      [
        {
          field: 'amount',
          message: 'Amount allows at most 3 decimal places; nearest: 0.005 or 0.01',
          suggestions: ['0.005', '0.01'],
        },
      ],
    ],
    [
      'off a step finer than the decimals allowed',
      { amount: '0.003', price: '10000' },
      { stepSize: '0.0025', stockPrec: 3, minAmount: '0' },
      [
        {
          field: 'amount',
          message: 'Amount must be a multiple of 0.0025 with at most 3 decimal places; nearest: 0.005',
          suggestions: ['0.005'],
        },
      ],
    ],
    [
      'very small values stay exponent-free',
      { amount: '0.000000015', price: '1000000000' },
      { stepSize: '0.00000001', stockPrec: 8, minAmount: '0.00000001', maxTotal: '0' },
      [
        {
          field: 'amount',
          message: 'Amount must be a multiple of 0.00000001; nearest: 0.00000001 or 0.00000002',
          suggestions: ['0.00000001', '0.00000002'],
        },
      ],
    ],
    [
      'very large values stay exact',
      { amount: '123456789012345678.5', price: '1' },
      { stepSize: '1', maxTotal: '0' },
      [
        {
          field: 'amount',
          message: 'Amount must be a multiple of 1; nearest: 123456789012345678 or 123456789012345679',
          suggestions: ['123456789012345678', '123456789012345679'],
        },
      ],
    ],
    [
      'trailing zeros in the step are ignored',
      { amount: '0.015' },
      { stepSize: '0.0100' },
      [
        {
          field: 'amount',
          message: 'Amount must be a multiple of 0.01; nearest: 0.01 or 0.02',
          suggestions: ['0.01', '0.02'],
        },
      ],
    ],
  ])('%s', (_name, order, market, expected) => {
    expect(issuesOf(order, market)).toEqual(expected);
  });

  it.each(['1e-8', '-1', ' 1', '1.', '.5', '', '1,5', '0x10', 'NaN', 'Infinity', '+1'])(
    'refuses %j as not a plain decimal',
    (amount) => {
      const issues = issuesOf({ amount });
      expect(issues).toHaveLength(1);
      expect(issues[0]?.field).toBe('amount');
      expect(issues[0]?.message).toMatch(/plain decimal number/);
    },
  );

  it.each(['0', '0.000', '00'])('refuses %j as not above zero', (amount) => {
    expect(issuesOf({ amount })).toEqual([{ field: 'amount', message: 'Amount must be greater than 0' }]);
  });
});

describe('checkOrder: totals', () => {
  it('reports a total below minTotal with the amount that reaches it', () => {
    expect(issuesOf({ amount: '0.0001', price: '100' })).toEqual([
      {
        field: 'amount',
        message:
          'The total (amount × price) must be at least 5, it is 0.01; at this price amount must be at least 0.05',
        suggestions: ['0.05'],
      },
    ]);
  });

  it('rounds the amount needed for minTotal up to the step', () => {
    const [issue] = issuesOf({ amount: '0.0001', price: '30000' });
    expect(issue?.suggestions).toEqual(['0.0002']);
    const total = issuesOf({ amount: '0.0001', price: '30000' }, { minAmount: '0.00005' }).find((i) =>
      i.message.startsWith('The total'),
    );
    expect(total?.suggestions).toEqual(['0.0002']);
    const respectsMin = issuesOf({ amount: '0.0001', price: '30000' }, { minAmount: '0.0005' }).find((i) =>
      i.message.startsWith('The total'),
    );
    expect(respectsMin?.suggestions).toEqual(['0.0005']);
  });

  it('reports a total above maxTotal with the largest amount that fits', () => {
    expect(issuesOf({ amount: '20', price: '100' }, { maxTotal: '1000' })).toEqual([
      {
        field: 'amount',
        message:
          'The total (amount × price) must be at most 1000, it is 2000; at this price amount must be at most 10',
        suggestions: ['10'],
      },
    ]);
  });

  it('rounds the largest amount under maxTotal down to the step', () => {
    const [issue] = issuesOf({ amount: '1', price: '3' }, { maxTotal: '1', minAmount: '0', minTotal: '0' });
    expect(issue?.suggestions).toEqual(['0.3333']);
  });
});
