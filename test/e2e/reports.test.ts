/**
 * The Reports screen in Chromium over a small desk's history written into the archive
 * (`test/integration/reports/desk-history.ts`): the figures it shows are summed here a second way, from
 * the deals the archive holds (read back through `history.deals`) and what was placed, with decimal.js;
 * a report is exported as CSV; the tax-lot report runs with its progress and outlives a screen change.
 */
import { Decimal } from 'decimal.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CachedDealView, DealPageView, VaultStatusView } from '../../main/ipc/contract.ts';
import { formatNumber } from '../../renderer/src/lib/format/number.ts';
import { D1, D2, D3, H, writeDesk, type Desk } from '../integration/reports/desk-history.ts';
import { artifact } from './paths.ts';
import { js, useAppSession } from './session.ts';

let desk: Desk;
const app = useAppSession({
  onCore: async (core) => {
    desk = await writeDesk(core);
  },
});
const out = mkdtempSync(join(tmpdir(), 'txc-reports-e2e-'));
let deals: CachedDealView[] = [];

beforeAll(async () => {
  const page = await app.call<DealPageView>('history.deals', {
    filter: { accounts: [desk.a, desk.b, desk.c] },
    limit: 100,
  });
  deals = page.rows;
});

const text = async (page: Page, id: string) =>
  ((await page.getByTestId(id).first().textContent()) ?? '').replace(/\s+/g, ' ');
const rowOf = (page: Page, grid: string, has: string) =>
  page.getByTestId(`grid-${grid}`).getByTestId('grid-row').filter({ hasText: has });

/** March and April 2026, the whole desk: where the written history lies. */
async function openDeskSpring(page: Page): Promise<void> {
  await page.getByTestId('report-from').fill('2026-03-01');
  await page.getByTestId('report-to').fill('2026-04-30');
  await page.getByTestId('report-scope').selectOption('desk');
}

