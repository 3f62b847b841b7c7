import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession();
const exportFile = join(mkdtempSync(join(tmpdir(), 'txc-history-export-')), 'deals.csv');
// The save dialog answers with a file in a temporary directory.
app.desktop.saveFile = exportFile;

describe('the History screen in Chromium', () => {
  it('syncs the deals of market orders into the cache, shows them with totals, and exports them', async () => {
    const main = await app.account('Sandbox main');
    for (const draft of [
      { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '10' },
      { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '20' },
      { kind: 'market', market: 'ETH_USDT', side: 'sell', amount: '0.002' },
    ]) {
      await app.call('orders.place', { accountId: main.id, draft });
    }

    const { page, problems } = await app.openPage('#/history');
    await expect.poll(() => page.getByTestId('history-age').textContent()).toContain('Never synced');
    expect(await page.getByTestId('grid-state').textContent()).toContain('No deals in the cache');

    await expect
      .poll(
        async () => (await page.getByTestId('history-account').locator('option').allTextContents()).length,
      )
      .toBe(6);
    await page.getByTestId('history-account').selectOption({ label: 'Sandbox main' });
    await page.getByTestId('history-sync').click();

    await expect
      .poll(() => page.getByTestId('grid-row').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    const rows = await page.getByTestId('grid-row').allTextContents();
    expect(rows.every((r) => r.includes('ETH_USDT') && r.includes('Sandbox main'))).toBe(true);
    expect(rows.some((r) => r.includes('sell'))).toBe(true);
    await expect
      .poll(() => page.getByTestId('history-age').textContent())
      .toContain('Cached history complete up to');
    expect(await page.getByTestId('history-paging').textContent()).toContain('all of this view');

    await expect.poll(() => page.getByTestId('totals-row').count()).toBe(1);
    const totals = await page.getByTestId('totals-row').allTextContents();
    expect(totals[0]).toContain('ETH_USDT');
    const expected = await app.call<{ markets: Array<{ deals: number; netAmount: string }> }>(
      'history.totals',
      {
        filter: { accounts: [main.id] },
      },
    );
    expect(totals[0]).toContain(String(expected.markets[0]?.deals));
    expect(totals[0]).toContain(expected.markets[0]?.netAmount ?? '?');
    await page.screenshot({ path: artifact('history.png') });

    // The table's own export saves exactly what it shows, counted in words: one sell deal is "1 row".
    await page.getByTestId('grid-filter').fill('sell');
    expect(rows.filter((r) => r.includes('sell'))).toHaveLength(1);
    await expect
      .poll(() => page.getByTestId('grid-count').textContent())
      .toContain(`1 of ${String(rows.length)} rows`);
    await page.getByTestId('grid-export').click();
    await expect
      .poll(() => page.getByTestId('grid-exported').textContent())
      .toBe(`Saved 1 row to ${exportFile}`);
    expect(readFileSync(exportFile, 'utf8').trim().split('\n')).toHaveLength(2);
    await page.getByTestId('grid-filter').fill('');

    // "Export all" is every cached deal, whatever the screen's filters show: here a market with none.
    await page.getByTestId('history-market').fill('BTC_USDT');
    await page.getByTestId('history-market').press('Enter');
    await page.getByTestId('history-market').blur();
    await expect.poll(() => page.getByTestId('grid-row').count()).toBe(0);
    const cached = await app.call<{ deals: number }>('history.totals', { filter: {} });
    expect(cached.deals).toBeGreaterThanOrEqual(rows.length);
    await page.getByTestId('history-export').click();
    await expect.poll(() => page.getByTestId('history-exported').textContent()).toContain(exportFile);
    expect(await page.getByTestId('history-exported').textContent()).toContain(
      `Exported ${cached.deals.toLocaleString('en-US')} deals (every cached deal)`,
    );
    const csv = readFileSync(exportFile, 'utf8').trim().split('\n');
    expect(csv.length).toBe(cached.deals + 1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads the next page of cached deals as the grid is scrolled near its end', async () => {
    const maker = await app.account('Sandbox sub-maker');
    const count = 230;
    for (let i = 0; i < count; i++) {
      await app.call('orders.place', {
        accountId: maker.id,
        draft: { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '6' },
      });
    }

    const { page } = await app.openPage('#/history');
    await expect
      .poll(
        async () => (await page.getByTestId('history-account').locator('option').allTextContents()).length,
      )
      .toBe(6);
    await page.getByTestId('history-account').selectOption({ label: 'Sandbox sub-maker' });
    await page.getByTestId('history-sync').click();
    await expect
      .poll(() => page.getByTestId('history-paging').textContent(), { timeout: 20_000 })
      .toContain('200 deals loaded, more in the cache');
    expect(await page.getByTestId('grid-count').textContent()).toContain('200 rows');
    // An order can fill in more than one deal: the cache knows how many there are.
    const cached = await app.call<{ deals: number }>('history.totals', { filter: { accounts: [maker.id] } });
    expect(cached.deals).toBeGreaterThanOrEqual(count);
    const deals = cached.deals.toLocaleString('en-US');

    // Scrolling to the end of the loaded rows fetches the rest.
    await page.getByTestId('grid-body').hover();
    await page.mouse.wheel(0, 200 * 40);
    await expect
      .poll(() => page.getByTestId('history-paging').textContent())
      .toContain(`${deals} deals loaded, all of this view`);
    expect(await page.getByTestId('grid-count').textContent()).toContain(`${deals} rows`);
    expect(await page.getByTestId('history-fees').textContent()).toContain(`${deals} deals.`);
    await page.close();
  });

  it('marks the deals only the archive holds, older than the six months the exchange serves', async () => {
    const alpha = await app.account('Sandbox sub-alpha');
    await app.call('orders.place', {
      accountId: alpha.id,
      draft: { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '10' },
    });
    // deals an earlier sync kept from seven and eight months ago
    const monthsAgo = (m: number) => Math.floor(Date.now() / 1000) - m * 30 * 86_400;
    await app.core.cache.deals.upsert(
      [7, 8].map((m) => ({
        id: 800_000_000 + m,
        clientOrderId: '',
        time: monthsAgo(m),
        side: 'sell' as const,
        role: 'maker' as const,
        amount: '0.5',
        price: '2900',
        deal: '1450',
        fee: '1.45',
        orderId: 800_000_100 + m,
        feeAsset: 'USDT',
        account: alpha.id,
        market: 'ETH_USDT',
      })),
    );
    const { page, problems } = await app.openPage('#/history');
    await expect
      .poll(
        async () => (await page.getByTestId('history-account').locator('option').allTextContents()).length,
      )
      .toBe(6);
    await page.getByTestId('history-account').selectOption({ label: 'Sandbox sub-alpha' });
    await page.getByTestId('history-sync').click();
    await expect
      .poll(() => page.getByTestId('grid-row').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    const rows = await page.getByTestId('grid-row').allTextContents();
    expect(rows.filter((r) => r.includes('archive only'))).toHaveLength(2);
    expect(rows.filter((r) => r.includes('exchange'))).toHaveLength(rows.length - 2);
    await expect
      .poll(() => page.getByTestId('history-archive').textContent())
      .toContain('2 of the loaded deals');
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('grid-row').last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`history-archive-${width}.png`) });
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
