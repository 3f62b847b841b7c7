/**
 * Every collateral order on a perpetual, in Chromium: a limit bid rests and fills into a long, an OCO
 * brackets the long, one leg triggered takes the other with it; the ticket with each kind is looked
 * at 1280 and 1440 px wide.
 */
import { describe, expect, it } from 'vitest';
import type { PositionView } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { fillEachKind, fillOco, perpSession, PERP as MARKET } from './perp-trade.ts';

const { app, main, open, openTrade } = perpSession();

const position = async () =>
  (await app.call<PositionView[]>('positions.open', { accountId: main(), market: MARKET }))[0]?.amount;

describe('collateral orders on BTC_PERP in Chromium', () => {
  it('rests a limit bid, fills it into a long, brackets it with an OCO, and one leg triggered takes the other', async () => {
    const { page, problems } = await openTrade();
    await expect
      .poll(() => page.getByTestId('ticket-kind').locator('option').allTextContents())
      .toEqual([
        'collateral market',
        'collateral limit',
        'collateral stop-limit',
        'collateral trigger-market',
        'collateral OCO',
      ]);

    // each kind as a person fills it, looked at in both widths
    await fillEachKind(page, async (kind) => {
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId('order-ticket').scrollIntoViewIfNeeded();
        await page.screenshot({ path: artifact(`collateral-${kind}-${String(width)}.png`) });
      }
    });
    expect(await page.getByTestId('ticket-submit').textContent()).toMatch(
      /Sell 0\.002 BTC at 65,000, or at 62,900 once the price reaches 63,000 .* OCO/,
    );

    // a limit bid rests, then fills when the market comes down to it
    await page.getByTestId('ticket-kind').selectOption('collateral_limit');
    await page.getByTestId('side-buy').check();
    await page.getByTestId('ticket-amount').fill('0.002');
    await page.getByTestId('ticket-price').fill('63500');
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    await page.getByTestId('ticket-submit').click();
    await expect.poll(() => page.getByTestId('place-result').textContent()).toMatch(/Placed order #\d+/);
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    expect(await position()).toBeUndefined();
    app.sandbox.control.setPrice(MARKET, '63000');
    await expect.poll(position).toBe('0.002');
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);

    // the long bracketed: take profit at 65,000, stop at 62,000 resting at 61,000
    await fillOco(page, { price: '65000', trigger: '62000', stopLimit: '61000' });
    await page.getByTestId('ticket-reduceonly').check();
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    await page.getByTestId('ticket-submit').click();
    await expect.poll(async () => (await open()).length).toBe(2);
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(2);
    await page.getByTestId('active-orders').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('collateral-oco-resting.png'), fullPage: true });

    // the stop leg triggers and closes the long; the limit leg is gone with it
    app.sandbox.control.setPrice(MARKET, '61500');
    await expect.poll(position).toBeUndefined();
    await expect.poll(async () => (await open()).length).toBe(0);
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);
    await page.screenshot({ path: artifact('collateral-oco-done.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});
