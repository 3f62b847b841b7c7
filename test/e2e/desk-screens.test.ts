// The Accounts and Sub-accounts screens in Chromium on a desk of 1,000 sub-accounts: drawn a screenful
// at a time, no read per row when they open, and the sub-accounts' balances read on request with the
// main key, behind a transfer made meanwhile, with their progress shown.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AttemptOutcome } from '../../main/exchange/http.ts';
import { parseNumber } from '../../renderer/src/lib/format/number.ts';
import { stopExchange } from './offline-tour.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const SUBS = 1000;
/** The seeded sub-accounts beside the thousand. */
const SUB_ACCOUNTS = SUBS + 4;
const ACCOUNTS = SUBS + 5;

const app = useAppSession({
  core: { connection: { kind: 'sandbox', persist: false, extraSubAccounts: SUBS } },
  pollTimeout: 60_000,
});

async function text(page: Page, testid: string): Promise<string> {
  return ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Every attempt the main process's client makes from now on, until `stop`. */
function watchRequests(): { seen: AttemptOutcome[]; stop: () => void } {
  const seen: AttemptOutcome[] = [];
  const stop = app.core.connection.http.observe((outcome) => seen.push(outcome));
  return { seen, stop };
}

describe('the Accounts and Sub-accounts screens in Chromium, 1,000 sub-accounts', () => {
  it('Sub-accounts: a screenful drawn, nothing read on open; Refresh reads all behind a transfer, with progress', async () => {
    const watch = watchRequests();
    const { page, problems } = await app.openPage('#/sub-accounts');
    const grid = page.getByTestId('grid-sub-accounts');
    await expect.poll(() => text(page, 'grid-count')).toBe(`${SUB_ACCOUNTS.toLocaleString('en-US')} rows`);
    expect(await grid.getByTestId('grid-row').count()).toBeLessThan(60);
    await expect
      .poll(() => text(page, 'sub-unread'))
      .toContain(`${SUB_ACCOUNTS.toLocaleString('en-US')} sub-accounts have not been read yet`);
    expect(watch.seen.filter((o) => o.path === '/api/v4/sub-account/balances')).toEqual([]);

    // The header's checkbox picks the shown rows only.
    await page.getByTestId('grid-filter').fill('sub-00');
    await expect
      .poll(() => text(page, 'grid-count'))
      .toBe(`9 of ${SUB_ACCOUNTS.toLocaleString('en-US')} rows`);
    await page.getByTestId('grid-select-all').check();
    expect(await text(page, 'sub-selected-count')).toBe(
      `9 of ${SUB_ACCOUNTS.toLocaleString('en-US')} selected`,
    );
    await page.getByTestId('grid-filter').fill('');
    await expect.poll(() => text(page, 'grid-count')).toBe(`${SUB_ACCOUNTS.toLocaleString('en-US')} rows`);
    expect(await page.getByTestId('grid-select-all').isChecked()).toBe(false);
    // From the keyboard: End highlights the last row, Space picks it and picks it off again.
    await grid.getByRole('grid').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Space');
    expect(await text(page, 'sub-selected-count')).toBe(
      `10 of ${SUB_ACCOUNTS.toLocaleString('en-US')} selected`,
    );
    await page.keyboard.press('Space');
    expect(await text(page, 'sub-selected-count')).toBe(
      `9 of ${SUB_ACCOUNTS.toLocaleString('en-US')} selected`,
    );

    // Every balance read with the main key: more calls than its budget of 1,000 per 10 s for
    // sub-account calls, so the read takes a window and more; a transfer made meanwhile goes first.
    await page.getByTestId('sub-balances-refresh').click();
    await expect.poll(() => text(page, 'progress')).toContain('Reading the balances with the main key');
    const sub = await app.account('Sandbox sub-500');
    const transfer = await app.call<{ transactionId: string }>('subaccounts.transfer', {
      accountId: sub.id,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '1',
    });
    expect(transfer.transactionId).toBeTruthy();
    // The transfer is done while the read is still under way.
    expect(await page.getByTestId('progress').isVisible()).toBe(true);
    expect(await page.getByTestId('sub-balances-refresh').isDisabled()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: artifact('sub-accounts-reading-1280.png') });

    await expect.poll(() => page.getByTestId('progress').count(), { timeout: 120_000 }).toBe(0);
    expect(await page.getByTestId('sub-unread').count()).toBe(0);
    const reads = watch.seen.filter((o) => o.path === '/api/v4/sub-account/balances');
    watch.stop();
    expect(reads).toHaveLength(SUB_ACCOUNTS);
    expect(reads.every((o) => o.background === true && o.error === undefined)).toBe(true);
    // Every row says when its balances were read, and the highlighted one shows them per ticker.
    await page.getByTestId('grid-filter').fill('sub-500');
    await expect
      .poll(() => text(page, 'grid-count'))
      .toBe(`1 of ${SUB_ACCOUNTS.toLocaleString('en-US')} rows`);
    const row = grid.locator('[data-testid="grid-row"][data-key="Sandbox sub-500"]');
    expect(await row.locator('[data-column="taken"]').textContent()).toMatch(/^as of \d\d:\d\d:\d\d/);
    await row.locator('[data-column="label"]').click();
    await expect
      .poll(() => page.getByTestId('sub-detail').getAttribute('data-label'))
      .toBe('Sandbox sub-500');
    // written by the shared formatter: grouped thousands, read back by its own parser
    expect(await text(page, 'bal-USDT-main')).toMatch(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
    expect(parseNumber(await text(page, 'bal-USDT-main'))).toBeDefined();
    await page.getByTestId('grid-filter').fill('');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`sub-accounts-${String(width)}.png`) });
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('Sub-accounts: Select all previews a transfer to every sub-account and a key change over every key; with the exchange stopped both are off, saying why', async () => {
    const { page, problems } = await app.openPage('#/sub-accounts');
    const all = SUB_ACCOUNTS.toLocaleString('en-US');
    await expect.poll(() => text(page, 'grid-count')).toBe(`${all} rows`);
    await page.getByTestId('grid-select-all').check();
    expect(await text(page, 'sub-selected-count')).toBe(`${all} of ${all} selected`);

    // A transfer of 0.01 USDT to each: one preview, checked against the main balance, every transfer counted.
    await page.getByTestId('sweep-amount').fill('0.01');
    await page.getByTestId('sweep-preview').click();
    await expect
      .poll(() => text(page, 'sweep-preview-summary'), { timeout: 60_000 })
      .toBe(
        `${all} transfers, ${(SUB_ACCOUNTS * 0.01).toFixed(2)} USDT in all, from main to sub-accounts. Each was checked against the balance it comes from.`,
      );
    expect(await page.getByTestId('sweep-leg').count()).toBe(50);
    expect(await text(page, 'sweep-more')).toBe(
      `and ${(SUB_ACCOUNTS - 50).toLocaleString('en-US')} more transfers, in the total above.`,
    );
    expect(await page.getByTestId('sweep-run').textContent()).toContain(`Make ${all} transfers`);
    const sweepPanel = page.getByTestId('sweep-panel');
    expect(await sweepPanel.textContent()).not.toMatch(/entries|Account ids|at most 1000/);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('sweep-preview').scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`sub-accounts-sweep-all-${String(width)}.png`) });
    }

    // One capability turned off over every key: the diff of each, counted.
    await page.getByTestId('perm-cap-withdraw').check();
    await page.getByTestId('perm-cap-withdraw').uncheck();
    await page.getByTestId('perm-preview').click();
    await expect
      .poll(() => text(page, 'perm-diff-summary'))
      .toMatch(new RegExp(`^[\\d,]+ of ${all} keys change; the first 50 are listed\\.$`));
    const permPanel = page.getByTestId('perm-panel');
    expect(await permPanel.textContent()).not.toMatch(/entries|Account ids|at most 1000/);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('perm-diff-summary').scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`sub-accounts-permissions-all-${String(width)}.png`) });
    }

    // The exchange stops: previewing transfers and applying key changes are off, with the reason beside them.
    await stopExchange(page, app.core);
    try {
      await expect.poll(() => page.getByTestId('sweep-preview').isDisabled()).toBe(true);
      expect(await text(page, 'sweep-blocked')).toContain('The exchange cannot be reached');
      expect(await page.getByTestId('perm-apply').isDisabled()).toBe(true);
      expect(await text(page, 'perm-blocked')).toContain('The exchange cannot be reached');
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId('sweep-preview').scrollIntoViewIfNeeded();
        await page.screenshot({ path: artifact(`sub-accounts-offline-${String(width)}.png`) });
      }
    } finally {
      await app.sandbox.resume();
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('Accounts: a screenful drawn; once every account was read, opening it reads none and says the balances are saved, not failed', async () => {
    // Balances main read already (the main account's, for the transfers above) show as saved at once.
    const knownBefore = (await app.call<unknown[]>('board.knownBalances', {})).length;
    const first = await app.openPage('#/accounts');
    await expect.poll(() => text(first.page, 'grid-count')).toBe(`${ACCOUNTS.toLocaleString('en-US')} rows`);
    // Accounts never read are read once (each on its own key), with their progress shown.
    await expect.poll(() => text(first.page, 'progress')).toContain('Reading the spot balances');
    await expect.poll(() => first.page.getByTestId('progress').count(), { timeout: 120_000 }).toBe(0);
    // What this page read shows as read now; only what was known before it opened shows as saved.
    if (knownBefore === 0) expect(await first.page.getByTestId('accounts-saved').count()).toBe(0);
    else
      expect(await text(first.page, 'accounts-saved')).toMatch(
        knownBefore === 1
          ? /^One account shows saved balances/
          : new RegExp(`^${String(knownBefore)} accounts show`),
      );
    await first.page.close();

    const watch = watchRequests();
    const { page, problems } = await app.openPage('#/accounts');
    await expect.poll(() => text(page, 'grid-count')).toBe(`${ACCOUNTS.toLocaleString('en-US')} rows`);
    expect(await page.getByTestId('grid-row').count()).toBeLessThan(60);
    await expect
      .poll(() => text(page, 'accounts-saved'))
      .toMatch(
        new RegExp(
          `^${ACCOUNTS.toLocaleString('en-US')} accounts show saved balances, the oldest as of \\d\\d:\\d\\d:\\d\\d.*Refresh balances reads them again\\.$`,
        ),
      );
    expect(await page.getByTestId('accounts-saved').getAttribute('data-failed')).toBe('0');
    expect(await page.getByTestId('accounts-saved').getAttribute('class')).not.toContain('problem');
    watch.stop();
    expect(watch.seen.filter((o) => o.path === '/api/v4/trade-account/balance')).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);
});
