/**
 * The Positions screen in Chromium with a long on BTC_PERP, a take-profit and a stop-loss placed alone:
 * both are in the row's TP/SL; a level chosen and not yet set says the liquidation price at that level
 * on the row (beside the mark and the legs) and in the leverage band, and warns of the stop-loss past
 * it; once set, the header's margin in use is the row's margin; every figure is written to its
 * market's tick or precision. Screenshots at 1280x800 and 1440x900.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PositionView } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 15_000 });
const PERP = 'BTC_PERP';

const text = async (page: Page, testid: string): Promise<string> =>
  ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function shots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: artifact(`${name}-${String(width)}.png`) });
  }
}

describe('the Positions screen', () => {
  it('lists lone legs, says the liquidation price at a level before it is set and warns of a leg past it', async () => {
    const main = (await app.account('Sandbox main')).id;
    app.sandbox.control.setPrice(PERP, '64000');
    await app.call('positions.setLeverage', { accountId: main, leverage: 5 });
    await app.call('orders.place', {
      accountId: main,
      draft: { kind: 'collateral_market', market: PERP, side: 'buy', amount: '0.01' },
    });
    const [position] = await app.call<PositionView[]>('positions.open', { accountId: main, market: PERP });
    const entry = Number(position?.basePrice ?? '64000');
    const takeProfit = String(Math.round(entry + 2000));
    const stopLoss = String(Math.round(entry - 2000));
    await app.call('positions.addTpSl', { accountId: main, market: PERP, takeProfit });
    await app.call('positions.addTpSl', { accountId: main, market: PERP, stopLoss });

    const { page, problems } = await app.openPage('#/positions', { clearStorage: true });
    const row = page.getByTestId('position-row').first();
    await expect.poll(() => row.count()).toBe(1);
    const grouped = (n: string) => n.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    await expect.poll(() => text(page, 'position-take-profit')).toBe(`TP ${grouped(takeProfit)}.0 ·`);
    expect(await text(page, 'position-stop-loss')).toBe(`SL ${grouped(stopLoss)}.0`);
    // the liquidation price to the market's tick, margin and profit to its money precision
    expect(await text(page, 'position-liquidation')).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);
    expect(await row.locator('td').nth(7).textContent()).toMatch(/^\s*\d{1,3}(,\d{3})*\.\d{2}\s*$/);
    await shots(page, 'positions-lone-legs');

    // 100× chosen, not set: the row and the band say the liquidation price then, and warn of the stop-loss
    await page.getByTestId('leverage-select').selectOption('100');
    await expect.poll(() => text(page, 'position-liquidation-at')).toMatch(/^→ \d{1,3}(,\d{3})*\.\d$/);
    expect(await text(page, 'position-legs-beyond')).toBe('⚠ past liquidation at 100×');
    expect(await text(page, 'leverage-preview-row')).toMatch(
      /^At 100× the long on BTC_PERP is liquidated at [\d,]+\.\d \(now [\d,]+\.\d\); mark [\d,]+\.\d, \d+\.\d\d % away\.$/,
    );
    expect(await text(page, 'leverage-leg-beyond')).toBe(
      `⚠ Its stop-loss at ${grouped(stopLoss)}.0 would trigger only past that liquidation price: the position would be liquidated first.`,
    );
    await shots(page, 'positions-leverage-preview');

    // set: the row's liquidation price is the one said, the header's margin in use the row's margin
    const said = (await text(page, 'position-liquidation-at')).replace(/^→ /, '');
    await page.getByTestId('leverage-apply').click();
    await expect.poll(() => text(page, 'leverage-in-force')).toContain('100×');
    await expect.poll(() => text(page, 'position-liquidation')).toBe(said);
    expect(await page.getByTestId('leverage-preview').count()).toBe(0);
    // set, the stop-loss lies past the liquidation price: the row keeps saying so
    expect(await text(page, 'position-legs-past')).toBe('⚠ past liquidation');
    const rowMargin = ((await row.locator('td').nth(7).textContent()) ?? '').trim();
    await expect.poll(() => text(page, 'margin-in-use')).toBe(`${rowMargin} USDT`);
    await shots(page, 'positions-leverage-set');
    expect(problems).toEqual([]);
  });
});
