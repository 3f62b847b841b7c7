/**
 * Alerts against the embedded sandbox: a price alert fires once when the sandbox moves the market
 * across its level (a desktop notice and an `alerts.fired` event in words), stays triggered until
 * re-armed, and survives a restart of main; an account alert fires once when a position comes within
 * its liquidation distance and clears when the position is closed.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import type { AccountView, AlertFiredView, AlertView, LiveBatch } from '../../../main/ipc/contract.ts';
import type { Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
let sandbox: Sandbox;
let main: AccountView;
const fired: AlertFiredView[] = [];
/** The last prices main has seen pushed, by market. */
const seen = new Map<string, string>();
const { ok, refused } = procedureCalls(() => core);

function listen(c: TestCore): void {
  c.events.subscribe((name, payload) => {
    if (name === 'alerts.fired') fired.push(payload as AlertFiredView);
    if (name === 'ws.batch')
      for (const e of (payload as LiveBatch).events)
        if (e.channel === 'lastprice') seen.set(e.market, e.price);
  });
}

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform, alertPollMs: 0 });
  const sb = core.connection.sandbox;
  if (!sb) throw new Error('no embedded sandbox');
  sandbox = sb;
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
  listen(core);
});
afterAll(() => core?.close());
beforeEach(() => {
  desktop.notices.length = 0;
  fired.length = 0;
});

const last = (market: string) => new Decimal(sandbox.control.state.lastPrices.get(market) ?? '0');
const firedOf = (id: string) => fired.filter((f) => f.alertId === id);
/** Waits until main has seen the market's last price (the first one only sets an alert's side). */
const streaming = (market: string) => expect.poll(() => seen.has(market), { timeout: 10_000 }).toBe(true);
/** Moves the market back to its start and waits until main has seen a last price below `under`. */
async function back(market: string, start: Decimal, under: string): Promise<void> {
  sandbox.control.setPrice(market, start.toFixed());
  await expect.poll(() => new Decimal(seen.get(market) ?? '0').lt(under), { timeout: 10_000 }).toBe(true);
}

