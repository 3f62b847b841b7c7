// An order's fills opened from its row of the dock's order history, and the ticket's fee line at the
// account's own rates, in Chromium; screenshots at 1280 and 1440 px in test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderBookView, PlaceResultView } from '../../main/ipc/contract.ts';
import { useAppSession } from './session.ts';

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

describe("an order's fills in the dock", () => {
  it('opens the fills of a filled order under its history row, each with its price, fee and role, and closes them', async () => {
    const placed = await app.call<PlaceResultView>('orders.place', {
      accountId: main,
      draft: { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', amount: '0.002' },
    });
    const orderId = placed.order?.orderId ?? 0;
    expect(orderId).toBeGreaterThan(0);

    const { page, problems } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await page.getByTestId('dock-tab-history').click();
    const row = page.locator('[data-testid="history-row"]', { hasText: String(orderId) });
    await expect.poll(() => row.count()).toBe(1);
    const open = row.getByTestId('history-fills');
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await open.click();
    await expect.poll(() => page.getByTestId('order-fill').count()).toBeGreaterThan(0);
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    expect(await open.textContent()).toBe('Hide fills');
    const first = (await page.getByTestId('order-fill').first().textContent()) ?? '';
    expect(first).toContain('taker');
    expect(first).toMatch(/\d,?\d*\.\d/);

    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      const fills = await page.getByTestId('order-fills').boundingBox();
      expect(fills?.height ?? 0).toBeGreaterThan(0);
      await page.screenshot({ path: screenshot(`order-fills-${String(width)}.png`) });
    }

    await open.click();
    await expect.poll(() => page.getByTestId('order-fills').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("a partly filled open order's fills", () => {
  it('opens from its row of the open orders, and go when another market is picked', async () => {
    // a buy at the best ask for more than that level holds: part fills at once, the rest rests
    const book = await app.call<OrderBookView>('markets.depth', { market: 'ETH_USDT', limit: 5 });
    const [price, size] = book.asks[0] ?? ['', ''];
    const amount = String(Math.round((Number(size) + 0.05) * 1000) / 1000);
    const placed = await app.call<PlaceResultView>('orders.place', {
      accountId: main,
      draft: { kind: 'limit', market: 'ETH_USDT', side: 'buy', amount, price },
    });
    const orderId = placed.order?.orderId ?? 0;
    expect(Number(placed.order?.dealStock)).toBeGreaterThan(0);

    const { page, problems } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).not.toBe('');
    await page.getByTestId('trade-market').selectOption('ETH_USDT');
    await page.getByTestId('dock-tab-open').click();
    const row = page.locator(`[data-testid="active-order"][data-order-id="${String(orderId)}"]`);
    await expect.poll(() => row.count()).toBe(1);
    await row.getByTestId('active-order-fills').click();
    await expect.poll(() => page.getByTestId('order-fill').count()).toBeGreaterThan(0);
    // the part that filled at once took from the book (a trade on it since may have made the rest)
    expect((await page.getByTestId('order-fill').allTextContents()).some((t) => t.includes('taker'))).toBe(
      true,
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: screenshot('open-order-fills-1280.png') });

    // another market: the fills of an order of the market left are not shown under its orders
    await page.getByTestId('trade-market').selectOption('BTC_USDT');
    await expect.poll(() => page.getByTestId('order-fills').count()).toBe(0);
    await app.call('orders.cancel', { accountId: main, market: 'ETH_USDT', orderId });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("the ticket's fee line", () => {
  it("says the fee at the account's own rate for the role the order fills in", async () => {
    const rates = await app.call<{ maker: string; taker: string }>('orders.feeRates', {
      accountId: main,
      market: 'BTC_USDT',
    });
    const { page, problems } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).not.toBe('');
    await page.getByTestId('trade-market').selectOption('BTC_USDT');
    await page.getByTestId('ticket-price').fill('50000');
    await page.getByTestId('ticket-amount').fill('0.01');
    // a limit order may make or take: it pays at most the higher rate, on 500 USDT
    const most = Math.max(Number(rates.maker), Number(rates.taker));
    await expect
      .poll(() => page.getByTestId('ticket-fee-rate').textContent())
      .toBe(`Fee (at most ${String(most)}%)`);
    await expect
      .poll(async () =>
        ((await page.getByTestId('ticket-fee').textContent()) ?? '').replace(/\s+/g, ' ').trim(),
      )
      .toMatch(new RegExp(`^up to ${String((500 * most) / 100).replace('.', '\\.')}0* USDT$`));
    // post-only, it can only make: the maker rate; then a market order takes: the taker rate
    await page.getByTestId('ticket-postonly').click();
    await expect
      .poll(() => page.getByTestId('ticket-fee-rate').textContent())
      .toBe(`Fee (maker ${String(Number(rates.maker))}%)`);
    await page.getByTestId('ticket-postonly').click();
    await expect
      .poll(() => page.getByTestId('ticket-fee-rate').textContent())
      .toBe(`Fee (at most ${String(most)}%)`);
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await page.getByTestId('ticket-fee').isVisible()).toBe(true);
      await page.screenshot({ path: screenshot(`ticket-fee-${String(width)}.png`) });
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
