// The desk board in Chromium on a desk of 1,000 sub-accounts: every row from the cache, a refresh,
// group and text filter, the cross-account grids, a flatten with one account failing that is
// shown alone and sent again, and keys revoked making one notice and one Events entry per refresh.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { KEY_ELEMENTS, missingFromView } from './layout-check.ts';
import { stopExchange } from './offline-tour.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const SUBS = 1000;
const ACCOUNTS = SUBS + 5;

const app = useAppSession({
  core: { connection: { kind: 'sandbox', persist: false, extraSubAccounts: SUBS, deskActivity: true } },
  pollTimeout: 60_000,
});

const keyOf = (label: string): string =>
  app.sandbox.accounts.find((a) => `Sandbox ${a.label}` === label)?.apiKey ?? '';

async function text(page: Page, testid: string): Promise<string> {
  return ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Waits until a board just opened has drawn its rows and its first refresh is in: the status says so
 * only then (while loading it says "loading…", which is not "refreshing" either). A key revoked before
 * that refresh ends would be read by it, not by the test's own refresh.
 */
async function boardRead(page: Page): Promise<void> {
  await expect
    .poll(() => text(page, 'board-status'), { timeout: 120_000 })
    .toBe(`${ACCOUNTS.toLocaleString('en-US')} accounts · each row says when it was read (Read at)`);
}

/** The row count of the board's open orders or open positions grid. */
async function gridCount(page: Page, grid: 'orders' | 'positions'): Promise<string> {
  const count = page.getByTestId(`board-${grid}`).getByTestId('grid-count');
  return ((await count.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

describe('the desk board in Chromium, 1,000 sub-accounts', () => {
  it('is the home screen, reads every account and totals what is shown', async () => {
    const { page, problems } = await app.openPage('', { clearStorage: true });
    await expect.poll(() => page.getByTestId('view-board').isVisible()).toBe(true);
    expect(await page.locator('[aria-current="page"]').textContent()).toContain('Board');
    await expect
      .poll(() => text(page, 'board-status'))
      .toContain(`${ACCOUNTS.toLocaleString('en-US')} accounts`);
    await expect.poll(() => text(page, 'board-status'), { timeout: 120_000 }).not.toContain('refreshing');
    await expect.poll(() => text(page, 'total-orders')).toBe(SUBS.toLocaleString('en-US'));
    expect(await text(page, 'total-positions')).toBe(SUBS.toLocaleString('en-US'));
    // virtualized: a thousand rows, a screenful in the page
    expect(await page.getByTestId('grid-row').count()).toBeLessThan(60);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`board-${String(width)}.png`), fullPage: true });
    }
    // The top bar's account picker at 1,005 accounts: a capped list with the rest counted, and
    // typing reaches any of them.
    await page.getByTestId('account-switcher').click();
    expect(await page.getByTestId('account-option').count()).toBe(50);
    expect(await text(page, 'account-picker-count')).toBe(
      `50 of ${ACCOUNTS.toLocaleString('en-US')} shown: type to narrow the rest.`,
    );
    await page.keyboard.type('sub-99');
    // Labels holding the words come first; labels holding their letters scattered come after.
    await expect.poll(() => text(page, 'account-option')).toContain('Sandbox sub-990');
    await page.screenshot({ path: artifact('board-account-picker.png') });
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await expect.poll(() => text(page, 'account-switcher-current')).toBe('Sandbox sub-997');

    await page.getByTestId('grid-filter').first().fill('sub-00');
    await expect.poll(() => text(page, 'grid-count')).toBe(`9 of ${ACCOUNTS.toLocaleString('en-US')} rows`);
    await expect.poll(() => text(page, 'total-orders')).toBe('9');

    // Open orders and positions side by side on one tab, each counted as its grid lists it.
    await page.getByTestId('board-tab-open').click();
    await expect.poll(() => page.getByTestId('grid-board-orders').isVisible()).toBe(true);
    expect(await page.getByTestId('grid-board-positions').isVisible()).toBe(true);
    expect(await text(page, 'board-tab-open')).toBe(
      `Open orders (${SUBS.toLocaleString('en-US')}) and positions (${SUBS.toLocaleString('en-US')})`,
    );
    expect(await gridCount(page, 'orders')).toBe(`${SUBS.toLocaleString('en-US')} rows`);
    expect(await gridCount(page, 'positions')).toBe(`${SUBS.toLocaleString('en-US')} rows`);
    await page.getByTestId('board-tab-accounts').click();
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('no list grows with the desk: the welcome panel and an order for 1,004 accounts count them and show them on asking', async () => {
    const { page, problems } = await app.openPage('#/board', { clearStorage: true });
    const welcome = page.getByTestId('first-run');
    await expect.poll(async () => (await welcome.textContent()) ?? '').toContain('and 1,000 more accounts');
    const words = ((await welcome.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(words).toContain(`Its ${ACCOUNTS.toLocaleString('en-US')} demo accounts are on the board`);
    expect(words).not.toContain('Sandbox sub-999');
    expect(words.length).toBeLessThan(1_000);
    // the first row is the main account, which holds no position here: no margin or liquidation figure
    const firstRowKeys = KEY_ELEMENTS.board.filter((e) => !/marginRatio|liquidation/.test(e.name));
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      // the board's first rows stand in the window beside the welcome
      try {
        await expect.poll(() => missingFromView(page, firstRowKeys)).toEqual([]);
      } finally {
        await page.screenshot({ path: artifact(`board-welcome-1005-${String(viewport.width)}.png`) });
      }
    }
    // every name on asking, in a box of its own height
    await page.getByTestId('first-run-accounts-named-toggle').click();
    const all = page.getByTestId('first-run-accounts-named-all');
    expect(await all.locator('li').count()).toBe(ACCOUNTS);
    expect((await all.boundingBox())?.height ?? 1e9).toBeLessThan(200);

    await page.goto(`${app.host.url}#/sub-accounts`);
    const grid = page.getByTestId('grid-sub-accounts');
    await expect.poll(() => grid.getByTestId('grid-row').count()).toBeGreaterThan(10);
    await grid.getByTestId('grid-select-all').check();
    const chosen = page.getByTestId('desk-chosen');
    await expect
      .poll(() => text(page, 'desk-chosen'))
      .toContain(`Goes to ${(ACCOUNTS - 1).toLocaleString('en-US')} accounts`);
    expect((await text(page, 'desk-chosen')).length).toBeLessThan(200);
    expect((await chosen.boundingBox())?.height ?? 1e9).toBeLessThan(60);
    await page.getByTestId('desk-panel').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('desk-order-1004-1440.png') });
    // the send button counts the orders as the rest of the screen does
    await page.getByTestId('desk-kind').selectOption('limit');
    await page.getByTestId('desk-side').selectOption('buy');
    await page.getByTestId('desk-price').fill('20000');
    await page.getByTestId('desk-amount').fill('0.001');
    await page.getByTestId('desk-preview').click();
    await expect
      .poll(() => text(page, 'desk-send'), { timeout: 60_000 })
      .toBe(`Send ${(ACCOUNTS - 1).toLocaleString('en-US')} orders…`);
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('flattens the shown accounts; the one that fails is shown alone and a re-send finishes it', async () => {
    const { page, problems } = await app.openPage('#/board');
    await boardRead(page);
    await page.getByTestId('grid-filter').first().fill('sub-01');
    await expect.poll(() => text(page, 'grid-count')).toBe(`10 of ${ACCOUNTS.toLocaleString('en-US')} rows`);
    app.sandbox.control.setKeyEnabled(keyOf('Sandbox sub-013'), false);

    await page.getByTestId('bulk-flatten').click();
    await expect
      .poll(() => text(page, 'bulk-preview-summary'))
      .toContain('10 accounts: 9 orders to cancel, 9 positions to close');
    expect(await page.getByTestId('bulk-preview-row').allTextContents()).toContainEqual(
      expect.stringContaining('Sandbox sub-013: not read'),
    );
    app.sandbox.control.setKeyEnabled(keyOf('Sandbox sub-013'), true);
    // fails at the send: its key is disabled again after the preview
    await page.getByTestId('bulk-flatten').click();
    await expect.poll(() => text(page, 'bulk-preview-summary')).toContain('10 orders to cancel');
    app.sandbox.control.setKeyEnabled(keyOf('Sandbox sub-013'), false);
    await page.getByTestId('bulk-send').click();
    await expect.poll(() => text(page, 'bulk-results')).toContain('9 of 10 accounts done, 1 failed');
    expect(app.desktop.confirmations.at(-1)?.title).toContain('10 accounts');
    const failed = await page.getByTestId('bulk-failed-row').allTextContents();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain('Sandbox sub-013');
    expect(failed[0]).toContain('disabled');
    await page.screenshot({ path: artifact('board-flatten-failed.png'), fullPage: true });

    app.sandbox.control.setKeyEnabled(keyOf('Sandbox sub-013'), true);
    await page.getByTestId('bulk-resend').click();
    await expect
      .poll(() => text(page, 'bulk-preview-summary'))
      .toContain('1 account: 1 order to cancel, 1 position to close');
    await page.getByTestId('bulk-send').click();
    await expect.poll(() => text(page, 'bulk-results')).toContain('1 of 1 account done');
    expect(await page.getByTestId('bulk-failed-row').count()).toBe(0);
    // The board shows what is open now: the shown accounts' totals and the grids lost what was flattened.
    await expect.poll(() => text(page, 'total-orders')).toBe('0');
    await expect.poll(() => text(page, 'total-positions')).toBe('0');
    await page.getByTestId('board-tab-open').click();
    await expect.poll(() => gridCount(page, 'orders')).toBe(`${(SUBS - 10).toLocaleString('en-US')} rows`);
    await expect.poll(() => gridCount(page, 'positions')).toBe(`${(SUBS - 10).toLocaleString('en-US')} rows`);
    await page.getByTestId('board-tab-accounts').click();

    // With the exchange stopped the bulk actions are off, saying why, and the board says it shows
    // saved data: no row claims to be live or polled.
    const readAt = page
      .getByTestId('grid-board')
      .getByTestId('grid-row')
      .first()
      .locator('[data-column="asOf"]');
    const readBefore = (await readAt.textContent()) ?? '';
    await stopExchange(page, app.core);
    try {
      await expect.poll(() => page.getByTestId('bulk-flatten').isDisabled()).toBe(true);
      expect(await text(page, 'bulk-blocked')).toContain('The exchange cannot be reached');
      await expect.poll(() => text(page, 'board-feed')).toContain('every row shows saved data');
      expect(await text(page, 'board-feed')).not.toMatch(/polled|live|connecting/);
      const updates = page.getByTestId('grid-board').locator('[data-testid="grid-row"] [data-column="feed"]');
      await expect.poll(() => updates.allTextContents()).not.toContain('polled');
      expect(new Set((await updates.allTextContents()).map((t) => t.trim()))).toEqual(new Set(['saved']));
      await page.getByTestId('bulk-panel').scrollIntoViewIfNeeded();
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: artifact(`board-bulk-offline-${String(width)}.png`) });
      }
    } finally {
      await app.sandbox.resume();
    }
    await expect.poll(() => page.getByTestId('bulk-flatten').isDisabled(), { timeout: 30_000 }).toBe(false);
    // Back without a click: the rows are read again and say how they are kept fresh.
    await expect.poll(() => text(page, 'board-feed')).not.toContain('saved data');
    await expect.poll(async () => (await readAt.textContent()) ?? '').not.toBe(readBefore);
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('keys revoked on three accounts make one notice and one Events entry at the refresh, none at the next', async () => {
    const { page, problems } = await app.openPage('#/board');
    await boardRead(page);
    // the rules are main's: a mistyped one is refused in words and the one in force comes back
    const liq = page.getByTestId('board-liq-threshold');
    await liq.fill('5%');
    await liq.press('Tab');
    await expect
      .poll(() => text(page, 'board-rules-error'))
      .toContain('Liquidation within % must be a percentage from 0 to 100');
    await expect.poll(() => liq.inputValue()).toBe('5');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`board-attention-rules-refused-${String(width)}.png`) });
    }
    const stale = page.getByTestId('board-stale-threshold');
    await stale.fill('');
    await stale.press('Tab');
    await expect
      .poll(() => text(page, 'board-rules-error'))
      .toContain('Stale after minutes must be a whole number');
    await expect.poll(() => stale.inputValue()).toBe('5');
    // liquidation is left out here, so only the revoked keys count
    await liq.fill('0');
    await liq.press('Tab');
    await expect
      .poll(
        async () =>
          (await app.core.router.dispatch('board.attentionRules', undefined, { origin: 'test' })) as unknown,
      )
      .toEqual({ ok: true, value: { liquidationPct: '0', staleMinutes: 5 } });
    expect(await page.getByTestId('board-rules-error').count()).toBe(0);

    const revoked = ['Sandbox sub-021', 'Sandbox sub-022', 'Sandbox sub-023'];
    for (const label of revoked) app.sandbox.control.setKeyEnabled(keyOf(label), false);
    const seen = app.desktop.notices.length;
    const notices = () => app.desktop.notices.slice(seen);
    await page.getByTestId('board-refresh').click();
    await expect.poll(() => text(page, 'board-status'), { timeout: 120_000 }).not.toContain('refreshing');
    expect(notices()).toEqual([
      {
        title: '3 accounts need attention',
        body: `3 keys revoked: ${revoked.join(', ')}`,
      },
    ]);
    await page.getByTestId('board-refresh').click();
    await expect.poll(() => text(page, 'board-status'), { timeout: 120_000 }).not.toContain('refreshing');
    expect(notices()).toHaveLength(1);
    for (const label of revoked) app.sandbox.control.setKeyEnabled(keyOf(label), true);

    await page.getByTestId('nav-events').click();
    await expect.poll(() => page.getByTestId('view-events').isVisible()).toBe(true);
    const entries = page.locator('[data-testid="event-entry"][data-kind="attention"]');
    await expect.poll(() => entries.count()).toBe(1);
    const entry = ((await entries.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(entry).toContain('3 accounts need attention');
    expect(entry).toContain(`3 keys revoked: ${revoked.join(', ')}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: artifact('board-attention-events-1280.png') });

    await page.getByTestId('nav-settings').click();
    const toggle = page.getByTestId('notify-deskAttention');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('board-attention-settings-1280.png') });
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);
});
