import { Decimal } from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView, PositionView } from '../../main/ipc/contract.ts';
import { formatNumber } from '../../renderer/src/lib/format/number.ts';
import { inView } from './layout-check.ts';
import { artifact } from './paths.ts';
import { useAppSession, type OpenedPage } from './session.ts';

const app = useAppSession();
let main = '';

beforeAll(async () => {
  main = (await app.account('Sandbox main')).id;
  // A 0.01 BTC long on the perpetual, opened with a collateral market order.
  await app.call('orders.place', {
    accountId: main,
    draft: { kind: 'collateral_market', market: 'BTC_PERP', side: 'buy', amount: '0.01' },
  });
});

async function openPositions(): Promise<OpenedPage> {
  const opened = await app.openPage('#/positions');
  const { page } = opened;
  await expect.poll(() => page.getByTestId('positions-status').textContent()).toContain('Sandbox main');
  await expect.poll(() => page.getByTestId('position-row').count()).toBe(1);
  return opened;
}

describe('the Positions screen in Chromium', () => {
  it('shows the position live and changes leverage within the allowed set, capped by the markets', async () => {
    const { page, problems } = await openPositions();
    const row = page.getByTestId('position-row');
    expect(await row.getAttribute('data-market')).toBe('BTC_PERP');
    expect(await row.textContent()).toContain('▲ long');
    // Mark price (premiumIndex) and ADL rank (ADLQuantile) arrive over the WebSocket.
    await expect
      .poll(() => page.getByTestId('position-mark').textContent(), { timeout: 10_000 })
      .toMatch(/\d/);
    await expect
      .poll(() => page.getByTestId('position-adl').textContent(), { timeout: 10_000 })
      .toContain('of 4');
    expect(await page.getByTestId('position-liquidation').textContent()).toMatch(/\d/);
    // The mark is charted once it has moved; until then its latest value is said in a line of words.
    const chart = page.getByTestId('mark-chart');
    await expect.poll(async () => (await chart.textContent()) ?? '').toMatch(/Mark [\d,.]+ USDT/);
    if ((await chart.locator('canvas').count()) === 0)
      expect(await chart.getByTestId('chart-flat').textContent()).toContain(
        'the chart is drawn once a value moves',
      );
    const [opened] = await app.call<PositionView[]>('positions.open', { accountId: main });
    app.sandbox.control.setPrice('BTC_PERP', String(Math.round(Number(opened?.basePrice) + 50)));
    await expect.poll(() => chart.locator('canvas').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await chart.getByTestId('chart-flat').count()).toBe(0);
    await page.screenshot({ path: artifact('positions-mark-chart.png') });

    // BTC_PERP allows up to 100×; looking at ETH_PERP (max 50) caps the levels offered.
    const options = () => page.getByTestId('leverage-select').locator('option').allTextContents();
    expect(await options()).toEqual(['1×', '2×', '3×', '5×', '10×', '20×', '50×', '100×']);
    await page.getByTestId('chart-market').selectOption('ETH_PERP');
    await expect.poll(options).toEqual(['1×', '2×', '3×', '5×', '10×', '20×', '50×']);
    await page.getByTestId('chart-market').selectOption('BTC_PERP');

    await page.getByTestId('leverage-select').selectOption('20');
    expect(await page.getByTestId('leverage-apply').textContent()).toBe('Set 20×');
    await page.getByTestId('leverage-apply').click();
    await expect.poll(() => page.getByTestId('leverage-in-force').textContent()).toContain('20×');
    expect(await page.getByTestId('leverage-error').count()).toBe(0);
    // The margin of the position follows the new level: size × entry ÷ 20.
    const [position] = await app.call<PositionView[]>('positions.open', { accountId: main });
    expect(Number(position?.margin)).toBeCloseTo((0.01 * Number(position?.basePrice)) / 20, 4);
    await page.screenshot({ path: artifact('positions-leverage.png'), fullPage: true });

    await page.getByTestId('leverage-select').selectOption('5');
    await page.getByTestId('leverage-select').press('Enter');
    await expect.poll(() => page.getByTestId('leverage-in-force').textContent()).toContain('5×');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('adds a TP/SL pair to the open position: an off-tick price is refused under its field first', async () => {
    const { page, problems } = await openPositions();
    // The channel is already subscribed (its next push is 30 s away): the rank is asked for at once.
    await expect
      .poll(() => page.getByTestId('position-adl').textContent(), { timeout: 5_000 })
      .toContain('of 4');
    await page.getByTestId('position-tpsl').click();
    await expect.poll(() => page.getByTestId('tpsl-form').isVisible()).toBe(true);
    // The take-profit field has the focus.
    await page.keyboard.type('90000');
    await page.getByTestId('tpsl-stop-loss').fill('40000.05');
    await page.getByTestId('tpsl-stop-loss').press('Enter');
    await expect
      .poll(() => page.getByTestId('tpsl-error-stopLoss').textContent())
      .toContain('multiple of 0.1');
    expect(await page.getByTestId('tpsl-error-takeProfit').count()).toBe(0);
    await page.getByTestId('tpsl-error-stopLoss').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('positions-tpsl-refused.png') });

    await page.getByTestId('tpsl-stop-loss').fill('40000');
    expect(await page.getByTestId('tpsl-error-stopLoss').count()).toBe(0);
    await page.getByTestId('tpsl-submit').click();
    await expect
      .poll(() => page.getByTestId('tpsl-result').textContent())
      .toMatch(/take-profit #\d+ at 90,000\.0 and stop-loss #\d+ at 40,000\.0/);
    await page.getByTestId('tpsl-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('positions-tpsl.png') });

    const active = await app.call<OrderView[]>('orders.active', { accountId: main, market: 'BTC_PERP' });
    expect(active.map((o) => o.activation_price).sort()).toEqual(['40000', '90000']);
    expect(active.every((o) => o.side === 'sell' && o.amount === '0.01')).toBe(true);

    await page.getByTestId('tpsl-take-profit').press('Escape');
    await expect.poll(() => page.getByTestId('tpsl-form').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('closes the chosen position with Ctrl+Shift+C after a confirmation', async () => {
    const { page, problems } = await openPositions();
    await page.getByTestId('position-row').focus();
    await page.keyboard.press('Control+Shift+C');
    await expect.poll(() => page.getByTestId('close-dialog').isVisible()).toBe(true);
    expect(await page.getByTestId('close-words').textContent()).toBe(
      'Sell 0.01 BTC at market to close the long on BTC_PERP (reduce-only).',
    );
    // Esc keeps the position.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('close-dialog').count()).toBe(0);
    expect(await page.getByTestId('position-row').count()).toBe(1);

    await page.getByTestId('position-close').click();
    await page.getByTestId('close-confirm').click();
    await expect.poll(() => page.getByTestId('positions-empty').isVisible()).toBe(true);
    expect(await page.getByTestId('close-result').textContent()).toMatch(/Closed with order #\d+/);
    expect(await app.call<PositionView[]>('positions.open', { accountId: main })).toEqual([]);

    // The history sync brings the position's changes (opened, closed) into the cache and the grid.
    await page.getByTestId('history-sync').click();
    await expect
      .poll(() => page.getByTestId('positions-history').getByText('BTC_PERP').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await page.getByTestId('positions-history').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('positions-closed.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says a margin call as the exchange pushes it, names its account once another is shown, then says the liquidation', async () => {
    await app.call('orders.place', {
      accountId: main,
      draft: { kind: 'collateral_market', market: 'ETH_PERP', side: 'buy', amount: '0.1' },
    });
    const [position] = await app.call<PositionView[]>('positions.open', {
      accountId: main,
      market: 'ETH_PERP',
    });
    const liquidation = new Decimal(position?.liquidationPrice ?? '0');
    expect(liquidation.gt(0)).toBe(true);
    const { page, problems } = await app.openPage('#/positions');
    const eth = page.locator('[data-testid="position-row"][data-market="ETH_PERP"]');
    await expect.poll(() => eth.count()).toBe(1);
    // the screen follows the account's margin events once it has read the ADL ranks (asked after them)
    const following = () =>
      expect.poll(() => eth.getByTestId('position-adl').textContent(), { timeout: 10_000 }).toContain('of 4');
    await following();
    await page.setViewportSize({ width: 1280, height: 800 });
    const notice = page.getByTestId('positions-margin-notice');
    const said = async () =>
      ((await notice.count()) ? ((await notice.textContent()) ?? '') : '').replace(/\s+/g, ' ').trim();

    // into the margin-call band: said at once, with when, the size to the step and the price to the tick
    app.sandbox.control.setPrice('ETH_PERP', liquidation.times('1.01').toDecimalPlaces(2).toFixed());
    await expect
      .poll(said, { timeout: 15_000 })
      .toMatch(
        /^Margin call at \d\d:\d\d:\d\d on your 0\.100 long on ETH_PERP, liquidation at \d,\d{3}\.\d+: add margin or reduce the position\. Dismiss$/,
      );
    expect(await inView(notice)).toBe(true);
    const marginInUse = async () =>
      /Margin in use ([\d,.]+) USDT/.exec(
        ((await page.getByTestId('collateral-panel').textContent()) ?? '').replace(/\s+/g, ' '),
      )?.[1];
    await expect.poll(marginInUse).toMatch(/\d/);
    const marginBefore = await marginInUse();
    await page.screenshot({ path: artifact('positions-margin-call-1280.png') });

    // the price comes back: the call stands until dismissed, its time saying it is not now
    app.sandbox.control.setPrice('ETH_PERP', position?.basePrice ?? '0');
    const stands = await said();
    // another account on screen: the notice names the account it was on
    await page.getByTestId('account-switcher').click();
    await page.getByTestId('account-option').filter({ hasText: 'Sandbox sub-alpha' }).click();
    await expect
      .poll(() => page.getByTestId('positions-status').textContent())
      .toContain('Sandbox sub-alpha');
    await expect.poll(said, { timeout: 10_000 }).toBe(`Sandbox main: ${stands}`);
    await page.getByTestId('account-switcher').click();
    await page.getByTestId('account-option').filter({ hasText: 'Sandbox main' }).first().click();
    await expect.poll(said, { timeout: 10_000 }).toBe(stands);
    await following();

    // past the liquidation price: the exchange liquidates, the row goes and the notice says so
    app.sandbox.control.setPrice('ETH_PERP', liquidation.times('0.98').toDecimalPlaces(2).toFixed());
    await expect
      .poll(said, { timeout: 15_000 })
      .toMatch(/^At \d\d:\d\d:\d\d the exchange liquidated your 0\.100 long on ETH_PERP\. Dismiss$/);
    await expect.poll(() => eth.count(), { timeout: 10_000 }).toBe(0);
    // every part of the screen says the same: the summary no longer counts the position's margin
    const exchange = await app.call<{ margin?: string }>('positions.collateral', { accountId: main });
    // the screen writes USDT to its precision on the markets quoted in it (2 places)
    const now = exchange.margin === undefined ? undefined : formatNumber(exchange.margin, { places: 2 });
    expect(now).not.toBe(marginBefore);
    await expect.poll(marginInUse).toBe(now);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: artifact('positions-liquidated-1440.png') });
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    expect(await notice.count()).toBe(0);
    app.sandbox.control.setPrice('ETH_PERP', position?.basePrice ?? '0');
    expect(problems).toEqual([]);
    await page.close();
  });
});
