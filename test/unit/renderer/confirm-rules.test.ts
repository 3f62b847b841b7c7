import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  CONFIRM_KEY,
  confirmReasons,
  distancePct,
  divideDecimal,
  multiplyDecimal,
  notionalOf,
  readThresholds,
  saveThresholds,
  subtractDecimal,
  thresholdProblem,
  type ConfirmInput,
} from '../../../renderer/src/lib/managers/confirm-rules.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';

const order = (patch: Partial<ConfirmInput> = {}): ConfirmInput => ({
  side: 'buy',
  price: '30000',
  activationPrice: '',
  amount: '0.001',
  quoteSized: false,
  reference: '30000',
  quote: 'USDT',
  ...patch,
});

describe('exact decimal arithmetic', () => {
  it('adds, subtracts and multiplies without binary rounding', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimal('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimal('0.1', '0.3')).toBe('-0.2');
    expect(multiplyDecimal('64250.5', '0.0001')).toBe('6.42505');
    expect(multiplyDecimal('1.10', '3')).toBe('3.3');
    expect(addDecimal('-1.5', '1.5')).toBe('0');
    expect(multiplyDecimal('123456789012345678.9', '10')).toBe('1234567890123456789');
  });

  it('divides to a number of places, cut toward zero', () => {
    expect(divideDecimal('1', '3', 4)).toBe('0.3333');
    expect(divideDecimal('2', '3', 2)).toBe('0.66');
    expect(divideDecimal('-2', '3', 2)).toBe('-0.66');
    expect(divideDecimal('1', '0', 2)).toBeUndefined();
  });
});

describe('the notional rule', () => {
  const t = { notional: '30', distancePct: '' };

  it('asks when price × amount is above the threshold, not when it equals it', () => {
    expect(notionalOf(order())).toBe('30');
    expect(confirmReasons(order(), t)).toEqual([]);
    expect(confirmReasons(order({ amount: '0.00100001' }), t)).toEqual([
      {
        rule: 'notional',
        message: 'Its value, 30.0003 USDT, is above your confirmation limit of 30 USDT.',
      },
    ]);
  });

  it('is exact where floating point is not (0.1 × 3 vs 0.3)', () => {
    // 0.1 * 3 === 0.30000000000000004 in Number: a Number rule would ask here.
    expect(
      confirmReasons(order({ price: '0.1', amount: '3' }), { notional: '0.3', distancePct: '' }),
    ).toEqual([]);
    expect(
      confirmReasons(order({ price: '0.1', amount: '3.000000001' }), { notional: '0.3', distancePct: '' }),
    ).toHaveLength(1);
  });

  it('takes a market buy sized in the quote asset as it is, and a market sell at the market price', () => {
    expect(notionalOf(order({ price: '', amount: '250', quoteSized: true }))).toBe('250');
    expect(notionalOf(order({ price: '', amount: '0.01', reference: '64250.5' }))).toBe('642.505');
    expect(notionalOf(order({ price: '', amount: '0.01', reference: '' }))).toBeUndefined();
  });

  it('groups large values in its words', () => {
    const [reason] = confirmReasons(order({ price: '64250.5', amount: '2' }), {
      notional: '100000',
      distancePct: '',
    });
    expect(reason?.message).toBe(
      'Its value, 128,501 USDT, is above your confirmation limit of 100,000 USDT.',
    );
  });
});

describe('the distance rule', () => {
  const t = { notional: '', distancePct: '5' };

  it('asks when the price is further from the market than the percentage, exactly at it passes', () => {
    expect(confirmReasons(order({ price: '31500', reference: '30000' }), t)).toEqual([]);
    expect(confirmReasons(order({ price: '28500', reference: '30000' }), t)).toEqual([]);
    const [above] = confirmReasons(order({ price: '31500.1', reference: '30000' }), t);
    expect(above?.rule).toBe('distance');
    expect(above?.message).toBe(
      'Its price, 31,500.1, is 5 % above the market price 30,000 (you asked to confirm beyond 5 %).',
    );
    const [below] = confirmReasons(order({ price: '15000', reference: '30000' }), t);
    expect(below?.message).toContain('is 50 % below the market price 30,000');
  });

  it('checks the activation price of stop orders too, and nothing without a market price', () => {
    const stop = order({ price: '', activationPrice: '40000', reference: '30000' });
    expect(confirmReasons(stop, t).map((r) => r.message)).toEqual([
      'Its activation price, 40,000, is 33.33 % above the market price 30,000 (you asked to confirm beyond 5 %).',
    ]);
    expect(confirmReasons(order({ price: '90000', reference: '' }), t)).toEqual([]);
  });

  it('gives both reasons when both rules ask', () => {
    const reasons = confirmReasons(order({ price: '60000', amount: '1' }), {
      notional: '1000',
      distancePct: '10',
    });
    expect(reasons.map((r) => r.rule)).toEqual(['notional', 'distance']);
  });

  it('states the distance cut to two decimals, signed', () => {
    expect(distancePct('30000.3', '30000')).toBe('0');
    expect(distancePct('30003', '30000')).toBe('0.01');
    expect(distancePct('29000', '30000')).toBe('-3.33');
  });
});

describe('thresholds in the preference store', () => {
  it('are off when nothing is stored and ignore stored values that are not valid', () => {
    expect(readThresholds(memoryStore())).toEqual({ notional: '', distancePct: '' });
    const store = memoryStore({ [CONFIRM_KEY]: JSON.stringify({ notional: '-5', distancePct: '2.5' }) });
    expect(readThresholds(store)).toEqual({ notional: '', distancePct: '2.5' });
    expect(readThresholds(memoryStore({ [CONFIRM_KEY]: '{oops' }))).toEqual({
      notional: '',
      distancePct: '',
    });
  });

  it('are saved only when both are valid, with the reason for each refusal', () => {
    const store = memoryStore();
    expect(saveThresholds(store, { notional: '1000', distancePct: 'abc' })).toEqual({
      distancePct: 'Type a positive number, like 1000 or 2.5, or leave it empty to turn this off.',
    });
    expect(store.getItem(CONFIRM_KEY)).toBeNull();
    expect(saveThresholds(store, { notional: ' 1000 ', distancePct: '' })).toEqual({});
    expect(readThresholds(store)).toEqual({ notional: '1000', distancePct: '' });
  });

  it('refuse zero, negatives, too many decimals and distances over 1000 %', () => {
    expect(thresholdProblem('notional', '')).toBeUndefined();
    expect(thresholdProblem('notional', '0')).toContain('Zero');
    expect(thresholdProblem('notional', '-1')).toContain('positive');
    expect(thresholdProblem('notional', '1.123456789')).toContain('8 decimals');
    expect(thresholdProblem('distancePct', '1000')).toBeUndefined();
    expect(thresholdProblem('distancePct', '1000.01')).toContain('1000 or less');
  });
});
