import { describe, expect, it } from 'vitest';
import type { AlertView } from '../../../main/ipc/contract.ts';
import { AlertsManager, alertWords, levelProblem } from '../../../renderer/src/lib/managers/alerts.svelte.ts';
import { EventsManager } from '../../../renderer/src/lib/managers/events.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ID = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const price: AlertView = {
  id: 'a1',
  kind: 'price',
  market: 'BTC_USDT',
  direction: 'above',
  price: '65000',
  repeat: false,
  state: 'armed',
  createdAtMs: 1,
};

describe('alert words', () => {
  it('says what a hurried person typed wrong, and takes grouped numbers', () => {
    expect(levelProblem('')).toBe('Type a level.');
    expect(levelProblem('65 000')).toBe('The level is a number such as 65000 or 0.5.');
    expect(levelProblem('-5')).toBe('The level is a number such as 65000 or 0.5.');
    expect(levelProblem('0.00')).toBe('The level must be above zero.');
    expect(levelProblem(' 65,000.5 ')).toBeUndefined();
  });

  it('names a price alert and an account alert in words, the account by its label', () => {
    expect(alertWords(price, () => '?')).toBe('BTC_USDT last price crosses above 65,000');
    expect(alertWords({ ...price, direction: 'below', repeat: true }, () => '?')).toBe(
      'BTC_USDT last price crosses below 65,000 (every time)',
    );
    const account: AlertView = {
      id: 'a2',
      kind: 'account',
      account: ID,
      metric: 'marginRatio',
      threshold: '80',
      alerting: [],
      createdAtMs: 1,
    };
    expect(alertWords(account, (id) => (id === ID ? 'Sub 12' : '?'))).toBe(
      'Sub 12: margin ratio at or above 80 %',
    );
    expect(
      alertWords({ ...account, account: null, metric: 'liquidationDistance', threshold: '4.5' }, () => '?'),
    ).toBe('Any account: liquidation distance at or below 4.5 %');
  });
});

describe('AlertsManager', () => {
  it('keeps main’s answer, keeps a refusal as the error, and shows the alert an event says fired without reading the list', async () => {
    let list: AlertView[] = [];
    const { api, calls, emit } = fakeBridge((procedure) => {
      if (procedure === 'alerts.addPrice') {
        list = [price];
        return { ok: true, value: list };
      }
      if (procedure === 'alerts.addAccount')
        return { ok: false, error: { code: 'invalid_input', message: 'too high', field: 'threshold' } };
      if (procedure === 'alerts.list')
        return { ok: true, value: list.map((a) => ({ ...a, state: 'triggered' })) };
      return { ok: false, error: { code: 'internal', message: 'no' } };
    });
    const manager = new AlertsManager(api);
    const stop = manager.listen();
    expect(await manager.addPrice('BTC_USDT', 'above', ' 65000 ', false)).toBe(true);
    expect(calls.at(-1)).toEqual([
      'alerts.addPrice',
      { market: 'BTC_USDT', direction: 'above', price: '65000', repeat: false },
    ]);
    expect(manager.alerts).toEqual([price]);
    expect(await manager.addAccount(null, 'marginRatio', '20000')).toBe(false);
    expect(manager.error?.field).toBe('threshold');
    expect(manager.alerts).toEqual([price]);

    const listed = calls.length;
    const triggered: AlertView = { ...price, state: 'triggered', firedAtMs: 5, firedPrice: '65010' };
    emit('alerts.fired', {
      alertId: 'a1',
      kind: 'price',
      title: 't',
      message: 'm',
      atMs: 5,
      alert: triggered,
    });
    expect(manager.alerts).toEqual([triggered]);
    // an alert the list no longer holds (removed meanwhile) is not brought back
    emit('alerts.fired', {
      alertId: 'gone',
      kind: 'price',
      title: 't',
      message: 'm',
      atMs: 6,
      alert: { ...triggered, id: 'gone' },
    });
    expect(manager.alerts).toEqual([triggered]);
    expect(calls.length).toBe(listed);
    stop();
  });

  it('a fired alert enters the Events list in main’s words, as a warning of the Alerts kind', () => {
    const { api, emit } = fakeBridge({});
    const events = new EventsManager(api, () => 1_000);
    const stop = events.listen();
    emit('alerts.fired', {
      alertId: 'x',
      kind: 'account',
      account: ID,
      title: 'Liquidation near on Sub 12',
      message: 'Sub 12: liquidation 4.2 % away (alert at 5 %)',
      atMs: 42,
      alert: {
        id: 'x',
        kind: 'account',
        account: ID,
        metric: 'liquidationDistance',
        threshold: '5',
        alerting: [ID],
        createdAtMs: 1,
        firedAtMs: 42,
      },
    });
    expect(events.live).toEqual([
      expect.objectContaining({
        kind: 'alert',
        account: ID,
        title: 'Liquidation near on Sub 12',
        words: 'Sub 12: liquidation 4.2 % away (alert at 5 %)',
        level: 'warning',
        atMs: 42,
      }),
    ]);
    expect(events.count('alert')).toBe(1);
    stop();
  });
});
