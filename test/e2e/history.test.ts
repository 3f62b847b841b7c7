import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headlessPlatform } from '../../main/platform.ts';
import { createTestCore, type TestCore } from '../support/core.ts';
import { launchChromium, type Chromium } from './chromium.ts';
import { startBrowserHost, type BrowserHost } from './host.ts';
import { artifact, RENDERER_DIR } from './paths.ts';

let core: TestCore;
let host: BrowserHost;
let browser: Chromium;
const exportFile = join(mkdtempSync(join(tmpdir(), 'txc-history-export-')), 'deals.csv');

beforeAll(async () => {
  // The save dialog answers with a file in a temporary directory.
  core = await createTestCore({
    platform: { ...headlessPlatform, chooseFileToSave: () => Promise.resolve(exportFile) },
  });
  host = await startBrowserHost(core, RENDERER_DIR);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await core?.close();
});

async function call<T>(name: string, input?: unknown): Promise<T> {
  const reply = (await core.router.dispatch(name as never, input, { origin: 'test' })) as
    { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
  return reply.value;
}

describe('the History screen in Chromium', () => {
  it('syncs the deals of market orders into the cache, shows them with totals, and exports them', async () => {
    const accounts = await call<Array<{ id: string; label: string }>>('accounts.list');
    const main = accounts.find((a) => a.label === 'Sandbox main');
    if (!main) throw new Error('no Sandbox main');
    for (const draft of [
      { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '10' },
      { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '20' },
      { kind: 'market', market: 'ETH_USDT', side: 'sell', amount: '0.002' },
    ]) {
      await call('orders.place', { accountId: main.id, draft });
    }

    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    await page.goto(`${host.url}#/history`);
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

    const totals = await page.getByTestId('totals-row').allTextContents();
    expect(totals).toHaveLength(1);
    expect(totals[0]).toContain('ETH_USDT');
    const expected = await call<{ markets: Array<{ deals: number; netAmount: string }> }>('history.totals', {
      filter: { accounts: [main.id] },
    });
    expect(totals[0]).toContain(String(expected.markets[0]?.deals));
    expect(totals[0]).toContain(expected.markets[0]?.netAmount ?? '?');
    await page.screenshot({ path: artifact('history.png') });

    await page.getByTestId('history-export').click();
    await expect.poll(() => page.getByTestId('history-exported').textContent()).toContain(exportFile);
    const csv = readFileSync(exportFile, 'utf8').trim().split('\n');
    expect(csv.length).toBe(rows.length + 1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads the next page of cached deals as the grid is scrolled near its end', async () => {
    const accounts = await call<Array<{ id: string; label: string }>>('accounts.list');
    const maker = accounts.find((a) => a.label === 'Sandbox sub-maker');
    if (!maker) throw new Error('no Sandbox sub-maker');
    const count = 230;
    for (let i = 0; i < count; i++) {
      await call('orders.place', {
        accountId: maker.id,
        draft: { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '6' },
      });
    }

    const page = await browser.context.newPage();
    await page.goto(`${host.url}#/history`);
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
    const cached = await call<{ deals: number }>('history.totals', { filter: { accounts: [maker.id] } });
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
});
