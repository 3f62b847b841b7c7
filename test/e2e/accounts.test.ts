import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inView } from './layout-check.ts';
import { js } from './page.ts';
import { artifact } from './paths.ts';
import { useAppSession, type OpenedPage } from './session.ts';

const app = useAppSession();
const csvFile = join(mkdtempSync(join(tmpdir(), 'txc-accounts-import-')), 'accounts.csv');
writeFileSync(
  csvFile,
  'label,key,secret,sub-account id\nImported desk,imp-key,imp-secret-0123456789abcdef01234567,\n,no-label-key,x,\n',
);
app.desktop.openFile = csvFile;

async function openAccounts(): Promise<OpenedPage> {
  const opened = await app.openPage('#/accounts');
  await expect.poll(() => opened.page.getByTestId('view-accounts').isVisible()).toBe(true);
  return opened;
}

function rowTexts(page: Page): Promise<string[]> {
  return page.getByTestId('view-accounts').getByTestId('grid-row').allTextContents();
}

describe('the Accounts screen in Chromium', () => {
  it('lists the five demo accounts with their spot balances, and a rename persists over a reload', async () => {
    const { page, problems } = await openAccounts();

    await expect.poll(async () => (await rowTexts(page)).length).toBe(5);
    const labels = ['Sandbox main', 'Sandbox sub-alpha', 'Sandbox sub-maker', 'Sandbox sub-noretail'];
    for (const label of labels) expect((await rowTexts(page)).join('\n')).toContain(label);
    // Balances arrive per account; none stays "loading…" and the main account shows its USDT.
    await expect
      .poll(async () => (await rowTexts(page)).filter((t) => t.includes('loading…')).length)
      .toBe(0);
    const main = (await rowTexts(page)).find((t) => t.includes('Sandbox main')) ?? '';
    expect(main).toContain('USDT 50,000');

    // No editor until a row is chosen: the grid has the screen's width.
    expect(await page.getByTestId('account-editor').count()).toBe(0);
    // Select sub-alpha: its editor opens beside the grid, level with the row, not under the page.
    const alpha = page.getByTestId('grid-row').filter({ hasText: 'Sandbox sub-alpha' });
    await alpha.click();
    await expect
      .poll(() => page.getByTestId('account-editor').locator('h2').textContent())
      .toBe('Sandbox sub-alpha');
    const editor = await page.getByTestId('account-editor').boundingBox();
    const gridBox = await page.getByTestId('grid-accounts').boundingBox();
    const rowBox = await alpha.boundingBox();
    expect(editor && gridBox && rowBox).toBeTruthy();
    if (editor && gridBox && rowBox) {
      expect(editor.x).toBeGreaterThanOrEqual(gridBox.x + gridBox.width);
      expect(editor.y).toBeLessThanOrEqual(rowBox.y);
      expect(editor.y + editor.height).toBeGreaterThan(rowBox.y);
    }
    // Beside it, the row's balances stay in view.
    expect(await inView(alpha.locator('[data-column="balance"]'))).toBe(true);
    await page.getByTestId('edit-label').fill('Alpha desk');
    await page.getByTestId('edit-label').press('Enter');
    await expect.poll(async () => (await rowTexts(page)).join('\n')).toContain('Alpha desk');

    // Favourite toggle goes through accounts.update.
    await page.getByTestId('edit-favourite').click();
    await expect.poll(() => page.getByTestId('edit-favourite').getAttribute('aria-pressed')).toBe('true');
    // Favourites come first: the list is in another order, and the editor still shows the same account.
    expect(await page.getByTestId('account-editor').locator('h2').textContent()).toBe('Alpha desk');

    await page.screenshot({ path: artifact('accounts.png') });
    // Esc in the editor puts it away.
    await page.getByTestId('edit-favourite').press('Escape');
    await expect.poll(() => page.getByTestId('account-editor').count()).toBe(0);

    await page.reload();
    await expect.poll(async () => (await rowTexts(page)).length).toBe(5);
    const after = await rowTexts(page);
    expect(after.join('\n')).toContain('Alpha desk');
    expect(after.join('\n')).not.toContain('Sandbox sub-alpha');
    // Favourites come first in accounts.list, marked with a star.
    expect(after[0]).toContain('★');
    expect(after[0]).toContain('Alpha desk');

    // The top bar's picker lists the favourite first with its chord; typing filters, Enter chooses;
    // Ctrl+1 makes the favourite the working account.
    const switcher = page.getByTestId('account-switcher');
    const options = page.getByTestId('account-option');
    await switcher.click();
    await expect
      .poll(async () => (await options.first().textContent())?.replace(/\s+/g, ' ').trim())
      .toBe('★ Alpha desk sub-account · Sandbox Ctrl+1');
    await page.keyboard.type('main');
    await expect.poll(() => options.count()).toBe(1);
    await page.keyboard.press('Enter');
    const chosen = () => page.getByTestId('account-switcher-current').textContent();
    await expect.poll(chosen).toBe('Sandbox main');
    expect(await page.getByTestId('account-picker').count()).toBe(0);
    // The keyboard path alone: Down opens the picker on the button, Escape closes it unchanged.
    await switcher.focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => js<string>(page, "document.activeElement?.getAttribute('data-testid')"))
      .toBe('account-picker-input');
    await page.keyboard.type('no such account');
    await expect
      .poll(() => page.getByTestId('account-picker-count').textContent())
      .toContain('No account matches');
    await page.keyboard.press('Escape');
    expect(await chosen()).toBe('Sandbox main');
    expect(await js<string>(page, "document.activeElement?.getAttribute('data-testid')")).toBe(
      'account-switcher',
    );
    await page.getByTestId('view-accounts').locator('h1').focus();
    await page.keyboard.press('Control+1');
    await expect.poll(chosen).toBe('★ Alpha desk');
    expect(await page.getByTestId('toast').allTextContents()).toContainEqual(
      expect.stringContaining('Working on Alpha desk'),
    );
    // Remembered: a reload keeps it.
    await page.reload();
    await expect.poll(chosen).toBe('★ Alpha desk');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('removes an account only after confirmation', async () => {
    const { page } = await openAccounts();
    await expect.poll(async () => (await rowTexts(page)).length).toBe(5);
    await page.getByTestId('grid-row').filter({ hasText: 'Sandbox sub-restricted' }).click();
    await page.getByTestId('edit-remove').click();
    expect((await rowTexts(page)).length).toBe(5);
    await page.getByTestId('edit-remove-confirm').click();
    await expect.poll(async () => (await rowTexts(page)).length).toBe(4);
    // Main asked its own question too, saying the secret leaves the keychain.
    expect(app.desktop.confirmations.at(-1)).toMatchObject({
      action: 'Remove account',
      warning: expect.stringContaining('keychain'),
    });
    const listed = await app.call<Array<{ label: string }>>('accounts.list');
    expect(listed.map((a) => a.label)).not.toContain('Sandbox sub-restricted');
    await page.close();
  });

  it('adds an account with the secret from the clipboard, saying so next to the form when it is empty', async () => {
    const { page } = await openAccounts();
    await expect.poll(async () => (await rowTexts(page)).length).toBeGreaterThan(0);
    const before = (await rowTexts(page)).length;

    await page.getByTestId('account-add-open').click();
    expect(await page.getByTestId('account-add-form').textContent()).toContain('the app reads it from there');
    await page.getByTestId('add-label').fill('Desk clipboard');
    await page.getByTestId('add-sub').fill('77');
    await page.getByTestId('add-key').fill('public-key-1');
    await page.getByTestId('add-submit').click();
    await expect
      .poll(() => page.getByTestId('account-add-form').getByTestId('error-notice').textContent())
      .toContain('Copy the API secret to the clipboard first');
    expect((await rowTexts(page)).length).toBe(before);

    app.desktop.clipboard = 'the-secret-'.padEnd(32, '0');
    await page.getByTestId('add-submit').click();
    await expect.poll(async () => (await rowTexts(page)).length).toBe(before + 1);
    expect(await page.getByTestId('account-add-form').count()).toBe(0);
    expect((await rowTexts(page)).join('\n')).toContain('Desk clipboard');
    await page.close();
  });

  it('imports a CSV file and reports each row, failures first', async () => {
    const { page } = await openAccounts();
    await expect.poll(async () => (await rowTexts(page)).length).toBeGreaterThan(0);
    const before = (await rowTexts(page)).length;
    await page.getByTestId('account-import').click();
    const items = page.getByTestId('import-report').locator('li');
    await expect.poll(() => items.count()).toBe(2);
    const lines = await items.allTextContents();
    expect(lines[0]).toContain('Line 3');
    expect(lines[0]).toContain('label');
    expect(lines[0]).toContain('✕');
    expect(lines[1]).toContain('Line 2: Imported desk — imported');
    expect(await page.getByTestId('import-report').textContent()).toContain('1 imported, 1 failed');
    await expect.poll(async () => (await rowTexts(page)).length).toBe(before + 1);
    await page.screenshot({ path: artifact('accounts-import.png') });
    await page.close();
  });
});
