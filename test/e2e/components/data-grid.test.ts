import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from '../paths.ts';
import { js, useHarness, type OpenedPage } from './session.ts';

const app = useHarness();

/** Opens the grid harness and collects console errors and CSP violations. */
function openGrid(query: string): Promise<OpenedPage> {
  return app.openPage(`component=grid&${query}`);
}

/** The harness fixture's price of row `i` (see main.js). */
function fixturePrice(i: number): string {
  const int = 10000 + ((i * 7919) % 90000);
  return i % 5 === 0 ? `${int}.5` : `${int}.${String((i * 31) % 100).padStart(2, '0')}`;
}

const rows = (page: Page) => page.getByTestId('grid-row');
const firstCells = (page: Page) => rows(page).locator('[role="gridcell"]:first-child').allTextContents();

describe('DataGrid in Chromium', () => {
  it('keeps a million rows out of the DOM, scrolls to the last one, sorts, and stays CSP-clean', async () => {
    const { page, problems } = await openGrid('rows=1000000');
    await expect.poll(() => page.getByTestId('grid-count').textContent()).toBe('1,000,000 rows');
    const drawn = await rows(page).count();
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);
    expect((await firstCells(page))[0]).toBe('D0000001');
    expect(await page.getByRole('grid').getAttribute('aria-rowcount')).toBe('1000001');
    await page.screenshot({ path: artifact('grid-1m-top.png') });

    // Scroll to the very end with the scrollbar.
    await page.getByTestId('grid-body').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect.poll(async () => (await firstCells(page)).at(-1)).toBe('D1000000');
    expect(await rows(page).count()).toBeLessThan(60);
    // The last row is inside the viewport, not hidden below it.
    const box = await rows(page).last().boundingBox();
    const body = await page.getByTestId('grid-body').boundingBox();
    expect(box && body && box.y + box.height <= body.y + body.height + 1).toBe(true);
    await page.screenshot({ path: artifact('grid-1m-end.png') });

    // Sort by price: descending puts the largest price first, exactly as the string was given.
    await page.getByTestId('grid-head-price').getByRole('button').click();
    await page.getByTestId('grid-head-price').getByRole('button').click();
    expect(await page.getByTestId('grid-head-price').getAttribute('aria-sort')).toBe('descending');
    await page.getByTestId('grid-body').evaluate((el) => {
      el.scrollTop = 0;
    });
    // The reference: the fixture's prices (at most two decimals) ranked in hundredths, in Node.
    const expected = Array.from({ length: 1_000_000 }, (_, i) => fixturePrice(i))
      .map((p) => ({
        p,
        cents: Number(p.split('.')[0]) * 100 + Number((p.split('.')[1] ?? '').padEnd(2, '0')),
      }))
      .sort((a, b) => b.cents - a.cents)
      .slice(0, 5)
      .map((x) => x.p);
    const shownTop = async () =>
      (await rows(page).locator('[role="gridcell"]:nth-child(5)').allTextContents())
        .slice(0, 5)
        // the grid groups thousands; the digits are the fixture's own
        .map((p) => p.replaceAll('\u2007', '').replaceAll(',', ''));
    await expect.poll(shownTop, { timeout: 15_000 }).toEqual(expected);
    await page.screenshot({ path: artifact('grid-1m-sorted.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('aligns decimal points with figure spaces and never alters the digits', async () => {
    const { page } = await openGrid('rows=30');
    await expect.poll(() => rows(page).count()).toBe(30);
    const prices = await rows(page).locator('[role="gridcell"]:nth-child(5)').allTextContents();
    // Row 0 has price "10000.5": grouped, and padded with one figure space to line up with two-digit fractions.
    expect(prices[0]).toBe('10,000.5\u2007');
    expect(prices[1]).toBe('17,919.31');
    const amounts = await rows(page).locator('[role="gridcell"]:nth-child(6)').allTextContents();
    // Row 0's amount is the integer "0": a point-wide space and eight figure spaces follow it.
    expect(amounts[0]).toBe(`0\u2008${'\u2007'.repeat(8)}`);
    expect(amounts[1]).toBe('0.00104729');
    const widths = await rows(page)
      .locator('[role="gridcell"]:nth-child(5)')
      .evaluateAll((cells) => cells.slice(0, 6).map((c) => Math.round(c.scrollWidth)));
    expect(new Set(widths).size).toBe(1);
    // Buy and sell: colour plus an arrow, never colour alone.
    const sides = rows(page).locator('[role="gridcell"]:nth-child(4)');
    expect((await sides.allTextContents()).slice(0, 2)).toEqual(['▲buy', '▼sell']);
    expect(await sides.first().getAttribute('data-tone')).toBe('buy');
    const [buyColour, sellColour] = await js<string[]>(
      page,
      `[...document.querySelectorAll('[data-tone]')].slice(0, 2).map((c) => getComputedStyle(c).color)`,
    );
    expect(buyColour).not.toBe(sellColour);
    const time = rows(page).first().locator('time');
    expect(await time.textContent()).toBe('2026-11-22 09:30:00');
    expect(await time.getAttribute('title')).toBe('2026-11-22 09:30:00.000 UTC (local UTC)');
    await page.close();
  });

  it('scales rows and columns with the root text size', async () => {
    const { page } = await openGrid('rows=50&rem=20');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(5);
    const row = await rows(page).first().boundingBox();
    expect(row?.height).toBe(35);
    const deal = await page.getByTestId('grid-head-id').boundingBox();
    // 7rem is the column's least width: at a 20 px rem it is at least 140 px (it may take a share of the rest).
    expect(deal?.width).toBeGreaterThanOrEqual(140);
    await page.screenshot({ path: artifact('grid-rem20.png') });
    await page.close();
  });

  it('moves the highlighted row with the keyboard, End reaching the last row', async () => {
    const { page } = await openGrid('rows=1000000');
    await page.getByRole('grid').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('grid').getAttribute('aria-activedescendant')).toBe('harness-deals-row-2');
    expect(
      await page.locator('[role="row"][aria-selected="true"] [role="gridcell"]').first().textContent(),
    ).toBe('D0000003');
    await page.keyboard.press('PageDown');
    const afterPage = await js<number>(page, 'harness.grid.active');
    expect(afterPage).toBeGreaterThan(10);
    await page.keyboard.press('End');
    await expect
      .poll(() => page.locator('[role="row"][aria-selected="true"] [role="gridcell"]').first().textContent())
      .toBe('D1000000');
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.locator('[role="row"][aria-selected="true"] [role="gridcell"]').first().textContent())
      .toBe('D0000001');
    await page.keyboard.press('Enter');
    expect(await js<string[]>(page, 'harness.log')).toEqual(['open 0']);
    await page.close();
  });

  it('remembers the column choice across a reload and exports exactly the shown rows and columns', async () => {
    const { page } = await openGrid('rows=4');
    await page.getByTestId('grid-columns-button').click();
    await page.getByTestId('grid-column-market').uncheck();
    await page.getByTestId('grid-column-fee').check();
    const heads = () => page.locator('[role="columnheader"]').allTextContents();
    expect((await heads()).map((h) => h.trim())).toEqual(['Deal', 'Time', 'Side', 'Price', 'Amount', 'Fee']);
    await page.screenshot({ path: artifact('grid-columns.png') });
    await page.reload();
    await expect
      .poll(async () => (await heads()).map((h) => h.trim()))
      .toEqual(['Deal', 'Time', 'Side', 'Price', 'Amount', 'Fee']);

    await page.getByTestId('grid-head-id').getByRole('button').click();
    await page.getByTestId('grid-head-id').getByRole('button').click();
    expect(await js<string>(page, 'harness.grid.toCsv()')).toBe(
      [
        'Deal,Time (UTC),Side,Price,Amount,Fee',
        'D0000004,2026-11-22T09:30:03.000Z,sell,33757.93,0.00314187,-0.0003',
        'D0000003,2026-11-22T09:30:02.000Z,buy,25838.62,0.00209458,-0.0002',
        'D0000002,2026-11-22T09:30:01.000Z,sell,17919.31,0.00104729,-0.0001',
        'D0000001,2026-11-22T09:30:00.000Z,buy,10000.5,0,-0.0000',
        '',
      ].join('\r\n'),
    );
    // The last visible column cannot be hidden.
    await page.getByTestId('grid-columns-button').click();
    for (const id of ['time', 'side', 'price', 'amount', 'fee'])
      await page.getByTestId(`grid-column-${id}`).uncheck();
    expect(await page.getByTestId('grid-column-id').isDisabled()).toBe(true);
    await js(page, "localStorage.removeItem('txc.grid.harness-deals.columns')");
    await page.close();
  });

  it('filters a million rows from the toolbar, sorted rows staying sorted, and exports only those', async () => {
    const { page, problems } = await openGrid('rows=1000000');
    await page.getByTestId('grid-head-price').getByRole('button').click();
    await page.getByTestId('grid-filter').fill('99999.');
    await expect
      .poll(() => page.getByTestId('grid-count').textContent(), { timeout: 20_000 })
      .toMatch(/^\s*\d+ of 1,000,000 rows\s*$/);
    const shown = Number((await page.getByTestId('grid-count').textContent())?.trim().split(' ')[0]);
    const expected = Array.from({ length: 1_000_000 }, (_, i) => fixturePrice(i)).filter((p) =>
      p.includes('99999.'),
    );
    expect(shown).toBe(expected.length);
    const prices = (await rows(page).locator('[role="gridcell"]:nth-child(5)').allTextContents()).map((p) =>
      p.replaceAll('\u2007', '').replaceAll(',', ''),
    );
    expect(prices.every((p) => p.startsWith('99999.'))).toBe(true);
    expect(prices).toEqual([...prices].sort());
    const csv = await js<string>(page, 'harness.grid.toCsv()');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(expected.length + 1);
    await page.screenshot({ path: artifact('grid-filtered.png') });

    await page.getByTestId('grid-filter').fill('no such thing');
    const state = page.getByTestId('grid-state');
    await expect
      .poll(() => state.locator('.title').textContent(), { timeout: 20_000 })
      .toBe('No rows match the filter');
    await state.getByRole('button', { name: 'Clear filter' }).click();
    await expect
      .poll(() => page.getByTestId('grid-count').textContent(), { timeout: 20_000 })
      .toContain('1,000,000 rows');
    expect(await page.getByTestId('grid-filter').inputValue()).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the empty, loading, error and offline states with their own words and actions', async () => {
    const cases = [
      ['rows=0', 'No deals match', 'Clear filter'],
      ['rows=10&status=loading', 'Loading deals…', undefined],
      ['rows=10&status=error', 'History could not be read', 'Retry'],
      ['rows=10&status=offline', 'Offline', 'Reconnect'],
    ] as const;
    for (const [query, title, action] of cases) {
      const { page, problems } = await openGrid(query);
      const state = page.getByTestId('grid-state');
      await expect.poll(() => state.locator('.title').textContent()).toBe(title);
      expect(await rows(page).count()).toBe(0);
      if (action) {
        await state.getByRole('button', { name: action }).click();
        expect(await js<string[]>(page, 'harness.log')).toEqual([action]);
      } else {
        expect(await state.getByRole('button').count()).toBe(0);
      }
      if (query.includes('error')) {
        expect(await state.getAttribute('role')).toBe('alert');
        await page.screenshot({ path: artifact('grid-error.png') });
      }
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
