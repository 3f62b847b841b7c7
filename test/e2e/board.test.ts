// The desk board in Chromium on a desk of 1,000 sub-accounts: every row from the cache, a refresh,
// group and text filter, the cross-account grids, a flatten with one account failing that is
// shown alone and sent again, and keys revoked making one notice and one Events entry per refresh.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

    await page.getByTestId('board-tab-orders').click();
    await expect.poll(() => page.getByTestId('grid-board-orders').isVisible()).toBe(true);
    expect(await text(page, 'grid-count')).toBe(`${SUBS.toLocaleString('en-US')} rows`);
    await page.getByTestId('board-tab-positions').click();
    expect(await text(page, 'grid-count')).toBe(`${SUBS.toLocaleString('en-US')} rows`);
    expect(problems).toEqual([]);
  }, 240_000);

  it('flattens the shown accounts; the one that fails is shown alone and a re-send finishes it', async () => {
    const { page, problems } = await app.openPage('#/board');
    await expect.poll(() => text(page, 'board-status'), { timeout: 120_000 }).not.toContain('refreshing');
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
    await expect.poll(() => text(page, 'bulk-results')).toContain('1 of 1 accounts done');
    expect(await page.getByTestId('bulk-failed-row').count()).toBe(0);
    // The board shows what is open now: the shown accounts' totals and the grids lost what was flattened.
    await expect.poll(() => text(page, 'total-orders')).toBe('0');
    await expect.poll(() => text(page, 'total-positions')).toBe('0');
    await page.getByTestId('board-tab-orders').click();
    await expect.poll(() => text(page, 'grid-count')).toBe(`${(SUBS - 10).toLocaleString('en-US')} rows`);
    await page.getByTestId('board-tab-positions').click();
    await expect.poll(() => text(page, 'grid-count')).toBe(`${(SUBS - 10).toLocaleString('en-US')} rows`);
    await page.getByTestId('board-tab-accounts').click();

    // With the exchange stopped the bulk actions are off, saying why.
    await stopExchange(page, app.core);
    try {
      await expect.poll(() => page.getByTestId('bulk-flatten').isDisabled()).toBe(true);
      expect(await text(page, 'bulk-blocked')).toContain('The exchange cannot be reached');
      await page.getByTestId('bulk-panel').scrollIntoViewIfNeeded();
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: artifact(`board-bulk-offline-${String(width)}.png`) });
      }
    } finally {
      await app.sandbox.resume();
    }
    await expect.poll(() => page.getByTestId('bulk-flatten').isDisabled(), { timeout: 30_000 }).toBe(false);
    expect(problems).toEqual([]);
  }, 240_000);

  it('keys revoked on three accounts make one notice and one Events entry at the refresh, none at the next', async () => {
    const { page, problems } = await app.openPage('#/board');
    await expect.poll(() => text(page, 'board-status'), { timeout: 120_000 }).not.toContain('refreshing');
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
  }, 240_000);
});
