import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../preload/bridge.ts';
import {
  addDecimal,
  CONFIRM_KEY,
  divideDecimal,
  migrateThresholds,
  multiplyDecimal,
  subtractDecimal,
} from '../../../renderer/src/lib/managers/confirm-rules.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';

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

describe('moving the older thresholds to main', () => {
  function bridge(reply: unknown) {
    const calls: Array<[string, unknown]> = [];
    const api = createBridge({
      invoke: async (procedure, input) => {
        calls.push([procedure, input]);
        return reply;
      },
      listen: () => () => undefined,
    });
    return { api, calls };
  }
  const settings = { ok: true, value: { bandPct: '2.5', notionalCeiling: '1000', markets: {} } };

  it('sends a distance as the price band and a notional as the value ceiling, then forgets them', async () => {
    const store = memoryStore({ [CONFIRM_KEY]: JSON.stringify({ notional: ' 1000 ', distancePct: '2.5' }) });
    const { api, calls } = bridge(settings);
    await migrateThresholds(api, store);
    expect(calls).toEqual([['guards.configure', { bandPct: '2.5', notionalCeiling: '1000' }]]);
    expect(store.getItem(CONFIRM_KEY)).toBeNull();
  });

  it('never turns a guard off: empty thresholds (the old default) move nothing', async () => {
    const store = memoryStore({ [CONFIRM_KEY]: JSON.stringify({ notional: '', distancePct: '' }) });
    const { api, calls } = bridge(settings);
    await migrateThresholds(api, store);
    expect(calls).toEqual([]);
    expect(store.getItem(CONFIRM_KEY)).toBeNull();
  });

  it('keeps them for the next start only when main could not answer', async () => {
    const store = memoryStore({ [CONFIRM_KEY]: JSON.stringify({ notional: '5' }) });
    await migrateThresholds(bridge({ ok: false, error: { code: 'internal', message: 'x' } }).api, store);
    expect(store.getItem(CONFIRM_KEY)).not.toBeNull();
    await migrateThresholds(bridge({ ok: false, error: { code: 'not_confirmed', message: 'x' } }).api, store);
    expect(store.getItem(CONFIRM_KEY)).toBeNull();
  });
});
