/**
 * A service code applied on the Wallet screen in Chromium: the code is never typed nor shown, main
 * reads it from the clipboard after its own question; what the exchange refuses shows in words, what
 * came in shows with the code masked, and the balance holds it.
 */
import { Decimal } from 'decimal.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, ProcedureResult, ProposedView } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession();
let main: AccountView;
let alpha: AccountView;

beforeAll(async () => {
  main = await app.account('Sandbox main');
  alpha = await app.account('Sandbox sub-alpha');
});

const text = async (page: Page, testid: string) =>
  ((await page.getByTestId(testid).textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function usdt(account: AccountView): Promise<Decimal> {
  const all = await app.call<ProcedureResult<'wallet.balances'>>('wallet.balances', {
    accountId: account.id,
  });
  return new Decimal(all['USDT']?.main_balance ?? '0');
}

/** A code `account` made, left on the clipboard as the app leaves it. */
async function codeOf(account: AccountView, amount: string, passphrase?: string): Promise<string> {
  await app.call<Exclude<ProcedureResult<'wallet.createCode'>, ProposedView>>('wallet.createCode', {
    accountId: account.id,
    ticker: 'USDT',
    amount,
    ...(passphrase ? { passphrase } : {}),
  });
  return app.desktop.clipboard ?? '';
}

describe('a service code applied on the Wallet screen', () => {
  it("refuses the account's own code in words, then applies another's with its passphrase", async () => {
    const { page, problems } = await app.openPage('#/wallet');
    await expect.poll(() => text(page, 'wallet-account')).toContain('Sandbox main');
    const panel = page.getByTestId('apply-code-panel');
    await panel.scrollIntoViewIfNeeded();

    // its own code: main asks, takes the clipboard, and the exchange says no
    await codeOf(main, '1');
    app.desktop.confirmations.length = 0;
    await page.getByTestId('apply-code-send').click();
    await expect
      .poll(() => text(page, 'apply-code-panel'))
      .toContain('The exchange did not apply the code: This code was created by you.');
    expect(app.desktop.confirmations.map((q) => q.title)).toEqual([
      'Apply the service code on the clipboard to "Sandbox main"?',
    ]);
    expect(app.desktop.clipboard).toBeUndefined();

    // another account's code, with a passphrase: typed with a space first, refused on the screen
    const code = await codeOf(alpha, '7.5', 'pw-7!');
    await page.getByTestId('apply-code-passphrase').fill('pw 7!');
    await page.getByTestId('apply-code-send').click();
    await expect
      .poll(
        async () => (await page.getByTestId('apply-code-passphrase').locator('xpath=..').textContent()) ?? '',
      )
      .toContain('without spaces');
    expect(app.desktop.clipboard).toBe(code);
    await page.getByTestId('apply-code-passphrase').fill('pw-7!');
    const before = await usdt(main);
    await page.getByTestId('apply-code-send').click();
    await expect
      .poll(() => text(page, 'apply-code-applied'))
      .toBe(`✓ 7.5 USDT came into the main balance (code ${code.slice(0, 4)}…${code.slice(-4)}).`);
    expect((await usdt(main)).minus(before).toFixed()).toBe('7.5');
    expect(await page.content()).not.toContain(code);
    expect(await page.getByTestId('apply-code-passphrase').inputValue()).toBe('');

    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`wallet-apply-code-${String(width)}.png`) });
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists the codes the account made and applied, each masked, read again after one is made', async () => {
    const { page, problems } = await app.openPage('#/wallet');
    await expect.poll(() => text(page, 'wallet-account')).toContain('Sandbox main');
    const panel = page.getByTestId('codes-panel');
    await panel.scrollIntoViewIfNeeded();
    // made on this screen: the list reads it back at once, masked
    await page.getByTestId('code-ticker').selectOption('USDT');
    await page.getByTestId('code-amount').fill('2.25');
    await page.getByTestId('code-review').click();
    await page.getByTestId('code-send').click();
    await expect.poll(() => page.getByTestId('code-copied').isVisible()).toBe(true);
    const code = app.desktop.clipboard ?? '';
    const first = page.getByTestId('codes-row').first();
    await expect.poll(() => text(page, 'codes-table')).toContain(`${code.slice(0, 4)}…${code.slice(-4)}`);
    expect(((await first.getByTestId('codes-row-amount').textContent()) ?? '').trim()).toBe('2.25');
    expect(((await first.getByTestId('codes-row-status').textContent()) ?? '').trim()).toBe(
      'not applied yet',
    );
    // made and applied: the code applied earlier in from sub-alpha shows as applied here
    await page.getByTestId('codes-history').click();
    await expect
      .poll(async () => (await page.getByTestId('codes-row-way').allTextContents()).map((t) => t.trim()))
      .toContain('↓ applied here');
    expect(await page.content()).not.toContain(code);
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`wallet-codes-${String(width)}.png`) });
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
