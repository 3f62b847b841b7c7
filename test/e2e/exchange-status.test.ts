/**
 * What the exchange says of itself, on screen in Chromium: the maintenance banner across the app
 * while the exchange says it is in planned maintenance, gone when it says it works again; the top
 * bar's warning when this computer's clock is too far off the exchange's for signed requests; a
 * perpetual's funding history beside its funding; each market's price and change in the market
 * picker and the book's depth within ±2 % on the Trade screen. Walked at 1280 and 1440 px.
 */
import { Decimal } from 'decimal.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const HOUR = 3_600_000;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

const app = useAppSession({
  // main reads the platform's status and the clock every 300 ms here (every 30 s in the app)
  core: { exchangeStatusMs: 300 },
  pollTimeout: 15_000,
  onCore: (core) => {
    // Ten days of BTC_PERP's funding settled at the exchange, every 8 h, the rate moving.
    const book = core.connection.sandbox?.control.positions.book;
    const start = Math.floor(Date.now() / (8 * HOUR)) * 8 * HOUR - 30 * 8 * HOUR;
    for (let i = 0; i < 30; i++)
      book?.settle(
        'BTC_PERP',
        new Decimal(64_000 + 40 * i),
        new Decimal(Math.sin(i / 4) * 0.0003).toDecimalPlaces(7),
        start + i * 8 * HOUR,
        8 * HOUR,
      );
  },
});

const shoot = async (page: Page, name: string) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: artifact(`${name}-${String(size.width)}x${String(size.height)}.png`) });
  }
};

