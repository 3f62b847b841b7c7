import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  kindsForMarket,
  normalizeDecimal,
  normalizeStp,
  type AccountContext,
  type MarketRules,
  type OrderDraft,
  type RuleIssue,
} from '../../../main/rules/index.ts';

const BTC: MarketRules = {
  name: 'BTC_USDT',
  stockPrec: 6,
  moneyPrec: 2,
  minAmount: '0.0001',
  minTotal: '5',
  maxTotal: '0',
  tickSize: '0.01',
  stepSize: '0.0001',
};

const BASE: Record<OrderDraft['kind'], OrderDraft> = {
  limit: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '64250.5' },
  stop_limit: {
    kind: 'stop_limit',
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.01',
    price: '64250.5',
    activation_price: '64000',
  },
  market: { kind: 'market', market: 'BTC_USDT', side: 'sell', amount: '0.01' },
  stock_market: { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', amount: '0.01' },
  stop_market: {
    kind: 'stop_market',
    market: 'BTC_USDT',
    side: 'sell',
    amount: '0.01',
    activation_price: '60000',
  },
  collateral_market: { kind: 'collateral_market', market: 'BTC_USDT', side: 'buy', amount: '0.01' },
  collateral_limit: {
    kind: 'collateral_limit',
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.01',
    price: '64250.5',
  },
  collateral_stop_limit: {
    kind: 'collateral_stop_limit',
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.01',
    price: '64300',
    activation_price: '64250.5',
  },
  collateral_trigger_market: {
    kind: 'collateral_trigger_market',
    market: 'BTC_USDT',
    side: 'sell',
    amount: '0.01',
    activation_price: '60000',
  },
  collateral_oco: {
    kind: 'collateral_oco',
    market: 'BTC_USDT',
    side: 'sell',
    amount: '0.01',
    price: '70000',
    activation_price: '60000',
    stop_limit_price: '59900',
  },
};

function check(
  order: OrderDraft,
  market: Partial<MarketRules> = {},
  account: AccountContext = {},
): RuleIssue[] {
  return checkOrder(order, { ...BTC, ...market }, account);
}

const fields = (issues: RuleIssue[]): string[] => issues.map((issue) => issue.field);

