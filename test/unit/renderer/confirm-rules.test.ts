import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../preload/bridge.ts';
import { CONFIRM_KEY, migrateThresholds } from '../../../renderer/src/lib/managers/confirm-rules.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';

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
