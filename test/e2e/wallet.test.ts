import { Decimal } from 'decimal.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, ProcedureResult } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { useAppSession, type OpenedPage } from './session.ts';

const app = useAppSession();
/** A valid ERC20 address (EIP-55 mixed case). */
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
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
  await expect.poll(() => page.getByTestId('transfer-row').count()).toBeGreaterThan(0);
  return opened;
}

describe('the Wallet screen in Chromium', () => {
  it('withdraws with the fee and the total debited shown and confirmed first, then finds it in the history', async () => {
    const { page, problems } = await openWallet();
    const usdtRow = page.locator('[data-testid="wallet-balance-row"][data-ticker="USDT"]');
    // The 500 USDT deposit still confirming shows as held.
    expect(await usdtRow.getByTestId('wallet-pending').textContent()).toBe('500');
    const before = await mainBalance('USDT');

    // Withdraw… on the USDT row fills the form and puts the cursor in the address.
    await usdtRow.getByRole('button', { name: 'Withdraw USDT' }).click();
    await expect.poll(() => page.locator('[data-testid="withdraw-address"]:focus').count()).toBe(1);
    expect(await page.getByTestId('withdraw-ticker').inputValue()).toBe('USDT');
    expect(await page.getByTestId('withdraw-network').inputValue()).toBe('ERC20');
    const addressLabel = page.getByTestId('withdraw-address').locator('xpath=..');
    // An address that cannot exist on ERC20 is refused as it is typed, and on review, naming it.
    await page.getByTestId('withdraw-address').fill('hello world');
    await expect
      .poll(async () => (await addressLabel.getByTestId('field-error').textContent()) ?? '')
      .toContain('"hello world" cannot exist on ERC20');
    await page.getByTestId('withdraw-amount').fill('20');
    await page.getByTestId('withdraw-review').click();
    await expect
      .poll(async () => (await addressLabel.getByTestId('field-error').textContent()) ?? '')
      .toContain('"hello world" cannot exist on ERC20');
    expect(await page.getByTestId('withdraw-confirm').count()).toBe(0);

    await page.getByTestId('withdraw-address').fill(ADDRESS);
    await expect
      .poll(() => text(page, 'withdraw-address-status'))
      .toBe('A valid ERC20 address, but not in your address book: you will be asked to confirm it.');
    expect(await addressLabel.getByTestId('field-error').count()).toBe(0);

    // More than is free: refused next to the amount, in words, before anything is sent.
    await page.getByTestId('withdraw-amount').fill('99999999');
    await page.getByTestId('withdraw-review').click();
    const amountLabel = page.getByTestId('withdraw-amount').locator('xpath=..');
    await expect
      .poll(async () => (await amountLabel.getByTestId('field-error').textContent()) ?? '')
      .toMatch(/The largest withdrawal is|free on the main balance/);
    expect(await page.getByTestId('withdraw-confirm').count()).toBe(0);

    // An exponent is named as what is wrong, not called "not above 0".
    await page.getByTestId('withdraw-amount').fill('1e3');
    await page.getByTestId('withdraw-review').click();
    await expect
      .poll(async () => (await amountLabel.getByTestId('field-error').textContent()) ?? '')
      .toContain('Write the amount in digits, without an exponent');
    // the limits beside it in the one number format, grouped
    expect(await text(page, 'withdraw-limits')).toMatch(/max \d{1,3}(,\d{3})+/);

    await page.getByTestId('withdraw-amount').fill('12.5');
    expect(await amountLabel.getByTestId('field-error').count()).toBe(0);
    // the fee this account pays, from its own fee schedule
    expect(await text(page, 'withdraw-quote')).toBe(
      "Receiver gets 12.5 USDT, this account's fee 1 USDT, total debited 13.5 USDT",
    );
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('withdraw-quote').scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`wallet-withdraw-fee-${String(width)}.png`) });
    }
    await page.getByTestId('withdraw-amount').press('Enter');
    // The last step is a modal over the screen with every fact of the withdrawal.
    const modal = page.getByTestId('withdraw-confirm');
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await modal.evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await text(page, 'withdraw-confirm-ticker')).toBe('USDT');
    expect(await text(page, 'withdraw-confirm-network')).toBe('ERC20');
    expect(await text(page, 'withdraw-confirm-address')).toBe(ADDRESS);
    expect(await text(page, 'withdraw-confirm-amount')).toBe('12.5 USDT');
    expect(await text(page, 'withdraw-confirm-fee')).toBe('1 USDT');
    expect(await text(page, 'withdraw-confirm-total')).toBe('13.5 USDT');
    expect(await text(page, 'withdraw-confirm-book')).toBe('not in the book');
    const uniqueId = await text(page, 'withdraw-unique-id');
    expect(uniqueId).toMatch(/^desk-w-[0-9a-f]{24}$/);
    expect(await text(page, 'withdraw-send')).toBe('Send — debit 13.5 USDT');
    // Not in the book: Send works only once the person ticks that the address is the right one.
    expect(await page.getByTestId('withdraw-send').isDisabled()).toBe(true);
    await page.getByTestId('withdraw-unknown-ack').check();
    expect(await page.getByTestId('withdraw-send').isDisabled()).toBe(false);
    await page.screenshot({ path: artifact('wallet-withdraw-confirm.png') });
    // Nothing has moved yet.
    expect((await mainBalance('USDT')).toFixed()).toBe(before.toFixed());

    app.desktop.confirmations.length = 0;
    await page.getByTestId('withdraw-send').click();
    await expect.poll(() => text(page, 'withdraw-done')).toContain(`12.5 USDT started: id ${uniqueId}`);
    expect(await modal.count()).toBe(0);
    // Main asked its own question with the same facts, warning that the address is not in the book.
    const [question] = app.desktop.confirmations;
    expect(question?.facts).toEqual(
      expect.arrayContaining([
        { label: 'Network', value: 'ERC20' },
        { label: 'Address', value: ADDRESS },
        { label: 'Total debited', value: '13.5 USDT' },
      ]),
    );
    expect(question?.warning).toMatch(/NOT in your address book/);
    expect(before.minus(await mainBalance('USDT')).toFixed()).toBe('13.5');

    const row = page.locator(`[data-testid="transfer-row"][data-unique-id="${uniqueId}"]`);
    await expect.poll(() => row.count()).toBe(1);
    const cells = (await row.locator('td').allTextContents()).map((c) => c.trim());
    expect(cells.slice(1, 7)).toEqual(['withdrawal', 'USDT', '12.5', '1', 'ERC20', 'pending']);
    expect(await row.getAttribute('class')).toContain('marked');
    // The balance table follows, and the chart has gained a sample.
    await expect
      .poll(async () => (await usdtRow.getByTestId('wallet-main').textContent())?.replace(/,/g, ''))
      .toBe((await mainBalance('USDT')).toFixed());
    await expect.poll(() => text(page, 'wallet-chart-age')).toMatch(/^(1 sample|[\d,]+ samples), newest/);
    // Tall enough for the whole screen (the frame scrolls inside, not the page).
    await page.setViewportSize({ width: 1280, height: 2400 });
    await page.locator('#view-title').focus();
    await page.screenshot({ path: artifact('wallet-withdrawn.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps labelled addresses in the book and withdraws to a saved one without the extra tick', async () => {
    const { page, problems } = await openWallet();
    const bookAddress = page.getByTestId('book-address').locator('xpath=..');
    // An ERC20 address on TRC20 cannot exist there: not added, the field says why.
    await page.getByTestId('book-label').fill('Treasury');
    await page.getByTestId('book-network').selectOption('TRC20');
    await page.getByTestId('book-address').fill(ADDRESS);
    await page.getByTestId('book-add').click();
    await expect
      .poll(async () => (await bookAddress.getByTestId('field-error').textContent()) ?? '')
      .toContain('cannot exist on TRC20');
    expect(await page.getByTestId('address-row').count()).toBe(0);
    await page.getByTestId('book-network').selectOption('ERC20');
    await page.getByTestId('book-add').click();
    await expect.poll(() => text(page, 'book-added')).toBe('✓ “Treasury” added.');
    expect(await page.locator('[data-testid="address-row"][data-label="Treasury"]').count()).toBe(1);
    expect(await app.call<unknown[]>('wallet.addressBook')).toEqual([
      expect.objectContaining({ label: 'Treasury', network: 'ERC20', address: ADDRESS }),
    ]);

    await page.getByTestId('withdraw-book-pick').selectOption({ label: `Treasury — ${ADDRESS}` });
    expect(await page.getByTestId('withdraw-address').inputValue()).toBe(ADDRESS);
    await expect
      .poll(() => text(page, 'withdraw-address-status'))
      .toBe('✓ A valid ERC20 address, in your book as “Treasury”.');
    await page.getByTestId('withdraw-amount').fill('15');
    await page.getByTestId('withdraw-amount').press('Enter');
    await expect.poll(() => page.getByTestId('withdraw-confirm').isVisible()).toBe(true);
    expect(await text(page, 'withdraw-confirm-book')).toBe('Treasury');
    expect(await page.getByTestId('withdraw-unknown-ack').count()).toBe(0);
    app.desktop.confirmations.length = 0;
    await page.getByTestId('withdraw-send').click();
    await expect.poll(() => text(page, 'withdraw-done')).toContain('15 USDT started');
    expect(app.desktop.confirmations[0]?.facts).toContainEqual({ label: 'Address book', value: 'Treasury' });
    expect(app.desktop.confirmations[0]?.warning).toBeUndefined();
    await page.getByTestId('address-book-panel').screenshot({ path: artifact('wallet-address-book.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('asks the destination tag of an XRP withdrawal and shows it in the confirmation', async () => {
    const { page, problems } = await openWallet();
    await page.getByTestId('withdraw-ticker').selectOption('XRP');
    await page.getByTestId('withdraw-address').fill('rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh');
    const memoLabel = page.getByTestId('withdraw-memo').locator('xpath=..');
    await expect
      .poll(async () => (await memoLabel.textContent()) ?? '')
      .toContain('Destination tag (required on XRP)');
    await page.getByTestId('withdraw-amount').fill('30');
    await page.getByTestId('withdraw-review').click();
    await expect
      .poll(async () => (await memoLabel.getByTestId('field-error').textContent()) ?? '')
      .toContain('XRP needs a destination tag');
    expect(await page.getByTestId('withdraw-confirm').count()).toBe(0);
    await page.getByTestId('withdraw-memo').fill('98765');
    await page.getByTestId('withdraw-review').click();
    await expect.poll(() => page.getByTestId('withdraw-confirm').isVisible()).toBe(true);
    expect(await text(page, 'withdraw-confirm-memo')).toBe('98765');
    expect(await text(page, 'withdraw-confirm-total')).toBe('30.25 XRP');
    await page.getByTestId('withdraw-unknown-ack').check();
    await page.getByTestId('withdraw-send').click();
    await expect.poll(() => text(page, 'withdraw-done')).toContain('30 XRP started');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("refunds a credited deposit to an address and sends a deposit's originator with a VASP from the list", async () => {
    const { page, problems } = await openWallet();
    const btcDeposit = page.locator('[data-testid="transfer-row"]', { hasText: 'deposit' }).filter({
      hasText: 'BTC',
    });
    const refundsBefore = await page.getByTestId('refund-row').count();

    await btcDeposit.getByTestId('deposit-verify').click();
    // a person, sent from an exchange: names, country, address, the wallet and its VASP from the list
    await page.getByTestId('originator-first-name').fill('Jane');
    await page.getByTestId('originator-last-name').fill('Doe');
    await page.getByTestId('originator-residence').fill('DEU');
    await page.getByTestId('originator-line1').fill('Alexanderplatz 1');
    await page.getByTestId('originator-city').fill('Berlin');
    await page.getByTestId('originator-country').fill('DEU');
    await page.getByTestId('originator-wallet').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    await page.getByTestId('wallet-hosted').check();
    await expect.poll(() => page.getByTestId('deposit-vasp').locator('option').count()).toBeGreaterThan(1);
    await page.getByTestId('deposit-vasp').selectOption({ label: 'Kraken' });
    await page.getByTestId('deposit-form').screenshot({ path: artifact('wallet-travel-rule.png') });
    await page.getByTestId('deposit-submit').click();
    await expect.poll(() => text(page, 'deposit-done')).toContain('Originator sent for deposit');

    const btc = await mainBalance('BTC');
    await btcDeposit.getByTestId('deposit-refund').click();
    expect(await text(page, 'deposit-form')).toContain('the whole deposit leaves the main balance');
    const to = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    await page.getByTestId('deposit-address').fill(to);
    await page.getByTestId('deposit-address').press('Enter');
    await expect.poll(() => text(page, 'deposit-done')).toContain('Refund requested for deposit');
    // main's own question named where the deposit goes
    expect(app.desktop.confirmations.at(-1)?.facts).toContainEqual({ label: 'Refund to', value: to });
    await expect.poll(() => page.getByTestId('refund-row').count()).toBe(refundsBefore + 1);
    const newest = page.getByTestId('refund-row').first();
    expect(await newest.getByTestId('refund-address').textContent()).toBe(to);
    expect(await newest.getByTestId('refund-status').textContent()).toBe('in process');
    expect(btc.minus(await mainBalance('BTC')).toFixed()).toBe('1');
    // Refunded once: the deposit's row says so and offers no second refund.
    await expect.poll(() => text(page, 'deposit-refunding')).toBe('refund in process');
    expect(await btcDeposit.getByTestId('deposit-refund').count()).toBe(0);
    await page.getByTestId('transfers-panel').screenshot({ path: artifact('wallet-refund.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('offline, shows the stored balances and says how old they are', async () => {
    const { page } = await openWallet();
    const stored = (await mainBalance('USDT')).toFixed();
    // Every answer is lost from now on: the exchange cannot be reached.
    app.sandbox.control.setFaults({ dropRate: 1 });
    try {
      await page.getByTestId('wallet-refresh').click();
      await expect
        .poll(() => text(page, 'wallet-offline'), { timeout: 30_000 })
        .toMatch(/^Offline\. Showing the balances stored less than a minute ago \(.+\)\. Money cannot move/);
      const usdtRow = page.locator('[data-testid="wallet-balance-row"][data-ticker="USDT"]');
      expect((await usdtRow.getByTestId('wallet-main').textContent())?.replace(/,/g, '')).toBe(stored);
      expect(await usdtRow.getByTestId('wallet-pending').textContent()).toBe('500');
      // Nothing can be sent while the exchange is out of reach.
      for (const id of ['withdraw-review', 'convert-review', 'code-review'])
        expect(await page.getByTestId(id).isDisabled()).toBe(true);
      expect(
        await page.getByTestId('wallet-offline').getByRole('button', { name: 'Retry' }).isEnabled(),
      ).toBe(true);
      await page.setViewportSize({ width: 1280, height: 1200 });
      await page.locator('#view-title').focus();
      await page.screenshot({ path: artifact('wallet-offline.png') });
    } finally {
      app.sandbox.control.setFaults(undefined);
    }
    // The exchange answers again: main's probe (every second while unreachable) sees it and the
    // screen reads the balances again by itself, with no click (a Retry click would race it).
    await expect.poll(() => page.getByTestId('wallet-offline').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('wallet-refresh').textContent()).toBe('Refresh');
    const usdtNow = page.locator('[data-testid="wallet-balance-row"][data-ticker="USDT"]');
    expect((await usdtNow.getByTestId('wallet-main').textContent())?.replace(/,/g, '')).toBe(stored);
    await page.close();
  });
});
