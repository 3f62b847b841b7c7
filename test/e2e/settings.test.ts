// Settings in Chromium: the exchange to connect to at the next start, the order confirmations the
// Trade screen asks (the budget per minute among them), and the webhook receiver's trusted proxy.
import { describe, expect, it } from 'vitest';
import { loadConnectionChoice } from '../../main/features/connection/settings.ts';
import { artifact } from './paths.ts';
import { useAppSession, type OpenedPage } from './session.ts';

const app = useAppSession();

async function openSettings(): Promise<OpenedPage> {
  const opened = await app.openPage('#/settings');
  await expect.poll(() => opened.page.locator('main h1').textContent()).toBe('Settings');
  return opened;
}

describe('Settings in Chromium', () => {
  it('saves a live connection for the next start, refusing an insecure address next to its field', async () => {
    const { page, problems } = await openSettings();
    await expect
      .poll(() => page.getByTestId('connection-running').textContent())
      .toBe('the embedded sandbox');
    await page.getByTestId('connection-live').check();
    await page.getByTestId('connection-rest').fill('http://exchange.example');
    await page.getByTestId('connection-ws').fill('wss://ws.exchange.example');
    await page.getByTestId('connection-save').click();
    const restError = page.getByTestId('connection-settings').locator('[data-testid="error-notice"]');
    await expect.poll(() => restError.first().textContent()).toContain('https:// address of the REST base');
    expect(loadConnectionChoice(app.core.environment.dataDir)).toEqual({ kind: 'sandbox' });
    await page.screenshot({ path: artifact('settings-connection-refused.png') });

    await page.getByTestId('connection-rest').fill('https://exchange.example/');
    await page.getByTestId('connection-save').click();
    await expect
      .poll(() => page.getByTestId('connection-restart-note').textContent())
      .toBe('Saved. Applies at the next start.');
    expect(await restError.count()).toBe(0);
    expect(loadConnectionChoice(app.core.environment.dataDir)).toEqual({
      kind: 'live',
      restUrl: 'https://exchange.example',
      wsUrl: 'wss://ws.exchange.example',
    });
    // The browser host cannot restart the app, so no button offers it.
    expect(await page.getByTestId('connection-restart').count()).toBe(0);
    await page.screenshot({ path: artifact('settings-connection.png') });

    // Back to the sandbox: the running connection again, nothing waits for a restart.
    await page.getByTestId('connection-sandbox').check();
    await page.getByTestId('connection-save').click();
    await expect.poll(() => loadConnectionChoice(app.core.environment.dataDir)).toEqual({ kind: 'sandbox' });
    await expect.poll(() => page.getByTestId('connection-restart-note').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the order guards in main: a value that is not a number is refused, loosening asks natively', async () => {
    const { page, problems } = await openSettings();
    await expect.poll(() => page.getByTestId('guard-band').inputValue()).toBe('5');
    const summary = page.getByTestId('confirm-summary-setting');
    expect(await summary.textContent()).toContain(
      "priced more than 5 % from the market price or worth more than 25 % of its account's equity asks first",
    );
    // the share of the equity is on by default, shown and changeable here
    expect(await page.getByTestId('guard-equity').inputValue()).toBe('25');
    expect(await summary.textContent()).not.toContain('without a question');

    await page.getByTestId('guard-notional').fill('12,5');
    await page.getByTestId('guard-save').click();
    await expect
      .poll(() => page.getByTestId('guard-error').textContent())
      .toContain('Type a positive number');
    await page.getByTestId('guard-notional').fill('2500');
    await page.getByTestId('guard-market-add').click();
    await page.getByTestId('guard-market-name').fill('BTC_USDT');
    await page.getByTestId('guard-market-pct').fill('2');
    const asked = app.desktop.confirmations.length;
    await page.getByTestId('guard-save').click();
    await expect.poll(() => page.getByTestId('guard-saved').isVisible()).toBe(true);
    // Only tighter: nothing asked natively.
    expect(app.desktop.confirmations.length).toBe(asked);
    expect(await summary.textContent()).toContain(
      "(2 % on BTC_USDT) or worth more than 2500 USDT or worth more than 25 % of its account's equity",
    );
    expect(await app.call('guards.settings')).toEqual({
      bandPct: '5',
      markets: { BTC_USDT: '2' },
      notionalCeiling: '2500',
      equityPct: '25',
      velocityCeiling: '',
      velocityPct: '50',
    });
    // a lower share is tighter: saved at once
    await page.getByTestId('guard-equity').fill('10');
    await page.getByTestId('guard-save').click();
    await expect
      .poll(async () => (await summary.textContent()) ?? '')
      .toContain("10 % of its account's equity");
    expect(app.desktop.confirmations.length).toBe(asked);

    // A wider band is confirmed in main's own dialog; declined, nothing changes.
    app.desktop.confirmAnswer = false;
    await page.getByTestId('guard-band').fill('20');
    await page.getByTestId('guard-save').click();
    await expect.poll(() => page.getByTestId('guard-error').textContent()).toContain('was not confirmed');
    expect(app.desktop.confirmations.at(-1)?.facts).toEqual([{ label: 'Price band', value: '5 % → 20 %' }]);
    app.desktop.confirmAnswer = true;
    await page.getByTestId('guard-market-remove').click();
    await page.getByTestId('guard-band').fill('5');
    await page.getByTestId('guard-notional').fill('');
    await page.getByTestId('guard-equity').fill('25');
    await page.getByTestId('guard-save').click();
    await expect.poll(() => page.getByTestId('guard-saved').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('guard-band').inputValue()).toBe('5');
    expect(await page.getByTestId('guard-market-row').count()).toBe(0);
    expect(app.desktop.confirmations.at(-1)?.facts).toContainEqual({
      label: "Share of the account's equity",
      value: '10 % → 25 %',
    });
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`settings-guards-${String(width)}.png`) });
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the budget per minute beside the other guards, and trusts a webhook proxy only as an address, after main asked', async () => {
    const { page, problems } = await openSettings();
    await expect.poll(() => page.getByTestId('guard-velocity-equity').inputValue()).toBe('50');
    expect(await page.getByTestId('guard-velocity-notional').inputValue()).toBe('');
    expect(await page.getByTestId('confirm-summary-setting').textContent()).toContain(
      "The order that takes an account's orders of the last minute past 50 % of its equity asks too",
    );
    await expect
      .poll(() => page.getByTestId('webhook-proxy-summary').textContent())
      .toContain('No proxy is trusted');
    await page.getByTestId('webhook-proxy-address').fill('proxy.local');
    await page.getByTestId('webhook-proxy-save').click();
    await expect
      .poll(() => page.getByTestId('webhook-proxy-error').textContent())
      .toContain('"proxy.local" is not an IP address');
    const asked = app.desktop.confirmations.length;
    await page.getByTestId('webhook-proxy-address').fill('127.0.0.1');
    await page.getByTestId('webhook-proxy-save').click();
    await expect
      .poll(() => page.getByTestId('webhook-proxy-summary').textContent())
      .toBe('Trusted proxy: 127.0.0.1.');
    expect(app.desktop.confirmations.slice(asked).map((q) => q.title)).toEqual([
      'Trust the proxy at 127.0.0.1 to name webhook senders?',
    ]);
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('webhook-proxy-settings').scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`settings-webhook-proxy-${String(width)}.png`) });
      await page.getByTestId('guard-velocity-notional').scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`settings-guards-minute-${String(width)}.png`) });
    }
    await page.getByTestId('webhook-proxy-address').fill('');
    await page.getByTestId('webhook-proxy-save').click();
    await expect
      .poll(() => page.getByTestId('webhook-proxy-summary').textContent())
      .toContain('No proxy is trusted');
    expect(problems).toEqual([]);
    await page.close();
  });
});
