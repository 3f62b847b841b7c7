/**
 * On BTC_PERP in Chromium: a ladder of collateral limit orders placed after main's one question, its
 * rungs in the open-order list and on the chart; an OCO whose result names both legs, listed as a
 * linked pair, one leg cancelled taking the other; the Trade screen with each kind (limit, stop-limit,
 * trigger-market, OCO, ladder) looked at 1280 and 1440 px wide.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 15_000 });
let main = '';
const MARKET = 'BTC_PERP';

beforeAll(async () => {
  main = (await app.account('Sandbox main')).id;
  app.sandbox.control.setPrice(MARKET, '64000');
});

const open = () => app.call<OrderView[]>('orders.active', { accountId: main, market: MARKET });
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
    const { page, problems } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await expect
      .poll(async () => (await page.getByTestId('trade-account').textContent()) ?? '')
      .toContain('Sandbox main');
    await page.getByTestId('trade-market').selectOption(MARKET);
    await expect.poll(() => page.getByTestId('ticket-kind').locator('option').count()).toBe(5);

    // each single kind as a person fills it
    const kinds: Array<[string, Record<string, string>]> = [
      ['collateral_limit', { 'ticket-price': '63500' }],
      ['collateral_stop_limit', { 'ticket-price': '64600', 'ticket-activation': '64500' }],
      ['collateral_trigger_market', { 'ticket-activation': '64500' }],
      [
        'collateral_oco',
        { 'ticket-price': '65000', 'ticket-activation': '63000', 'ticket-stop-limit-price': '62900' },
      ],
    ];
    for (const [kind, fields] of kinds) {
      await page.getByTestId('ticket-kind').selectOption(kind);
      await page.getByTestId(kind === 'collateral_oco' ? 'side-sell' : 'side-buy').check();
      await page.getByTestId('ticket-amount').fill('0.002');
      for (const [id, value] of Object.entries(fields)) await page.getByTestId(id).fill(value);
      await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
      await shoot(page, kind);
    }

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
    await page.getByTestId('ticket-kind').selectOption('collateral_oco');
    await page.getByTestId('side-sell').check();
    await page.getByTestId('ticket-amount').fill('0.002');
    await page.getByTestId('ticket-price').fill('65000');
    await page.getByTestId('ticket-activation').fill('63000');
    await page.getByTestId('ticket-stop-limit-price').fill('62900');
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    await page.getByTestId('ticket-submit').click();
    await expect
      .poll(async () => (await page.getByTestId('place-result').textContent()) ?? '')
      .toMatch(
        /^Placed OCO: limit leg #(\d+) at 65,000; stop-limit leg #(\d+) triggering at 63,000, then limit 62,900\./,
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
