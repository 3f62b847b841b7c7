import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  checkReduceOnly,
  checkTpSlLegs,
  closingOrder,
  type AccountContext,
  type MarketRules,
  type OrderDraft,
  type PositionContext,
  type RuleIssue,
} from '../../../main/rules/index.ts';

const PERP: MarketRules = {
  name: 'BTC_PERP',
  stockPrec: 4,
  moneyPrec: 2,
  minAmount: '0.0001',
  minTotal: '5',
  maxTotal: '0',
  tickSize: '0.1',
  stepSize: '0.0001',
};
const MARK = { price: '64250.5', name: 'the mark price' };

const order = (o: Partial<OrderDraft>): OrderDraft => ({
  kind: 'collateral_market',
  market: 'BTC_PERP',
  side: 'buy',
  amount: '0.002',
  ...o,
});

describe('TP/SL sides of a new collateral market order', () => {
  it('refuses an inverted pair on a long, naming each field and its bound in plain words', () => {
    const issues = checkOrder(order({ takeProfit: '60000', stopLoss: '70000' }), PERP, {
      referencePrice: MARK,
    });
    expect(issues).toEqual([
      {
        field: 'takeProfit',
        message: 'Take-profit must be above 64,250.5, the mark price, for a long position.',
      },
      {
        field: 'stopLoss',
        message: 'Stop-loss must be below 64,250.5, the mark price, for a long position.',
      },
    ]);
  });

  it('refuses an inverted pair on a short the other way round', () => {
    const issues = checkOrder(order({ side: 'sell', takeProfit: '70000', stopLoss: '60000' }), PERP, {
      referencePrice: MARK,
    });
    expect(issues.map((i) => [i.field, i.message])).toEqual([
      ['takeProfit', 'Take-profit must be below 64,250.5, the mark price, for a short position.'],
      ['stopLoss', 'Stop-loss must be above 64,250.5, the mark price, for a short position.'],
    ]);
  });

  it('accepts legs on their sides, and a price equal to the reference is refused', () => {
    expect(
      checkOrder(order({ takeProfit: '70000', stopLoss: '60000' }), PERP, { referencePrice: MARK }),
    ).toEqual([]);
    expect(
      checkOrder(order({ takeProfit: '64250.5' }), PERP, { referencePrice: MARK }).map((i) => i.field),
    ).toEqual(['takeProfit']);
  });

  it('leaves the sides to the exchange when no price is known', () => {
    expect(checkOrder(order({ takeProfit: '60000', stopLoss: '70000' }), PERP)).toEqual([]);
  });
});

describe('TP/SL on an open position', () => {
  it('measures both legs against the market price now, as the ticket does, never the entry price', () => {
    // a long entered at 66,000 with the mark at 64,250.5: a take-profit at 65,000 is above the
    // market and valid; a stop-loss at 64,500 is above it and would fire at once
    const issues = checkTpSlLegs({
      direction: 'long',
      takeProfit: '65000',
      stopLoss: '64500',
      reference: MARK,
    });
    expect(issues).toEqual([
      {
        field: 'stopLoss',
        message: 'Stop-loss must be below 64,250.5, the mark price, for a long position.',
      },
    ]);
  });

  it('flags both legs of an inverted pair, each naming the reference', () => {
    const last = { price: '3000', name: 'the last price' };
    expect(
      checkTpSlLegs({ direction: 'short', takeProfit: '3100', stopLoss: '2900', reference: last }),
    ).toEqual([
      {
        field: 'takeProfit',
        message: 'Take-profit must be below 3,000, the last price, for a short position.',
      },
      { field: 'stopLoss', message: 'Stop-loss must be above 3,000, the last price, for a short position.' },
    ]);
  });

  it('the ticket and the Positions form say the same words for the same legs', () => {
    const draft = order({ side: 'buy', takeProfit: '60000', stopLoss: '70000' });
    const ticket = checkOrder(draft, PERP, { referencePrice: MARK }).filter((i) =>
      ['takeProfit', 'stopLoss'].includes(i.field),
    );
    const form = checkTpSlLegs({
      direction: 'long',
      takeProfit: '60000',
      stopLoss: '70000',
      reference: MARK,
    });
    expect(form).toEqual(ticket);
    expect(form.map((i) => i.field)).toEqual(['takeProfit', 'stopLoss']);
  });

  it('leaves the sides to the exchange when no price is known', () => {
    expect(
      checkTpSlLegs({ direction: 'long', takeProfit: '1', stopLoss: '99999', reference: undefined }),
    ).toEqual([]);
  });
});

