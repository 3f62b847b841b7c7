/**
 * The ladder in the Trade ticket in Chromium: a hurried person's inputs refused in words naming the
 * field, a preview of every order split into bulk requests of 20, main's question, each order's
 * outcome (failures first) and the failed ones sent again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OrderBookView } from '../../main/ipc/contract.ts';
import { inView } from './layout-check.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 10_000 });

async function tradeReady(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
  await expect
    .poll(async () => (await page.getByTestId('trade-account').textContent()) ?? '')
    .toContain('Sandbox main');
}

const issue = (page: Page, field: string) => page.getByTestId(`ladder-issue-${field}`).allTextContents();

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) await page.getByTestId(`ladder-${field}`).fill(value);
}

describe("the market header: the day's statistics of the market channel", () => {
  it('shows the change, high, low and volume live beside last, bid and ask', async () => {
    const { page, problems } = await app.openPage('#/trade');
    await tradeReady(page);
    const text = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();
    await expect.poll(() => text('ticker-change')).toMatch(/^[+-]?[\d,.]+ \([+-]?[\d.]+ %\)$/);
    const num = async (id: string) => Number((await text(id)).replace(/,/g, ''));
    const [high, low] = [await num('ticker-high'), await num('ticker-low')];
    expect(high).toBeGreaterThanOrEqual(low);
    expect(low).toBeGreaterThan(0);
    expect(await text('ticker-volume')).toMatch(/^[\d,.]+ BTC$/);
    expect(await page.getByTestId('ticker').locator('dt').allTextContents()).toEqual(
      expect.arrayContaining(['24 h change', '24 h high', '24 h low', '24 h volume']),
    );
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: artifact(`trade-header-${String(width)}.png`),
        clip: { x: 0, y: 0, width, height: 140 },
      });
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the ladder in the Trade ticket', () => {
  it('refuses what a hurried person types, naming the field in words', async () => {
    const { page, problems } = await app.openPage('#/trade');
    await tradeReady(page);
    await page.getByTestId('mode-ladder').click();
    const good = { lowPrice: '63000', highPrice: '64000', orderCount: '25', totalAmount: '0.025' };
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ lowPrice: '' }, 'lowPrice', 'Lowest price is required'],
      [{ lowPrice: '0' }, 'lowPrice', 'Lowest price must be greater than 0'],
      [{ totalAmount: '-1' }, 'totalAmount', 'Total amount must be a plain decimal number'],
      [
        { lowPrice: '64000', highPrice: '63000' },
        'highPrice',
        'Highest price must be above the lowest price',
      ],
      [{ orderCount: '500' }, 'orderCount', 'Number of orders must be at most 100'],
      [{ orderCount: '0' }, 'orderCount', 'Number of orders must be at least 2'],
      [{ lowPrice: '63000.123' }, 'lowPrice', 'Lowest price must be a multiple of 0.1'],
      [{ totalAmount: '0.0250001' }, 'totalAmount', 'Total amount must be a multiple of 0.0001'],
    ];
    for (const [bad, field, words] of cases) {
      await fill(page, { ...good, ...bad });
      await expect.poll(() => issue(page, field)).toEqual([expect.stringContaining(words)]);
      expect(await page.getByTestId('ladder-submit').isDisabled()).toBe(true);
      expect(await page.getByTestId('ladder-preview').count()).toBe(0);
      if (field === 'highPrice') await page.screenshot({ path: artifact('trade-ladder-issue.png') });
    }
    await fill(page, good);
    await expect.poll(() => page.locator('[data-testid^="ladder-issue-"]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('ladder-submit').isDisabled()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('previews 25 orders in 2 bulk requests, places them after main asked, and lists them', async () => {
    const { page, problems } = await app.openPage('#/trade');
    await tradeReady(page);
    await page.getByTestId('mode-ladder').click();
    await fill(page, { lowPrice: '63000', highPrice: '64000', orderCount: '25', totalAmount: '0.025' });
    await expect.poll(() => page.getByTestId('ladder-preview').locator('tbody tr').count()).toBe(25);
    const summary = (await page.getByTestId('ladder-summary').textContent()) ?? '';
    expect(summary.replace(/\s+/g, ' ')).toContain('25 buy orders · total 0.0250 BTC');
    expect(await page.getByTestId('ladder-split').textContent()).toBe(
      'More than 20 orders: sent in 2 bulk requests of up to 20.',
    );
    const first = await page
      .getByTestId('ladder-preview')
      .locator('tbody tr')
      .first()
      .locator('td')
      .allTextContents();
    // prices to the market's tick, amounts to its step, by the shared formatter
    expect(first.map((t) => t.trim())).toEqual(['1', '63,000.0', '0.0010', '63']);
    // However many orders the preview lists, the send button stands under the summary, wholly in the
    // ticket's pane with room to spare below it, in a 1280x800 window as in a 1440x900 one.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      const room = await page.evaluate(`(() => {
        const button = document.querySelector('[data-testid="ladder-submit"]').getBoundingClientRect();
        const pane = document.querySelector('[data-testid="panel-ticket"]').getBoundingClientRect();
        return Math.min(pane.bottom, window.innerHeight) - button.bottom;
      })()`);
      expect(room).toBeGreaterThanOrEqual(48);
      expect(await inView(page.getByTestId('ladder-submit'))).toBe(true);
      await page.screenshot({ path: artifact(`trade-ladder-${String(viewport.width)}.png`) });
    }

    const asked = app.desktop.confirmations.length;
    app.desktop.confirmAnswer = false;
    await page.getByTestId('ladder-submit').click();
    await expect.poll(() => page.getByTestId('ladder-place-error').count()).toBe(1);
    app.desktop.confirmAnswer = true;
    await page.getByTestId('ladder-submit').click();
    await expect
      .poll(() => page.getByTestId('ladder-outcome-line').textContent())
      .toContain('All 25 orders placed (2 bulk requests)');
    const question = app.desktop.confirmations.at(-1);
    expect(app.desktop.confirmations.length).toBe(asked + 2);
    expect(question?.title).toBe('Place 25 buy limit orders on BTC_USDT?');
    expect(question?.facts).toContainEqual({ label: 'Prices', value: '63,000 to 64,000 USDT' });
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(25);
    await page.getByTestId('cancel-all').click();
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists post-only orders the book refuses first, places the rest, and sends the failed ones again', async () => {
    const book = await app.call<OrderBookView>('markets.depth', { market: 'BTC_USDT', limit: 5 });
    const bid = Number(book.bids[0]?.[0] ?? '64000');
    // a sell ladder over the best bid, post-only: the orders at or below the bid would match at once
    const low = (Math.floor(bid) - 40).toFixed(0);
    const high = (Math.floor(bid) + 160).toFixed(0);
    const { page, problems } = await app.openPage('#/trade');
    await tradeReady(page);
    await page.getByTestId('mode-ladder').click();
    await page.getByTestId('ladder-side-sell').check();
    await page.getByTestId('ladder-post-only').check();
    await fill(page, { lowPrice: low, highPrice: high, orderCount: '5', totalAmount: '0.005' });
    await expect.poll(() => page.getByTestId('ladder-preview').locator('tbody tr').count()).toBe(5);
    await page.getByTestId('ladder-submit').click();
    await expect.poll(() => page.getByTestId('ladder-outcome-line').textContent()).toMatch(/not placed/);
    const failed = await page.getByTestId('ladder-failed').locator('li').allTextContents();
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatch(/^#1 at/);
    expect(failed.join(' ')).not.toMatch(/"code"|errors/);
    await page.screenshot({ path: artifact('trade-ladder-outcomes.png') });
    const asked = app.desktop.confirmations.length;
    await page.getByTestId('ladder-resend').click();
    await expect.poll(() => app.desktop.confirmations.length).toBe(asked + 1);
    expect(app.desktop.confirmations.at(-1)?.title).toBe(
      `Place ${String(failed.length)} sell limit order${failed.length === 1 ? '' : 's'} on BTC_USDT?`,
    );
    await expect
      .poll(() => page.getByTestId('ladder-outcome-line').textContent())
      .toMatch(new RegExp(`^\\s*${String(failed.length)} of ${String(failed.length)} orders not placed`));
    await page.getByTestId('cancel-all').click();
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('"Send orders over the WebSocket" in the ticket', () => {
  it('sends the order over the live WebSocket through the same question, and stays on after a reload', async () => {
    const { page, problems } = await app.openPage('#/trade');
    await tradeReady(page);
    await page.getByTestId('ticket-over-ws').check();
    await page.getByTestId('side-sell').check();
    await page.getByTestId('ticket-amount').fill('0.001');
    await page.getByTestId('ticket-price').fill('90000');
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    await page.getByTestId('ticket-price').press('Enter');
    // far above the market: main's own price-band question, as over REST (answered yes)
    await expect
      .poll(() => app.desktop.confirmations.at(-1)?.facts.find((f) => f.label === 'Price band')?.value ?? '')
      .toMatch(/^Sell 0\.001 BTC at 90,000 — [\d.]+% above the market price/);
    await expect
      .poll(() => page.getByTestId('place-result').textContent())
      .toMatch(/over the WebSocket\.\s*$/);
    expect(await page.getByTestId('place-note').count()).toBe(0);
    await page.screenshot({ path: artifact('trade-over-ws.png') });
    await page.reload();
    await tradeReady(page);
    expect(await page.getByTestId('ticket-over-ws').isChecked()).toBe(true);
    await page.getByTestId('ticket-over-ws').uncheck();
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    await page.getByTestId('cancel-all').click();
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
