// The new screens as a desk user walks them, at 1280 and 1440 px: Wallet -> Deposit (address, memo,
// QR code, terms, copy through main, a new address), one new sub-account with its key, its keys and
// IP allow-list, blocking it (the ticket says so), a funded one's transfers and its deletion refused
// with the sweep offered, and the withdrawals waiting for approval on Events, one let go.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './paths.ts';
import { js, useAppSession } from './session.ts';
import { pickAccount } from './page.ts';

const app = useAppSession();

/**
 * What of the panel a person cannot see whole: a part that scrolls or cuts sideways (with its widths),
 * and a button that sticks out of the panel.
 */
function cutSideways(page: Page, testid: string): Promise<string[]> {
  return js<string[]>(
    page,
    `(() => {
      const root = document.querySelector('[data-testid="${testid}"]');
      const panel = root.getBoundingClientRect();
      const out = [];
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const r = el.getBoundingClientRect();
        if (el.tagName === 'BUTTON' && r.width > 0 && (r.left < panel.left - 1 || r.right > panel.right + 1))
          out.push('button ' + el.textContent.trim());
        if (getComputedStyle(el).overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
          out.push((el.getAttribute('data-testid') || el.tagName.toLowerCase() + '.' + el.className) + ' ' + el.scrollWidth + '>' + el.clientWidth);
      }
      return out;
    })()`,
  );
}

/** Shot at 1280 and 1440 px, every button of the panel in full view at both. */
async function shoot(page: Page, testid: string, name: string): Promise<void> {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 900 });
    await page.getByTestId(testid).scrollIntoViewIfNeeded();
    await page.getByTestId(testid).screenshot({ path: artifact(`${name}-${String(width)}.png`) });
    await expect
      .poll(() => cutSideways(page, testid), { message: `${name} at ${String(width)} px` })
      .toEqual([]);
  }
}

describe('Wallet -> Deposit', () => {
  it('shows the address with its memo, QR code and terms; copy puts the exchange’s address on the clipboard', async () => {
    const { page, problems } = await app.openPage('#/wallet');
    await page.getByTestId('deposit-panel').waitFor();
    await expect.poll(() => page.getByTestId('deposit-ticker').locator('option').count()).toBeGreaterThan(3);
    await page.getByTestId('deposit-ticker').selectOption('XRP');
    await page.getByTestId('deposit-show').click();
    const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
    expect(address).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    expect(await page.getByTestId('deposit-memo').textContent()).toMatch(/^\d+$/);
    expect(await page.getByTestId('deposit-qr').getAttribute('data-text')).toBe(address);
    const min = (await page.getByTestId('deposit-min').textContent()) ?? '';
    expect(min.replace(/\s+/g, ' ').trim()).toBe('20 XRP');
    const max = (await page.getByTestId('deposit-max').textContent()) ?? '';
    expect(max.replace(/\s+/g, ' ').trim()).toBe('1,000,000 XRP');
    await page.getByTestId('deposit-copy').click();
    await expect.poll(() => app.desktop.clipboard).toBe(address);
    await shoot(page, 'deposit-panel', 'wallet-deposit-xrp');
    // USDT on TRC20: a percentage fee between a least and a most
    await page.getByTestId('deposit-ticker').selectOption('USDT');
    await page.getByTestId('deposit-network').selectOption('TRC20');
    await page.getByTestId('deposit-show').click();
    await expect
      .poll(async () =>
        ((await page.getByTestId('deposit-fee').textContent()) ?? '').replace(/\s+/g, ' ').trim(),
      )
      .toBe('0.1 % (at least 0.1, at most 5 USDT)');
    const before = await page.getByTestId('deposit-address').textContent();
    await page.getByTestId('deposit-new').click();
    await expect.poll(() => page.getByTestId('deposit-address').textContent()).not.toBe(before);
    expect(app.desktop.confirmations.at(-1)?.action).toBe('New address');
    expect(problems).toEqual([]);
  });
});

describe('one sub-account, its keys and IP list, blocked', () => {
  it('creates it with a key, restricts the key, blocks it: the ticket says so', async () => {
    const { page, problems } = await app.openPage('#/sub-accounts');
    await page.getByTestId('create-mode-one').check();
    await page.getByTestId('create-alias').fill('solo-desk');
    await page.getByTestId('create-key-type').selectOption('2');
    await page.getByTestId('create-one').click();
    await expect.poll(() => page.getByTestId('batch-counts').textContent()).toMatch(/^1 of 1 done/);
    expect(app.desktop.confirmations.at(-1)?.title).toBe('Create sub-account "solo-desk"?');

    await page.getByTestId('life-refresh').click();
    await page.getByTestId('life-filter').fill('solo');
    await page.getByTestId('life-choose').filter({ hasText: 'solo-desk' }).click();
    await page.getByTestId('key-row').first().waitFor();
    expect(await page.getByTestId('key-row').first().textContent()).toContain('solo-desk');
    await page.getByTestId('key-ips').first().click();
    await page.getByTestId('key-ip-add').fill('300.1.1.1');
    await page.getByTestId('key-ip-submit').click();
    await expect
      .poll(() => page.getByTestId('key-ip-error').textContent())
      .toContain('The entry "300.1.1.1" is not an IPv4 or IPv6 address.');
    await page.getByTestId('key-ip-add').fill('127.0.0.1, 10.20.0.0/16');
    await page.getByTestId('key-ip-submit').click();
    await expect.poll(() => page.getByTestId('key-ip-box').locator('li').count()).toBe(2);
    await shoot(page, 'keys-panel', 'sub-accounts-keys');

    await page.getByTestId('life-block').click();
    await expect.poll(() => page.getByTestId('life-status').first().textContent()).toContain('blocked');
    await shoot(page, 'life-panel', 'sub-accounts-lifecycle');
    const solo = await app.account('solo-desk');
    expect(solo.blocked).toBe(true);
    await page.goto(`${app.host.url}#/trade`);
    await pickAccount(page, solo);
    await expect
      .poll(() => page.getByTestId('trade-sub-blocked').textContent())
      .toContain('solo-desk is blocked at the exchange');
    expect(problems).toEqual([]);
  });
});

