import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OrderView, ProcedureResult } from '../../main/ipc/contract.ts';
import { KEY_CAPABILITIES } from '../../main/services/desk/key-capabilities.ts';
import { formatNumber, parseNumber } from '../../renderer/src/lib/format/number.ts';
import { artifact } from './paths.ts';
import { js, useAppSession, type OpenedPage } from './session.ts';

const app = useAppSession({
  // Three plain sub-accounts (`Sandbox sub-001`…) beside the seeded ones, for the order for many accounts.
  core: { connection: { kind: 'sandbox', persist: false, extraSubAccounts: 3 } },
});

/** The main USDT balance of each sub-account, by sub-account id, as main reads it. */
async function usdtMain(): Promise<Record<string, string>> {
  const views = await app.call<ProcedureResult<'subaccounts.balances'>>('subaccounts.balances');
  return Object.fromEntries(views.map((v) => [v.subAccountId, v.balances?.['USDT']?.[0]?.main ?? '0']));
}

async function subIdOf(label: string): Promise<string> {
  return (await app.account(label)).subAccountId ?? '';
}

async function openSubAccounts(): Promise<OpenedPage> {
  const opened = await app.openPage('#/sub-accounts');
  const { page } = opened;
  await expect.poll(() => page.getByTestId('view-sub-accounts').isVisible()).toBe(true);
  const grid = page.getByTestId('grid-sub-accounts');
  await expect.poll(() => grid.getByTestId('grid-row').count()).toBeGreaterThanOrEqual(3);
  // A small desk reads every balance on open: no row is left waiting for its read.
  await expect
    .poll(async () => (await grid.getByTestId('grid-body').textContent()) ?? '')
    .not.toMatch(/reading…|not read yet/);
  return opened;
}

/** A sub-account's row in the grid (every row of this small desk is drawn). */
function row(page: Page, label: string) {
  return page.locator(`[data-testid="grid-sub-accounts"] [data-testid="grid-row"][data-key="${label}"]`);
}

/** Highlights a sub-account's row (a click on its label): its details show below the grid. */
async function open(page: Page, label: string) {
  await row(page, label).locator('[data-column="label"]').click();
  await expect.poll(() => page.getByTestId('sub-detail').getAttribute('data-label')).toBe(label);
}

