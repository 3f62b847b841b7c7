// The trading workspace in Chromium: candles from the sandbox with the user's order as a price line,
// the book, the ticket with its balance line, the dock's tabs and a partial close, at several widths
// with no element clipped sideways. Screenshots are kept in test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView, PositionView } from '../../main/ipc/contract.ts';
import { js, useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 15_000 });
let main = '';

function screenshot(name: string): string {
  const dir = resolve('test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

beforeAll(async () => {
  main = (await app.account('Sandbox main')).id;
});

/**
 * Elements of the workspace that cut their content off sideways (content wider than the box with
 * overflow hidden, or a scroll bar), and how far the page itself scrolls sideways.
 */
async function clipped(page: Page): Promise<{ page: number; elements: string[] }> {
  return js(
    page,
    `(() => {
      const main = document.querySelector('main.workspace');
      const out = [];
      for (const el of document.querySelectorAll('[data-testid="view-trade"] *')) {
        if (el.closest('[data-testid="chart-canvas"]') || el.classList.contains('sr-only')) continue;
        const style = getComputedStyle(el);
        if (style.overflowX === 'visible' || el.scrollWidth <= el.clientWidth + 1) continue;
        out.push((el.getAttribute('data-testid') || el.tagName.toLowerCase() + '.' + el.className) + ' ' + el.scrollWidth + '>' + el.clientWidth);
      }
      return { page: main.scrollWidth - main.clientWidth, elements: out };
    })()`,
  );
}

async function chartState(page: Page): Promise<{ candles: number; lines: string }> {
  const canvas = page.getByTestId('chart-canvas');
  return {
    candles: Number(await canvas.getAttribute('data-candles')),
    lines: (await canvas.getAttribute('data-lines')) ?? '',
  };
}

describe('the trading workspace', () => {
  it('draws sandbox candles with the open order as a price line, and nothing is clipped from 1280 to 2560 px', async () => {
    const order = (
      await app.call<{ order?: OrderView }>('orders.place', {
        accountId: main,
        draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000.5' },
      })
    ).order;
    expect(order?.orderId).toBeGreaterThan(0);

    const { page, problems } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await expect.poll(async () => (await chartState(page)).candles).toBeGreaterThan(100);
    await expect.poll(async () => (await chartState(page)).lines).toContain('buy:60000.5');
    await expect.poll(() => page.locator('[data-testid="depth"] .level').count()).toBeGreaterThan(4);
    // the account's socket, opened by the window's first reads before the status bar listened, is counted
    await expect.poll(() => page.getByTestId('ws-summary').textContent()).toContain('WebSocket 1 live');
    // the chart's canvas is drawn (lightweight-charts paints into canvases inside the host)
    expect(await page.locator('[data-testid="chart-canvas"] canvas').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    await expect.poll(() => page.getByTestId('ticket-available').textContent()).toMatch(/USDT$/);

    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
      [2560, 1440],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect.poll(() => clipped(page)).toEqual({ page: 0, elements: [] });
      // the chart takes the room left of the book: 300 px at 1280, and all the extra width beyond
      const chart = await page.getByTestId('chart-canvas').boundingBox();
      expect(chart?.width ?? 0).toBeGreaterThan(300 + (width - 1280) * 0.9);
      // the dock is on screen, below the chart
      const dock = await page.getByTestId('dock').boundingBox();
      expect((dock?.y ?? 0) + (dock?.height ?? 0)).toBeLessThanOrEqual(height);
      await page.screenshot({ path: screenshot(`workspace-${String(width)}.png`) });
    }

    // The interval picker loads hourly candles.
    await page.getByTestId('interval-1h').click();
    await expect.poll(() => page.getByTestId('chart-canvas').getAttribute('data-interval')).toBe('3600');
    await expect.poll(async () => (await chartState(page)).candles).toBeGreaterThan(20);

    // Cancelled, the order leaves the chart and shows in the order history as cancelled.
    await page.getByTestId('cancel-order').click();
    await expect.poll(async () => (await chartState(page)).lines).not.toContain('buy:60000.5');
    await page.getByTestId('dock-tab-history').click();
    await expect
      .poll(() => page.locator(`[data-testid="history-row"][data-status="CANCELED"]`).count())
      .toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fills the ticket from a share of the balance and shows the order total in the quote asset', async () => {
    const { page, problems } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await page.getByTestId('ticket-price').fill('50000');
    await expect.poll(() => page.getByTestId('ticket-available').textContent()).toMatch(/USDT$/);
    await page.getByTestId('ticket-pct-25').click();
    await expect.poll(() => page.getByTestId('ticket-amount').inputValue()).toMatch(/^\d+(\.\d+)?$/);
    const amount = await page.getByTestId('ticket-amount').inputValue();
    // the order's value, as main works it out for the draft as it stands
    await expect
      .poll(async () => (await page.getByTestId('ticket-total').textContent()) ?? '')
      .toMatch(/ USDT$/);
    const total = (await page.getByTestId('ticket-total').textContent()) ?? '';
    expect(total.replaceAll(',', '')).toContain(String(Number(amount) * 50000).slice(0, 4));

    // A perpetual's prices are in its quote asset, and its leverage is never made up.
    await page.getByTestId('trade-market').selectOption('BTC_PERP');
    await page.getByTestId('ticket-kind').selectOption('collateral_market');
    await expect.poll(() => page.getByTestId('leverage-panel').isVisible()).toBe(true);
    expect(await page.getByTestId('order-ticket').textContent()).not.toContain('PERP)');
    expect(await page.getByTestId('order-ticket').textContent()).toContain('(USDT)');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('closes part of a position from the dock through the rules (reduce-only, at market)', async () => {
    await app.call('orders.place', {
      accountId: main,
      draft: { kind: 'collateral_market', market: 'BTC_PERP', side: 'buy', amount: '0.01' },
    });
    const { page, problems } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).not.toBe('');
    await page.getByTestId('trade-market').selectOption('BTC_PERP');
    await page.getByTestId('dock-tab-positions').click();
    await expect.poll(() => page.getByTestId('position-row').count()).toBe(1);
    await page.screenshot({ path: screenshot('workspace-positions-1280.png') });
    await expect.poll(() => clipped(page)).toEqual({ page: 0, elements: [] });
    // the position's entry and liquidation prices are lines on the chart
    await expect.poll(async () => (await chartState(page)).lines).toMatch(/entry:\d/);
    await page.getByTestId('position-close').click();
    await page.getByTestId('close-pct-50').click();
    expect(await page.getByTestId('close-amount').inputValue()).toBe('0.005');
    expect(await page.getByTestId('close-submit').textContent()).toBe(
      'Sell 0.005 BTC at market to reduce the long on BTC_PERP (reduce-only)',
    );
    await page.getByTestId('close-submit').click();
    await expect.poll(() => page.getByTestId('close-result').isVisible()).toBe(true);
    await expect
      .poll(async () =>
        (await app.call<PositionView[]>('positions.open', { accountId: main, market: 'BTC_PERP' })).map(
          (p) => p.amount,
        ),
      )
      .toEqual(['0.005']);

    // More than the position is refused by the rules, naming the amount.
    await page.getByTestId('position-close').click();
    await page.getByTestId('close-amount').fill('1');
    await page.getByTestId('close-submit').click();
    await expect.poll(() => page.getByTestId('close-error').isVisible()).toBe(true);
    await page.screenshot({ path: screenshot('workspace-partial-close.png') });
    expect(problems).toEqual([]);
    await page.close();
  });
});
