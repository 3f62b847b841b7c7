import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startBrowserHost } from './host.ts';
import { openFreshApp } from './frame-app.ts';
import { artifact, RENDERER_DIR } from './paths.ts';
import { js, useAppSession, type OpenedPage } from './session.ts';

const app = useAppSession();

const openApp = (): Promise<OpenedPage> => openFreshApp(app);

function theme(page: Page): Promise<string | undefined> {
  return js(page, 'document.documentElement.dataset.theme');
}

function heading(page: Page): Promise<string | null> {
  return page.locator('main h1').textContent();
}

describe('the frame in Chromium', () => {
  it('shows the thirteen sections, the Board at home, each a screen of its own, and remembers the last one', async () => {
    const { page, problems } = await openApp();
    await expect.poll(() => heading(page)).toBe('Board');
    await expect.poll(() => page.getByTestId('view-board').isVisible()).toBe(true);
    const rail = await page.locator('nav[aria-label="Sections"] a').allTextContents();
    // Each entry's name and shortcut, as read (Approvals and Team have none: nothing after the name;
    // Reports keeps Alt+R, so that the others keep their digits).
    expect(rail.map((text) => text.trim())).toEqual([
      'Board Alt+0',
      'Accounts Alt+1',
      'Trade Alt+2',
      'Positions Alt+3',
      'History Alt+4',
      'Reports Alt+R',
      'Wallet Alt+5',
      'Sub-accounts Alt+6',
      'Mining Alt+7',
      'Events Alt+8',
      'Approvals',
      'Team',
      'Settings Alt+9',
    ]);
    expect(await page.getByTestId('core-badge').textContent()).toContain('Core connected');

    // Every section is a screen of its own now: none shows a placeholder.
    for (const id of [
      'positions',
      'reports',
      'wallet',
      'sub-accounts',
      'mining',
      'approvals',
      'team',
      'events',
    ]) {
      await page.getByTestId(`nav-${id}`).click();
      await expect.poll(() => page.url()).toContain(`#/${id}`);
      await expect.poll(() => page.getByTestId(`view-${id}`).isVisible()).toBe(true);
    }
    expect(await page.locator('[aria-current="page"]').textContent()).toContain('Events');

    // The browser's Back follows the hash history.
    await page.getByTestId('nav-mining').click();
    await expect.poll(() => heading(page)).toBe('Mining');
    await page.goBack();
    await expect.poll(() => heading(page)).toBe('Events');

    await page.getByTestId('nav-history').click();
    await page.reload();
    await expect.poll(() => heading(page)).toBe('History');
    // Opening the app without a hash brings back the last section.
    await page.goto(app.host.url);
    await expect.poll(() => heading(page)).toBe('History');
    expect(page.url()).toContain('#/history');
    await page.screenshot({ path: artifact('frame-history.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('moves along the rail with the arrow keys and opens a section with Enter', async () => {
    const { page } = await openApp();
    await page.getByTestId('nav-accounts').click();
    await page.getByTestId('nav-accounts').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await js<string>(page, 'document.activeElement?.textContent')).toContain('Positions');
    await page.screenshot({ path: artifact('frame-rail-focus.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Positions');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Settings');
    // Alt+4 is the default chord of "Go to History".
    await page.keyboard.press('Alt+4');
    await expect.poll(() => heading(page)).toBe('History');
    // Alt+R goes to Reports (the digits stay with the sections they always had).
    await page.keyboard.press('Alt+R');
    await expect.poll(() => heading(page)).toBe('Reports');
    await page.close();
  });

  it('collapses the rail to icons from its button, names each section in its tooltip and to screen readers, and remembers it', async () => {
    const { page, problems } = await openApp();
    const rail = async () => (await page.getByRole('navigation', { name: 'Sections' }).boundingBox())?.width;
    const toggle = page.getByTestId('rail-toggle');
    expect(await rail()).toBe(192);
    // Every name whole in the open rail, the current section's in bold too: none cut short.
    for (const section of ['Board', 'Sub-accounts']) {
      await page.getByRole('link', { name: new RegExp(`^${section}`) }).click();
      const cut = await js(
        page,
        `[...document.querySelectorAll('nav[aria-label="Sections"] .label')].filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent.trim())`,
      );
      expect(cut).toEqual([]);
    }
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // Reached from the rail's link with Tab, pressed with the keyboard.
    await page.getByTestId('nav-trade').click();
    await page.getByTestId('nav-trade').focus();
    await page.keyboard.press('Tab');
    expect(await js<string>(page, "document.activeElement?.getAttribute('data-testid')")).toBe('rail-toggle');
    await page.keyboard.press('Enter');
    await expect.poll(rail).toBe(48);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.getAttribute('aria-label')).toBe('Show the sections’ names');
    // Each link keeps its name for screen readers and shows it with its chord on hover.
    expect(await page.getByRole('link', { name: 'Positions' }).isVisible()).toBe(true);
    expect(await page.getByTestId('nav-positions').getAttribute('title')).toBe('Positions (Alt+3)');
    expect((await page.getByTestId('nav-positions').boundingBox())?.width).toBeLessThanOrEqual(48);
    await page.screenshot({ path: artifact('frame-rail-icons.png') });
    // The arrow keys still move along it.
    await page.getByTestId('nav-trade').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Positions');
    // Remembered across a reload, and undone by the same button.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('nav-positions').getAttribute('title'))
      .toBe('Positions (Alt+3)');
    expect(await rail()).toBe(48);
    await toggle.click();
    await expect.poll(rail).toBe(192);
    expect(await page.getByTestId('nav-positions').getAttribute('title')).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('scales with the system text size (everything in rem)', async () => {
    const { page } = await openApp();
    const rail = async () => (await page.getByRole('navigation', { name: 'Sections' }).boundingBox())?.width;
    expect(await rail()).toBe(192);
    await js(page, "document.documentElement.style.fontSize = '24px'");
    expect(await rail()).toBe(288);
    const size = await js<string>(page, "getComputedStyle(document.querySelector('main h1')).fontSize");
    expect(size).toBe('30px');
    await page.screenshot({ path: artifact('frame-large-text.png') });
    await page.close();
  });

  it('switches to the light theme in Settings and keeps it after a reload', async () => {
    const { page, problems } = await openApp();
    await page.getByTestId('nav-settings').click();
    await expect.poll(() => theme(page)).toBe('dark');
    const darkBg = await js<string>(page, 'getComputedStyle(document.body).backgroundColor');
    await page.getByTestId('theme-light').check();
    await expect.poll(() => theme(page)).toBe('light');
    expect(await js<string>(page, 'getComputedStyle(document.body).backgroundColor')).not.toBe(darkBg);
    await page.reload();
    await expect.poll(() => theme(page)).toBe('light');
    expect(await page.getByTestId('theme-light').isChecked()).toBe(true);
    await page.screenshot({ path: artifact('frame-settings-light.png') });
    await page.getByTestId('theme-dark').check();
    await page.screenshot({ path: artifact('frame-settings-dark.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the command palette with Ctrl+K, filters, runs with Enter and closes with Esc', async () => {
    const { page, problems } = await openApp();
    await page.getByTestId('nav-accounts').click();
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('palette-input');
    await expect.poll(() => input.isVisible()).toBe(true);
    expect(await js<string>(page, "document.activeElement?.getAttribute('data-testid')")).toBe(
      'palette-input',
    );
    const all = await page.getByTestId('palette-item').allTextContents();
    // The palette, thirteen sections and the theme (Trade's order commands come with the Trade screen),
    // then the accounts and markets; no favourite is set, so no favourite switch is listed.
    expect(all.filter((c) => c.startsWith('Go to')).length).toBe(13);
    expect(all.filter((c) => c.startsWith('Account')).length).toBeGreaterThan(0);
    expect(all.filter((c) => c.startsWith('Market')).length).toBeGreaterThan(0);
    expect(all.filter((c) => c.includes('Switch to favourite account'))).toHaveLength(0);

    await input.fill('go wal');
    expect(await page.getByTestId('palette-item').allTextContents()).toEqual(['Go to Wallet Alt+5']);
    await page.screenshot({ path: artifact('palette.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Wallet');
    // Focus lands on the new section's heading, not back on the page body.
    await expect.poll(() => js<string>(page, 'document.activeElement?.textContent')).toBe('Wallet');
    await expect.poll(() => page.getByTestId('palette').count()).toBe(0);

    // Arrows move the highlight; the fourth "Go to" match (after Board, Accounts, Trade) runs.
    await page.keyboard.press('Control+k');
    await input.fill('go to');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.locator('[role="option"][aria-selected="true"]').textContent())
      .toContain('Positions');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Positions');

    // Esc closes without running anything.
    await page.keyboard.press('Control+k');
    await input.fill('theme');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('palette').count()).toBe(0);
    await expect.poll(() => theme(page)).toBe('dark');

    // A click runs an item as well.
    await page.getByTestId('open-palette').click();
    await page.getByTestId('palette-item').filter({ hasText: 'Go to Trade' }).click();
    await expect.poll(() => heading(page)).toBe('Trade');

    // The theme command from the palette.
    await page.keyboard.press('Control+k');
    await input.fill('theme');
    await page.keyboard.press('Enter');
    await expect.poll(() => theme(page)).toBe('light');
    await page.keyboard.press('Control+k');
    await input.fill('nothing like this');
    expect(await page.getByRole('status').filter({ hasText: 'Nothing matches' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lets the user rebind a shortcut in Settings, refusing a conflict until confirmed', async () => {
    const { page } = await openApp();
    await page.getByTestId('nav-settings').click();
    const row = page.getByTestId('hotkey-palette.open');
    await row.getByRole('button', { name: 'Change' }).click();
    await page.keyboard.press('Alt+4');
    expect(await page.getByTestId('hotkey-conflict').textContent()).toContain(
      'Alt+4 is already used by “History”',
    );
    await expect.poll(() => row.locator('kbd').textContent()).toBe('Ctrl+K');
    // Tab leaves the recording without binding anything.
    await row.getByRole('button', { name: 'Change' }).click();
    await page.keyboard.press('Tab');
    await expect.poll(() => row.locator('kbd').textContent()).toBe('Ctrl+K');
    expect(await row.getByRole('button', { name: 'Change' }).count()).toBe(1);
    await row.getByRole('button', { name: 'Change' }).click();
    await page.keyboard.press('Control+p');
    await expect.poll(() => row.locator('kbd').textContent()).toBe('Ctrl+P');
    await page.reload();
    await expect.poll(() => row.locator('kbd').textContent()).toBe('Ctrl+P');
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.getByTestId('palette').count()).toBe(0);
    await page.keyboard.press('Control+p');
    await expect.poll(() => page.getByTestId('palette').count()).toBe(1);
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Default' }).click();
    await expect.poll(() => row.locator('kbd').textContent()).toBe('Ctrl+K');
    await page.close();
  });
});

describe('live subscriptions of a page', () => {
  it('end when the page closes, so no topic outlives the page that asked for it', async () => {
    const before = app.core.live.subscriptionCount();
    const { page } = await app.openPage('#/trade');
    await expect.poll(() => app.core.live.subscriptionCount(), { timeout: 15_000 }).toBeGreaterThan(before);
    await page.close();
    await expect.poll(() => app.core.live.subscriptionCount(), { timeout: 15_000 }).toBe(before);
  });
});

describe('the core failing to answer', () => {
  it('says so in words in the status bar and the badge, and recovers on Retry', async () => {
    let up = false;
    // The same core behind a router that fails app.info until `up`.
    const flaky = {
      ...app.core,
      router: {
        ...app.core.router,
        dispatch: (procedure: unknown, input: unknown, context: { origin: string }) =>
          up
            ? app.core.router.dispatch(procedure, input, context)
            : Promise.resolve({
                ok: false,
                error: { code: 'internal', message: 'The app core is restarting.' },
              }),
      },
    } as typeof app.core;
    const flakyHost = await startBrowserHost(flaky, RENDERER_DIR);
    const { page } = await app.newPage();
    try {
      await page.goto(flakyHost.url);
      const error = page.getByTestId('status-error');
      await expect.poll(() => error.textContent()).toContain('The app core is restarting.');
      // The code is kept for support, never shown in words.
      expect(await error.getAttribute('data-code')).toBe('internal');
      expect(await error.textContent()).not.toContain('internal');
      expect(await page.getByTestId('core-badge').textContent()).toContain('Core unreachable');
      await page.screenshot({ path: artifact('frame-core-error.png') });
      up = true;
      await error.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => page.getByTestId('status-version').textContent()).toBe('TXC Desk 0.0.0-test');
      expect(await page.getByTestId('core-badge').textContent()).toContain('Core connected');
    } finally {
      await page.close();
      await flakyHost.close();
    }
  });
});