describe('the Sub-accounts screen in Chromium', () => {
  it('sweeps 2 USDT from main to two sub-accounts with a preview first, and their balances follow', async () => {
    const { page, problems } = await openSubAccounts();
    const alpha = await subIdOf('Sandbox sub-alpha');
    const maker = await subIdOf('Sandbox sub-maker');
    const before = await usdtMain();

    await row(page, 'Sandbox sub-alpha').getByTestId('grid-select').check();
    await row(page, 'Sandbox sub-maker').getByTestId('grid-select').check();
    expect(await page.getByTestId('sub-selected-count').textContent()).toMatch(/^2 of \d+ selected$/);

    await page.getByTestId('sweep-direction').selectOption('main_to_sub');
    await page.getByTestId('sweep-ticker').fill('USDT');
    // "all" only moves sub-account balances to main: main says so next to the amount.
    await page.getByTestId('sweep-amount').fill('all');
    await page.getByTestId('sweep-preview').click();
    await expect
      .poll(
        async () => (await page.getByTestId('sweep-panel').getByTestId('error-notice').textContent()) ?? '',
      )
      .toContain('give an amount to send to sub-accounts');
    expect(await page.getByTestId('sweep-leg').count()).toBe(0);
    await page.getByTestId('sweep-amount').fill('2');
    await page.getByTestId('sweep-preview').click();
    await expect.poll(() => page.getByTestId('sweep-leg').count()).toBe(2);
    const legs = await page.getByTestId('sweep-leg').allTextContents();
    expect(legs.join('\n')).toContain('Sandbox sub-alpha');
    expect(legs.join('\n')).toContain('Sandbox sub-maker');
    for (const leg of legs) expect(leg).toContain('2 USDT');
    // Nothing moved yet.
    expect(await usdtMain()).toEqual(before);

    // Declined in main's own dialog: nothing moves, and the preview must be made again.
    app.desktop.confirmAnswer = false;
    await page.getByTestId('sweep-run').click();
    await expect
      .poll(
        async () => (await page.getByTestId('sweep-panel').getByTestId('error-notice').textContent()) ?? '',
      )
      .toContain('not confirmed');
    app.desktop.confirmAnswer = true;
    expect(await usdtMain()).toEqual(before);
    await page.getByTestId('sweep-preview').click();
    await expect.poll(() => page.getByTestId('sweep-leg').count()).toBe(2);

    await page.getByTestId('sweep-run').click();
    await expect.poll(() => page.getByTestId('sweep-result').count()).toBe(2);
    expect(app.desktop.confirmations.at(-1)).toMatchObject({
      title: 'Transfer 4 USDT from the main account to 2 sub-accounts?',
      action: 'Transfer',
    });
    expect(await page.getByTestId('sweep-summary').textContent()).toContain('2 done, 0 failed');
    for (const text of await page.getByTestId('sweep-result').allTextContents()) expect(text).toContain('✓');
    expect(await page.getByTestId('sweep-leg').count()).toBe(0);

    const after = await usdtMain();
    expect(Number(after[alpha])).toBe(Number(before[alpha]) + 2);
    expect(Number(after[maker])).toBe(Number(before[maker]) + 2);
    // The table shows the new balances.
    for (const [label, id] of [
      ['Sandbox sub-alpha', alpha],
      ['Sandbox sub-maker', maker],
    ] as const) {
      await open(page, label);
      await expect
        .poll(async () =>
          Number(
            parseNumber(
              (await page.getByTestId('sub-detail').getByTestId('bal-USDT-main').textContent()) ?? '',
            ),
          ),
        )
        .toBe(Number(after[id]));
      // written by the shared formatter: thousands grouped, padded so the column's points line up
      expect((await page.getByTestId('sub-detail').getByTestId('bal-USDT-main').textContent())?.trim()).toBe(
        formatNumber(after[id] ?? ''),
      );
    }
    await page.screenshot({ path: artifact('sub-accounts-sweep.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('turns a named capability off over a key: previews each URL as unknown → disabled, confirms by name, applies', async () => {
    const { page } = await openSubAccounts();
    await row(page, 'Sandbox sub-alpha').getByTestId('grid-select').check();

    // Every capability starts as "unchanged"; ticking twice clears it: the keys may not trade spot.
    await expect.poll(() => page.getByTestId('perm-capability').count()).toBeGreaterThanOrEqual(6);
    const spot = page.getByTestId('perm-cap-trade-spot');
    await spot.click();
    await spot.click();
    const spotRow = page.locator('[data-testid="perm-capability"][data-id="trade-spot"]');
    expect(await spotRow.getByTestId('perm-cap-state').textContent()).toContain('turns off');
    // Its URLs are one click away.
    await spotRow.locator('summary').click();
    expect(await spotRow.locator('.urls').textContent()).toContain('/api/v4/order/new');

    await page.getByTestId('perm-preview').click();
    // one row per URL of the capability (the endpoint registry's trade-spot paths)
    const spotUrls = KEY_CAPABILITIES.find((c) => c.id === 'trade-spot')?.urls.length;
    await expect.poll(() => page.getByTestId('perm-diff-row').count()).toBe(spotUrls);
    const diff = (await page.getByTestId('perm-diff-row').allTextContents()).join('\n');
    expect(diff).toContain('Sandbox sub-alpha');
    expect(diff).toContain('Trade spot');
    expect(diff).toContain('/api/v4/order/new');
    expect(diff.replace(/[ \t]+/g, ' ')).toContain('unknown → disabled');
    await page.getByTestId('perm-panel').screenshot({ path: artifact('sub-accounts-permission-diff.png') });

    await page.getByTestId('perm-apply').click();
    await expect.poll(() => page.getByTestId('perm-result').count()).toBe(1);
    const facts = app.desktop.confirmations.at(-1)?.facts ?? [];
    expect(facts).toContainEqual({ label: 'Capabilities', value: 'Trade spot off' });
    expect(facts.find((f) => f.label === 'Turns off')?.value).toContain('/api/v4/order/new');
    expect(await page.getByTestId('perm-summary').textContent()).toContain('1 applied, 0 failed');
    expect(await page.getByTestId('perm-result').textContent()).toContain('Sandbox sub-alpha — applied');
    await page.screenshot({ path: artifact('sub-accounts-permissions.png'), fullPage: true });

    // The app now knows what it set: the same change previews as no change.
    await page.getByTestId('perm-preview').click();
    await expect
      .poll(async () => (await page.getByTestId('perm-diff-row').textContent()) ?? '')
      .toContain('no change');

    // A single URL typed by hand, behind its disclosure, goes with the capabilities.
    await page.locator('details.raw summary').click();
    await page.getByTestId('perm-add').click();
    await page.getByTestId('perm-url').first().fill('/api/v4/main-account/withdraw');
    await page.getByTestId('perm-enable').first().selectOption('disable');
    await page.getByTestId('perm-preview').click();
    await expect
      .poll(async () => (await page.getByTestId('perm-diff-row').allTextContents()).join(' '))
      .toContain('/api/v4/main-account/withdraw');
    await page.close();
  });

  it('replaces a key with the new secret taken from the clipboard, once a read signed with it is accepted', async () => {
    const { page, problems } = await openSubAccounts();
    const noretail = row(page, 'Sandbox sub-noretail');
    const keyCell = noretail.locator('[data-column="key"]');
    const hintBefore = (await keyCell.textContent()) ?? '';
    await open(page, 'Sandbox sub-noretail');
    await page.getByTestId('sub-rotate-open').click();
    const form = page.getByTestId('sub-rotate-form');
    expect(await form.textContent()).toContain('It is never shown here');
    await page.getByTestId('sub-rotate-key').fill('new-public-key-0001');
    await page.getByTestId('sub-rotate-submit').click();
    await expect
      .poll(async () => (await form.getByTestId('error-notice').textContent()) ?? '')
      .toContain('clipboard');

    // A made-up pair: tried, refused in plain words, and the old key stays.
    app.desktop.clipboard = 'new-secret-'.padEnd(32, '0');
    await page.getByTestId('sub-rotate-submit').click();
    await expect
      .poll(async () => (await form.getByTestId('error-notice').textContent()) ?? '')
      .toContain('The exchange refused the new key');
    expect(await form.getByTestId('error-notice').textContent()).toContain('The old key is kept.');
    expect(await page.getByTestId('sub-rotate-done').count()).toBe(0);
    expect((await keyCell.textContent()) ?? '').toBe(hintBefore);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`sub-rotate-refused-${String(width)}.png`) });
    }

    // The pair the exchange issued (the key reset on its site): accepted.
    const control = app.core.connection.sandbox?.control;
    control?.setKeyResetAnswer('empty');
    try {
      await app.call('subaccounts.resetKey', {
        accountId: (await app.account('Sandbox sub-noretail')).id,
      });
    } finally {
      control?.setKeyResetAnswer('key');
    }
    const issued = app.core.connection.sandbox?.accounts.find((a) => a.label === 'sub-noretail');
    if (!issued) throw new Error('the sandbox lost sub-noretail');
    await page.getByTestId('sub-rotate-key').fill(issued.apiKey);
    app.desktop.clipboard = issued.apiSecret;
    await page.getByTestId('sub-rotate-submit').click();
    await expect.poll(() => page.getByTestId('sub-rotate-done').isVisible()).toBe(true);
    expect(app.desktop.confirmations.at(-1)?.facts).toContainEqual({
      label: 'New public key',
      value: issued.apiKey,
    });
    expect(app.desktop.clipboard).toBeUndefined();
    expect(await page.getByTestId('sub-rotate-key').inputValue()).toBe('');
    await expect.poll(async () => (await keyCell.textContent()) ?? '').toContain(issued.apiKey.slice(-4));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('previews one limit order for three sub-accounts, sends it, the one sized below the minimum fails alone, and the batch log shows it', async () => {
    const { page, problems } = await openSubAccounts();
    const labels = ['Sandbox sub-001', 'Sandbox sub-002', 'Sandbox sub-003'];
    for (const label of labels) await row(page, label).getByTestId('grid-select').check();
    const panel = page.getByTestId('desk-panel');
    expect(await page.getByTestId('desk-chosen').textContent()).toContain('Goes to 3 accounts');

    await expect.poll(() => page.getByTestId('desk-market').inputValue()).toBe('BTC_USDT');
    await page.getByTestId('desk-kind').selectOption('limit');
    await page.getByTestId('desk-side').selectOption('buy');
    await page.getByTestId('desk-price').fill('20000');
    // Weights 1 : 1 : 0.1 of 0.0021 BTC: 0.001 each for the first two; 0.0001 for the third, whose
    // total at 20000 (2 USDT) is below the market's minimum of 5.
    await page.getByTestId('desk-sizing-weight').check();
    await page.getByTestId('desk-total').fill('0.0021');
    await page
      .locator('[data-testid="desk-weight-row"][data-label="Sandbox sub-003"]')
      .getByTestId('desk-weight')
      .fill('0.1');
    expect(await page.getByTestId('desk-send').isDisabled()).toBe(true);

    await page.getByTestId('desk-preview').click();
    await expect.poll(() => page.getByTestId('desk-child').count()).toBe(3);
    const child = (label: string) => page.locator(`[data-testid="desk-child"][data-label="${label}"]`);
    for (const label of labels.slice(0, 2)) {
      const text = (await child(label).textContent()) ?? '';
      expect(text).toContain('0.001');
      expect(text).toContain('ready');
    }
    const bad = (await child('Sandbox sub-003').textContent()) ?? '';
    expect(bad).toContain('0.0001');
    expect(bad).toContain('must be at least 5');
    // With the nearest amount that would pass.
    expect(bad).toContain('0.0003');
    expect(bad).not.toContain('ready');
    const ids = await page.locator('[data-testid="desk-child"] td.mono').allTextContents();
    const parentId = ids[0]?.replace(/-001$/, '') ?? '';
    expect(ids).toEqual([`${parentId}-001`, `${parentId}-002`, `${parentId}-003`]);
    await panel.screenshot({ path: artifact('sub-accounts-desk-preview.png') });

    // Editing clears the preview; Send needs a new one.
    await page.getByTestId('desk-price').fill('20000.05');
    expect(await page.getByTestId('desk-child').count()).toBe(0);
    expect(await page.getByTestId('desk-send').isDisabled()).toBe(true);
    // A price off the tick fails every child: said next to the price, with the nearest valid prices.
    await page.getByTestId('desk-preview').click();
    const priceIssue = page.getByTestId('desk-price-issue');
    await expect.poll(() => priceIssue.isVisible()).toBe(true);
    expect(await priceIssue.textContent()).toContain('Price');
    expect(await page.getByTestId('desk-send').isDisabled()).toBe(true);
    await priceIssue.getByRole('button', { name: 'Use 20000', exact: true }).click();
    expect(await page.getByTestId('desk-price').inputValue()).toBe('20000');
    expect(await page.getByTestId('desk-child').count()).toBe(0);
    await page.getByTestId('desk-preview').click();
    await expect.poll(() => page.getByTestId('desk-child').count()).toBe(3);
    const secondIds = await page.locator('[data-testid="desk-child"] td.mono').allTextContents();
    const sentParent = secondIds[0]?.replace(/-001$/, '') ?? '';

    await page.getByTestId('desk-send').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('Send 2 orders?');
    expect(await page.getByTestId('confirm-summary').textContent()).toContain(
      'Buy 0.002 BTC in total at 20000 on BTC_USDT, over 2 accounts.',
    );
    // Far below the market price: what main's own question will name is in the dialog, the safe
    // answer has the focus, and the button Enter presses says so.
    expect((await page.getByTestId('confirm-reason').allTextContents())[0]).toMatch(
      /^Sandbox sub-00[12]: Buy 0\.001 BTC at 20,000 — [\d.]+% below the market price [\d,.]+ \(your band is 5%\)\.$/,
    );
    expect(await js(page, "document.activeElement?.getAttribute('data-testid') ?? null")).toBe(
      'confirm-cancel',
    );
    expect(await page.getByTestId('confirm-cancel').textContent()).toBe("Don't send (Enter, Esc)");
    expect(await page.getByTestId('confirm-ok').textContent()).toBe('Send 2 orders');
    await page.getByTestId('confirm-ok').click();

    await expect.poll(() => page.getByTestId('desk-result').count()).toBe(3);
    expect(await page.getByTestId('desk-summary').textContent()).toContain('2 placed, 1 failed');
    const results = page.getByTestId('desk-result');
    const first = (await results.first().textContent()) ?? '';
    expect(first).toContain('Sandbox sub-003');
    expect(first).toContain('failed');
    for (const i of [1, 2]) expect(await results.nth(i).textContent()).toContain('placed');
    expect(await page.getByTestId('desk-resend-hint').textContent()).toContain(sentParent);

    // At the exchange: one open order per placed child, under its client order id; none for the third.
    const openOf = async (label: string) =>
      (
        await app.call<OrderView[]>('orders.active', {
          accountId: (await app.account(label)).id,
          market: 'BTC_USDT',
        })
      ).filter((o) => o.clientOrderId.startsWith(sentParent));
    expect((await openOf('Sandbox sub-001')).map((o) => o.clientOrderId)).toEqual([`${sentParent}-001`]);
    expect((await openOf('Sandbox sub-002')).map((o) => o.clientOrderId)).toEqual([`${sentParent}-002`]);
    expect(await openOf('Sandbox sub-003')).toEqual([]);

    // The batch log was refreshed after the batch: 2 ok, 1 failed, each child expandable.
    const logRow = page.locator(`[data-testid="batch-row"][data-parent="${sentParent}"]`);
    await expect.poll(() => logRow.count()).toBe(1);
    expect(await logRow.textContent()).toContain('order');
    expect(await logRow.getByTestId('batch-ok').textContent()).toBe('2');
    expect(await logRow.getByTestId('batch-failed').textContent()).toBe('1');
    await logRow.getByTestId('batch-toggle').click();
    const children = page.getByTestId('batch-child');
    await expect.poll(() => children.count()).toBe(3);
    const childTexts = (await children.allTextContents()).join('\n');
    expect(childTexts).toContain('Sandbox sub-003');
    expect(childTexts).toContain('Broke a pre-trade rule');
    expect(childTexts).not.toContain('rule_violation');
    expect(await children.locator('[data-code="rule_violation"]').count()).toBe(1);
    expect(childTexts).toContain(`${sentParent}-001`);
    await panel.screenshot({ path: artifact('sub-accounts-desk-result.png') });
    await page.getByTestId('batch-log').screenshot({ path: artifact('sub-accounts-batch-log.png') });

    // The re-send keeps the parent id: the two placed orders are not placed again.
    await page
      .locator('[data-testid="desk-weight-row"][data-label="Sandbox sub-003"]')
      .getByTestId('desk-weight')
      .fill('1');
    await page.getByTestId('desk-total').fill('0.003');
    await page.getByTestId('desk-preview').click();
    await expect.poll(() => page.getByTestId('desk-resend-note').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="desk-child"] td.mono').allTextContents()).toEqual([
      `${sentParent}-001`,
      `${sentParent}-002`,
      `${sentParent}-003`,
    ]);
    await page.getByTestId('desk-send').click();
    await page.getByTestId('confirm-ok').click();
    await expect
      .poll(async () => (await page.getByTestId('desk-summary').textContent()) ?? '')
      .toContain('1 placed, 0 failed, 2 already placed');
    for (const label of labels) expect(await openOf(label)).toHaveLength(1);
    // The log keeps both attempts under the one parent id; each child counts once.
    await expect.poll(async () => await logRow.getByTestId('batch-ok').textContent()).toBe('3');
    expect(await logRow.getByTestId('batch-failed').textContent()).toBe('0');
    expect(await logRow.textContent()).toContain('6 attempts');
    await page.screenshot({ path: artifact('sub-accounts-desk-order.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
