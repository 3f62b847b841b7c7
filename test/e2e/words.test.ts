import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './paths.ts';
import { js } from './page.ts';
import { useAppSession } from './session.ts';

const app = useAppSession();
const exportFile = join(mkdtempSync(join(tmpdir(), 'txc-grid-export-')), 'rewards.csv');
app.desktop.saveFile = exportFile;

const SCREENS = [
  'accounts',
  'trade',
  'positions',
  'history',
  'reports',
  'wallet',
  'sub-accounts',
  'mining',
  'events',
  'approvals',
  'team',
  'settings',
] as const;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

/** Words a person should never read: internal codes, JSON paths, field keys, unscaled hashrates. */
const INTERNAL: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'an error code in parentheses', pattern: /\([a-z]+(?:_[a-z]+)+\)/ },
  {
    what: 'a JSON path',
    pattern:
      /\b[a-z][a-zA-Z]+\.(?:\d+\.)?[a-z][a-zA-Z]*\b(?!\.)(?<!\.(?:json|sqlite|log|csv|com|org|io|txt))/,
  },
  {
    what: 'a field key before "must"',
    pattern: /\b(?:[a-z]+[A-Z][a-zA-Z]*|[a-z]+_[a-z_]+)\s+(?:must|is required|allows)\b/,
  },
  { what: 'an unscaled hashrate', pattern: /\b\d[\d,]{6,}\s*H\/s/ },
];

/** Every internal word on the page's visible text, with the line it sits in. */
async function internalWords(page: Page): Promise<string[]> {
  const text = await js<string>(page, 'document.body.innerText');
  const found: string[] = [];
  // Addresses (https://…, stratum+tcp://…) are shown as they are.
  for (const line of text.split('\n').map((l) => l.replace(/\S+:\/\/\S+/g, ''))) {
    for (const { what, pattern } of INTERNAL) {
      const m = pattern.exec(line);
      if (m) found.push(`${what}: "${m[0]}" in "${line.trim()}"`);
    }
  }
  return found;
}

/**
 * Tables wider than the box that shows them: cut at its right edge or needing a sideways scroll to
 * read a column (grids are left out: they scroll sideways when their content truly needs it).
 */
async function clippedTables(page: Page): Promise<string[]> {
  return js<string[]>(
    page,
    `[...document.querySelectorAll('table')]
      .filter((t) => t.getBoundingClientRect().width > 0)
      .filter((t) => {
        let p = t.parentElement;
        while (p && p !== document.body && getComputedStyle(p).overflowX === 'visible') p = p.parentElement;
        const right = p && p !== document.body ? p.getBoundingClientRect().right : window.innerWidth;
        return t.getBoundingClientRect().right > right + 1;
      })
      .map((t) => t.getAttribute('aria-label') ?? t.getAttribute('data-testid') ?? t.tagName)`,
  );
}

async function openScreen(page: Page, id: string): Promise<void> {
  await page.getByTestId(`nav-${id}`).click();
  await expect.poll(() => page.getByTestId(`view-${id}`).isVisible(), { timeout: 10_000 }).toBe(true);
  // Lists fill from main after the screen shows: read it once nothing says it is still loading. A
  // screen still loading after the poll's time is stuck, and fails here by its name.
  await expect
    .poll(() => js<boolean>(page, `/Loading|Reading/.test(document.body.innerText)`), {
      message: `the ${id} screen still says it is loading`,
    })
    .toBe(false);
}