describe('a funded sub-account: its transfers, deleting it refused with the sweep offered', () => {
  it('shows the funding transfer, refuses the delete naming what it holds, and lists the sweep back', async () => {
    const { page, problems } = await app.openPage('#/sub-accounts');
    await page.getByTestId('create-mode-one').check();
    await page.getByTestId('create-alias').fill('fund-desk');
    await page.getByTestId('create-share-kyc').uncheck();
    await page.getByTestId('create-email').fill('fund-desk@example.com');
    await page.getByTestId('create-kyc-link').waitFor();
    await shoot(page, 'create-subs-panel', 'sub-accounts-create-own-kyc');
    await page.getByTestId('create-share-kyc').check();
    await page.getByTestId('create-fund').check();
    await page.getByTestId('create-ticker').fill('USDT');
    await page.getByTestId('create-amount').fill('12.5');
    await page.getByTestId('create-one').click();
    await expect.poll(() => page.getByTestId('batch-counts').textContent()).toMatch(/^1 of 1 done/);

    await page.getByTestId('life-refresh').click();
    await page.getByTestId('life-filter').fill('fund-desk');
    await page.getByTestId('life-choose').filter({ hasText: 'fund-desk' }).click();
    await expect.poll(() => page.getByTestId('transfer-row').count()).toBe(1);
    const cells = async () =>
      (await page.getByTestId('transfer-row').first().locator('td').allInnerTexts()).map((t) =>
        t.replace(/\s+/g, ' ').trim(),
      );
    expect((await cells()).slice(1, 3)).toEqual(['In from main', '+12.5 USDT']);
    await shoot(page, 'transfers-panel', 'sub-accounts-transfers');

    await page.getByTestId('life-delete').click();
    await page.getByTestId('life-holdings').waitFor();
    expect(await page.getByTestId('life-holdings').textContent()).toContain('12.5 USDT');
    await shoot(page, 'life-panel', 'sub-accounts-delete-refused');
    await page.getByTestId('life-sweep').click();
    await expect.poll(() => page.getByTestId('life-holdings').count()).toBe(0);
    await page.getByTestId('transfers-refresh').click();
    await expect.poll(() => page.getByTestId('transfer-row').count()).toBe(2);
    await page.getByTestId('transfers-direction').selectOption('sub_to_main');
    await expect.poll(() => page.getByTestId('transfer-row').count()).toBe(1);
    expect((await cells()).slice(1, 3)).toEqual(['Out to main', '−12.5 USDT']);
    expect(problems).toEqual([]);
  });
});

describe('Events: withdrawals waiting for approval', () => {
  it('lists them newest first, with the desk’s names; one is let go after main’s question', async () => {
    app.sandbox.control.awaitApproval('sub-maker', 'BTC', '0.25');
    app.sandbox.control.awaitApproval('sub-alpha', 'USDT', '1200');
    const { page, problems } = await app.openPage('#/events');
    await expect.poll(() => page.getByTestId('approval-row').count()).toBe(2);
    const text = await js<string>(
      page,
      `document.querySelector('[data-testid="approvals-table"]').innerText`,
    );
    expect(text).toContain('Sandbox sub-maker');
    expect(text).toContain('1,200 USDT');
    await shoot(page, 'approvals-panel', 'events-approvals');
    // let sub-alpha's go: main asks with the amount and the sub-account
    app.desktop.confirmAnswer = true;
    await page
      .getByTestId('approval-row')
      .filter({ hasText: 'Sandbox sub-alpha' })
      .getByTestId('approval-let-go')
      .click();
    await expect
      .poll(() => page.getByTestId('approvals-done').textContent())
      .toBe('1,200 USDT from Sandbox sub-alpha is let go: the exchange sends it.');
    expect(app.desktop.confirmations.at(-1)?.title).toBe(
      'Let 1,200 USDT leave sub-account Sandbox sub-alpha?',
    );
    await expect.poll(() => page.getByTestId('approval-row').count()).toBe(1);
    await shoot(page, 'approvals-panel', 'events-approvals-let-go');
    expect(problems).toEqual([]);
  });
});
