// A ladder of limit orders: the split is exact, every price on the tick inside the range, and each
// order checked by the one order rule set; a hurried person's inputs are refused naming the field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../main/rules/decimal.ts';
import {
  bulkRequests,
  BULK_LIMIT,
  LADDER_MAX_ORDERS,
  LADDER_SKEWS,
  ladderSpend,
  planLadder,
  splitUnits,
  type LadderInput,
} from '../../../main/rules/ladder.ts';
import { LADDER_MAX, ladderSkews } from '../../../main/features/orders/procedures.ts';
import { checkOrder } from '../../../main/rules/order.ts';
import type { MarketRules } from '../../../main/rules/types.ts';

const market = (over: Partial<MarketRules> = {}): MarketRules => ({
  name: 'BTC_USDT',
  stockPrec: 6,
  moneyPrec: 2,
  minAmount: '0',
  minTotal: '0',
  maxTotal: '0',
  tickSize: '',
  stepSize: '',
  ...over,
});

/** A market with a tick and step of its own, and a ladder that fits it. */
const fitting = fc
  .record({
    moneyPrec: fc.integer({ min: 0, max: 8 }),
    stockPrec: fc.integer({ min: 0, max: 8 }),
    tickMul: fc.constantFrom(1, 2, 5, 25),
    stepMul: fc.constantFrom(1, 3, 10),
    lowTicks: fc.integer({ min: 1, max: 1_000_000 }),
    spanTicks: fc.integer({ min: 1, max: 100_000 }),
    count: fc.integer({ min: 2, max: LADDER_MAX_ORDERS }),
    extraUnits: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    skew: fc.constantFrom(...LADDER_SKEWS),
    side: fc.constantFrom('buy', 'sell'),
  })
  .filter((r) => r.spanTicks >= r.count - 1)
  .map((r) => {
    const tick = new Dec(10).pow(-r.moneyPrec).mul(r.tickMul);
    const step = new Dec(10).pow(-r.stockPrec).mul(r.stepMul);
    const rules = market({
      moneyPrec: r.moneyPrec,
      stockPrec: r.stockPrec,
      tickSize: tick.toFixed(),
      stepSize: step.toFixed(),
    });
    const low = tick.mul(r.lowTicks);
    const high = low.add(tick.mul(r.spanTicks));
    const total = step.mul((BigInt(r.count) + r.extraUnits).toString());
    const input: LadderInput = {
      market: 'BTC_USDT',
      side: r.side,
      lowPrice: low.toFixed(),
      highPrice: high.toFixed(),
      orderCount: String(r.count),
      totalAmount: total.toFixed(),
      skew: r.skew,
    };
    return { rules, input, tick, step, low, high, total, count: r.count };
  });

describe('the ladder split', () => {
  it('adds up to the total exactly, every price on the tick within the range, rising, ends at both prices', () => {
    fc.assert(
      fc.property(fitting, ({ rules, input, tick, step, low, high, total, count }) => {
        const plan = planLadder(input, rules);
        expect(plan.issues).toEqual([]);
        expect(plan.orders).toHaveLength(count);
        const sum = plan.orders.reduce((s, o) => s.add(o.draft.amount), new Dec(0));
        expect(sum.eq(total)).toBe(true);
        const prices = plan.orders.map((o) => new Dec(o.draft.price));
        for (const [i, p] of prices.entries()) {
          expect(p.mod(tick).isZero()).toBe(true);
          expect(p.gte(low) && p.lte(high)).toBe(true);
          if (i > 0) expect(p.gt(prices[i - 1] as Dec)).toBe(true);
        }
        expect(prices[0]?.eq(low)).toBe(true);
        expect(prices.at(-1)?.eq(high)).toBe(true);
        for (const o of plan.orders) {
          const amount = new Dec(o.draft.amount);
          expect(amount.gt(0) && amount.mod(step).isZero()).toBe(true);
          // each order went through the one order rule set
          expect(o.issues).toEqual(checkOrder(o.draft, rules));
        }
      }),
    );
  });

  it('leans the amounts the way the skew says, and splits evenly within one step', () => {
    fc.assert(
      fc.property(fitting, ({ rules, input, step }) => {
        const amounts = planLadder(input, rules).orders.map((o) => new Dec(o.draft.amount));
        for (let i = 1; i < amounts.length; i++) {
          const [a, b] = [amounts[i - 1] as Dec, amounts[i] as Dec];
          if (input.skew === 'more_high') expect(b.gte(a)).toBe(true);
          if (input.skew === 'more_low') expect(b.lte(a)).toBe(true);
        }
        if (input.skew === 'even') {
          const max = Dec.max(...amounts);
          const min = Dec.min(...amounts);
          expect(max.sub(min).lte(step)).toBe(true);
        }
      }),
    );
  });

  it('splits any whole number of units by any weights exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.array(fc.bigInt({ min: 1n, max: 1000n }), { minLength: 1, maxLength: 100 }),
        (total, weights) => {
          const parts = splitUnits(total, weights);
          expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
          expect(parts.every((p) => p >= 0n)).toBe(true);
        },
      ),
    );
  });

  it('says how many bulk requests of at most 20 carry the orders', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: LADDER_MAX_ORDERS }), (n) => {
        const r = bulkRequests(n);
        expect(r * BULK_LIMIT).toBeGreaterThanOrEqual(n);
        expect((r - 1) * BULK_LIMIT).toBeLessThan(n);
      }),
    );
  });

  it('adds up what the orders spend: the quote for buys, the base for sells', () => {
    const orders = [
      { price: '100', amount: '0.5' },
      { price: '110', amount: '0.25' },
    ];
    expect(ladderSpend('buy', orders).toFixed()).toBe('77.5');
    expect(ladderSpend('sell', orders).toFixed()).toBe('0.75');
  });
});

