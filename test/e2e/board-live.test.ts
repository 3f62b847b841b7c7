// The desk board live in Chromium on a desk of 1,000 sub-accounts: the sockets open at the pace the
// exchange allows (the board says how many are live and that the rest are polled, and the sandbox,
// which refuses a 1,001st connection in a minute, never refuses one), an order placed and cancelled
// on one account through the order ticket's path changes that account's row and the totals by push
// alone (a live account is never polled and nothing refreshes the board), an account removed and
// added again while the board is open leaves and comes back, and leaving the board closes the sockets.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AuditEntryView, PlaceResultView } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { js, useAppSession } from './session.ts';

const SUBS = 1000;
const ACCOUNTS = SUBS + 5;

const app = useAppSession({
  core: { connection: { kind: 'sandbox', persist: false, extraSubAccounts: SUBS, deskActivity: true } },
  pollTimeout: 60_000,
});

async function text(page: Page, testid: string): Promise<string> {
  return ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** The text of the first shown row's cell in the column `id`. */
async function cell(page: Page, id: string): Promise<string> {
  const heads = page.locator('[data-testid^="grid-head-"]');
  const ids = await heads.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  const index = ids.indexOf(`grid-head-${id}`);
  if (index < 0) throw new Error(`no column ${id} in ${ids.join(' | ')}`);
  const cells = page.getByTestId('grid-row').first().getByRole('gridcell');
  return ((await cells.nth(index).textContent()) ?? '').trim();
}

describe('the desk board live in Chromium, 1,000 sub-accounts', () => {
  it('follows every account live, paced; an order placed and cancelled elsewhere shows at once; accounts removed and added follow; leaving closes the sockets', async () => {
    const { page, problems } = await app.openPage('#/board', { clearStorage: true });
    // What the top bar says while the desk's sockets open, noted as it changes.
    await js(
      page,
      `(() => {
        window.__opening = [];
        const note = () => {
          const t = document.querySelector('[data-testid="socket-opening"]')?.textContent?.replace(/\\s+/g, ' ').trim();
          if (t && window.__opening.at(-1) !== t) window.__opening.push(t);
        };
        new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
      })()`,
    );
    await expect.poll(() => text(page, 'board-status'), { timeout: 120_000 }).not.toContain('refreshing');
    await expect
      .poll(() => text(page, 'board-feed'), { timeout: 120_000 })
      .toMatch(/^live ([1-9][\d,]*) of 1,005 accounts, the rest polled$|^live: all 1,005 accounts$/);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`board-live-${String(width)}.png`), fullPage: true });
    }
    // Sockets opening for the first time are news, not a warning: counted as opening, never as
    // reconnecting.
    const opening = await js<string[]>(page, 'window.__opening');
    expect(opening.length).toBeGreaterThan(0);
    for (const words of opening) expect(words).toMatch(/^[1-9][\d,]* live feeds? opening$/);

    await page.getByTestId('grid-filter').first().fill('sub-007');
    await expect.poll(() => text(page, 'grid-count')).toBe(`1 of ${ACCOUNTS.toLocaleString('en-US')} rows`);
    // The row's Updates say "live", or, once every account is live, the heading says it for all of them
    // (the column is left out then).
    await expect
      .poll(
        async () =>
          (await page.getByTestId('grid-head-feed').count()) > 0
            ? cell(page, 'feed')
            : (await text(page, 'board-feed')) === `live: all ${ACCOUNTS.toLocaleString('en-US')} accounts`
              ? 'live'
              : 'not yet',
        { timeout: 120_000 },
      )
      .toBe('live');
    const orders = Number(await cell(page, 'orders'));
    const total = Number((await text(page, 'total-orders')).replaceAll(',', ''));
    const account = app.core.accounts.registry.list().find((a) => a.label === 'Sandbox sub-007')?.id ?? '';
    // A board read of the account reads its open orders of every market at once; an order's send reads
    // its balances for the equity ceiling, and a cancel on a market that takes collateral orders reads
    // that market's open orders (is the order a position's leg?), never every market's. The signed
    // requests say whether the board read the account again: the same request as when the board
    // opened, the same body hash.
    const orderReads = () =>
      app.call<AuditEntryView[]>('history.auditLog', {
        accountId: account,
        path: '/api/v4/orders',
        limit: 1000,
      });
    const opened = await orderReads();
    expect(opened.length).toBeGreaterThan(0);
    const boardRead = [...new Set(opened.map((e) => e.bodyHash))];
    expect(boardRead).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    const boardReads = async () => (await orderReads()).filter((e) => e.bodyHash === boardRead[0]).length;
    const before = opened.length;

    const placed = await app.call<PlaceResultView>('orders.place', {
      accountId: account,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '62000' },
    });
    await expect.poll(() => cell(page, 'orders')).toBe(String(orders + 1));
    await expect.poll(() => text(page, 'total-orders')).toBe((total + 1).toLocaleString('en-US'));
    expect(await text(page, 'board-status')).not.toContain('refreshing');
    await page.screenshot({ path: artifact('board-live-order-placed-1280.png') });

    await app.call('orders.cancel', {
      accountId: account,
      market: 'BTC_USDT',
      orderId: placed.order?.orderId,
    });
    await expect.poll(() => cell(page, 'orders')).toBe(String(orders));
    await expect.poll(() => text(page, 'total-orders')).toBe(total.toLocaleString('en-US'));
    expect(await boardReads()).toBe(before);

    // An account removed from the desk while the board is open leaves it; added again, it is back,
    // followed and read once, without reopening the board.
    const sandboxKey = app.sandbox.accounts.find((a) => a.label === 'sub-007');
    if (!sandboxKey) throw new Error('no sandbox sub-007');
    await app.core.accounts.registry.remove(account);
    await expect
      .poll(() => text(page, 'grid-count'))
      .toBe(`0 of ${(ACCOUNTS - 1).toLocaleString('en-US')} rows`);
    expect(await text(page, 'board-status')).toContain(`${(ACCOUNTS - 1).toLocaleString('en-US')} accounts`);
    await app.core.accounts.registry.add({
      label: 'Sandbox sub-007',
      kind: 'sub',
      subAccountId: sandboxKey.subAccountId ?? null,
      apiKey: sandboxKey.apiKey,
      secret: sandboxKey.apiSecret,
      connection: 'sandbox',
    });
    await expect.poll(() => text(page, 'grid-count')).toBe(`1 of ${ACCOUNTS.toLocaleString('en-US')} rows`);
    await expect.poll(() => cell(page, 'orders')).toBe(String(orders));
    expect(await text(page, 'total-orders')).toBe(total.toLocaleString('en-US'));

    // Leaving the board: its subscriptions end and the sockets nothing else uses close.
    expect(app.core.live.sockets).toBeGreaterThan(100);
    await page.getByTestId('nav-events').click();
    await expect.poll(() => page.getByTestId('view-events').isVisible()).toBe(true);
    await expect.poll(() => app.core.live.sockets).toBeLessThan(5);
    await expect.poll(() => app.sandbox.websocket?.connections ?? -1).toBeLessThan(5);
    // The sandbox refuses a connection over its limit with HTTP 429: main never drew one.
    expect(app.core.logged.filter((l) => /429/.test(l))).toEqual([]);
    expect(problems).toEqual([]);
  }, 300_000);
});
