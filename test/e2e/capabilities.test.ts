// The capabilities added to the screens, in the real renderer in Chromium against the sandbox: the
// collateral account on Positions, moves between balances and flex on Wallet, one sub-account's
// transfer, key reset and discovery on Sub-accounts, and the signed-request log on Events.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 15_000 });

const text = async (page: Page, testid: string) =>
  ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 1800 });
    await page.screenshot({ path: artifact(`${name}-${String(width)}.png`), fullPage: true });
  }
}

describe('capabilities on the screens', () => {
  it('Positions: switches hedge mode after the native question and shows free margin and balances', async () => {
    const { page, problems } = await app.openPage('#/positions');
    await expect.poll(() => text(page, 'hedge-mode-value')).toBe('One-way');
    await expect.poll(() => text(page, 'free-margin')).toMatch(/USDT$/);
    app.desktop.confirmations.length = 0;
    await page.getByTestId('hedge-mode-switch').click();
    await expect.poll(() => text(page, 'hedge-mode-value')).toBe('Hedge (long and short at once)');
    expect(app.desktop.confirmations[0]?.title).toBe('Turn on hedge mode for "Sandbox main"?');
    await shots(page, 'capabilities-positions');
    await page.getByTestId('hedge-mode-switch').click();
    await expect.poll(() => text(page, 'hedge-mode-value')).toBe('One-way');
    expect(problems).toEqual([]);
  });

  it('Wallet: refuses nine decimals in words, moves funds after the question, closes a flex investment', async () => {
    const { page, problems } = await app.openPage('#/wallet');
    await expect.poll(() => page.getByTestId('flex-row').count()).toBe(4);
    await page.getByTestId('move-amount').fill('1.123456789');
    await page.getByTestId('move-send').click();
    await expect
      .poll(() => text(page, 'move-panel'))
      .toContain('A transfer allows at most 8 decimal places.');
    await page.getByTestId('move-amount').fill('2.5');
    await page.getByTestId('move-send').click();
    await expect.poll(() => text(page, 'move-done')).toBe('✓ Moved 2.5 USDT from Main to Spot (trade).');
    await page.getByTestId('flex-close').first().click();
    await expect.poll(() => text(page, 'flex-closed')).toContain('the funds are on the main balance');
    await expect.poll(() => page.getByTestId('flex-close').count()).toBe(2);
    await shots(page, 'capabilities-wallet');
    expect(problems).toEqual([]);
  });

  it('Sub-accounts: one transfer and a key reset, each named in the question; finds unregistered ones', async () => {
    const noretail = await app.account('Sandbox sub-noretail');
    await app.core.accounts.registry.remove(noretail.id);
    const { page, problems } = await app.openPage('#/sub-accounts');
    const alpha = await app.account('Sandbox sub-alpha');
    await expect.poll(() => page.locator('[data-testid="one-sub-select"] option').count()).toBeGreaterThan(2);
    await page.getByTestId('one-sub-select').selectOption(alpha.id);
    await page.getByTestId('one-sub-amount').fill('abc');
    await page.getByTestId('one-sub-transfer').click();
    await expect.poll(() => text(page, 'one-sub-panel')).toContain('must be');
    await page.getByTestId('one-sub-amount').fill('3');
    app.desktop.confirmations.length = 0;
    await page.getByTestId('one-sub-transfer').click();
    await expect.poll(() => text(page, 'one-sub-outcome')).toMatch(/^✓ Sent 3 USDT to Sandbox sub-alpha/);
    expect(app.desktop.confirmations[0]?.title).toBe(
      'Send 3 USDT from the main account to "Sandbox sub-alpha"?',
    );

    await page.getByTestId('one-sub-reset').click();
    await expect.poll(() => text(page, 'one-sub-outcome')).toContain('the new secret is in the keychain');
    const fresh = app.sandbox.accounts.find((a) => a.label === 'sub-alpha');
    expect(await page.content()).not.toContain(fresh?.apiSecret ?? 'no secret');

    await page.getByTestId('find-subs').click();
    await expect.poll(() => page.getByTestId('found-choose').count()).toBe(1);
    await page.getByTestId('found-choose').check();
    await page.getByTestId('found-label').fill('Found no-retail');
    await shots(page, 'capabilities-sub-accounts');
    await page.getByTestId('found-add').click();
    await expect
      .poll(() => text(page, 'one-sub-outcome'))
      .toContain('Each still needs its API key and secret');
    expect((await app.account('Found no-retail')).needsKey).toBe(true);
    expect(problems).toEqual([]);
  });

  it('Events: the signed-request log filters by request, and a webhook key is removed after the question', async () => {
    const main = await app.account('Sandbox main');
    app.desktop.clipboard = '7'.repeat(32);
    await app.call('webhooks.configure', { accountId: main.id, apiKey: 'e'.repeat(32) });
    const { page, problems } = await app.openPage('#/events');
    await expect
      .poll(() => page.locator('[data-testid="audit-grid"] [role="row"]').count())
      .toBeGreaterThan(2);
    await page.getByTestId('audit-path').fill('main-account/transfer');
    await page.getByTestId('audit-apply').click();
    await expect
      .poll(() => page.locator('[data-testid="audit-grid"] [role="row"]').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('main-account/transfer')]));
    await page.getByTestId('stored-account').selectOption(main.id);
    await expect.poll(() => page.getByTestId('webhook-remove').count()).toBe(1);
    await shots(page, 'capabilities-events');
    app.desktop.confirmations.length = 0;
    await page.getByTestId('webhook-remove').click();
    await expect.poll(() => page.getByTestId('webhook-remove').count()).toBe(0);
    expect(app.desktop.confirmations[0]?.title).toBe('Remove the webhook key of "Sandbox main"?');
    expect(problems).toEqual([]);
  });
});
