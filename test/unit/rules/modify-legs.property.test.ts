/**
 * Changing an open order: only the values its type lets change, and a take-profit / stop-loss leg's new
 * trigger on its own side of the position (profit side for the take-profit, loss side for the stop-loss).
 */
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkChangeAllowed, checkLegChange, modifiableFields } from '../../../main/rules/modify.ts';

/** A positive price with up to 2 decimals, as text. */
const price = fc
  .tuple(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 0, max: 99 }))
  .map(([i, f]) => `${String(i)}.${String(f).padStart(2, '0')}`);
const size = fc.integer({ min: 1, max: 10_000 }).map((n) => new Decimal(n).div(1000).toFixed());

describe('the new trigger of a leg', () => {
  it('a take-profit is accepted exactly when it is beyond the mark price on the profit side, whatever the entry', () => {
    fc.assert(
      fc.property(fc.boolean(), size, price, price, price, (long, amount, entry, mark, trigger) => {
        const issues = checkLegChange(
          'takeProfit',
          trigger,
          { amount: long ? amount : `-${amount}`, entryPrice: entry },
          { price: mark, name: 'the mark price' },
        );
        const t = new Decimal(trigger);
        const beyond = long ? t.gt(mark) : t.lt(mark);
        expect(issues.length === 0).toBe(beyond);
        for (const i of issues) expect(i.field).toBe('activation_price');
      }),
    );
  });

  it('a stop-loss is accepted exactly when it is beyond the mark price on the loss side', () => {
    fc.assert(
      fc.property(fc.boolean(), size, price, price, price, (long, amount, entry, mark, trigger) => {
        const issues = checkLegChange(
          'stopLoss',
          trigger,
          { amount: long ? amount : `-${amount}`, entryPrice: entry },
          { price: mark, name: 'the mark price' },
          'price',
        );
        const t = new Decimal(trigger);
        expect(issues.length === 0).toBe(long ? t.lt(mark) : t.gt(mark));
        for (const i of issues) expect(i.field).toBe('price');
      }),
    );
  });
});

const types = fc.constantFrom('limit', 'stop limit', 'stop market', 'market', 'stock market');
const leg = fc.constantFrom(undefined, 'takeProfit' as const, 'stopLoss' as const);
const change = fc.record({ price: price, amount: size, activationPrice: price }, { requiredKeys: [] });

describe('which values an open order lets change', () => {
  it('refuses exactly the changed values its type does not list, each on its own field', () => {
    fc.assert(
      fc.property(types, leg, change, (type, kind, c) => {
        const allowed = modifiableFields({ type, leg: kind });
        const refused = checkChangeAllowed({ type, leg: kind }, c).map((i) => i.field);
        const named = { price: 'price', amount: 'amount', activationPrice: 'activation_price' } as const;
        const expected = (['price', 'amount', 'activationPrice'] as const)
          .filter((f) => c[f] !== undefined && !allowed.includes(f))
          .map((f) => named[f]);
        expect(refused).toEqual(expected);
      }),
    );
  });

  it('a leg changes only its trigger; a market order nothing', () => {
    fc.assert(
      fc.property(types, fc.constantFrom('takeProfit' as const, 'stopLoss' as const), (type, kind) => {
        expect(modifiableFields({ type, leg: kind }).length).toBeLessThanOrEqual(1);
      }),
    );
    expect(modifiableFields({ type: 'stop market', leg: 'stopLoss' })).toEqual(['activationPrice']);
    expect(modifiableFields({ type: 'limit', leg: 'takeProfit' })).toEqual(['price']);
    expect(modifiableFields({ type: 'stop limit' })).toEqual(['price', 'amount', 'activationPrice']);
    expect(modifiableFields({ type: 'market' })).toEqual([]);
    expect(checkChangeAllowed({ type: 'stop market', leg: 'stopLoss' }, { amount: '1' })[0]?.message).toBe(
      'The amount of a stop-loss leg cannot be changed; only its activation price.',
    );
  });
});
