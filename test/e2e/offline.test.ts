import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navigateAndTime, OFFLINE_SCREENS, stopExchange, timeUntil, warmUp } from './offline-tour.ts';
import { artifact } from './paths.ts';
import { js, useAppSession } from './session.ts';

// The machine is shared: give the screens time to follow before a poll gives up.
const app = useAppSession({ pollTimeout: 10_000 });

const reach = (page: Page) => page.getByTestId('reach-badge');

/** The words of an element as a person reads them: white space collapsed. */
async function words(page: Page, testid: string): Promise<string> {
  return ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

async function title(page: Page, testid: string): Promise<string | null> {
  return page.getByTestId(testid).first().getAttribute('title');
}

describe('every screen with the exchange stopped and restarted', () => {
  it('paints what it last knew with its age, turns off what needs the exchange with the reason, and catches up when it returns, without a reload', async () => {
    const { page, problems } = await app.openPage('#/accounts', { clearStorage: true });
    await expect.poll(() => reach(page).getAttribute('data-state')).toBe('reachable');
    expect(await words(page, 'reach-badge')).toContain('Exchange answering');
    await warmUp(page, (procedure, input) => app.call(procedure, input));
    // Set once: a reload of the page would lose it.
    await js(page, 'window.__sameDocument = true');

    const detectMs = await stopExchange(page, app.core);
    expect(detectMs).toBeLessThan(3_000);
    expect(await words(page, 'reach-badge')).toMatch(
      /Exchange unreachable since \d\d:\d\d:\d\d \(just now\): showing saved data/,
    );

    for (const screen of OFFLINE_SCREENS) {
      const ms = await navigateAndTime(page, screen.hash, screen.cached);
      expect(ms, screen.id).toBeLessThan(5_000);
      await page.screenshot({ path: artifact(`offline-${screen.id}.png`) });
    }

    // Trade: the saved open order, marked as saved with its age; nothing can be sent or cancelled.
    await navigateAndTime(page, '#/trade', OFFLINE_SCREENS[2]?.cached ?? 'false');
    await expect
      .poll(() => words(page, 'orders-as-of'))
      .toMatch(
        /Saved open orders as of \d\d:\d\d:\d\d, (just now|\d+ s ago|\d+ min ago) · not refreshed: Could not reach the exchange/,
      );
    expect(await page.getByTestId('active-orders').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('active-empty').count()).toBe(0);
    expect(await words(page, 'trade-blocked')).toContain(
      'The exchange cannot be reached: this waits until it answers again. Nothing is queued.',
    );
    expect(await page.getByTestId('ticket-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('cancel-order').first().isDisabled()).toBe(true);
    expect(await title(page, 'cancel-order')).toContain('The exchange cannot be reached');
    expect(await page.getByTestId('cancel-all').isDisabled()).toBe(true);

    // Positions: leverage, TP/SL and closing are off, saying why.
    await navigateAndTime(page, '#/positions', OFFLINE_SCREENS[3]?.cached ?? 'false');
    expect(await words(page, 'positions-blocked')).toContain('The exchange cannot be reached');
    // History: the cached deals stay browsable; a sync waits, saying why.
    await navigateAndTime(page, '#/history', OFFLINE_SCREENS[6]?.cached ?? 'false');
    expect(await page.getByTestId('history-sync').isDisabled()).toBe(true);
    expect(await title(page, 'history-sync')).toContain('The cached deals stay browsable');

    // Accounts: every row's balances are the saved ones, each with when they were taken.
    await navigateAndTime(page, '#/accounts', OFFLINE_SCREENS[0]?.cached ?? 'false');
    const rows = await page.getByTestId('grid-row').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row).toMatch(/saved: .+as of \d\d:\d\d:\d\d, (just now|\d+ s ago|\d+ min ago)/);

    // Sub-accounts: saved balances per sub-account; transfers, key changes and desk orders are off.
    await navigateAndTime(page, '#/sub-accounts', OFFLINE_SCREENS[1]?.cached ?? 'false');
    expect(await words(page, 'sub-saved')).toMatch(/show saved balances, the oldest as of \d\d:\d\d:\d\d/);
    expect((await page.getByTestId('grid-row').allTextContents()).join('\n')).toMatch(
      /saved as of \d\d:\d\d:\d\d/,
    );
    expect(await words(page, 'subs-blocked')).toContain('Nothing is queued');

    // Wallet: the stored balances; money cannot move.
    await navigateAndTime(page, '#/wallet', OFFLINE_SCREENS[4]?.cached ?? 'false');
    expect(await words(page, 'wallet-offline')).toContain('Money cannot move');

    // Mining: the saved worker counts, with their age and why they were not refreshed.
    await navigateAndTime(page, '#/mining', OFFLINE_SCREENS[5]?.cached ?? 'false');
    await expect
      .poll(() => words(page, 'workers-saved'))
      .toMatch(/Saved workers as of \d\d:\d\d:\d\d.*not refreshed: Could not reach the exchange/);

    // The exchange comes back: the top bar clears by itself, and the open screen catches up in place
    // (no navigation, no reload); every other screen shows fresh content when opened.
    await navigateAndTime(page, '#/trade', OFFLINE_SCREENS[2]?.cached ?? 'false');
    await app.sandbox.resume();
    await timeUntil(
      page,
      `document.querySelector('[data-testid="reach-badge"]')?.dataset.state === 'reachable'`,
    );
    await timeUntil(page, OFFLINE_SCREENS[2]?.fresh ?? 'false', 10_000);
    expect(await page.getByTestId('cancel-order').first().isDisabled()).toBe(false);
    for (const screen of OFFLINE_SCREENS) await navigateAndTime(page, screen.hash, screen.fresh);
    expect(await page.getByTestId('trade-blocked').count()).toBe(0);
    expect(await js(page, 'window.__sameDocument === true')).toBe(true);
    expect(problems).toEqual([]);
  });
});