describe('order kinds', () => {
  it('a futures market takes collateral orders only; a spot market closed to margin no collateral order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(BASE)),
        fc.constantFrom('spot', 'futures', undefined),
        fc.constantFrom(true, false, undefined),
        (order, type, collateral) => {
          const market = { ...(type ? { type } : {}), ...(collateral === undefined ? {} : { collateral }) };
          const refused = fields(check(order, market)).includes('kind');
          const collateralOrder = order.kind.startsWith('collateral_');
          const expected =
            type === 'futures'
              ? !collateralOrder
              : collateralOrder && type === 'spot' && collateral === false;
          expect(refused).toBe(expected);
          expect(kindsForMarket(market).includes(order.kind)).toBe(!refused);
        },
      ),
    );
    expect(check(BASE.limit, { type: 'futures', name: 'BTC_USDT' })).toEqual([
      {
        field: 'kind',
        message:
          'BTC_USDT is a futures market: it takes collateral orders only (market, limit, stop-limit, trigger-market, OCO)',
      },
    ]);
  });

  it.each(Object.values(BASE))('a well-formed $kind order passes', (order) => {
    expect(check(order)).toEqual([]);
  });

  it('a market buy amount is the quote total: price decimals, minTotal, no amount step', () => {
    const buy = { ...BASE.market, side: 'buy', amount: '10.12' };
    expect(check(buy, { stepSize: '1' })).toEqual([]);
    expect(check({ ...buy, amount: '10.123' })).toEqual([
      {
        field: 'amount',
        message: 'Amount allows at most 2 decimal places; nearest: 10.12 or 10.13',
        suggestions: ['10.12', '10.13'],
      },
    ]);
    expect(check({ ...buy, amount: '4.99' })).toEqual([
      {
        field: 'amount',
        message: 'Amount (quote total of a market buy) must be at least 5; nearest: 5',
        suggestions: ['5'],
      },
    ]);
    expect(check({ ...buy, amount: '0.00001' }, { minAmount: '1' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'amount' })]),
    );
    expect(check({ ...buy, amount: '200' }, { maxTotal: '100' })).toEqual([
      {
        field: 'amount',
        message: 'Amount (quote total of a market buy) must be at most 100; nearest: 100',
        suggestions: ['100'],
      },
    ]);
    expect(check({ ...BASE.stop_market, side: 'buy', amount: '7' }, { stepSize: '5' })).toEqual([]);
  });

  it('a market sell amount is base currency and keeps the step and minAmount', () => {
    expect(fields(check({ ...BASE.market, amount: '0.01005' }))).toEqual(['amount']);
    expect(fields(check({ ...BASE.market, amount: '0.00001' }, { stepSize: '' }))).toEqual(['amount']);
  });

  it('a collateral market amount is base currency on both sides', () => {
    expect(fields(check({ ...BASE.collateral_market, amount: '0.01005' }))).toEqual(['amount']);
    expect(fields(check({ ...BASE.collateral_market, side: 'sell', amount: '0.01005' }))).toEqual(['amount']);
  });

  it('a stop order needs an activation price on the tick', () => {
    const { activation_price: _omit, ...noActivation } = BASE.stop_limit;
    expect(check(noActivation as OrderDraft)).toEqual([
      { field: 'activation_price', message: 'Activation price is required for a stop order' },
    ]);
    expect(check({ ...BASE.stop_limit, activation_price: '64000.005' })).toEqual([
      {
        field: 'activation_price',
        message: 'Activation price must be a multiple of 0.01; nearest: 64000 or 64000.01',
        suggestions: ['64000', '64000.01'],
      },
    ]);
    expect(fields(check({ ...BASE.stop_market, activation_price: '' }))).toEqual(['activation_price']);
    expect(fields(check({ ...BASE.stop_limit, activation_price: '-5' }))).toEqual(['activation_price']);
  });

  it('refuses fields an order kind does not take', () => {
    expect(fields(check({ ...BASE.limit, activation_price: '1' }))).toEqual(['activation_price']);
    expect(fields(check({ ...BASE.market, price: '1' }))).toEqual(['price']);
    expect(fields(check({ ...BASE.limit, reduceOnly: true }))).toEqual(['reduceOnly']);
    expect(fields(check({ ...BASE.limit, positionSide: 'LONG' }))).toEqual(['positionSide']);
    expect(fields(check({ ...BASE.limit, stopLoss: '60000' }))).toEqual(['stopLoss']);
    expect(fields(check({ ...BASE.collateral_market, postOnly: true }))).toEqual(['postOnly']);
    expect(fields(check({ ...BASE.stop_limit, ioc: true }))).toEqual(['ioc']);
    expect(fields(check({ ...BASE.market, bboRole: 1 }))).toEqual(['bboRole']);
    expect(check({ ...BASE.limit, reduceOnly: false, postOnly: false })).toEqual([]);
  });

  it('refuses an order for another market', () => {
    expect(check({ ...BASE.limit, market: 'ETH_USDT' })).toEqual([
      { field: 'market', message: 'Market must be BTC_USDT for these rules', suggestions: ['BTC_USDT'] },
    ]);
  });

  it('refuses an unknown side', () => {
    expect(check({ ...BASE.limit, side: 'long' })).toEqual([
      { field: 'side', message: 'Side must be buy or sell', suggestions: ['buy', 'sell'] },
    ]);
  });
});