describe('the exchange’s own status on screen', () => {
  it('shows the maintenance banner across the app while the exchange says so, and takes it away when it ends', async () => {
    const { page, problems } = await app.openPage('#/board');
    await page.getByTestId('reach-badge').waitFor();
    const banner = page.getByTestId('maintenance-banner');
    expect(await banner.count()).toBe(0);

    app.sandbox.control.setPlatformMaintenance(true);
    await banner.waitFor({ state: 'visible' });
    expect(await banner.textContent()).toMatch(
      /The exchange is under planned maintenance\s+\(said at \d\d:\d\d:\d\d\)\. Orders, cancels and transfers may be refused/,
    );
    // across the app: still there on another screen
    await page.getByTestId('nav-trade').click();
    await page.getByTestId('view-trade').waitFor();
    expect(await banner.isVisible()).toBe(true);
    await shoot(page, 'maintenance-banner-trade');

    app.sandbox.control.setPlatformMaintenance(false);
    await banner.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('warns in the top bar while this computer’s clock is too far off the exchange’s, and stops when it is not', async () => {
    const { page, problems } = await app.openPage('#/board');
    await page.getByTestId('reach-badge').waitFor();
    expect(await page.getByTestId('clock-badge').count()).toBe(0);
    // the exchange's clock 8 s behind this computer's
    const state = app.sandbox.control.state;
    state.now = () => Date.now() - 8_000;
    const badge = page.getByTestId('clock-badge');
    try {
      await badge.waitFor({ state: 'visible' });
      expect(await badge.textContent()).toMatch(/Clock \d\.\d s ahead of the exchange/);
      expect(await badge.getAttribute('data-level')).toBe('refused');
      expect(await badge.getAttribute('title')).toMatch(
        /more than the 5 s the exchange allows: it refuses every signed request .* Turn on automatic date and time/,
      );
      await shoot(page, 'clock-offset-board');
      // with the clock's warning among them, which exchange this is stays whole in view at 1280 px
      await page.setViewportSize({ width: 1280, height: 800 });
      const shown = await page
        .getByTestId('exchange-badge')
        .evaluate(
          (b) => b.getBoundingClientRect().right <= (b.parentElement?.getBoundingClientRect().right ?? 0),
        );
      expect(shown).toBe(true);
    } finally {
      state.now = Date.now;
    }
    await badge.waitFor({ state: 'detached' });
    expect(await page.getByTestId('reach-badge').getAttribute('title')).toMatch(
      /This computer's clock is within \d\.\d s of the exchange's/,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws the perpetual’s funding history beside its funding, and closes it with Escape', async () => {
    const { page, problems } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    // a spot market has no funding
    expect(await page.getByTestId('funding-history-open').count()).toBe(0);
    await page.getByTestId('trade-market').selectOption('BTC_PERP');
    await page.getByTestId('funding-history-open').click();
    const panel = page.getByTestId('funding-history-panel');
    await panel.waitFor();
    await expect
      .poll(async () => (await panel.getByTestId('chart-readout').textContent()) ?? '')
      .toMatch(/Funding rate [+−-]?\d/);
    const latest = (await page.getByTestId('funding-history-latest').textContent()) ?? '';
    expect(latest).toMatch(/Last settlement .*: [+−-]?0\.\d+ % at mark 65,160(\.0+)? USDT\./);
    // the current funding in the same unit as the chart's
    await expect.poll(() => page.getByTestId('ticker-funding').textContent()).toMatch(/^[+-]?0\.\d+ %$/);
    // beside its funding: the ticker line, the current funding in it, stays in sight at each width
    // (the panel is placed again when the window's resize reaches the page)
    const clear = async () => {
      const funding = await page.getByTestId('ticker-funding').boundingBox();
      const chart = await panel.boundingBox();
      return funding !== null && chart !== null && funding.y + funding.height <= chart.y;
    };
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect.poll(clear).toBe(true);
    }
    await shoot(page, 'funding-history-trade');

    await page.getByTestId('funding-history-open').press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });
  it('names each market’s last price and change in the market picker, and the book’s depth within ±2 %', async () => {
    app.sandbox.control.setMaintenance('LTC_USDT', true);
    const { page, problems } = await app.openPage('#/trade');
    // the market last chosen here (BTC_PERP above) opens: back to BTC_USDT
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_PERP');
    await page.getByTestId('trade-market').selectOption('BTC_USDT');
    const option = (market: string) =>
      page.getByTestId('trade-market').locator(`option[value="${market}"]`).textContent();
    await expect.poll(() => option('ETH_USDT')).toMatch(/^ETH_USDT · [\d,]+(\.\d+)? · [+−-]?\d[\d.]* %$/);
    // the open market keeps its name alone (its prices are in the ticker line beside it)
    expect(await option('BTC_USDT')).toBe('BTC_USDT');
    expect(await option('LTC_USDT')).toBe('LTC_USDT · trading off');
    await expect
      .poll(async () => (await page.getByTestId('depth-near').textContent()) ?? '')
      .toMatch(/^\s*Within ±2 %: [\d,.]+ BTC bid · [\d,.]+ BTC ask\s*$/);
    await shoot(page, 'trade-near-depth');
    app.sandbox.control.setMaintenance('LTC_USDT', false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says a delisting the exchange announced in the ticket of that market, and nowhere else', async () => {
    const { page, problems } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).not.toBe('');
    await page.getByTestId('trade-market').selectOption('BTC_USDT');
    // the market's facts are shown from the same listing the delisting comes with: none for BTC_USDT
    await expect.poll(() => page.getByTestId('market-hint').textContent()).toMatch(/^tick /);
    expect(await page.getByTestId('ticket-delisting').count()).toBe(0);
    await page.getByTestId('trade-market').selectOption('LTC_USDT');
    // the exchange lists LTC_USDT with its delisting planned for 2028-01-01 00:00 UTC
    await expect
      .poll(() => page.getByTestId('ticket-delisting').textContent())
      .toMatch(
        /LTC_USDT is to be delisted on 202[78]-\d\d-\d\d \d\d:\d\d:\d\d, as the exchange announced \(the date may move\)\. Until then it trades; then its open orders are cancelled and it leaves the market list\./,
      );
    await shoot(page, 'ticket-delisting');
    expect(problems).toEqual([]);
    await page.close();
  });
});
