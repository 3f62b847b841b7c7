import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../support/core.ts';
import { scriptedDesktop } from '../support/desktop.ts';
import { launchChromium, type Chromium } from './chromium.ts';
import { startBrowserHost, type BrowserHost } from './host.ts';
import { artifact, RENDERER_DIR } from './paths.ts';

let core: TestCore;
let host: BrowserHost;
let browser: Chromium;

/** Its clipboard and dialogs answer what the test puts in them. */
const desktop = scriptedDesktop();
const csvFile = join(mkdtempSync(join(tmpdir(), 'txc-accounts-import-')), 'accounts.csv');

beforeAll(async () => {
  writeFileSync(
    csvFile,
    'label,key,secret,sub-account id\nImported desk,imp-key,imp-secret,\n,no-label-key,x,\n',
  );
  desktop.openFile = csvFile;
  core = await createTestCore({ platform: desktop.platform });
  host = await startBrowserHost(core, RENDERER_DIR);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await core?.close();
});

async function openAccounts(page: Page): Promise<void> {
  await page.goto(`${host.url}#/accounts`);
  await expect.poll(() => page.getByTestId('view-accounts').isVisible()).toBe(true);
}

function rowTexts(page: Page): Promise<string[]> {
  return page.getByTestId('view-accounts').getByTestId('grid-row').allTextContents();
}

describe('the Accounts screen in Chromium', () => {
  it('lists the five demo accounts with their spot balances, and a rename persists over a reload', async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    await openAccounts(page);

    await expect.poll(async () => (await rowTexts(page)).length).toBe(5);
    const labels = ['Sandbox main', 'Sandbox sub-alpha', 'Sandbox sub-maker', 'Sandbox sub-noretail'];
    for (const label of labels) expect((await rowTexts(page)).join('\n')).toContain(label);
    // Balances arrive per account; none stays "loading…" and the main account shows its USDT.
    await expect
      .poll(async () => (await rowTexts(page)).filter((t) => t.includes('loading…')).length)
      .toBe(0);
    const main = (await rowTexts(page)).find((t) => t.includes('Sandbox main')) ?? '';
    expect(main).toContain('USDT 50000');

    // Select sub-alpha and rename it.
    await page.getByTestId('grid-row').filter({ hasText: 'Sandbox sub-alpha' }).click();
    await expect
      .poll(() => page.getByTestId('account-editor').locator('h2').textContent())
      .toBe('Sandbox sub-alpha');
    await page.getByTestId('edit-label').fill('Alpha desk');
    await page.getByTestId('edit-label').press('Enter');
    await expect.poll(async () => (await rowTexts(page)).join('\n')).toContain('Alpha desk');

    // Favourite toggle goes through accounts.update.
    await page.getByTestId('edit-favourite').click();
    await expect.poll(() => page.getByTestId('edit-favourite').getAttribute('aria-pressed')).toBe('true');

    await page.screenshot({ path: artifact('accounts.png') });

    await page.reload();
    await expect.poll(async () => (await rowTexts(page)).length).toBe(5);
    const after = await rowTexts(page);
    expect(after.join('\n')).toContain('Alpha desk');
    expect(after.join('\n')).not.toContain('Sandbox sub-alpha');
    // Favourites come first in accounts.list, marked with a star.
    expect(after[0]).toContain('★');
    expect(after[0]).toContain('Alpha desk');

    // The top bar's switcher lists the favourite first with its chord; Ctrl+1 makes it the working account.
    const switcher = page.getByTestId('account-switcher');
    await expect
      .poll(() => switcher.locator('optgroup[label="Favourites"] option').allTextContents())
      .toEqual(['★ Alpha desk (Ctrl+1)']);
    await switcher.selectOption({ label: 'Sandbox main (main)' });
    const chosen = () =>
      switcher.evaluate(
        (el) => (el as unknown as { selectedOptions: Array<{ text: string }> }).selectedOptions[0]?.text,
      );
    expect(await chosen()).toBe('Sandbox main (main)');
    await page.getByTestId('view-accounts').locator('h1').focus();
    await page.keyboard.press('Control+1');
    await expect.poll(chosen).toBe('★ Alpha desk (Ctrl+1)');
    expect(await page.getByTestId('toast').allTextContents()).toContainEqual(
      expect.stringContaining('Working on Alpha desk'),
    );
    // Remembered: a reload keeps it.
    await page.reload();
    await expect.poll(chosen).toBe('★ Alpha desk (Ctrl+1)');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('removes an account only after confirmation', async () => {
    const page = await browser.context.newPage();
    await openAccounts(page);
    await expect.poll(async () => (await rowTexts(page)).length).toBe(5);
    await page.getByTestId('grid-row').filter({ hasText: 'Sandbox sub-restricted' }).click();
    await page.getByTestId('edit-remove').click();
    expect((await rowTexts(page)).length).toBe(5);
    await page.getByTestId('edit-remove-confirm').click();
    await expect.poll(async () => (await rowTexts(page)).length).toBe(4);
    const listed = (await core.router.dispatch('accounts.list', undefined, { origin: 'test' })) as {
      ok: true;
      value: Array<{ label: string }>;
    };
    expect(listed.value.map((a) => a.label)).not.toContain('Sandbox sub-restricted');
    await page.close();
  });

  it('adds an account with the secret from the clipboard, saying so next to the form when it is empty', async () => {
    const page = await browser.context.newPage();
    await openAccounts(page);
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

    desktop.clipboard = 'the-secret';
    await page.getByTestId('add-submit').click();
    await expect.poll(async () => (await rowTexts(page)).length).toBe(before + 1);
    expect(await page.getByTestId('account-add-form').count()).toBe(0);
    expect((await rowTexts(page)).join('\n')).toContain('Desk clipboard');
    await page.close();
  });

  it('imports a CSV file and reports each row, failures first', async () => {
    const page = await browser.context.newPage();
    await openAccounts(page);
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
