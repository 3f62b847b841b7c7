import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { LiveBatch } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { js, useAppSession } from './session.ts';

const app = useAppSession({ core: { alertPollMs: 0 }, pollTimeout: 15_000 });

describe('alerts in Chromium', () => {
  it('a price alert made on the Trade screen with the keyboard fires once while the screen is there, and shows in Events', async () => {
    const seen = new Map<string, string>();
    const stop = app.core.events.subscribe((name, payload) => {
      if (name === 'ws.batch')
        for (const e of (payload as LiveBatch).events)
          if (e.channel === 'lastprice') seen.set(e.market, e.price);
    });
    const { page, problems } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await expect
      .poll(async () => (await page.getByTestId('ticker-last').textContent())?.trim())
      .toMatch(/\d/);

    // the keyboard path: Alt+A opens the form on the last price, its field focused
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Alt+A');
    const field = page.getByTestId('price-alert-price');
    await expect
      .poll(() => js<string>(page, "document.activeElement?.getAttribute('data-testid')"))
      .toBe('price-alert-price');
    expect(await field.inputValue()).toMatch(/^\d+(\.\d+)?$/);

    // what a hurried person types
    await field.fill('65 000');
    await page.getByTestId('price-alert-add').click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('a number such as 65000');
    await field.fill('0');
    await page.getByTestId('price-alert-add').click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('above zero');

    const start = new Decimal(app.sandbox.control.state.lastPrices.get('BTC_USDT') ?? '0');
    const level = start.times(1.5).toDecimalPlaces(0);
    const levelText = level.toFixed().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    await field.fill(levelText);
    // above the last price: the side is "above" without choosing it
    expect(await page.getByTestId('price-alert-direction').inputValue()).toBe('above');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`alerts-trade-form-${String(width)}.png`) });
    }
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('price-alert-added').textContent())
      .toBe(`Alert added: BTC_USDT last price crosses above ${levelText}.`);
    await expect.poll(() => page.getByTestId('price-alert-open').textContent()).toContain('(1)');

    // main has the market's last price, then the sandbox moves the market across the level
    await expect.poll(() => seen.has('BTC_USDT'), { timeout: 10_000 }).toBe(true);
    app.sandbox.control.setPrice('BTC_USDT', start.times(1.6).toDecimalPlaces(1).toFixed());
    await expect
      .poll(() => app.desktop.notices.filter((n) => n.title === 'Price alert BTC_USDT').length, {
        timeout: 10_000,
      })
      .toBe(1);
    const notice = app.desktop.notices.find((n) => n.title === 'Price alert BTC_USDT');
    expect(notice?.body).toMatch(new RegExp(`^BTC_USDT last price [\\d,.]+ crossed above ${levelText}$`));
    await expect.poll(() => page.getByTestId('price-alert-open').textContent()).not.toContain('(');

    // Events lists it (it arrived while Trade was open) and the Alerts panel shows it triggered
    await js(page, "window.location.hash = '#/events'");
    await expect.poll(() => page.getByTestId('view-events').isVisible()).toBe(true);
    const entry = page.locator('[data-testid="event-entry"][data-kind="alert"]');
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toContain(notice?.body ?? '?');
    expect(await entry.locator('time').textContent()).toMatch(/\d{2}:\d{2}:\d{2}/);
    const row = page.locator('[data-testid="alert-row"]', { hasText: 'BTC_USDT' });
    await expect.poll(() => row.getAttribute('data-state')).toBe('triggered');
    expect(await row.textContent()).toContain(`BTC_USDT last price crosses above ${levelText}`);

    // an account alert from the panel, with a bad level first
    await page.getByTestId('alert-threshold').fill('five');
    await page.getByTestId('alert-add-account').click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('a number');
    await page.getByTestId('alert-threshold').fill('5');
    await page.getByTestId('alert-add-account').click();
    await expect.poll(() => page.getByTestId('alert-row').count()).toBe(2);
    expect(await page.getByTestId('alert-row').first().textContent()).toContain(
      'Any account: liquidation distance at or below 5 %',
    );
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.getByTestId('alerts-panel').scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`alerts-events-${String(width)}.png`) });
    }

    // re-arm, then remove
    await row.getByTestId('alert-rearm').click();
    await expect
      .poll(() => page.locator('[data-testid="alert-row"][data-state="triggered"]').count())
      .toBe(0);
    app.sandbox.control.setPrice('BTC_USDT', start.toFixed());
    await page.getByTestId('alert-remove').first().click();
    await page.getByTestId('alert-remove').first().click();
    await expect.poll(() => page.getByTestId('alerts-empty').isVisible()).toBe(true);
    stop();
    expect(problems).toEqual([]);
    await page.close();
  });
});
