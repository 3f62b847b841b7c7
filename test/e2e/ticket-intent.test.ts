/**
 * The ticket in Chromium, as a person in a hurry uses it: Enter pressed twice and Enter held send one
 * order; a ticket typed for one account or market is cleared (saying what) when either changes, and
 * the send button names the account; a market buy larger than the book says so, and the Positions
 * screen's numbers are written to their market's precision. Screenshots at 1280x800 and 1440x900.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OrderBookView, OrderView } from '../../main/ipc/contract.ts';
import type { ReceivedRequest } from '../../main/sandbox/index.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 10_000 });

const text = async (page: Page, testid: string): Promise<string> =>
  ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function openTrade(): Promise<{ page: Page; problems: string[] }> {
  const opened = await app.openPage('#/trade', { clearStorage: true });
  await expect.poll(() => opened.page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
  await expect.poll(() => text(opened.page, 'ticket-submit')).toContain('· for Sandbox main');
  return opened;
}

/** Orders the sandbox was asked to place while `act` ran (over REST or the WebSocket). */
async function receivedDuring(act: () => Promise<void>): Promise<ReceivedRequest[]> {
  const got: ReceivedRequest[] = [];
  const stop = app.sandbox.control.watchRequests((r) => {
    if (r.via === 'ws' ? r.path.endsWith('_place') : r.path === '/api/v4/order/new') got.push(r);
  });
  try {
    await act();
  } finally {
    stop();
  }
  return got;
}

/** A bid 2 % under the best one, whole: inside the price band, it rests. */
async function restingBid(): Promise<string> {
  const book = await app.call<OrderBookView>('markets.depth', { market: 'BTC_USDT', limit: 1 });
  return String(Math.floor(Number(book.bids[0]?.[0] ?? '60000') * 0.98));
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: artifact(`${name}-${String(width)}.png`) });
  }
}

describe('the ticket, one press at a time', () => {
  it('sends one order for Enter pressed twice, and one for Enter held down', async () => {
    const { page, problems } = await openTrade();
    const main = await app.account('Sandbox main');
    await page.getByTestId('ticket-price').fill(await restingBid());
    await page.getByTestId('ticket-amount').fill('0.001');
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);

    const twice = await receivedDuring(async () => {
      await page.getByTestId('ticket-amount').press('Enter');
      await page.getByTestId('ticket-amount').press('Enter');
      await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    });
    expect(twice).toHaveLength(1);
    await expect.poll(() => text(page, 'ticket-send-note')).toContain('sent nothing');
    await shots(page, 'ticket-enter-twice');

    await app.call('orders.cancelAll', { accountId: main.id, market: 'BTC_USDT' });
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);
    // another order, Enter held down: the key's repeats are not presses
    await page.getByTestId('ticket-amount').fill('0.002');
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    const held = await receivedDuring(async () => {
      await page.getByTestId('ticket-amount').focus();
      await page.keyboard.down('Enter');
      for (let i = 0; i < 6; i++) await page.keyboard.down('Enter');
      await page.keyboard.up('Enter');
      await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    });
    expect(held).toHaveLength(1);
    const open = await app.call<OrderView[]>('orders.active', { accountId: main.id, market: 'BTC_USDT' });
    expect(open).toHaveLength(1);
    await app.call('orders.cancelAll', { accountId: main.id, market: 'BTC_USDT' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('clears a ticket typed for another account or market, saying what, and names the account on the button', async () => {
    const { page, problems } = await openTrade();
    await page.getByTestId('side-sell').check();
    await page.getByTestId('ticket-amount').fill('0.5');
    await page.getByTestId('ticket-price').fill('64415');
    await expect
      .poll(() => text(page, 'ticket-submit'))
      .toMatch(/^Sell 0\.5 BTC at 64,415 .* · for Sandbox main$/);

    // the working account changes in the top bar: the ticket typed for the main account is not its
    await page.getByTestId('account-switcher').click();
    await page.keyboard.type('sub-alpha');
    await expect.poll(() => page.getByTestId('account-option').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => text(page, 'ticket-submit')).toMatch(/· for Sandbox sub-alpha$/);
    expect(await page.getByTestId('ticket-amount').inputValue()).toBe('');
    expect(await page.getByTestId('ticket-price').inputValue()).toBe('');
    expect(await text(page, 'ticket-amount-note')).toBe(
      'The amount 0.5 BTC and the price 64,415 typed for Sandbox main were cleared: the working account is now Sandbox sub-alpha.',
    );
    expect(await page.getByTestId('ticket-submit').isDisabled()).toBe(true);
    await shots(page, 'ticket-account-switch');

    // a price typed on ETH_USDT never reaches BTC_USDT's price field; no note of a unit is left over
    await page.getByTestId('trade-market').selectOption('ETH_USDT');
    await page.getByTestId('side-buy').check();
    await page.getByTestId('ticket-kind').selectOption('market');
    await page.getByTestId('ticket-amount').fill('25');
    await page.getByTestId('side-sell').check();
    await expect.poll(() => text(page, 'ticket-amount-note')).toContain('a market sell is sized in ETH');
    await page.getByTestId('ticket-kind').selectOption('limit');
    await page.getByTestId('ticket-price').fill('3131');
    await page.getByTestId('trade-market').selectOption('BTC_USDT');
    await expect.poll(() => page.getByTestId('ticket-price').inputValue()).toBe('');
    expect(await text(page, 'ticket-amount-note')).toBe(
      'The price 3,131 typed for ETH_USDT was cleared: the ticket is now on BTC_USDT.',
    );
    await shots(page, 'ticket-market-switch');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says a market buy larger than the book is more than the book holds, on the button and the order value', async () => {
    const { page, problems } = await openTrade();
    await page.getByTestId('ticket-kind').selectOption('stock_market');
    await page.getByTestId('ticket-amount').fill('5');
    await expect.poll(() => text(page, 'ticket-submit')).toContain('more than the book holds');
    expect(await text(page, 'ticket-submit')).not.toMatch(/about/);
    expect(await text(page, 'ticket-total')).toBe('more than the book holds');
    await shots(page, 'ticket-beyond-book-base');

    await page.getByTestId('ticket-kind').selectOption('market');
    await page.getByTestId('ticket-amount').fill('300000');
    await expect
      .poll(() => text(page, 'ticket-submit'))
      .toMatch(
        /^Buy BTC for 300,000 USDT \(more than the book holds: [\d.,]+ BTC\) — market · for Sandbox main$/,
      );
    // what may be spent is written to USDT's precision on this market
    expect(await text(page, 'ticket-available')).toMatch(/^\d{1,3}(,\d{3})*\.\d{2} USDT$/);
    await shots(page, 'ticket-beyond-book-quote');
    expect(problems).toEqual([]);
    await page.close();
  });
});