describe('price alerts', () => {
  it('refuses a level of zero, an unknown market and the same alert twice, naming the field', async () => {
    expect(
      await refused('alerts.addPrice', { market: 'BTC_USDT', direction: 'above', price: 'abc' }),
    ).toMatchObject({
      field: 'price',
      message: 'Price must be a number such as 65000 or 0.5.',
    });
    expect(
      await refused('alerts.addPrice', { market: 'BTC_USDT', direction: 'above', price: '0' }),
    ).toMatchObject({
      field: 'price',
    });
    expect(
      (await refused('alerts.addPrice', { market: 'NOPE_USDT', direction: 'above', price: '1' })).message,
    ).toMatch(/NOPE_USDT/);
    await ok('alerts.addPrice', { market: 'ETH_USDT', direction: 'below', price: '1,000' });
    expect(
      (await refused('alerts.addPrice', { market: 'ETH_USDT', direction: 'below', price: '1000.0' })).message,
    ).toBe('An alert on ETH_USDT crossing below 1,000 exists already.');
  });

  it('fires once when the market moves across the level, then shows as triggered until re-armed', async () => {
    const start = last('BTC_USDT');
    const level = start.times(1.5).toDecimalPlaces(0).toFixed();
    const witnessLevel = start.times(1.4).toDecimalPlaces(0).toFixed();
    const list = await ok<AlertView[]>('alerts.addPrice', {
      market: 'BTC_USDT',
      direction: 'above',
      price: level,
    });
    const alert = list.find((a) => a.kind === 'price' && a.price === level) as AlertView;
    // a repeating alert below the one-shot's level: it fires on each cross, proving the pushes came
    const witness = (
      await ok<AlertView[]>('alerts.addPrice', {
        market: 'BTC_USDT',
        direction: 'above',
        price: witnessLevel,
        repeat: true,
      })
    ).find((a) => a.kind === 'price' && a.price === witnessLevel) as AlertView;
    await streaming('BTC_USDT');

    sandbox.control.setPrice('BTC_USDT', start.times(1.6).toDecimalPlaces(1).toFixed());
    await expect.poll(() => firedOf(alert.id).length, { timeout: 10_000 }).toBe(1);
    const shot = firedOf(alert.id)[0] as AlertFiredView;
    expect(shot.message).toMatch(
      new RegExp(
        `^BTC_USDT last price [\\d,]+(\\.\\d+)? crossed above ${level.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}$`,
      ),
    );
    expect(desktop.notices).toContainEqual({ title: 'Price alert BTC_USDT', body: shot.message });
    const listed = (await ok<AlertView[]>('alerts.list')).find((a) => a.id === alert.id);
    expect(listed).toMatchObject({ state: 'triggered', firedAtMs: shot.atMs });

    // down and up again: the repeating witness fires a second time, the one-shot does not
    await back('BTC_USDT', start, witnessLevel);
    sandbox.control.setPrice('BTC_USDT', start.times(1.6).toDecimalPlaces(1).toFixed());
    await expect.poll(() => firedOf(witness.id).length, { timeout: 10_000 }).toBe(2);
    expect(firedOf(alert.id)).toHaveLength(1);

    // re-armed, it fires on the next cross
    await ok('alerts.rearm', { id: alert.id });
    await back('BTC_USDT', start, witnessLevel);
    sandbox.control.setPrice('BTC_USDT', start.times(1.6).toDecimalPlaces(1).toFixed());
    await expect.poll(() => firedOf(alert.id).length, { timeout: 10_000 }).toBe(1);
    await back('BTC_USDT', start, witnessLevel);
    await ok('alerts.remove', { id: witness.id });
  });

  it('with the alerts kind off, the Events entry still comes but no desktop notice', async () => {
    await ok('notifications.configure', { alerts: false });
    const start = last('LTC_USDT');
    const level = start.times(0.5).toDecimalPlaces(2).toFixed();
    const alert = (
      await ok<AlertView[]>('alerts.addPrice', { market: 'LTC_USDT', direction: 'below', price: level })
    )[0] as AlertView;
    await streaming('LTC_USDT');
    sandbox.control.setPrice('LTC_USDT', start.times(0.4).toDecimalPlaces(2).toFixed());
    await expect.poll(() => firedOf(alert.id).length, { timeout: 10_000 }).toBe(1);
    expect(desktop.notices).toEqual([]);
    sandbox.control.setPrice('LTC_USDT', start.toFixed());
    await ok('notifications.configure', { alerts: true });
  });

  it('keeps the alerts and their states across a restart of main', async () => {
    const before = await ok<AlertView[]>('alerts.list');
    const again = await createTestCore({ environment: core.environment, alertPollMs: 0 });
    try {
      const reply = (await again.router.dispatch('alerts.list', undefined, { origin: 'test' })) as {
        ok: true;
        value: AlertView[];
      };
      expect(reply.value).toEqual(before);
    } finally {
      await again.close();
    }
  });
});

describe('account alerts', () => {
  it('fires once when a position comes within the liquidation distance, and clears when it is closed', async () => {
    expect(
      await refused('alerts.addAccount', {
        account: main.id,
        metric: 'liquidationDistance',
        threshold: '101',
      }),
    ).toMatchObject({ field: 'threshold' });
    const c = await core.accounts.caller(main.id);
    await collateral.collateralMarketOrder(c, { market: 'BTC_PERP', side: 'buy', amount: '0.002' });
    const alert = (
      await ok<AlertView[]>('alerts.addAccount', {
        account: main.id,
        metric: 'liquidationDistance',
        threshold: '99',
      })
    )[0] as AlertView;
    await expect.poll(() => firedOf(alert.id).length, { timeout: 20_000 }).toBe(1);
    expect(firedOf(alert.id)[0]).toMatchObject({
      account: main.id,
      title: 'Liquidation near on Sandbox main',
      message: expect.stringMatching(
        /^Sandbox main: liquidation [\d.]+ % away \(alert at 99 %\)$/,
      ) as unknown,
    });
    expect((await ok<AlertView[]>('alerts.list')).find((a) => a.id === alert.id)).toMatchObject({
      alerting: [main.id],
    });

    // read again while still within: no second firing
    await ok('board.refresh', { accountIds: [main.id] });
    expect(firedOf(alert.id)).toHaveLength(1);

    await collateral.collateralMarketOrder(c, { market: 'BTC_PERP', side: 'sell', amount: '0.002' });
    await ok('board.refresh', { accountIds: [main.id] });
    expect((await ok<AlertView[]>('alerts.list')).find((a) => a.id === alert.id)).toMatchObject({
      alerting: [],
    });
    expect(firedOf(alert.id)).toHaveLength(1);
  });
});
