/**
 * The Active orders panel in Chromium: the kill switch (armed behind main's question, counting down,
 * re-armed, disarmed, a bad timeout refused in words), cancel-all by its button behind main's
 * question, and a take-profit leg that offers only its trigger.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 10_000 });

async function tradeReady(page: Page, market = 'BTC_USDT'): Promise<void> {
  await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe(market);
  await expect
    .poll(async () => (await page.getByTestId('trade-account').textContent()) ?? '')
    .toContain('Sandbox main');
}

describe('order controls on the Trade screen', () => {
  it('arms the kill switch after main asks, counts down, refuses a bad timeout in words, and disarms', async () => {
    const { page, problems } = await app.openPage('#/trade');
    await tradeReady(page);
    // The open orders come first: the kill switch's form is behind its button.
    expect(await page.getByTestId('kill-switch-timeout').count()).toBe(0);
    await page.getByTestId('kill-switch-open').click();
    const timeout = page.getByTestId('kill-switch-timeout');
    // a hurried person types what the exchange does not take
    for (const [typed, words] of [
      ['3', 'Type between 5 and 600 seconds.'],
      ['90s', 'Type whole seconds, for example 60.'],
      ['601', 'Type between 5 and 600 seconds.'],
    ] as const) {
      await timeout.fill(typed);
      await expect.poll(() => page.getByTestId('kill-switch-problem').textContent()).toBe(words);
      expect(await page.getByTestId('kill-switch-arm').isDisabled()).toBe(true);
    }
    await timeout.fill('120');
    await expect.poll(() => page.getByTestId('kill-switch-problem').count()).toBe(0);

    const asked = app.desktop.confirmations.length;
    app.desktop.confirmAnswer = false;
    await page.getByTestId('kill-switch-arm').click();
    await expect.poll(() => app.desktop.confirmations.length).toBe(asked + 1);
    expect(await page.getByTestId('kill-switch-countdown').count()).toBe(0);
    expect(await page.getByTestId('kill-switch-error').count()).toBe(0);

    app.desktop.confirmAnswer = true;
    await page.getByTestId('kill-switch-arm').click();
    await expect
      .poll(() => page.getByTestId('kill-switch-countdown').textContent())
      .toMatch(/^\s*Kill switch armed: every order on BTC_USDT is cancelled in\s+[12]:\d\d\s*$/);
    expect(app.desktop.confirmations.at(-1)?.title).toBe('Arm the kill switch of BTC_USDT for 120 seconds?');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`trade-kill-switch-${String(width)}.png`) });
    }

    await page.getByTestId('kill-switch-disarm').click();
    await expect.poll(() => page.getByTestId('kill-switch-countdown').count()).toBe(0);
    const main = await app.account('Sandbox main');
    expect(await app.call('orders.killSwitches', { accountId: main.id })).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('arms the kill switch for the chosen order types only, and refuses none chosen in words', async () => {
    const { page, problems } = await app.openPage('#/trade');
    await tradeReady(page);
    await page.getByTestId('kill-switch-open').click();
    await page.getByTestId('kill-switch-timeout').fill('90');
    for (const type of ['spot', 'margin', 'futures'])
      await page.getByTestId(`kill-switch-type-${type}`).uncheck();
    await expect
      .poll(() => page.getByTestId('kill-switch-problem').textContent())
      .toBe('Choose at least one order type to cancel.');
    expect(await page.getByTestId('kill-switch-arm').isDisabled()).toBe(true);
    await page.getByTestId('kill-switch-type-spot').check();
    await expect.poll(() => page.getByTestId('kill-switch-problem').count()).toBe(0);
    await page.getByTestId('kill-switch-arm').click();
    await expect
      .poll(() => page.getByTestId('kill-switch-countdown').textContent())
      .toMatch(/^\s*Kill switch armed: every spot order on BTC_USDT is cancelled in\s+[01]:\d\d\s*$/);
    expect(app.desktop.confirmations.at(-1)?.facts).toContainEqual({
      label: 'Cancels',
      value: 'spot orders',
    });
    const main = await app.account('Sandbox main');
    expect(await app.call('orders.killSwitches', { accountId: main.id })).toEqual([
      expect.objectContaining({ market: 'BTC_USDT', types: ['spot'] }),
    ]);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`trade-kill-switch-types-${String(width)}.png`) });
    }
    await page.getByTestId('kill-switch-disarm').click();
    await expect.poll(() => page.getByTestId('kill-switch-countdown').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('cancels the orders of every market from its button once main asked, saying so', async () => {
    const main = await app.account('Sandbox main');
    for (const [market, price, amount] of [
      ['BTC_USDT', '30000', '0.001'],
      ['LTC_USDT', '60', '0.1'],
    ] as const)
      await app.call('orders.place', {
        accountId: main.id,
        draft: { kind: 'limit', market, side: 'buy', amount, price },
      });
    const { page, problems } = await app.openPage('#/trade');
    await tradeReady(page);
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    const asked = app.desktop.confirmations.length;
    await page.getByTestId('cancel-all-markets').click();
    await expect
      .poll(() => page.getByTestId('cancel-all-result').textContent())
      .toContain('Cancelled 2 orders on every market.');
    expect(app.desktop.confirmations.slice(asked).map((q) => q.title)).toEqual([
      'Cancel 2 open orders on every market?',
    ]);
    expect(await app.call('orders.active', { accountId: main.id })).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('cancels every order of the market from its button once main asked naming the count', async () => {
    const main = await app.account('Sandbox main');
    for (const price of ['30000', '30001', '30002'])
      await app.call('orders.place', {
        accountId: main.id,
        draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price },
      });
    const { page, problems } = await app.openPage('#/trade');
    await tradeReady(page);
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(3);
    const asked = app.desktop.confirmations.length;
    await page.getByTestId('cancel-all').click();
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);
    expect(await page.getByTestId('cancel-all-result').textContent()).toContain('Cancelled 3 orders');
    expect(app.desktop.confirmations.slice(asked).map((q) => q.title)).toEqual([
      'Cancel 3 open orders on BTC_USDT?',
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("offers a take-profit leg only its trigger, and moves it on the position's profit side", async () => {
    const main = await app.account('Sandbox main');
    await app.call('orders.place', {
      accountId: main.id,
      draft: {
        kind: 'collateral_market',
        market: 'BTC_PERP',
        side: 'buy',
        amount: '0.002',
        takeProfit: '70000',
        stopLoss: '60000',
      },
    });
    const legs = (
      await app.call<OrderView[]>('orders.active', { accountId: main.id, market: 'BTC_PERP' })
    ).filter((o) => o.reduceOnly);
    const tp = legs.find((o) => (o.activation_price ?? o.price) === '70000');
    expect(tp).toBeDefined();
    const { page, problems } = await app.openPage('#/trade');
    await tradeReady(page);
    await page.getByTestId('trade-market').selectOption('BTC_PERP');
    const row = page.locator(`[data-testid="active-order"][data-order-id="${String(tp?.orderId)}"]`);
    await expect.poll(() => row.count()).toBe(1);
    await row.getByTestId('modify-order').click();
    const field = tp?.editable?.[0] === 'price' ? 'price' : 'activationPrice';
    expect(await page.getByTestId('modify-form').locator('input').count()).toBe(1);
    await page.getByTestId(`modify-${field}`).fill('50000');
    await page.getByTestId('modify-save').click();
    await expect
      .poll(() => page.getByTestId(`modify-error-${field}`).textContent())
      .toContain('Take-profit must be above');
    await page.screenshot({ path: artifact('trade-leg-modify.png') });
    await page.getByTestId(`modify-${field}`).fill('71000');
    await page.getByTestId('modify-save').click();
    await expect.poll(() => page.getByTestId('modify-form').count()).toBe(0);
    const after = await app.call<OrderView[]>('orders.active', { accountId: main.id, market: 'BTC_PERP' });
    expect(after.some((o) => (o.activation_price ?? o.price) === '71000')).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
