/**
 * The Trade screen, opened while the exchange cannot be reached, comes back whole by itself once it
 * answers again: no click, no reload. Every panel that could not read reads again: the market list
 * (its red "Could not reach the exchange" banner goes), the book (levels, live), the ticket's
 * "Available", the chart's candles, the open orders; nothing says it cannot send any more.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stopExchange, timeUntil } from './offline-tour.ts';
import { artifact } from './paths.ts';
import { js, useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 15_000 });

const count = (page: Page, testid: string): Promise<number> => page.getByTestId(testid).count();
/** Notices of a read that failed ("Could not reach the exchange…", with Retry) on the screen. */
const failures = (page: Page): Promise<number> =>
  page.locator('[role="alert"]', { hasText: 'Could not reach the exchange' }).count();
const words = async (page: Page, testid: string): Promise<string> =>
  ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('the Trade screen through an outage', () => {
  it('shown while the exchange is down, is whole again without a click once it answers', async () => {
    const { page, problems } = await app.openPage('#/accounts', { clearStorage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.getByTestId('reach-badge').getAttribute('data-state')).toBe('reachable');
    await js(page, 'window.__sameDocument = true');

    // the exchange goes away before the Trade screen is first shown
    await stopExchange(page, app.core);
    await js(page, `window.location.hash = '#/trade'`);
    await expect.poll(() => count(page, 'trade-blocked')).toBe(1);
    await expect.poll(() => failures(page)).toBeGreaterThan(0);
    expect(await count(page, 'depth-ask')).toBe(0);
    await page.screenshot({ path: artifact('trade-outage-down-1440.png') });

    // it answers again: the top bar says so, and the screen catches up in place
    await app.sandbox.resume();
    await timeUntil(
      page,
      `document.querySelector('[data-testid="reach-badge"]')?.dataset.state === 'reachable'`,
    );
    await expect.poll(() => count(page, 'trade-blocked')).toBe(0);
    await expect.poll(() => failures(page)).toBe(0);
    await expect.poll(() => count(page, 'depth-ask')).toBeGreaterThan(0);
    await expect.poll(() => count(page, 'depth-bid')).toBeGreaterThan(0);
    await expect.poll(() => words(page, 'depth-state')).toBe('● live');
    await expect.poll(() => words(page, 'ticket-available')).toMatch(/^\d[\d,]*(\.\d+)? USDT$/);
    await expect
      .poll(async () => Number(await page.getByTestId('chart-canvas').getAttribute('data-candles')))
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('orders-as-of').getAttribute('data-source')).toBe('exchange');
    await page.screenshot({ path: artifact('trade-outage-back-1440.png') });
    expect(await js(page, 'window.__sameDocument === true')).toBe(true);
    expect(problems).toEqual([]);
  });

  it('Positions, shown while the exchange is down, reads its positions, collateral and live feed again without a click', async () => {
    const { page, problems } = await app.openPage('#/accounts');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.getByTestId('reach-badge').getAttribute('data-state')).toBe('reachable');
    await stopExchange(page, app.core);
    await js(page, `window.location.hash = '#/positions'`);
    await expect.poll(() => count(page, 'positions-blocked')).toBe(1);
    await app.sandbox.resume();
    await timeUntil(
      page,
      `document.querySelector('[data-testid="reach-badge"]')?.dataset.state === 'reachable'`,
    );
    await expect.poll(() => count(page, 'positions-blocked')).toBe(0);
    await expect.poll(() => failures(page)).toBe(0);
    await expect.poll(() => page.getByTestId('positions-as-of').getAttribute('data-source')).toBe('exchange');
    await expect.poll(() => words(page, 'free-margin')).toMatch(/^\d[\d,]*(\.\d+)? USDT$/);
    await expect.poll(() => words(page, 'positions-status')).toMatch(/Live$/);
    await page.screenshot({ path: artifact('positions-outage-back-1440.png') });
    expect(problems).toEqual([]);
  });
});
