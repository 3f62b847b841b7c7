// With the exchange stopped: the collateral balances and the key permissions paint what was last seen
// with its age, say "not known, since …" for what never was, and the order book stops saying "live"
// the moment its socket drops, saying since when; it is live again once the exchange returns.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { KEY_CAPABILITIES } from '../../main/services/desk/key-capabilities.ts';
import { navigateAndTime, stopExchange, timeUntil } from './offline-tour.ts';
import { pickAccount } from './page.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 10_000 });

async function words(page: Page, testid: string): Promise<string> {
  return ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

const has = (testid: string, extra = ''): string =>
  `!!document.querySelector('[data-testid="${testid}"]${extra}')`;

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: artifact(`offline-known-${name}-${String(width)}.png`), fullPage: true });
  }
}

const urlsOf = (id: string, enable: boolean) =>
  (KEY_CAPABILITIES.find((c) => c.id === id)?.urls ?? []).map((url) => ({ url, enable }));

describe('last known collateral, key permissions and the book with the exchange stopped', () => {
  it('shows each with its age or as not known since when, and the book as stale, then live again', async () => {
    const main = await app.account('Sandbox main');
    const alpha = await app.account('Sandbox sub-alpha');
    const maker = await app.account('Sandbox sub-maker');
    // The keys of alpha are set from this app: what they allow is then known, with its time.
    await app.call('subaccounts.applyPermissions', {
      accountIds: [alpha.id],
      urls: [...urlsOf('trade-spot', true), ...urlsOf('withdraw', false)],
    });

    const { page, problems } = await app.openPage('#/positions', { clearStorage: true });
    await pickAccount(page, main);
    await timeUntil(page, has('collateral-as-of', '[data-source="exchange"]'));
    await navigateAndTime(page, '#/wallet', has('move-source'));
    await page.getByTestId('move-from').selectOption('spot');
    await timeUntil(page, has('move-source-as-of', '[data-source="exchange"]'));
    await expect.poll(() => words(page, 'move-source-live')).toBe('· follows the exchange live');
    await navigateAndTime(page, '#/trade', has('depth-state', '[data-live="true"]'));

    // The socket drops with the exchange: the book is stale from that moment, saying since when.
    await stopExchange(page, app.core);
    await timeUntil(page, has('depth-state', '[data-live="false"]'), 10_000);
    await expect.poll(() => words(page, 'depth-state')).toMatch(/^○ stale since \d\d:\d\d:\d\d \(/);
    await shoot(page, 'trade');

    // Collateral: the saved balances and free margin, marked saved with their age.
    await navigateAndTime(page, '#/positions', has('collateral-as-of', '[data-source="cache"]'));
    // The saved balances show at once, "asking the exchange…", until the read fails.
    await expect
      .poll(() => words(page, 'collateral-as-of'))
      .toMatch(
        /Saved collateral balances as of \d\d:\d\d:\d\d, .*not refreshed: Could not reach the exchange/,
      );
    expect(await page.getByTestId('collateral-balances').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('collateral-none').count()).toBe(0);
    expect(await words(page, 'free-margin')).toMatch(/\d.* USDT/);
    await shoot(page, 'positions');

    // An account whose collateral was never read: not known, since the exchange went away; never "nothing".
    await pickAccount(page, maker);
    await expect
      .poll(() => words(page, 'collateral-as-of'))
      .toMatch(/Collateral balances not known since \d\d:\d\d:\d\d \(.*\): Could not reach the exchange/);
    expect(await words(page, 'collateral-none')).toBe('Not known: see above.');
    await shoot(page, 'positions-unknown');

    // Wallet: the spot balance a move would take from, as saved, with its age.
    await pickAccount(page, main);
    await navigateAndTime(page, '#/wallet', has('move-source'));
    await page.getByTestId('move-from').selectOption('spot');
    await timeUntil(page, has('move-source-as-of', '[data-source="cache"]'));
    expect(await words(page, 'move-source-as-of')).toMatch(
      /Saved spot \(trade\) balances as of \d\d:\d\d:\d\d/,
    );
    expect(await words(page, 'move-source')).toMatch(/Spot \(trade\) balance free to move: [\d,.]+ USDT/);
    expect(await words(page, 'move-source-live')).toBe('· read every minute while live updates are down');
    await page.getByTestId('move-panel').scrollIntoViewIfNeeded();
    await shoot(page, 'wallet');

    // Key permissions: alpha's as last set, with the time; maker's not known, and since when unreachable.
    await navigateAndTime(page, '#/sub-accounts', has('grid-row'));
    for (const label of ['Sandbox sub-alpha', 'Sandbox sub-maker'])
      await page.locator(`[data-testid="grid-row"][data-key="${label}"] [data-testid="grid-select"]`).check();
    const rows = page.getByTestId('perm-known-row');
    await expect.poll(() => rows.count()).toBe(2);
    const alphaRow = rows.filter({ hasText: 'Sandbox sub-alpha' });
    expect(await alphaRow.getAttribute('data-source')).toBe('cache');
    expect(await alphaRow.textContent()).toMatch(
      /Trade spot on · Withdraw off\s*set [\d-]* ?\d\d:\d\d:\d\d, (just now|\d+ s ago)/,
    );
    const makerRow = rows.filter({ hasText: 'Sandbox sub-maker' });
    expect(await makerRow.getAttribute('data-source')).toBe('none');
    expect((await makerRow.textContent())?.replace(/\s+/g, ' ')).toMatch(
      /Not known: never set from this app, .* · exchange unreachable since \d\d:\d\d:\d\d/,
    );
    await page.getByTestId('perm-known').scrollIntoViewIfNeeded();
    await shoot(page, 'sub-accounts');

    // The exchange returns: the book is read again and live once its socket is.
    await app.sandbox.resume();
    await navigateAndTime(page, '#/trade', has('depth-state', '[data-live="true"]'));
    expect(await words(page, 'depth-state')).toBe('● live');
    expect(problems).toEqual([]);
  });
});