describe('flag combinations', () => {
  it.each<[string, Partial<OrderDraft>, string, RegExp]>([
    ['rpi with ioc', { rpi: true, ioc: true }, 'ioc', /RPI orders rest on the book/],
    ['rpi with postOnly', { rpi: true, postOnly: true }, 'postOnly', /post-only already/],
    [
      'postOnly with bboRole',
      { postOnly: true, bboRole: 2, price: undefined },
      'postOnly',
      /only when no best-price role is set/,
    ],
    ['ioc with postOnly', { ioc: true, postOnly: true }, 'ioc', /cannot both be on/],
    ['bboRole out of range', { bboRole: 3 }, 'bboRole', /1 \(queue\) or 2 \(counterparty\)/],
    [
      'unknown stp',
      { stp: 'cancel_all' },
      'stp',
      /no, cb \(cancel both\), cn \(cancel new\) or co \(cancel old\)/,
    ],
    [
      'bad client order id',
      { clientOrderId: 'desk 7/a' },
      'clientOrderId',
      /letters, digits, dashes, dots and underscores/,
    ],
  ])('%s is refused on its field', (_name, flags, field, message) => {
    const issues = check({ ...BASE.limit, ...flags } as OrderDraft);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.field).toBe(field);
    expect(issues[0]?.message).toMatch(message);
  });

  it('reports every broken combination at once', () => {
    const issues = check({ ...BASE.limit, rpi: true, ioc: true, postOnly: true });
    expect(fields(issues)).toEqual(['ioc', 'postOnly', 'ioc']);
  });

  it.each<[Partial<OrderDraft>]>([
    [{ ioc: true }],
    [{ postOnly: true }],
    [{ rpi: true }],
    [{ bboRole: 1 }],
    [{ retail: true, postOnly: true }],
  ])('%o alone is fine', (flags) => {
    expect(check({ ...BASE.limit, ...flags } as OrderDraft)).toEqual([]);
  });
});

describe('collateral rules', () => {
  it('refuses stopLoss or takeProfit together with reduceOnly', () => {
    for (const leg of [{ stopLoss: '60000' }, { takeProfit: '70000' }]) {
      const issues = check({ ...BASE.collateral_market, reduceOnly: true, ...leg });
      expect(issues).toEqual([
        {
          field: 'reduceOnly',
          message:
            'Reduce-only cannot be combined with a stop-loss or take-profit; turn reduce-only off or remove them',
        },
      ]);
    }
    expect(check({ ...BASE.collateral_market, reduceOnly: true })).toEqual([]);
    expect(check({ ...BASE.collateral_market, stopLoss: '60000', takeProfit: '70000' })).toEqual([]);
  });

  it('checks stopLoss and takeProfit against the tick', () => {
    const issues = check(
      { ...BASE.collateral_market, stopLoss: '60000.001', takeProfit: '70000.5' },
      { tickSize: '0.1' },
    );
    expect(issues).toEqual([
      {
        field: 'stopLoss',
        message: 'Stop-loss must be a multiple of 0.1; nearest: 60000 or 60000.1',
        suggestions: ['60000', '60000.1'],
      },
    ]);
  });

  it('in hedge mode needs positionSide LONG or SHORT', () => {
    const hedge = { hedgeMode: true };
    const expected = [
      {
        field: 'positionSide',
        message: 'Position side must be LONG or SHORT in hedge mode',
        suggestions: ['LONG', 'SHORT'],
      },
    ];
    expect(check(BASE.collateral_market, {}, hedge)).toEqual(expected);
    expect(check({ ...BASE.collateral_market, positionSide: 'BOTH' }, {}, hedge)).toEqual(expected);
    expect(check({ ...BASE.collateral_market, positionSide: 'LONG' }, {}, hedge)).toEqual([]);
    expect(check({ ...BASE.collateral_market, positionSide: 'SHORT' }, {}, hedge)).toEqual([]);
  });

  it('in one-way mode accepts any valid positionSide or none', () => {
    for (const positionSide of [undefined, 'BOTH', 'LONG']) {
      expect(check({ ...BASE.collateral_market, positionSide }, {}, { hedgeMode: false })).toEqual([]);
    }
    expect(fields(check({ ...BASE.collateral_market, positionSide: 'long' }))).toEqual(['positionSide']);
  });
});

describe('helpers', () => {
  it('normalizeStp maps legacy names to the abbreviated ones', () => {
    expect(normalizeStp('cancel_both')).toBe('cb');
    expect(normalizeStp('cancel_new')).toBe('cn');
    expect(normalizeStp('cancel_old')).toBe('co');
    expect(normalizeStp('co')).toBe('co');
    expect(normalizeStp('CB')).toBeUndefined();
  });

  it('normalizeDecimal strips leading and trailing zeros, never uses an exponent', () => {
    expect(normalizeDecimal('001.2300')).toBe('1.23');
    expect(normalizeDecimal('0.00000001')).toBe('0.00000001');
    expect(normalizeDecimal('100000000000000000000000')).toBe('100000000000000000000000');
    expect(normalizeDecimal('5.000')).toBe('5');
    expect(() => normalizeDecimal('1e5')).toThrow(TypeError);
  });
});
