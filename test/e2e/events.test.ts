import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withdrawPay } from '../../main/exchange/endpoints/main-account.ts';
import { artifact } from './paths.ts';
import { useAppSession, type OpenedPage } from './session.ts';

const app = useAppSession();

async function openEvents(): Promise<OpenedPage> {
  const opened = await app.openPage('#/events');
  await expect.poll(() => opened.page.getByTestId('view-events').isVisible()).toBe(true);
  return opened;
}

function entries(page: Page, kind?: string) {
  return page.locator(
    kind ? `[data-testid="event-entry"][data-kind="${kind}"]` : '[data-testid="event-entry"]',
  );
}

describe('the Events screen in Chromium', () => {
  it('shows an emitted mining alert with its time and words, and the kind filters hide and show it', async () => {
    const { page, problems } = await openEvents();
    await expect.poll(() => page.getByTestId('events-empty').isVisible()).toBe(true);
    const main = await app.account('Sandbox main');

    app.core.events.emit('mining.alert', {
      account: main.id,
      miningAccount: 'pool-7',
      kind: 'offline',
      online: 3,
      offline: 2,
      low: 0,
      message: '2 workers went offline',
    });
    await expect.poll(() => entries(page, 'mining').count()).toBe(1);
    const text = (await entries(page, 'mining').textContent()) ?? '';
    expect(text).toContain('Workers offline on pool-7');
    expect(text).toContain('2 workers went offline (online 3, offline 2, low 0)');
    // The account id is shown as its label.
    await expect
      .poll(async () => (await entries(page, 'mining').textContent()) ?? '')
      .toContain('Sandbox main');
    // Local time with seconds; UTC on hover.
    const time = entries(page, 'mining').locator('time');
    expect(await time.textContent()).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(await time.getAttribute('title')).toContain('UTC');

    app.core.events.emit('app.notice', { level: 'info', message: 'Later notice' });
    await expect.poll(() => entries(page).count()).toBe(2);
    // Newest first.
    expect(await entries(page).first().getAttribute('data-kind')).toBe('notice');

    await page.getByTestId('event-filter-mining').uncheck();
    await expect.poll(() => entries(page, 'mining').count()).toBe(0);
    expect(await entries(page, 'notice').count()).toBe(1);
    await page.getByTestId('event-filter-mining').check();
    await expect.poll(() => entries(page, 'mining').count()).toBe(1);
    await page.screenshot({ path: artifact('events-mining.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('with the receiver on and a sandbox webhook configured, shows a withdrawal’s events live and stored', async () => {
    const { page, problems } = await openEvents();
    const main = await app.account('Sandbox main');
    const sandbox = app.sandbox;

    await page.getByTestId('receiver-toggle').click();
    await expect.poll(() => page.getByTestId('receiver-state').textContent()).toContain('On');
    const address = (await page.getByTestId('receiver-address').textContent()) ?? '';
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook$/);

    // The user creates the webhook at the exchange with that address and copies its secret.
    const hook = sandbox.control.webhooks.create('main', address);
    await expect.poll(() => page.getByTestId('stored-account').inputValue()).toBe(main.id);
    await page.getByTestId('webhook-key').fill(hook.apiKey);
    await page.getByTestId('webhook-configure').click();
    await expect
      .poll(
        async () => (await page.getByTestId('stored-panel').getByTestId('error-notice').textContent()) ?? '',
      )
      .toContain('Copy the webhook secret to the clipboard first');
    app.desktop.clipboard = hook.apiSecret;
    await page.getByTestId('webhook-configure').click();
    await expect.poll(() => page.getByTestId('webhook-configured').isVisible()).toBe(true);
    expect(app.desktop.clipboard).toBeUndefined();
    await sandbox.control.webhooks.enable('main');

    await withdrawPay(await app.core.accounts.caller(main.id), {
      ticker: 'USDT',
      amount: '11',
      address: '0x000000000000000000000000000000000000feed',
      uniqueId: 'e2e-hook-1',
    });
    await sandbox.control.webhooks.flush();
    await expect.poll(() => entries(page, 'webhook').count()).toBe(2);
    const live = await entries(page, 'webhook').allTextContents();
    expect(live.join('\n')).toContain('Withdrawal created');
    expect(live.join('\n')).toContain('Withdrawal pending');
    for (const line of live) {
      expect(line).toContain('11 USDT');
      expect(line).toContain('id e2e-hook-1');
      expect(line).toContain('Sandbox main');
    }
    // The stored events of the account follow as they arrive.
    await expect.poll(() => page.getByTestId('stored-row').count()).toBe(2);
    await page.getByTestId('stored-reload').click();
    await expect.poll(() => page.getByTestId('stored-row').count()).toBe(2);

    await page.getByTestId('stored-reconcile').click();
    await expect.poll(() => page.getByTestId('stored-reconciled').isVisible()).toBe(true);
    await page.screenshot({ path: artifact('events-webhooks.png') });

    await page.getByTestId('receiver-toggle').click();
    await expect.poll(() => page.getByTestId('receiver-state').textContent()).toContain('Off');
    expect(await page.getByTestId('receiver-address').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
