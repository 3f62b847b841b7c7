/**
 * Convert and service code on the Wallet screen in Chromium: the exchange's quote is shown with what
 * is given, what comes back, the rate and the seconds it holds, main's question names the same quote,
 * and what moves is what it said; a service code goes to the clipboard, the screen keeps only a hint.
 */
import { Decimal } from 'decimal.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, ProcedureResult } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { useAppSession, type OpenedPage } from './session.ts';

const app = useAppSession();
let main: AccountView;

beforeAll(async () => {
  main = await app.account('Sandbox main');
});

async function mainBalance(ticker: string): Promise<Decimal> {
  const balances = await app.call<ProcedureResult<'wallet.balances'>>('wallet.balances', {
    accountId: main.id,
  });
  return new Decimal(balances[ticker]?.main_balance ?? '0');
}

const text = async (page: Page, testid: string) =>
  ((await page.getByTestId(testid).textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function openWallet(): Promise<OpenedPage> {
  const opened = await app.openPage('#/wallet');
  const { page } = opened;
  await expect.poll(() => page.getByTestId('view-wallet').isVisible()).toBe(true);
  await expect.poll(() => text(page, 'wallet-account')).toContain('Sandbox main');
  await expect
    .poll(() => page.locator('[data-testid="wallet-balance-row"][data-ticker="USDT"]').count())
    .toBe(1);
  return opened;
}

describe('convert and service code on the Wallet screen', () => {
  it('converts USDT to BTC after a review, and creates a service code', async () => {
    const { page, problems } = await openWallet();
    const usdt = await mainBalance('USDT');
    const btc = await mainBalance('BTC');

    await page.getByTestId('convert-from').selectOption('USDT');
    await page.getByTestId('convert-to').selectOption('USDT');
    await page.getByTestId('convert-amount').fill('10');
    await page.getByTestId('convert-review').click();
    await expect
      .poll(async () => (await page.getByTestId('convert-to').locator('xpath=..').textContent()) ?? '')
      .toContain('Choose another currency to receive.');
    await page.getByTestId('convert-to').selectOption('BTC');
    await page.getByTestId('convert-review').click();
    // the exchange's quote: what is given, what comes back, the rate and the seconds left
    await expect.poll(() => text(page, 'convert-give')).toBe('10 USDT (exactly)');
    const quoted = /^([\d.]+) BTC$/.exec(await text(page, 'convert-receive'))?.[1] ?? '';
    expect(new Decimal(quoted).gt(0)).toBe(true);
    expect(await text(page, 'convert-rate')).toMatch(/^1 USDT = 0\.\d+ BTC$/);
    expect(await text(page, 'convert-expiry')).toMatch(/^in (10|\d) s$/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('convert-confirm').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('wallet-convert-quote-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: artifact('wallet-convert-quote-1440.png') });
    await page.getByTestId('convert-send').click();
    await expect.poll(() => text(page, 'convert-done')).toBe(`✓ Gave 10 USDT, received ${quoted} BTC.`);
    // main's question named the same quote, and what moved is what it said
    const question = app.desktop.confirmations.at(-1);
    expect(question?.facts).toContainEqual({ label: 'You receive', value: `${quoted} BTC` });
    expect(usdt.minus(await mainBalance('USDT')).toFixed()).toBe('10');
    expect((await mainBalance('BTC')).minus(btc).toFixed()).toBe(new Decimal(quoted).toFixed());

    await page.getByTestId('code-ticker').selectOption('USDT');
    await page.getByTestId('code-amount').fill('5');
    await page.getByTestId('code-passphrase').fill('has space');
    await page.getByTestId('code-review').click();
    await expect
      .poll(async () => (await page.getByTestId('code-passphrase').locator('xpath=..').textContent()) ?? '')
      .toContain('without spaces');
    await page.getByTestId('code-passphrase').fill('s3cret!');
    // More than the balance: the exchange refuses it, and the refusal shows next to the amount.
    await page.getByTestId('code-amount').fill('100000000');
    await page.getByTestId('code-review').click();
    await page.getByTestId('code-send').click();
    await expect
      .poll(async () => (await page.getByTestId('code-amount').locator('xpath=..').textContent()) ?? '')
      .toMatch(/balance/i);
    await page.getByTestId('code-amount').fill('5');
    await page.getByTestId('code-review').click();
    await expect.poll(() => text(page, 'code-confirm')).toContain('5 USDT leaves the main balance now');
    const beforeCode = await mainBalance('USDT');
    await page.getByTestId('code-send').click();
    // The code goes to the clipboard from main; the screen shows only a masked hint.
    await expect.poll(() => page.getByTestId('code-copied').isVisible()).toBe(true);
    const code = app.desktop.clipboard ?? '';
    expect(code).toMatch(/^TXCUSDT[0-9A-F]+$/);
    expect(await text(page, 'code-hint')).toBe(`${code.slice(0, 4)}…${code.slice(-4)}`);
    expect(await page.content()).not.toContain(code);
    expect(beforeCode.minus(await mainBalance('USDT')).toFixed()).toBe('5');
    await page.setViewportSize({ width: 1280, height: 2400 });
    await page.locator('#view-title').focus();
    await page.screenshot({ path: artifact('wallet-convert-code.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('never sends a quote past its time: the person asks a fresh one and sees its rate first', async () => {
    const { page, problems } = await openWallet();
    // the page's clock, moved past the quote's 10 s (main's and the exchange's run on)
    await page.clock.install();
    const asked = app.desktop.confirmations.length;
    await page.getByTestId('convert-from').selectOption('USDT');
    await page.getByTestId('convert-to').selectOption('BTC');
    await page.getByTestId('convert-amount').fill('12');
    await page.getByTestId('convert-review').click();
    await expect.poll(() => text(page, 'convert-give')).toBe('12 USDT (exactly)');
    await page.clock.fastForward(11_000);
    await expect
      .poll(() => text(page, 'convert-expiry'))
      .toBe('expired: ask a fresh quote, its rate may differ');
    expect(await text(page, 'convert-send')).toBe('Ask a fresh quote');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('convert-confirm').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('wallet-convert-expired-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: artifact('wallet-convert-expired-1440.png') });
    const usdt = await mainBalance('USDT');
    // the press asks a fresh quote; nothing is asked in main's dialog, nothing converted
    await page.getByTestId('convert-send').click();
    await expect.poll(() => page.getByTestId('convert-give').count()).toBe(1);
    expect(app.desktop.confirmations.length).toBe(asked);
    expect((await mainBalance('USDT')).toFixed()).toBe(usdt.toFixed());
    // back at the time main and the exchange keep, the fresh quote is live and is what converts
    await page.clock.setSystemTime(Date.now());
    await expect.poll(() => text(page, 'convert-expiry')).toMatch(/^in (10|\d) s$/);
    const fresh = /^([\d.]+) BTC$/.exec(await text(page, 'convert-receive'))?.[1] ?? '';
    await page.getByTestId('convert-send').click();
    await expect.poll(() => text(page, 'convert-done')).toBe(`✓ Gave 12 USDT, received ${fresh} BTC.`);
    expect(app.desktop.confirmations.slice(asked).map((q) => q.facts[2])).toEqual([
      { label: 'You receive', value: `${fresh} BTC` },
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
