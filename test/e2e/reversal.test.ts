// The case as it was seen: a 0.001 long with its take-profit and stop-loss, then a sell of 0.003 that
// leaves a 0.002 short. The long's legs and its reduce-only stop end at the exchange; no screen shows
// them as the short's protection: Positions, the Trade dock and the board all say the short has none,
// the dock's history says how each ended, in words.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView, PositionView } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 15_000 });
let alpha = '';

async function words(page: Page, testid: string): Promise<string> {
  return ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Screenshots at both widths, `testid` scrolled into view (the screens scroll inside the window). */
async function shoot(page: Page, name: string, testid: string): Promise<void> {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId(testid).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact(`reversal-${name}-${String(width)}.png`) });
  }
}

const place = (side: 'buy' | 'sell', amount: string) =>
  app.call('orders.place', {
    accountId: alpha,
    draft: { kind: 'collateral_market', market: 'BTC_PERP', side, amount },
  });

beforeAll(async () => {
  alpha = (await app.account('Sandbox sub-alpha')).id;
  await place('buy', '0.001');
  const [long] = await app.call<PositionView[]>('positions.open', { accountId: alpha, market: 'BTC_PERP' });
  const entry = Number(long?.basePrice);
  // the pair of legs, and a stop-loss on its own (a reduce-only stop, not a leg of a pair)
  await app.call('positions.addTpSl', {
    accountId: alpha,
    market: 'BTC_PERP',
    takeProfit: (entry * 1.1).toFixed(1),
    stopLoss: (entry * 0.9).toFixed(1),
  });
  await app.call('positions.addTpSl', {
    accountId: alpha,
    market: 'BTC_PERP',
    stopLoss: (entry * 0.85).toFixed(1),
  });
});

describe('a long that becomes a short in Chromium', () => {
  it('takes its legs with it: no screen shows them as the short’s TP/SL', async () => {
    const { page, problems } = await app.openPage('#/positions');
    const pick = page.getByTestId('account-switcher');
    await pick.click();
    await page.keyboard.type('sub-alpha');
    await page.keyboard.press('Enter');
    await expect.poll(() => words(page, 'positions-status')).toContain('Sandbox sub-alpha');
    // the pair's legs, and the stop-loss placed alone (an order of its own): each past the
    // liquidation price is flagged
    await expect
      .poll(() => words(page, 'position-tpsl-prices'))
      .toMatch(/^TP [\d,.]+ · SL [\d,.]+, [\d,.]+( ⚠ past liquidation)?$/);
    expect(await words(page, 'position-row')).toContain('▲ long');
    await shoot(page, 'long', 'position-row');

    await place('sell', '0.003');
    const [short] = await app.call<PositionView[]>('positions.open', {
      accountId: alpha,
      market: 'BTC_PERP',
    });
    expect(short?.amount).toBe('-0.002');
    expect(short?.tpsl).toBeUndefined();
    expect(await app.call<OrderView[]>('orders.active', { accountId: alpha, market: 'BTC_PERP' })).toEqual(
      [],
    );
    // Positions: the short, with no take-profit or stop-loss
    await expect.poll(() => words(page, 'position-row')).toContain('▼ short');
    await expect.poll(() => words(page, 'position-tpsl-prices')).toBe('none');
    await shoot(page, 'short', 'position-row');
    expect(problems).toEqual([]);
    await page.close();

    // The Trade dock says the same, and its history says how each closing order ended.
    const trade = await app.openPage('#/trade');
    const tp = trade.page;
    await expect.poll(() => tp.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await tp.getByTestId('trade-market').selectOption('BTC_PERP');
    await tp.getByTestId('dock-tab-positions').click();
    await expect.poll(() => words(tp, 'position-row')).toContain('▼ short');
    expect(await words(tp, 'position-tpsl-prices')).toBe('none');
    await tp.getByTestId('dock-tab-open').click();
    await expect.poll(() => tp.getByTestId('active-order').count()).toBe(0);
    await tp.getByTestId('dock-tab-history').click();
    // the Status column: the pair's legs cancelled, the stop on its own cancelled for its position
    const statuses = async () =>
      (await tp.getByTestId('history-table').locator('tbody tr td:nth-child(8)').allTextContents())
        .map((t) => t.trim())
        .filter((t) => t.startsWith('Cancelled'))
        .sort();
    await expect
      .poll(statuses)
      .toEqual(['Cancelled', 'Cancelled', 'Cancelled: its position closed or reversed']);
    await shoot(tp, 'trade-history', 'dock');
    expect(trade.problems).toEqual([]);
    await tp.close();

    // The board's positions grid: the same short, with none.
    const board = await app.openPage('#/board');
    const bp = board.page;
    await bp.getByTestId('board-tab-open').click();
    const row = bp
      .getByTestId('board-positions')
      .locator('[data-testid="grid-row"]')
      .filter({ hasText: 'Sandbox sub-alpha' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('[data-column="tpsl"]').textContent()).toBe('none');
    expect(await row.locator('[data-column="amount"]').textContent()).toContain('-0.002');
    await shoot(bp, 'board', 'grid-row');
    expect(board.problems).toEqual([]);
    await bp.close();
  });
});