describe('reduce-only orders', () => {
  it('needs a position, the closing side and at most its size', () => {
    const reduce = order({ side: 'sell', amount: '0.002', reduceOnly: true });
    expect(checkOrder(reduce, PERP, { position: { amount: '0.002' } })).toEqual([]);
    expect(checkOrder(reduce, PERP, { position: null }).map((i) => i.field)).toEqual(['reduceOnly']);
    expect(checkOrder(reduce, PERP, { position: { amount: '-0.002' } })).toEqual([
      {
        field: 'side',
        message: 'A reduce-only order on a short position must buy; a sell would add to it.',
        suggestions: ['buy'],
      },
    ]);
    expect(checkOrder({ ...reduce, amount: '0.003' }, PERP, { position: { amount: '0.002' } })).toEqual([
      {
        field: 'amount',
        message: 'A reduce-only amount must be at most 0.002, the open position.',
        suggestions: ['0.002'],
      },
    ]);
  });

  it('the leg that closes a position is the opposite side for its whole size', () => {
    expect(closingOrder({ amount: '-0.25' })).toEqual({ side: 'buy', amount: '0.25' });
    expect(closingOrder({ amount: '0.002' })).toEqual({ side: 'sell', amount: '0.002' });
  });
});

// ---- properties -------------------------------------------------------------------------------

/** A market: price decimals, a tick that fits them (or none). */
const market = fc
  .record({ moneyPrec: fc.integer({ min: 0, max: 6 }), tickMultiple: fc.constantFrom(0, 1, 5, 10) })
  .map(({ moneyPrec, tickMultiple }): MarketRules => ({
    ...PERP,
    moneyPrec,
    tickSize:
      tickMultiple === 0 ? '' : new Decimal(tickMultiple).times(new Decimal(10).pow(-moneyPrec)).toFixed(),
  }));

/** A price on the market's grid, from a count of ticks. */
const onGrid = (m: MarketRules, ticks: number): string => {
  const tick = m.tickSize ? new Decimal(m.tickSize) : new Decimal(10).pow(-m.moneyPrec);
  return tick.times(ticks).toFixed();
};

const ticks = fc.integer({ min: 1, max: 5_000_000 });
const direction = fc.constantFrom<'long' | 'short'>('long', 'short');
const amountText = fc.integer({ min: 1, max: 100_000 }).map((n) => new Decimal(n).div(10_000).toFixed());

const onRightSide = (dir: 'long' | 'short', leg: 'tp' | 'sl', price: string, bound: string): boolean => {
  const above = (dir === 'long') === (leg === 'tp');
  return above ? new Decimal(price).gt(bound) : new Decimal(price).lt(bound);
};

const FIELDS = new Set([
  'market',
  'side',
  'amount',
  'price',
  'activation_price',
  'takeProfit',
  'stopLoss',
  'reduceOnly',
  'positionSide',
  'stp',
  'clientOrderId',
  'postOnly',
  'ioc',
  'bboRole',
  'rpi',
  'retail',
]);
const namesAField = (issues: readonly RuleIssue[]): boolean =>
  issues.every((i) => FIELDS.has(i.field) && i.message.trim().length > 0);

