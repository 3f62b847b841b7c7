import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { checkOrder, type MarketRules, type OrderDraft } from '../../../main/rules/index.ts';
import { prng } from '../../support/random.ts';

const STEPS = ['', '1', '0.1', '0.5', '0.01', '0.05', '0.0025', '0.00000001', '10', '250', '0.3'];

function randomDecimal(rand: () => number): string {
  const integer = Math.floor(rand() * 10 ** Math.floor(rand() * 8));
  const places = Math.floor(rand() * 10);
  const fraction = Array.from({ length: places }, () => Math.floor(rand() * 10)).join('');
  return places ? `${String(integer)}.${fraction}` : String(integer);
}

function market(rand: () => number): MarketRules {
  const pick = (items: readonly string[]): string => items[Math.floor(rand() * items.length)] as string;
  return {
    stockPrec: Math.floor(rand() * 9),
    moneyPrec: Math.floor(rand() * 9),
    minAmount: '0',
    minTotal: '0',
    maxTotal: '0',
    tickSize: pick(STEPS),
    stepSize: pick(STEPS),
  };
}

/** Whether `value` satisfies `places` decimals and `step`, checked independently of the rules code. */
function fits(value: string, places: number, step: string): boolean {
  const d = new Decimal(value);
  if (d.decimalPlaces() > places) return false;
  return step === '' || d.mod(new Decimal(step)).isZero();
}

describe('nearest values (seeded fuzz)', () => {
  const seed = 20261122;
  it(`every price or amount suggestion is valid and brackets the input (seed ${String(seed)})`, () => {
    const rand = prng(seed);
    let checked = 0;
    for (let i = 0; i < 3000; i += 1) {
      const m = market(rand);
      const order: OrderDraft = {
        kind: 'limit',
        side: 'buy',
        amount: randomDecimal(rand),
        price: randomDecimal(rand),
      };
      // The rules are asked once per order; what a failure prints is built only when one fails.
      const issues = checkOrder(order, m);
      const context = () => JSON.stringify({ m, order, issues });
      for (const issue of issues) {
        if (!issue.suggestions || (issue.field !== 'price' && issue.field !== 'amount')) continue;
        const input = new Decimal(issue.field === 'price' ? (order.price as string) : order.amount);
        const places = issue.field === 'price' ? m.moneyPrec : m.stockPrec;
        const step = issue.field === 'price' ? m.tickSize : m.stepSize;
        if (issue.suggestions.length === 0) expect.fail(`no suggestion: ${context()}`);
        for (const suggestion of issue.suggestions) {
          const valid =
            /^\d+(\.\d*[1-9])?$/.test(suggestion) &&
            fits(suggestion, places, step) &&
            new Decimal(suggestion).gt(0);
          if (!valid) expect.fail(`suggestion ${suggestion} is not a valid value: ${context()}`);
        }
        const [low, high] = issue.suggestions.map((s) => new Decimal(s));
        const brackets = high ? low?.lt(input) && high.gt(input) : low?.gt(input);
        if (!brackets) expect.fail(`suggestions do not bracket the input: ${context()}`);
        checked += 1;
      }
      for (const field of ['price', 'amount'] as const) {
        const value = field === 'price' ? (order.price as string) : order.amount;
        const places = field === 'price' ? m.moneyPrec : m.stockPrec;
        const step = field === 'price' ? m.tickSize : m.stepSize;
        const flagged = issues.some((issue) => issue.field === field);
        if (new Decimal(value).gt(0) && flagged === fits(value, places, step))
          expect.fail(
            `${field} ${flagged ? 'refused though it fits' : 'taken though it does not fit'}: ${context()}`,
          );
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('refuses absurdly long numbers instead of rounding them', () => {
    const m: MarketRules = {
      stockPrec: 8,
      moneyPrec: 2,
      minAmount: '0',
      minTotal: '0',
      maxTotal: '0',
      tickSize: '',
      stepSize: '',
    };
    const issues = checkOrder({ kind: 'limit', side: 'buy', amount: '1'.repeat(41), price: '1' }, m);
    expect(issues).toEqual([{ field: 'amount', message: 'Amount is too long: at most 40 characters' }]);
    expect(checkOrder({ kind: 'limit', side: 'buy', amount: '1'.repeat(40), price: '1' }, m)).toEqual([]);
  });
});
