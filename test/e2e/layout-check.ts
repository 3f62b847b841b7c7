/**
 * What a trader needs without scrolling, per screen, and a check that each is inside the viewport
 * and not covered or clipped (wholly inside every ancestor that clips; the point at its centre belongs to
 * it). Shared by the layout test and
 * the `renderer.layout.key_elements_visible` benchmark.
 */
import type { Locator, Page } from 'playwright-core';
import { until } from '../bench/page-wait.ts';

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

/** A named element a screen must show in view. */
export interface KeyElement {
  readonly name: string;
  readonly locate: (page: Page) => Locator;
}

/** The book's nearest `n` levels of a side (asks are listed best last). */
function levels(side: 'ask' | 'bid', n: number): KeyElement[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `book ${side} ${String(i + 1)}`,
    locate: (page: Page) =>
      side === 'ask' ? page.getByTestId('depth-ask').nth(-1 - i) : page.getByTestId('depth-bid').nth(i),
  }));
}

/** The market's `n` latest trades (listed newest first). */
function lastTrades(n: number): KeyElement[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `last trade ${String(i + 1)}`,
    locate: (page: Page) => page.getByTestId('trade-row').nth(i),
  }));
}

/** Trades of the desk's morning on BTC_USDT (round trips of the smallest amount). */
export const MORNING_TRADES = 8;

const byTestId =
  (id: string) =>
  (page: Page): Locator =>
    page.getByTestId(id).first();
const cell =
  (grid: string, column: string) =>
  (page: Page): Locator =>
    page.getByTestId(`grid-${grid}`).getByTestId('grid-row').first().locator(`[data-column="${column}"]`);

export const KEY_ELEMENTS: Readonly<
  Record<
    | 'trade'
    | 'ticket-issue'
    | 'ladder'
    | 'positions'
    | 'board'
    | 'board-open'
    | 'accounts'
    | 'wallet'
    | 'reports',
    KeyElement[]
  >
> = {
  trade: [
    ...levels('ask', 10),
    ...levels('bid', 10),
    { name: 'ticket amount', locate: byTestId('ticket-amount') },
    { name: 'ticket take profit', locate: byTestId('ticket-takeprofit') },
    { name: 'ticket stop loss', locate: byTestId('ticket-stoploss') },
    { name: 'ticket send button', locate: byTestId('ticket-submit') },
    { name: "the market's tick, step and minimums", locate: byTestId('market-hint') },
    { name: 'first open order', locate: byTestId('active-order') },
    ...lastTrades(MORNING_TRADES),
  ],
  'ticket-issue': [
    { name: 'ticket price issue', locate: byTestId('issue-price') },
    { name: 'its one-click fix', locate: byTestId('fix-price') },
    { name: 'ticket take profit', locate: byTestId('ticket-takeprofit') },
    { name: 'ticket stop loss', locate: byTestId('ticket-stoploss') },
  ],
  ladder: [
    { name: 'ladder total amount', locate: byTestId('ladder-totalAmount') },
    {
      name: 'ladder preview first order',
      locate: (page) => page.getByTestId('ladder-preview').locator('tbody tr').first(),
    },
    { name: 'ladder send button', locate: byTestId('ladder-submit') },
  ],
  positions: [
    { name: 'first open position', locate: byTestId('position-row') },
    { name: 'its TP/SL', locate: byTestId('position-tpsl-prices') },
    { name: 'its TP/SL button', locate: byTestId('position-tpsl') },
    { name: 'its Close button', locate: byTestId('position-close') },
  ],
  board: [
    ...['equity', 'free', 'orders', 'positions', 'marginRatio', 'liquidation', 'upnl', 'asOf'].map(
      (column) => ({
        name: `board first row ${column}`,
        locate: cell('board', column),
      }),
    ),
    // How the rows are kept fresh: in the heading while every one is live, else in the Updates column
    { name: 'board updates', locate: byTestId('board-feed') },
    { name: 'board cancel all orders', locate: byTestId('bulk-cancel_orders') },
    { name: 'board close all positions', locate: byTestId('bulk-close_positions') },
    { name: 'board flatten', locate: byTestId('bulk-flatten') },
  ],
  // The desk's open orders and open positions in view together.
  'board-open': [
    { name: 'first open order of the desk', locate: cell('board-orders', 'label') },
    { name: 'first open position of the desk', locate: cell('board-positions', 'label') },
  ],
  accounts: [{ name: 'first account balances', locate: cell('accounts', 'balance') }],
  wallet: [{ name: 'withdraw send button', locate: byTestId('withdraw-review') }],
  // Whose history and which days, every report's tab, its totals and its export.
  reports: [
    { name: 'report scope', locate: byTestId('report-scope') },
    { name: 'report first day', locate: byTestId('report-from') },
    { name: 'report last day', locate: byTestId('report-to') },
    { name: 'report quick period', locate: byTestId('report-quick-year') },
    { name: 'tax-lot tab', locate: byTestId('report-tab-tax') },
    { name: 'PnL totals', locate: byTestId('pnl-totals') },
    { name: 'PnL export', locate: byTestId('report-export-pnl') },
    { name: 'PnL by account, first net', locate: cell('reports-pnl-account', 'net') },
  ],
};

// Written as text: these tests are type-checked without DOM types.
const IN_VIEW = new Function(
  'el',
  `const r = el.getBoundingClientRect();
  const inside = r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 &&
    r.right <= window.innerWidth + 0.5 && r.bottom <= window.innerHeight + 0.5;
  let unclipped = true;
  for (let a = el.parentElement; a && unclipped; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const c = a.getBoundingClientRect();
    unclipped = r.left >= c.left - 0.5 && r.top >= c.top - 0.5 && r.right <= c.right + 0.5 && r.bottom <= c.bottom + 0.5;
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return inside && unclipped && hit !== null && (el === hit || el.contains(hit));`,
) as (el: unknown) => boolean;

