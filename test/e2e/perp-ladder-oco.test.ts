/**
 * On BTC_PERP in Chromium: a ladder of collateral limit orders placed after main's one question, its
 * rungs in the open-order list and on the chart; an OCO whose result names both legs, listed as a
 * linked pair, one leg cancelled taking the other; the Trade screen with each kind (limit, stop-limit,
 * trigger-market, OCO, ladder) looked at 1280 and 1440 px wide.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './paths.ts';
import { fillEachKind, fillOco, perpSession } from './perp-trade.ts';

const { app, open, openTrade } = perpSession();
/** The lines the chart draws, as `kind:price` words. */
const chartLines = async (page: Page) =>
  ((await page.getByTestId('chart-canvas').getAttribute('data-lines')) ?? '').split(' ');

/** Both widths, with `show` (a test id) scrolled into view first. */
async function shoot(page: Page, name: string, show = 'order-ticket'): Promise<void> {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId(show).scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact(`perp-${name}-${String(width)}.png`), fullPage: true });
  }
}

describe('a ladder and an OCO on BTC_PERP in Chromium', () => {
  it('places a ladder of collateral limit orders and an OCO, both seen in the open-order list', async () => {
    const { page, problems } = await openTrade();
    await expect.poll(() => page.getByTestId('ticket-kind').locator('option').count()).toBe(5);

    // each single kind as a person fills it
    await fillEachKind(page, (kind) => shoot(page, kind));

    // the ladder on the perpetual: five collateral limit bids, their margin at the account's leverage
    await page.getByTestId('mode-ladder').click();
    await expect
      .poll(() => page.getByTestId('ladder-kind').textContent())
      .toContain('Collateral limit orders on BTC_PERP');
    await page.getByTestId('ladder-lowPrice').fill('61000');
    await page.getByTestId('ladder-highPrice').fill('62000');
    await page.getByTestId('ladder-orderCount').fill('5');
    await page.getByTestId('ladder-totalAmount').fill('0.005');
    await expect.poll(() => page.getByTestId('ladder-preview').locator('tbody tr').count()).toBe(5);
    await expect
      .poll(() => page.getByTestId('ladder-margin').textContent())
      .toMatch(/margin 30\.75\s+USDT at 10× leverage/);
    await expect.poll(() => page.getByTestId('ladder-submit').isDisabled()).toBe(false);
    expect(await page.getByTestId('ladder-submit').textContent()).toBe('Place 5 buy orders on BTC_PERP');
    await shoot(page, 'ladder', 'ladder-summary');
    const asked = app.desktop.confirmations.length;
    await page.getByTestId('ladder-submit').click();
    await expect.poll(() => app.desktop.confirmations.length).toBe(asked + 1);
    const question = app.desktop.confirmations.at(-1);
    expect(question?.title).toBe('Place 5 buy collateral limit orders on BTC_PERP?');
    expect(question?.facts.find((f) => f.label === 'Rungs')?.value).toBe(
      '1) 0.001 BTC at 61,000; 2) 0.001 BTC at 61,250; 3) 0.001 BTC at 61,500; 4) 0.001 BTC at 61,750; 5) 0.001 BTC at 62,000',
    );
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(5);
    expect((await open()).map((o) => o.price).sort()).toEqual(['61000', '61250', '61500', '61750', '62000']);
    // the chart draws each rung
    await expect
      .poll(() => chartLines(page))
      .toEqual(expect.arrayContaining(['61000', '61250', '61500', '61750', '62000'].map((p) => `buy:${p}`)));
    await shoot(page, 'ladder-placed', 'active-orders');

    // an OCO above and below the market: the result names both legs, the list links them
    await page.getByTestId('mode-single').click();
    await fillOco(page, { price: '65000', trigger: '63000', stopLimit: '62900' });
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    await page.getByTestId('ticket-submit').click();
    await expect
      .poll(async () => (await page.getByTestId('place-result').textContent()) ?? '')
      .toMatch(
        /^Placed OCO: limit leg #(\d+) at 65,000\.0; stop-limit leg #(\d+) triggering at 63,000\.0, then limit 62,900\.0\./,
      );
    const result = (await page.getByTestId('place-result').textContent()) ?? '';
    const [, limitId, stopId] = /limit leg #(\d+).*stop-limit leg #(\d+)/.exec(result) ?? [];
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(7);
    await expect.poll(() => page.getByTestId('oco-tag').count()).toBe(2);
    const tagOf = (id: string | undefined) =>
      page
        .locator(`[data-testid="active-order"][data-order-id="${id ?? ''}"] [data-testid="oco-tag"]`)
        .textContent();
    expect(await tagOf(limitId)).toBe(`OCO · with #${stopId ?? ''}`);
    expect(await tagOf(stopId)).toBe(`OCO · with #${limitId ?? ''}`);
    const cancelStop = page.locator(
      `[data-testid="active-order"][data-order-id="${stopId ?? ''}"] [data-testid="cancel-order"]`,
    );
    expect(await cancelStop.textContent()).toBe('Cancel both legs');
    // both legs on the chart: the limit leg, the stop leg's trigger and the price it rests at after
    await expect
      .poll(() => chartLines(page))
      .toEqual(expect.arrayContaining(['sell:65000', 'sell:63000', 'sell:62900']));
    await shoot(page, 'oco-linked', 'active-orders');
    await shoot(page, 'oco-result', 'place-result');

    // cancelling the stop leg takes the limit leg with it, and the dock says so
    await cancelStop.click();
    await expect
      .poll(async () =>
        ((await page.getByTestId('oco-cancel-result').textContent()) ?? '').replace(/\s+/g, ' '),
      )
      .toContain(`Order ${stopId ?? ''} cancelled; its OCO leg ${limitId ?? ''} was cancelled with it`);
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(5);
    expect((await open()).map((o) => String(o.orderId))).not.toContain(limitId);
    await shoot(page, 'oco-cancelled', 'oco-cancel-result');
    expect(problems).toEqual([]);
    await page.close();
  });
});
