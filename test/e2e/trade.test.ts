import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OrderBookView, OrderView } from '../../main/ipc/contract.ts';
import { artifact } from './paths.ts';
import { js, useAppSession, type OpenedPage } from './session.ts';

// The machine is shared: give the screen time to follow before a poll gives up.
const app = useAppSession({ pollTimeout: 10_000 });

/** The send button names the account the order goes for. */
const FOR = ' · for Sandbox main';
/** A whole number as the ticket writes it: grouped ("69,260"). */
const grouped = (n: string): string => n.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function accountId(label: string): Promise<string> {
  return (await app.account(label)).id;
}

/** Waits for the Trade screen to show BTC_USDT for the main account. */
async function tradeReady(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
  await expect
    .poll(async () => (await page.getByTestId('trade-account').textContent()) ?? '')
    .toContain('Sandbox main');
}

async function openTrade(): Promise<OpenedPage> {
  const opened = await app.openPage('#/trade');
  await tradeReady(opened.page);
  return opened;
}

/** The test id of the element that has the focus. */
function focused(page: Page): Promise<string | null> {
  return js(page, "document.activeElement?.getAttribute('data-testid') ?? null");
}

describe('the Trade screen in Chromium', () => {
  it('checks a limit order as it is typed, fixes the price in one click, places it and cancels it', async () => {
    const { page, problems } = await openTrade();
    expect(await page.getByTestId('market-hint').textContent()).toContain('tick 0.1');

    await page.getByTestId('ticket-amount').fill('0.001');
    await page.getByTestId('ticket-price').fill('30000.123');
    await expect.poll(() => page.getByTestId('issue-price').textContent()).toContain('multiple of 0.1');
    expect(await page.getByTestId('fix-price').allTextContents()).toEqual(['30000.1', '30000.2']);
    expect(await page.getByTestId('ticket-submit').isDisabled()).toBe(true);
    await page.screenshot({ path: artifact('trade-issue.png') });

    await page.getByTestId('fix-price').first().click();
    expect(await page.getByTestId('ticket-price').inputValue()).toBe('30000.1');
    await expect.poll(() => page.getByTestId('issue-price').count()).toBe(0);
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    // the button states the amount and its value, as main works it out
    await expect
      .poll(() => page.getByTestId('ticket-submit').textContent())
      .toBe(`Buy 0.001 BTC at 30,000.1 (30.00 USDT) — limit${FOR}`);

    // Enter in a field sends the order; far below the market price, the ticket says ahead that the
    // app will ask, and main asks in its own window; answered yes, it is placed and listed.
    await expect
      .poll(() => page.getByTestId('ticket-guards').textContent())
      .toMatch(/Buy 0\.001 BTC at 30,000\.1 — [\d.]+% below the market price [\d,.]+ \(your band is 5%\)\./);
    const asked = app.desktop.confirmations.length;
    await page.getByTestId('ticket-price').press('Enter');
    await expect.poll(() => app.desktop.confirmations.length).toBe(asked + 1);
    expect(app.desktop.confirmations.at(-1)).toMatchObject({
      title: 'Send this order? Buy 0.001 BTC at 30,000.1 on BTC_USDT',
      action: 'Send anyway',
      cancel: "Don't send",
    });
    await expect.poll(() => page.getByTestId('place-result').textContent()).toContain('Placed order #');
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    const row = (await page.getByTestId('active-order').textContent()) ?? '';
    expect(row).toContain('30,000.1');
    expect(row).toContain('0.001');
    await page.screenshot({ path: artifact('trade-active.png') });

    await page.getByTestId('cancel-order').click();
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);
    expect(await page.getByTestId('active-empty').isVisible()).toBe(true);

    // Esc clears the ticket.
    await page.getByTestId('ticket-amount').press('Escape');
    expect(await page.getByTestId('ticket-amount').inputValue()).toBe('');
    expect(await page.getByTestId('ticket-price').inputValue()).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refreshes active orders when an order placed elsewhere is pushed over the WebSocket', async () => {
    const { page } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await expect.poll(() => page.getByTestId('active-empty').textContent()).toContain('No open orders');
    const main = await app.account('Sandbox main');
    const placed = (await app.core.router.dispatch(
      'orders.place',
      {
        accountId: main.id,
        draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.002', price: '29000' },
      },
      { origin: 'test' },
    )) as { ok: boolean };
    expect(placed.ok).toBe(true);
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    expect(await page.getByTestId('active-order').textContent()).toContain('29,000.0');
    await page.close();
  });

  it('refuses an amount above the balance before sending, with the largest amount as a fix, and checks stop orders too', async () => {
    const { page } = await app.openPage('#/trade');
    await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);

    // The account cannot pay for it: main refuses it under Amount before anything is sent, offering the
    // largest amount the balance pays for at this price.
    await page.getByTestId('ticket-amount').fill('100');
    await page.getByTestId('ticket-price').fill('30000');
    await expect.poll(() => page.getByTestId('issue-amount').textContent()).toContain('USDT is available');
    expect(await page.getByTestId('issue-amount').textContent()).toContain('amount 100 needs 3,000,000 USDT');
    expect(await page.getByTestId('fix-amount').allTextContents()).toEqual([
      expect.stringMatching(/^\d+\.\d{1,4}$/),
    ]);
    expect(await page.getByTestId('ticket-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('active-order').count()).toBe(1);

    // Typing again clears the refusal; a stop-limit's activation price is checked like the price.
    await page.getByTestId('ticket-kind').selectOption('stop_limit');
    await page.getByTestId('ticket-amount').fill('0.001');
    await expect.poll(() => page.getByTestId('issue-amount').count()).toBe(0);
    await page.getByTestId('ticket-activation').fill('31000.05');
    await expect
      .poll(() => page.getByTestId('fix-activation_price').allTextContents())
      .toEqual(['31000', '31000.1']);
    await page.getByTestId('fix-activation_price').first().click();
    await expect.poll(() => page.getByTestId('issue-activation_price').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('ticket-submit').textContent())
      .toBe(`Buy 0.001 BTC at 30,000 when the price reaches 31,000 (30.00 USDT) — stop-limit${FOR}`);

    // A market buy is sized in the quote asset; the button says about how much it buys.
    await page.getByTestId('ticket-kind').selectOption('market');
    await page.getByTestId('ticket-amount').fill('25');
    await expect
      .poll(() => page.getByTestId('ticket-submit').textContent())
      .toMatch(/^Buy about 0\.000\d+ BTC for 25 USDT — market · for Sandbox main$/);
    await page.screenshot({ path: artifact('trade-market.png') });

    // Global shortcuts while the Trade screen is open: S turns the ticket to sell (the 25 USDT are not
    // read as 25 BTC: the amount is emptied, saying so), Ctrl+Shift+X cancels all.
    await page.locator('main h1').click();
    await page.keyboard.press('s');
    await expect
      .poll(() => page.getByTestId('ticket-submit').textContent())
      .toBe(`Sell … BTC (… USDT) — market${FOR}`);
    expect(await page.getByTestId('ticket-amount-note').textContent()).toBe(
      'The amount 25 USDT was cleared: a market sell is sized in BTC, not USDT. Type it again in BTC.',
    );
    expect(await page.getByTestId('side-sell').isChecked()).toBe(true);
    // Cancel all: main asks in its own dialog, naming the market and the count, then cancels every
    // open order of the market in one call.
    const asked = app.desktop.confirmations.length;
    await page.locator('main h1').click();
    await page.keyboard.press('Control+Shift+X');
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);
    expect(app.desktop.confirmations.slice(asked).map((q) => q.title)).toEqual([
      'Cancel 1 open order on BTC_USDT?',
    ]);
    expect(await page.getByTestId('cancel-all-result').textContent()).toContain('Cancelled 1 order');
    await page.close();
  });

  it('shows the sandbox book live in the depth ladder, puts a clicked price in the ticket, and lists last trades', async () => {
    const { page, problems } = await openTrade();
    await expect
      .poll(() => page.getByTestId('depth-state').textContent(), { timeout: 10_000 })
      .toContain('live');

    // The ladder holds the book main reads from the exchange: move the sandbox's price and both follow.
    app.sandbox.control.setPrice('BTC_USDT', '50000');
    const ladderBest = async (): Promise<[string, string]> => [
      (await page.getByTestId('depth-ask').last().getAttribute('data-price')) ?? '',
      (await page.getByTestId('depth-bid').first().getAttribute('data-price')) ?? '',
    ];
    await expect
      .poll(
        async () => {
          const book = await app.call<OrderBookView>('markets.depth', { market: 'BTC_USDT', limit: 10 });
          const [ask, bid] = await ladderBest();
          return ask === book.asks[0]?.[0] && bid === book.bids[0]?.[0] && Number(bid) < 51000;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await page.getByTestId('depth-ask').count()).toBe(10);
    expect(await page.getByTestId('depth-bid').count()).toBe(10);
    expect(await page.getByTestId('depth-spread').textContent()).toMatch(/Spread [\d.,]+ · mid [\d.,]+/);

    // Clicking a bid (or Enter on it) fills the ticket's price.
    const bid = page.getByTestId('depth-bid').nth(2);
    const price = (await bid.getAttribute('data-price')) ?? '';
    await bid.click();
    expect(await page.getByTestId('ticket-price').inputValue()).toBe(price);
    await page.getByTestId('depth-ask').last().focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('ticket-price').inputValue()).toBe(
      (await page.getByTestId('depth-ask').last().getAttribute('data-price')) ?? 'x',
    );
    // Arrow keys move through the ladder: down from the best ask is the best bid.
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('depth-bid');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('ticket-price').inputValue()).toBe(
      (await page.getByTestId('depth-bid').first().getAttribute('data-price')) ?? 'x',
    );

    // A trade against the book from another account shows up among the last trades.
    const before = await page.getByTestId('trade-row').count();
    await app.call('orders.place', {
      accountId: await accountId('Sandbox sub-maker'),
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '52000' },
    });
    await expect
      .poll(() => page.getByTestId('trade-row').count(), { timeout: 10_000 })
      .toBeGreaterThan(before);
    await page.screenshot({ path: artifact('trade-depth.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('modifies the price of an active order inline, with the exchange refusal next to the field', async () => {
    const { page, problems } = await openTrade();
    const main = await accountId('Sandbox main');
    await app.call('orders.place', {
      accountId: main,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '29000' },
    });
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);

    await page.getByTestId('modify-order').click();
    const priceField = page.getByTestId('modify-price');
    expect(await priceField.inputValue()).toBe('29000');
    expect(await focused(page)).toBe('modify-price');

    // Not a number: main refuses it under the price field in plain words, before anything is signed.
    const modifiesBefore = (await app.core.cache.audit.list({ account: main })).filter(
      (e) => e.path === '/api/v4/order/modify',
    ).length;
    await priceField.fill('abc');
    await priceField.press('Enter');
    await expect
      .poll(() => page.getByTestId('modify-error-price').textContent())
      .toContain('Price must be a plain decimal number such as 12.5');
    await page.screenshot({ path: artifact('trade-modify-abc.png') });
    // A price off the tick: main's words appear under the price field, nothing changes.
    await priceField.fill('29500.05');
    await priceField.press('Enter');
    await expect
      .poll(() => page.getByTestId('modify-error-price').textContent())
      .toContain('multiple of 0.1');
    await page.screenshot({ path: artifact('trade-modify-error.png') });
    expect(
      (await app.core.cache.audit.list({ account: main })).filter((e) => e.path === '/api/v4/order/modify'),
    ).toHaveLength(modifiesBefore);

    // Far from the market price: main's own question, answered yes.
    const asked = app.desktop.confirmations.length;
    await priceField.fill('29500');
    await priceField.press('Enter');
    await expect.poll(() => app.desktop.confirmations.length).toBe(asked + 1);
    expect(app.desktop.confirmations.at(-1)?.facts).toContainEqual({
      label: 'Price band',
      value: expect.stringMatching(/^Buy 0\.001 BTC at 29,500 — [\d.]+% below the market price/) as unknown,
    });
    await expect.poll(() => page.getByTestId('modify-form').count()).toBe(0);
    await expect
      .poll(async () => (await page.getByTestId('active-order').textContent()) ?? '')
      .toContain('29,500.0');
    const open = await app.call<OrderView[]>('orders.active', { accountId: main, market: 'BTC_USDT' });
    expect(open.map((o) => o.price)).toEqual(['29500']);

    // Esc closes the editor without sending anything.
    await page.getByTestId('modify-order').click();
    await page.getByTestId('modify-price').fill('28000');
    await page.getByTestId('modify-price').press('Escape');
    expect(await page.getByTestId('modify-form').count()).toBe(0);
    const after = await app.call<OrderView[]>('orders.active', { accountId: main, market: 'BTC_USDT' });
    expect(after.map((o) => o.price)).toEqual(['29500']);
    const cancelled = await app.call<{ cancelled: OrderView[] }>('orders.cancelAll', {
      accountId: main,
      market: 'BTC_USDT',
    });
    expect(cancelled.cancelled).toHaveLength(1);
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('turns the ticket to buy with the B hotkey and remembers a panel width set from the keyboard', async () => {
    const { page, problems } = await openTrade();
    await page.getByTestId('side-sell').check();
    await page.locator('main h1').click();
    await page.keyboard.press('b');
    expect(await page.getByTestId('side-buy').isChecked()).toBe(true);
    expect(await focused(page)).toBe('ticket-amount');
    // In a field, B is just a letter.
    await page.keyboard.press('b');
    expect(await page.getByTestId('ticket-amount').inputValue()).toBe('b');

    const splitter = page.getByTestId('splitter-ticket');
    const before = Number(await splitter.getAttribute('aria-valuenow'));
    await splitter.focus();
    // The ticket sits right of its splitter: moving the splitter left widens it.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(Number(await splitter.getAttribute('aria-valuenow'))).toBe(before + 2);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('splitter-ticket').getAttribute('aria-valuenow'))
      .toBe(String(before + 2));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('places a best-price (BBO) limit order without a price, and a collateral market order with TP/SL', async () => {
    const { page, problems } = await openTrade();
    const main = await accountId('Sandbox main');
    await expect.poll(() => page.getByTestId('depth-bid').count()).toBeGreaterThan(0);

    // Queue at the best bid: the price is optional, the button says what will happen.
    await page.getByTestId('ticket-amount').fill('0.001');
    await page.getByTestId('ticket-bbo').selectOption('1');
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    await expect
      .poll(() => page.getByTestId('ticket-submit').textContent())
      .toMatch(
        /^Buy 0\.001 BTC at the best price on its side \(about [\d,.]+ USDT\) — limit · for Sandbox main$/,
      );
    await page.getByTestId('ticket-submit').click();
    await expect.poll(() => page.getByTestId('place-result').textContent()).toContain('Placed order #');
    const open = await app.call<OrderView[]>('orders.active', { accountId: main, market: 'BTC_USDT' });
    expect(open).toHaveLength(1);
    await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    await app.call('orders.cancelAll', { accountId: main, market: 'BTC_USDT' });

    // A collateral market order on a futures market, with its take-profit and stop-loss legs: the
    // ticket offers the collateral order types a futures market takes and turns to the first by itself.
    const kinds = () => page.getByTestId('ticket-kind').locator('option').allTextContents();
    expect(await kinds()).toHaveLength(10);
    await page.getByTestId('trade-market').selectOption('BTC_PERP');
    await expect
      .poll(kinds)
      .toEqual([
        'collateral market',
        'collateral limit',
        'collateral stop-limit',
        'collateral trigger-market',
        'collateral OCO',
      ]);
    expect(await page.getByTestId('ticket-kind').inputValue()).toBe('collateral_market');
    await expect.poll(() => page.getByTestId('depth-bid').count()).toBeGreaterThan(0);
    const bid = (await page.getByTestId('depth-bid').first().getAttribute('data-price')) ?? '0';
    const whole = bid.split('.')[0] ?? '0';
    const tp = String(Number(whole) + 5000);
    const sl = String(Number(whole) - 5000);
    await page.getByTestId('ticket-amount').fill('0.001');
    await page.getByTestId('ticket-takeprofit').fill(tp);
    await page.getByTestId('ticket-stoploss').fill(sl);
    await expect
      .poll(() => page.getByTestId('ticket-submit').textContent())
      .toMatch(
        new RegExp(
          `^Buy 0\\.001 BTC \\(about [\\d,.]+ USDT\\) — collateral market, TP ${grouped(tp)}, SL ${grouped(sl)}${FOR}$`,
        ),
      );
    await expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
    await page.screenshot({ path: artifact('trade-collateral.png') });
    await page.getByTestId('ticket-submit').click();
    await expect.poll(() => page.getByTestId('place-result').textContent()).toContain('Placed');
    // Back on a spot market every order type is offered again.
    await page.getByTestId('trade-market').selectOption('BTC_USDT');
    await expect.poll(kinds).toHaveLength(10);
    expect(problems).toEqual([]);
    await page.close();
  });
});