/**
 * Whether the element is wholly inside the viewport and inside every ancestor that clips or scrolls,
 * and the point at its centre is its own.
 */
export async function inView(locator: Locator): Promise<boolean> {
  if ((await locator.count()) === 0) return false;
  return locator.evaluate(IN_VIEW);
}

/** The names of a screen's key elements that are not in view. */
export async function missingFromView(page: Page, elements: readonly KeyElement[]): Promise<string[]> {
  const missing: string[] = [];
  for (const e of elements) if (!(await inView(e.locate(page)))) missing.push(e.name);
  return missing;
}

export type Screen = keyof typeof KEY_ELEMENTS;
export const SCREENS = Object.keys(KEY_ELEMENTS) as Screen[];

/**
 * Places what the screens are checked with: a long on the perpetual, a resting order on BTC_USDT and
 * the market's last trades (each a buy or a sell of the smallest amount against the book).
 */
export async function openDeskMorning(
  call: (procedure: string, input: unknown) => Promise<unknown>,
  accountId: string,
): Promise<void> {
  await call('orders.place', {
    accountId,
    draft: { kind: 'collateral_market', market: 'BTC_PERP', side: 'buy', amount: '0.002' },
  });
  await call('orders.place', {
    accountId,
    draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.002', price: '29000' },
  });
  for (let i = 0; i < MORNING_TRADES; i++) {
    const side = i % 2 === 0 ? 'buy' : 'sell';
    await call('orders.place', {
      accountId,
      draft: {
        kind: 'limit',
        market: 'BTC_USDT',
        side,
        amount: '0.0001',
        price: side === 'buy' ? '70000' : '60000',
        ioc: true,
      },
    });
  }
}

const firstCell = (grid: string, column: string): string =>
  `/\\d/.test(document.querySelector('[data-testid="grid-${grid}"] [data-testid="grid-row"] [data-column="${column}"]')?.textContent ?? '')`;

/** Opens `screen` of the app at `baseUrl` and waits until what it shows has arrived. */
export async function showScreen(page: Page, baseUrl: string, screen: Screen): Promise<void> {
  const open = async (hash: string, ready: string) => {
    await page.goto(`${baseUrl}${hash}`);
    await page.getByTestId(ready).first().waitFor();
  };
  const count = (id: string) => `document.querySelectorAll('[data-testid="${id}"]').length`;
  switch (screen) {
    case 'trade':
      await open('#/trade', 'trade-market');
      await until(page, `document.querySelector('[data-testid="trade-market"]')?.value === 'BTC_USDT'`);
      // A margin order: the ticket shows its position options.
      await page.getByTestId('ticket-kind').selectOption('collateral_market');
      await until(
        page,
        `${count('depth-bid')} >= 10 && ${count('depth-ask')} >= 10 && ${count('active-order')} > 0 && ${count('trade-row')} >= ${String(MORNING_TRADES)}`,
      );
      return;
    case 'ticket-issue':
      // A margin limit order typed off the tick: the rule and its fixes stand beside the price.
      await open('#/trade', 'trade-market');
      await until(page, `document.querySelector('[data-testid="trade-market"]')?.value === 'BTC_USDT'`);
      await page.getByTestId('ticket-kind').selectOption('collateral_limit');
      await page.getByTestId('ticket-price').fill('60000.05');
      await page.getByTestId('ticket-amount').fill('0.001');
      await page.getByTestId('issue-price').waitFor();
      await until(page, `${count('depth-bid')} >= 10 && ${count('active-order')} > 0`);
      return;
    case 'ladder': {
      // Five buy orders below the market, as a desk lays a ladder: its preview is read before sending.
      await open('#/trade', 'trade-market');
      await until(page, `document.querySelector('[data-testid="trade-market"]')?.value === 'BTC_USDT'`);
      await page.getByTestId('mode-ladder').click();
      const fields = { lowPrice: '60000', highPrice: '61000', orderCount: '5', totalAmount: '0.01' };
      for (const [field, value] of Object.entries(fields))
        await page.getByTestId(`ladder-${field}`).fill(value);
      await until(page, `${count('active-order')} > 0`);
      await page.getByTestId('ladder-preview').waitFor();
      return;
    }
    case 'positions':
      await open('#/positions', 'position-row');
      return;
    case 'board':
      await open('#/board', 'grid-board');
      await until(page, firstCell('board', 'equity'));
      return;
    case 'board-open':
      await open('#/board', 'grid-board');
      await until(page, firstCell('board', 'equity'));
      await page.getByTestId('board-tab-open').click();
      await until(page, `${count('grid-row')} > 1`);
      return;
    case 'accounts':
      await open('#/accounts', 'grid-accounts');
      await until(page, firstCell('accounts', 'balance'));
      return;
    case 'reports': {
      // This month's PnL of the desk: the morning's deals, synced into the archive from the screen's own
      // empty state the first time.
      await open('#/reports', 'report-scope');
      await page.getByTestId('report-quick-month').click();
      await until(
        page,
        `${count('pnl-totals')} > 0 || /Sync the history now/.test(document.querySelector('[data-testid="report-state"]')?.textContent ?? '')`,
      );
      const sync = page.getByRole('button', { name: 'Sync the history now' });
      if ((await sync.count()) > 0) await sync.click();
      await page.getByTestId('pnl-totals').waitFor();
      return;
    }
    case 'wallet':
      await open('#/wallet', 'wallet-balance-row');
      await page.getByRole('button', { name: 'Withdraw BTC' }).click();
      await page.getByTestId('withdraw-review').waitFor();
      return;
  }
}