it('the contract takes the same splits and the same most orders as the rules', () => {
  expect([...ladderSkews]).toEqual([...LADDER_SKEWS]);
  expect(LADDER_MAX).toBe(LADDER_MAX_ORDERS);
});

describe('what a hurried person types into the ladder', () => {
  const good: LadderInput = {
    market: 'BTC_USDT',
    side: 'buy',
    lowPrice: '100',
    highPrice: '110',
    orderCount: '5',
    totalAmount: '1',
    skew: 'even',
  };
  const issuesOf = (over: Partial<LadderInput>) => planLadder({ ...good, ...over }, market()).issues;

  it.each([
    [{ lowPrice: '' }, 'lowPrice', 'Lowest price is required'],
    [{ highPrice: ' ' }, 'highPrice', 'Highest price is required'],
    [{ orderCount: '' }, 'orderCount', 'Number of orders is required'],
    [{ totalAmount: '' }, 'totalAmount', 'Total amount is required'],
    [{ lowPrice: '0' }, 'lowPrice', 'Lowest price must be greater than 0'],
    [{ totalAmount: '0' }, 'totalAmount', 'Total amount must be greater than 0'],
    [{ highPrice: '-5' }, 'highPrice', 'Highest price must be a plain decimal number'],
    [{ orderCount: '-3' }, 'orderCount', 'Number of orders must be a whole number from 2 to 100'],
    [{ orderCount: '2.5' }, 'orderCount', 'Number of orders must be a whole number'],
    [{ orderCount: '1' }, 'orderCount', 'Number of orders must be at least 2'],
    [{ orderCount: '101' }, 'orderCount', 'Number of orders must be at most 100'],
    [
      { lowPrice: '110', highPrice: '100' },
      'highPrice',
      'Highest price must be above the lowest price (110)',
    ],
    [{ lowPrice: '100.123' }, 'lowPrice', 'Lowest price allows at most 2 decimal places'],
    [{ totalAmount: '0.1234567' }, 'totalAmount', 'Total amount allows at most 6 decimal places'],
    [{ lowPrice: '100', highPrice: '100.03' }, 'orderCount', 'Number of orders must be at most 4'],
    [{ totalAmount: '0.000004' }, 'totalAmount', 'Total amount must be at least 0.000005'],
  ])('%o is refused on %s: "%s…"', (over, field, words) => {
    const issues = issuesOf(over);
    expect(issues.map((i) => i.field)).toContain(field);
    expect(issues.find((i) => i.field === field)?.message).toContain(words);
    for (const i of issues) expect(i.message).not.toMatch(/lowPrice|highPrice|orderCount|totalAmount/);
  });

  it('lays out nothing while a field is wrong, and checks each order against the market minimums', () => {
    expect(planLadder({ ...good, orderCount: 'x' }, market()).orders).toEqual([]);
    const plan = planLadder(good, market({ minTotal: '25' }));
    expect(plan.orders).toHaveLength(5);
    expect(plan.orders.every((o) => o.issues.some((i) => i.field === 'amount'))).toBe(true);
  });
});
