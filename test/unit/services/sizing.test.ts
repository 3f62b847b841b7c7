import { describe, expect, it } from 'vitest';
import { floorToGrid, sizeFor } from '../../../main/features/desk/sizing.ts';
import { Decimal } from 'decimal.js';

const market = {
  stockPrec: 4,
  moneyPrec: 2,
  minAmount: '0.001',
  minTotal: '5',
  maxTotal: '0',
  tickSize: '0.01',
  stepSize: '0.0005',
};
const ctx = { market, side: 'buy' as const, quoteAmount: false, price: '200' };

describe('order sizing across accounts', () => {
  it('rounds down to the decimals and the step, never up', () => {
    expect(floorToGrid(new Decimal('0.12349'), 4, '0.0005')).toBe('0.123');
    expect(floorToGrid(new Decimal('0.12349'), 4, '')).toBe('0.1234');
    expect(floorToGrid(new Decimal('7'), 4, '0.0005')).toBe('7');
  });

  it('gives a fixed amount to everyone', () => {
    expect(sizeFor({ kind: 'fixed', amount: '0.5' }, 'a', ['a', 'b'], ctx)).toBe('0.5');
  });

  it('splits a total by weight; an account without weight gets nothing', () => {
    const sizing = { kind: 'weight' as const, total: '1', weights: { a: 1, b: 3 } };
    expect(sizeFor(sizing, 'a', ['a', 'b', 'c'], ctx)).toBe('0.25');
    expect(sizeFor(sizing, 'b', ['a', 'b', 'c'], ctx)).toBe('0.75');
    expect(sizeFor(sizing, 'c', ['a', 'b', 'c'], ctx)).toBeUndefined();
  });

  it('takes a share of what the account can spend: quote for buys (divided by the price), base for sells', () => {
    const share = { kind: 'share' as const, share: '0.1' };
    expect(sizeFor(share, 'a', ['a'], ctx, '1000')).toBe('0.5');
    expect(sizeFor(share, 'a', ['a'], { ...ctx, side: 'sell' }, '3.33')).toBe('0.333');
    expect(sizeFor(share, 'a', ['a'], { ...ctx, quoteAmount: true }, '1000.555')).toBe('100.05');
    expect(sizeFor(share, 'a', ['a'], ctx, undefined)).toBeUndefined();
  });
});
