// Settings in Chromium: the exchange to connect to at the next start, and the order confirmations
// the Trade screen asks.
import { describe, expect, it } from 'vitest';
import { loadConnectionChoice } from '../../main/services/connection-settings.ts';
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

  it('keeps order confirmation limits the Trade screen reads, refusing a value that is not a number', async () => {
    const { page, problems } = await openSettings();
    await page.getByTestId('confirm-notional').fill('12,5');
    await expect.poll(() => page.getByTestId('confirm-notional-problem').textContent()).not.toBe('');
    await page.getByTestId('confirm-notional').fill('2500');
    await expect.poll(() => page.getByTestId('confirm-notional-problem').textContent()).toBe('');
    await expect
      .poll(() => page.getByTestId('confirm-summary-setting').textContent())
      .toContain('worth more than 2500 in the quote asset');
    await page.reload();
    await expect.poll(() => page.getByTestId('confirm-notional').inputValue()).toBe('2500');
    expect(problems).toEqual([]);
    await page.close();
  });
});
