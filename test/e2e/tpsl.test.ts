import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView, PositionView } from '../../main/ipc/contract.ts';
import { inView, VIEWPORTS } from './layout-check.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

// The machine is shared: give the screens time to follow before a poll gives up.
const app = useAppSession({ pollTimeout: 10_000 });
let main = '';

beforeAll(async () => {
  main = (await app.account('Sandbox main')).id;
  // The case as it was seen: a long of 0.002 BTC on the perpetual.
  await app.call('orders.place', {
    accountId: main,
    draft: { kind: 'collateral_market', market: 'BTC_PERP', side: 'buy', amount: '0.002' },
  });
});

describe('TP/SL on a long in Chromium', () => {
  it('refuses an inverted pair naming the field, then shows a valid pair as TP/SL of the position; the ticket checks legs too', async () => {
    const { page, problems } = await app.openPage('#/positions');
    await expect.poll(() => page.getByTestId('positions-status').textContent()).toContain('Sandbox main');
    await expect.poll(() => page.getByTestId('position-row').count()).toBe(1);
    expect(await page.getByTestId('position-tpsl-prices').textContent()).toContain('none');

    // Take-profit below the market and stop-loss above it: both legs would fire at once.
    await page.getByTestId('position-tpsl').click();
    await expect.poll(() => page.getByTestId('tpsl-form').isVisible()).toBe(true);
    await page.getByTestId('tpsl-take-profit').fill('60000');
    await page.getByTestId('tpsl-stop-loss').fill('70000');
    // Both legs are flagged as typed, in the ticket's words, against the price the form names.
    await expect
      .poll(() => page.getByTestId('tpsl-error-takeProfit').textContent())
      .toMatch(/Take-profit must be above [\d,.]+, the (mark|last) price, for a long position\./);
    await expect
      .poll(() => page.getByTestId('tpsl-error-stopLoss').textContent())
      .toMatch(/Stop-loss must be below [\d,.]+, the (mark|last) price, for a long position\./);
    expect(await page.getByTestId('tpsl-form').textContent()).toMatch(
      /Both prices are measured against the (mark|last) price, [\d,.]+ now\./,
    );
    expect(await page.getByTestId('tpsl-submit').isDisabled()).toBe(true);
    const formWords = [
      await page.getByTestId('tpsl-error-takeProfit').textContent(),
      await page.getByTestId('tpsl-error-stopLoss').textContent(),
    ];
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('tpsl-submit').scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`tpsl-inverted-refused-${String(width)}.png`) });
    }
    // Nothing was sent, and the long is still there, still long.
    expect(await app.call<OrderView[]>('orders.active', { accountId: main, market: 'BTC_PERP' })).toEqual([]);
    const [long] = await app.call<PositionView[]>('positions.open', { accountId: main, market: 'BTC_PERP' });
    expect(long?.amount).toBe('0.002');

    await page.getByTestId('tpsl-take-profit').fill('70000');
    await page.getByTestId('tpsl-stop-loss').fill('60000');
    await page.getByTestId('tpsl-submit').click();
    await expect
      .poll(() => page.getByTestId('tpsl-result').textContent())
      .toMatch(/take-profit #\d+ at 70,000\.0 and stop-loss #\d+ at 60,000\.0/);
    // The position row lists its take-profit and stop-loss.
    await expect.poll(() => page.getByTestId('position-take-profit').textContent()).toMatch(/TP\s*70,?000/);
    expect(await page.getByTestId('position-stop-loss').textContent()).toMatch(/SL\s*60,?000/);
    // With its TP/SL written out, the row keeps its two buttons side by side and in view at desk sizes.
    const buttons = [page.getByTestId('position-tpsl'), page.getByTestId('position-close')] as const;
    const sideBySide = async () => {
      const [tpsl, close] = await Promise.all(buttons.map((b) => b.boundingBox()));
      return Boolean(tpsl && close && Math.abs(tpsl.y - close.y) < 2 && close.x >= tpsl.x + tpsl.width);
    };
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // the person looks back up at the row: the form below may have scrolled the screen down
      await page
        .getByTestId('positions-table')
        .evaluate((table) => table.closest('.workspace')?.scrollTo({ top: 0 }));
      // the window itself never scrolls: only the screen inside the frame does
      expect(await page.evaluate<number>('document.scrollingElement.scrollHeight')).toBe(viewport.height);
      // the row is live (mark, PnL, ADL rank): what is checked is the row once it has settled
      await expect.poll(sideBySide).toBe(true);
      await expect.poll(async () => (await Promise.all(buttons.map(inView))).every(Boolean)).toBe(true);
      await page.screenshot({ path: artifact(`tpsl-position-row-${String(viewport.width)}.png`) });
    }
    await page.screenshot({ path: artifact('tpsl-position-row.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();

    // On the Trade screen the legs read as the take-profit and stop-loss closing the long.
    const trade = await app.openPage('#/trade');
    const tp = trade.page;
    await expect.poll(() => tp.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await expect
      .poll(async () => (await tp.getByTestId('trade-account').textContent()) ?? '')
      .toContain('Sandbox main');
    await tp.getByTestId('trade-market').selectOption('BTC_PERP');
    await expect.poll(() => tp.getByTestId('active-order').count()).toBe(2);
    await expect
      .poll(async () =>
        (await tp.getByTestId('active-order-type').allTextContents())
          .map((t) => t.replace(/\s+/g, ' ').trim())
          .sort(),
      )
      .toEqual(['Stop-loss (closes long) reduce-only', 'Take-profit (closes long) reduce-only']);
    await tp.getByTestId('active-orders').scrollIntoViewIfNeeded();
    await tp.screenshot({ path: artifact('tpsl-trade-legs.png'), fullPage: true });

    // The ticket checks a new order's legs the same way, next to each field, before anything is sent.
    await tp.getByTestId('ticket-kind').selectOption('collateral_market');
    await tp.getByTestId('ticket-amount').fill('0.002');
    await tp.getByTestId('ticket-takeprofit').fill('60000');
    await tp.getByTestId('ticket-stoploss').fill('70000');
    await expect
      .poll(() => tp.getByTestId('issue-takeProfit').textContent())
      .toMatch(/Take-profit must be above [\d,.]+, the (mark|last) price, for a long position\./);
    await expect
      .poll(() => tp.getByTestId('issue-stopLoss').textContent())
      .toMatch(/Stop-loss must be below [\d,.]+, the (mark|last) price, for a long position\./);
    await expect.poll(() => tp.getByTestId('ticket-submit').isDisabled()).toBe(true);
    // the same words as the Positions form said for the same legs (the price itself may have moved)
    const words = (t: string | null) =>
      (t ?? '')
        .replace(/\s+/g, ' ')
        .replace(/\d[\d,.]*\d|\d/g, 'N')
        // the reference is the mark price once one is known, else the last price: either may be named
        .replace(/the (mark|last) price/, 'the market price')
        .replace(/^✕\s*/, '')
        .trim();
    expect([
      words(await tp.getByTestId('issue-takeProfit').textContent()),
      words(await tp.getByTestId('issue-stopLoss').textContent()),
    ]).toEqual(formWords.map(words));
    await tp.getByTestId('issue-takeProfit').scrollIntoViewIfNeeded();
    await tp.screenshot({ path: artifact('tpsl-ticket-refused.png') });
    expect(trade.problems).toEqual([]);
    await tp.close();
  });
});