describe('the Reports screen in Chromium', () => {
  it('shows realized PnL, the closed positions beside the exchange’s figures, volume by month and equity with its markers, as summed by hand', async () => {
    expect(deals).toHaveLength(9);
    const { page, problems } = await app.openPage('#/reports', { clearStorage: true });
    await page.getByTestId('view-reports').waitFor();
    await openDeskSpring(page);

    // Fees: each deal's fee in USDT, a fee taken in BTC valued at its deal's price.
    const fees = deals.reduce(
      (sum, d) => sum.plus(d.feeAsset === 'USDT' ? d.fee : new Decimal(d.fee).times(d.price)),
      new Decimal(0),
    );
    // Realized: A's sales less what its BTC cost (the 0.0005 BTC fee leaves at cost, so A's cost is
    // what it paid); B's three positions as the deals close them; C sold with no known cost: nothing.
    const a = deals.filter((d) => d.account === desk.a);
    const paid = a.filter((d) => d.side === 'buy').reduce((s, d) => s.plus(d.deal), new Decimal(0));
    const sold = a.filter((d) => d.side === 'sell').reduce((s, d) => s.plus(d.deal), new Decimal(0));
    const aRealized = sold.minus(paid.minus(new Decimal('0.0005').times(60000)));
    const bRealized = new Decimal(0.1)
      .times(61000 - 60000)
      .plus(new Decimal(0.2).times(61000 - 59000))
      .plus(new Decimal(0.1).times(50000 - 59000));
    const funding = new Decimal('-0.6').plus('0.2');
    const net = aRealized.plus(bRealized).minus(fees).plus(funding);

    const total = page.locator('[data-testid="pnl-total"][data-quote="USDT"]');
    await expect.poll(() => total.count()).toBe(1);
    const cell = async (id: string) => ((await total.getByTestId(id).textContent()) ?? '').trim();
    expect(await cell('pnl-realized')).toBe(
      formatNumber(aRealized.plus(bRealized).toFixed(), { signed: true }),
    );
    expect(await cell('pnl-fees')).toBe(formatNumber(fees.toFixed()));
    expect(await cell('pnl-funding')).toBe(formatNumber(funding.toFixed(), { signed: true }));
    expect(await cell('pnl-net')).toBe(formatNumber(net.toFixed(), { signed: true }));
    // The exchange's own closed-position PnL differs on one position: said, not hidden.
    expect(await text(page, 'pnl-compare')).toContain('1 of 3 closed positions differ');
    await expect.poll(() => rowOf(page, 'reports-pnl-account', 'Desk B').count()).toBe(1);
    await page.screenshot({ path: artifact('reports-pnl.png') });

    await page.getByTestId('pnl-compare-open').click();
    // The liquidated position: the exchange says -903, the deals -900 less 2.95 of fees.
    const appFigure = new Decimal(-900).minus('2.95');
    const liquidated = rowOf(page, 'reports-positions', '#3');
    await expect.poll(() => liquidated.count()).toBe(1);
    const row = (await liquidated.textContent()) ?? '';
    expect(row).toContain(formatNumber('-903', { signed: true }));
    expect(row).toContain(formatNumber(appFigure.toFixed(), { signed: true }));
    expect(row).toContain(formatNumber(new Decimal(-903).minus(appFigure).toFixed(), { signed: true }));
    await expect.poll(() => page.getByTestId('win-loss-row').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('win-loss-row').first().textContent()).toContain('66.7 %');

    await page.getByTestId('report-tab-activity').click();
    const march = deals.filter((d) => d.market === 'BTC_USDT' && new Date(d.time * 1000).getUTCMonth() === 2);
    const volume = march.reduce((s, d) => s.plus(d.deal), new Decimal(0));
    const btcMarch = rowOf(page, 'reports-volume', '2026-03').filter({ hasText: 'BTC_USDT' });
    await expect.poll(() => btcMarch.count()).toBe(1);
    expect(await btcMarch.textContent()).toContain(formatNumber(volume.toFixed()));
    expect(await text(page, 'funding-total')).toContain(formatNumber(funding.toFixed(), { signed: true }));

    await page.getByTestId('report-tab-equity').click();
    const chart = page.getByTestId('equity-chart');
    await chart.waitFor();
    // One deposit into A, one transfer from A to B: out of A and into B.
    expect(await chart.getAttribute('data-markers')).toBe('3');
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(1);
    await expect.poll(() => page.getByTestId('grid-reports-markers').getByTestId('grid-row').count()).toBe(3);
    await page.screenshot({ path: artifact('reports-equity.png') });

    expect(problems).toEqual([]);
    await page.close();
  });

  it('exports the report shown as a CSV file, and remembers the choices', async () => {
    const { page, problems } = await app.openPage('#/reports', { clearStorage: true });
    await openDeskSpring(page);
    await page.getByTestId('report-tab-activity').click();
    app.desktop.saveFile = join(out, 'volume.csv');
    await page.getByTestId('report-export-activity').click();
    await expect.poll(() => text(page, 'report-exported')).toContain('volume.csv');
    const lines = readFileSync(join(out, 'volume.csv'), 'utf8').trim().split('\r\n');
    const months = new Set(
      deals.map((d) => `${d.market}|${new Date(d.time * 1000).toISOString().slice(0, 7)}`),
    );
    // A header and one line per market and month the deals fall in.
    expect(lines).toHaveLength(months.size + 1);
    expect(await text(page, 'report-exported')).toContain(`Exported ${String(months.size)} rows`);

    await page.reload();
    await page.getByTestId('view-reports').waitFor();
    expect(await page.getByTestId('report-from').inputValue()).toBe('2026-03-01');
    expect(await page.getByTestId('report-tab-activity').getAttribute('aria-selected')).toBe('true');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Settings says how far back each account’s record goes and how much of it only the archive holds', async () => {
    const { horizon } = await app.call<VaultStatusView>('vault.status');
    // What was placed for A: four deals, a deposit and a transfer to B.
    const placed = [D1 + 10 * H, D1 + 11 * H, D2 + 9 * H, D3 + 9 * H, D1 + 23 * H, D2 + H];
    const { page, problems } = await app.openPage('#/settings');
    const row = rowOf(page, 'settings-archive', 'Desk A');
    await expect.poll(() => row.count()).toBe(1);
    const cell = async (column: string) =>
      ((await row.locator(`[data-column="${column}"]`).textContent()) ?? '').trim();
    expect(await cell('records')).toBe(String(placed.length));
    expect(await cell('archiveOnly')).toBe(String(placed.filter((t) => t < horizon).length));
    expect(await cell('synced')).toBe('never');
    expect(await cell('risk')).toBe('Never synced');
    expect(await text(page, 'archive-summary')).toContain('only the last six months');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs the tax-lot report in the background with its progress, and shows its outcome after another screen', async () => {
    const { page, problems } = await app.openPage('#/reports', { clearStorage: true });
    await openDeskSpring(page);
    await page.getByTestId('report-tab-tax').click();
    await page.getByTestId('tax-method-FIFO').check();
    // Every progress the bar shows, as it shows it.
    await js(
      page,
      `window.__progress = [];
      new MutationObserver(() => {
        const c = document.querySelector('[data-testid="tax-running"] [data-testid="progress-counts"]');
        if (c && window.__progress.at(-1) !== c.textContent) window.__progress.push(c.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });`,
    );
    const file = join(out, 'tax-fifo.csv');
    app.desktop.saveFile = file;
    await page.getByTestId('tax-run').click();
    await expect.poll(() => text(page, 'tax-done'), { timeout: 20_000 }).toContain('tax-fifo.csv');
    const progress = await js<string[]>(page, 'window.__progress');
    expect(progress.at(-1)).toBe(`${String(deals.length)} of ${String(deals.length)} deals (100%)`);
    expect(await text(page, 'tax-done')).toContain(`from ${String(deals.length)} deals read`);

    // The gain shown is the CSV's gains added up (the sale with no known cost has none).
    const rows = readFileSync(file, 'utf8')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));
    expect(rows).toHaveLength(4);
    const gain = rows.reduce((s, r) => (r[10] ? s.plus(r[10]) : s), new Decimal(0));
    expect(await text(page, 'tax-total')).toContain(formatNumber(gain.toFixed(), { signed: true }));
    expect(await text(page, 'tax-unknown')).toContain('1 disposal');
    await page.screenshot({ path: artifact('reports-tax.png') });

    // LIFO, and away to History and back while it runs: the run belongs to the window, not the screen.
    await page.getByTestId('tax-method-LIFO').check();
    app.desktop.saveFile = join(out, 'tax-lifo.csv');
    await page.getByTestId('tax-run').click();
    await page.getByTestId('nav-history').click();
    await page.getByTestId('view-history').waitFor();
    await page.getByTestId('nav-reports').click();
    await expect.poll(() => text(page, 'tax-done'), { timeout: 20_000 }).toContain('tax-lifo.csv');
    expect(await text(page, 'tax-done')).toContain('LIFO tax lots of Whole desk');
    expect(readFileSync(join(out, 'tax-lifo.csv'), 'utf8').trim().split('\r\n')).toHaveLength(5);
    expect(problems).toEqual([]);
    await page.close();
  });
});