describe('words on every screen', () => {
  it('shows no internal code, JSON path or field key, even after bad inputs, at 1280 and 1440 px', async () => {
    const main = await app.account('Sandbox main');
    await app.call('orders.place', {
      accountId: main.id,
      draft: { kind: 'collateral_market', market: 'BTC_PERP', side: 'buy', amount: '0.002' },
    });
    const { page, problems } = await app.openPage('#/accounts');
    const found: string[] = [];
    const clipped: string[] = [];

    // Bad inputs a hurried person types, each producing an error on screen.
    await openScreen(page, 'positions');
    await expect.poll(() => page.getByTestId('position-tpsl').count()).toBeGreaterThan(0);
    await page.getByTestId('position-tpsl').first().click();
    // main's rule judges the legs as they are typed (the button waits for it)
    await page.getByTestId('tpsl-stop-loss').fill('1000.05');
    await expect
      .poll(async () => (await page.getByTestId('tpsl-form').textContent()) ?? '', { timeout: 10_000 })
      .toMatch(/Stop-loss|must|below|above/);
    found.push(...(await internalWords(page)).map((f) => `positions (TP/SL): ${f}`));

    await openScreen(page, 'sub-accounts');
    await expect.poll(() => page.getByTestId('grid-row').count()).toBeGreaterThan(0);
    await page
      .locator('[data-testid="grid-row"][data-key="Sandbox sub-alpha"]')
      .getByTestId('grid-select')
      .check();
    await page.getByTestId('sweep-amount').fill('1,5');
    await page.getByTestId('sweep-preview').click();
    await page.locator('details.raw summary').click();
    await page.getByTestId('perm-add').click();
    await page.getByTestId('perm-url').first().fill('order/new');
    await page.getByTestId('perm-preview').click();
    await expect.poll(() => page.getByTestId('error-notice').count()).toBeGreaterThanOrEqual(1);
    found.push(...(await internalWords(page)).map((f) => `sub-accounts (forms): ${f}`));

    await openScreen(page, 'wallet');
    if ((await page.getByTestId('withdraw-amount').count()) > 0) {
      await page.getByTestId('withdraw-amount').fill('1e5');
      await page.getByTestId('withdraw-review').click();
      found.push(...(await internalWords(page)).map((f) => `wallet (withdraw): ${f}`));
    }

    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const id of SCREENS) {
        await openScreen(page, id);
        found.push(...(await internalWords(page)).map((f) => `${id} at ${String(size.width)}: ${f}`));
        clipped.push(...(await clippedTables(page)).map((t) => `${id} at ${String(size.width)}: ${t}`));
        await page.screenshot({ path: artifact(`words-${id}-${String(size.width)}.png`) });
      }
    }
    await page.close();
    expect(found).toEqual([]);
    expect(clipped).toEqual([]);
    expect(problems).toEqual([]);
  }, 240_000);

  it('scales hashrates, shows the pool fee in percent, and exports the rewards grid as shown', async () => {
    const { page } = await app.openPage('#/mining');
    await expect.poll(() => page.getByTestId('view-mining').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('mining-chooser').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('mining-chooser').selectOption('desk-pool');
    // The sandbox's fee is the pool's share of each reward (reward × 0.02): 2 %.
    await expect.poll(() => page.getByTestId('pool-fee').textContent()).toBe('2 %');
    // The watch reads rewards on its own every few minutes; ask now.
    await page.getByTestId('mining-poll').click();
    await expect
      .poll(() => page.getByTestId('mining-poll-result').textContent(), { timeout: 10_000 })
      .toContain('Checked');
    const rewards = page.getByTestId('mining-rewards');
    await expect.poll(() => rewards.getByTestId('grid-row').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const hashCell = rewards.getByTestId('grid-row').first().locator('[role="gridcell"]').last();
    // 12 workers × 95 TH/s each.
    expect(await hashCell.textContent()).toBe('1.14 PH/s');
    expect(await hashCell.getAttribute('title')).toBe('1,140,000,000,000,000 H/s');

    const rows = await rewards.getByTestId('grid-row').count();
    await rewards.getByTestId('grid-export').click();
    await expect.poll(() => rewards.getByTestId('grid-exported').textContent()).toContain(exportFile);
    const lines = readFileSync(exportFile, 'utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Day (UTC),Reward,Pool fee,Hashrate');
    expect(lines.length - 1).toBeGreaterThanOrEqual(rows);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\.000Z,[\d.]+,[\d.]+,1\.14 PH\/s$/);
    await page.close();
  });

  it('the palette finds an account and a market by name, from the keyboard', async () => {
    const { page, problems } = await app.openPage('#/accounts');
    await expect.poll(() => page.getByTestId('view-accounts').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Control+K');
    await page.getByTestId('palette-input').fill('sub alpha');
    await expect
      .poll(async () => (await page.getByTestId('palette-item').first().textContent()) ?? '')
      .toContain('Work on Sandbox sub-alpha');
    // No unnamed favourite slots.
    await page.getByTestId('palette-input').fill('favourite account');
    expect(
      (await page.getByTestId('palette-item').allTextContents()).filter((t) =>
        /favourite account \d/.test(t),
      ),
    ).toEqual([]);
    await page.getByTestId('palette-input').fill('sub alpha');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('account-switcher-current').textContent())
      .toContain('Sandbox sub-alpha');

    await page.keyboard.press('Control+K');
    await page.getByTestId('palette-input').fill('eth usdt');
    await expect
      .poll(async () => (await page.getByTestId('palette-item').first().textContent()) ?? '')
      .toContain('Trade ETH_USDT');
    await page.screenshot({ path: artifact('palette-market.png') });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('view-trade').isVisible()).toBe(true);
    expect(await js<string | null>(page, "localStorage.getItem('txc.trade.market')")).toBe('ETH_USDT');

    await page.keyboard.press('Control+K');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('palette').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