describe('properties of the TP/SL money rules', () => {
  it('every TP/SL the rules accept on a new order is on the right side of the reference price', () => {
    fc.assert(
      fc.property(market, direction, ticks, fc.option(ticks), fc.option(ticks), (m, dir, ref, tp, sl) => {
        const reference = onGrid(m, ref);
        const draft = order({
          side: dir === 'long' ? 'buy' : 'sell',
          ...(tp === null ? {} : { takeProfit: onGrid(m, tp) }),
          ...(sl === null ? {} : { stopLoss: onGrid(m, sl) }),
        });
        const issues = checkOrder(draft, m, { referencePrice: { price: reference, name: 'the mark price' } });
        expect(namesAField(issues)).toBe(true);
        if (issues.length > 0) return;
        if (draft.takeProfit) expect(onRightSide(dir, 'tp', draft.takeProfit, reference)).toBe(true);
        if (draft.stopLoss) expect(onRightSide(dir, 'sl', draft.stopLoss, reference)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('every TP/SL the rules accept on an open position is on its side of the reference, both legs judged', () => {
    fc.assert(
      fc.property(market, direction, ticks, ticks, ticks, (m, dir, mark, tp, sl) => {
        const reference = onGrid(m, mark);
        const takeProfit = onGrid(m, tp);
        const stopLoss = onGrid(m, sl);
        const issues = checkTpSlLegs({
          direction: dir,
          takeProfit,
          stopLoss,
          reference: { price: reference, name: 'the mark price' },
        });
        expect(namesAField(issues)).toBe(true);
        expect(issues.some((i) => i.field === 'takeProfit')).toBe(
          !onRightSide(dir, 'tp', takeProfit, reference),
        );
        expect(issues.some((i) => i.field === 'stopLoss')).toBe(!onRightSide(dir, 'sl', stopLoss, reference));
      }),
      { numRuns: 500 },
    );
  });

  it('no reduce-only order or TP/SL leg the rules accept can increase exposure or flip the position', () => {
    const position = fc.option(
      fc
        .tuple(direction, amountText)
        .map(([dir, a]): PositionContext => ({ amount: dir === 'long' ? a : `-${a}` })),
    );
    fc.assert(
      fc.property(position, fc.constantFrom('buy', 'sell'), amountText, (pos, side, amount) => {
        const account: AccountContext = { position: pos };
        const draft = order({ side, amount, reduceOnly: true });
        const issues = checkOrder(draft, PERP, account);
        expect(namesAField(issues)).toBe(true);
        if (issues.length === 0) {
          expect(pos).not.toBeNull();
          const before = new Decimal(pos?.amount ?? '0');
          const after = before.plus(side === 'buy' ? amount : `-${amount}`);
          expect(after.abs().lte(before.abs())).toBe(true);
          expect(after.isZero() || after.isNeg() === before.isNeg()).toBe(true);
        }
        if (pos) {
          // the leg the app builds for a position's TP/SL is accepted and closes it exactly
          const leg = closingOrder(pos);
          expect(checkReduceOnly(leg, pos)).toEqual([]);
          expect(
            new Decimal(pos.amount).plus(leg.side === 'buy' ? leg.amount : `-${leg.amount}`).isZero(),
          ).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('every refusal names a field, whatever the text typed', () => {
    const text = fc.oneof(fc.string({ maxLength: 12 }), ticks.map(String), fc.constant(''));
    fc.assert(
      fc.property(direction, text, text, text, (dir, tp, sl, ref) => {
        const issues = checkOrder(
          order({ side: dir === 'long' ? 'buy' : 'sell', takeProfit: tp, stopLoss: sl }),
          PERP,
          {
            referencePrice: { price: ref, name: 'the mark price' },
          },
        );
        expect(namesAField(issues)).toBe(true);
        const legs = checkTpSlLegs({
          direction: dir,
          takeProfit: tp,
          stopLoss: sl,
          reference: { price: ref, name: 'the mark price' },
        });
        expect(namesAField(legs)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
