import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../support/core.ts';
import { launchChromium, type Chromium } from './chromium.ts';
import { startBrowserHost, type BrowserHost } from './host.ts';
import { artifact, RENDERER_DIR } from './paths.ts';

let core: TestCore;
let host: BrowserHost;
let browser: Chromium;

beforeAll(async () => {
  core = await createTestCore();
  host = await startBrowserHost(core, RENDERER_DIR);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await core?.close();
});

describe('the Trade screen in Chromium', () => {
  it('checks a limit order as it is typed, fixes the price in one click, places it and cancels it', async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    await page.goto(`${host.url}#/trade`);
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await expect
      .poll(
        async () => (await page.getByTestId('trade-account').locator('option:checked').textContent()) ?? '',
      )
      .toContain('Sandbox main');
    expect(await page.getByTestId('market-hint').textContent()).toContain('tick 0.1');

    await page.getByTestId('ticket-amount').fill('0.001');
    await page.getByTestId('ticket-price').fill('30000.123');
    await expect.poll(() => page.getByTestId('issue-price').textContent()).toContain('multiple of 0.1');
    expect(await page.getByTestId('fix-price').allTextContents()).toEqual(['30000.1', '30000.2']);
    expect(await page.getByTestId('ticket-submit').isDisabled()).toBe(true);
    await page.screenshot({ path: artifact('trade-issue.png') });

    await page.getByTestId('fix-price').first().click();
    expect(await page.getByTestId('ticket-price').inputValue()).toBe('30000.1');
    await expect.poll(() => page.getByTestId('issue-price').count()).toBe(0);
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    expect(await page.getByTestId('ticket-submit').textContent()).toBe('Buy 0.001 BTC at 30000.1 — limit');

    // Enter in a field places the order; it shows up among the active orders.
    await page.getByTestId('ticket-price').press('Enter');
    await expect.poll(() => page.getByTestId('place-result').textContent()).toContain('Placed order #');
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    const row = (await page.getByTestId('active-order').textContent()) ?? '';
    expect(row).toContain('30000.1');
    expect(row).toContain('0.001');
    await page.screenshot({ path: artifact('trade-active.png') });

    await page.getByTestId('cancel-order').click();
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);
    expect(await page.getByTestId('active-empty').isVisible()).toBe(true);

    // Esc clears the ticket.
    await page.getByTestId('ticket-amount').press('Escape');
    expect(await page.getByTestId('ticket-amount').inputValue()).toBe('');
    expect(await page.getByTestId('ticket-price').inputValue()).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refreshes active orders when an order placed elsewhere is pushed over the WebSocket', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${host.url}#/trade`);
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await expect.poll(() => page.getByTestId('active-empty').textContent()).toContain('No open orders');
    const accounts = (await core.router.dispatch('accounts.list', undefined, { origin: 'test' })) as {
      ok: true;
      value: Array<{ id: string; label: string }>;
    };
    const main = accounts.value.find((a) => a.label === 'Sandbox main');
    const placed = (await core.router.dispatch(
      'orders.place',
      {
        accountId: main?.id,
        draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.002', price: '29000' },
      },
      { origin: 'test' },
    )) as { ok: boolean };
    expect(placed.ok).toBe(true);
    await expect.poll(() => page.getByTestId('active-order').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('active-order').textContent()).toContain('29000');
    await page.close();
  });

  it('shows the exchange refusing an order next to the field it names, and checks stop orders too', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${host.url}#/trade`);
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);

    // The rules pass, but the account cannot pay for it: the exchange's words appear under Amount.
    await page.getByTestId('ticket-amount').fill('100');
    await page.getByTestId('ticket-price').fill('30000');
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    expect(await page.getByTestId('ticket-submit').textContent()).toBe('Buy 100 BTC at 30000 — limit');
    await page.getByTestId('ticket-submit').click();
    await expect
      .poll(() => page.getByTestId('place-error-amount').textContent())
      .toContain('Not enough balance');
    expect(await page.getByTestId('active-order').count()).toBe(1);

    // Typing again clears the refusal; a stop-limit's activation price is checked like the price.
    await page.getByTestId('ticket-kind').selectOption('stop_limit');
    await page.getByTestId('ticket-amount').fill('0.001');
    expect(await page.getByTestId('place-error-amount').count()).toBe(0);
    await page.getByTestId('ticket-activation').fill('31000.05');
    await expect
      .poll(() => page.getByTestId('fix-activation_price').allTextContents())
      .toEqual(['31000', '31000.1']);
    await page.getByTestId('fix-activation_price').first().click();
    await expect.poll(() => page.getByTestId('issue-activation_price').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('ticket-submit').textContent())
      .toBe('Buy 0.001 BTC at 30000 when the price reaches 31000 — stop-limit');

    // A market buy is sized in the quote asset.
    await page.getByTestId('ticket-kind').selectOption('market');
    await page.getByTestId('ticket-amount').fill('25');
    await expect
      .poll(() => page.getByTestId('ticket-submit').textContent())
      .toBe('Buy BTC for 25 USDT — market');
    await page.screenshot({ path: artifact('trade-market.png') });

    // Global shortcuts while the Trade screen is open: S turns the ticket to sell, Ctrl+Shift+X cancels all.
    await page.locator('main h1').click();
    await page.keyboard.press('s');
    await expect.poll(() => page.getByTestId('ticket-submit').textContent()).toBe('Sell 25 BTC — market');
    expect(await page.getByTestId('side-sell').isChecked()).toBe(true);
    await page.locator('main h1').click();
    await page.keyboard.press('Control+Shift+X');
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);
    await page.close();
  });
});
