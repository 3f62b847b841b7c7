/**
 * The ticket and main's guards in Chromium: a typed amount never changes its unit (a switch that would
 * read it in another asset empties it, saying so), the button states the base amount and the value,
 * the ticket shows ahead what main will ask, and only main's own question, answered yes, lets an order
 * beyond a guard go. A few random sequences of what a person does run here too, checked on the bodies
 * the sandbox received.
 */
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OrderBookView, OrderView } from '../../main/ipc/contract.ts';
import type { ReceivedRequest } from '../../main/sandbox/index.ts';
import { amountUnitOf, ORDER_PATHS } from '../support/ticket-oracle.ts';
import { artifact } from './paths.ts';
import { useAppSession, type OpenedPage } from './session.ts';

const app = useAppSession({ pollTimeout: 10_000 });

async function openTrade(): Promise<OpenedPage> {
  const opened = await app.openPage('#/trade');
  await expect.poll(() => opened.page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
  await expect
    .poll(async () => (await opened.page.getByTestId('trade-account').textContent()) ?? '')
    .toContain('Sandbox main');
  return opened;
}

const button = (page: Page) => page.getByTestId('ticket-submit');
/** The send button's words for the order (it ends naming the account: " · for Sandbox main"). */
const buttonText = async (page: Page) => {
  const text = (await button(page).textContent()) ?? '';
  expect(text.endsWith(' · for Sandbox main')).toBe(true);
  return text.slice(0, -' · for Sandbox main'.length);
};

async function mid(): Promise<number> {
  const book = await app.call<OrderBookView>('markets.depth', { market: 'BTC_USDT', limit: 1 });
  return (Number(book.asks[0]?.[0]) + Number(book.bids[0]?.[0])) / 2;
}

/** Orders the sandbox received while `act` ran. */
async function receivedDuring(act: () => Promise<void>): Promise<ReceivedRequest[]> {
  const got: ReceivedRequest[] = [];
  const stop = app.sandbox.control.watchRequests((r) => {
    if (r.via === 'ws' || r.path.startsWith('/api/v4/order/')) got.push(r);
  });
  try {
    await act();
  } finally {
    stop();
  }
  return got;
}

describe('the unit of the typed amount', () => {
  it('a market buy of 25 USDT turned to Sell is emptied with a note, never sent as 25 BTC', async () => {
    const { page, problems } = await openTrade();
    await page.getByTestId('ticket-kind').selectOption('market');
    await page.getByTestId('ticket-amount').fill('25');
    await expect.poll(() => buttonText(page)).toMatch(/^Buy about 0\.000\d+ BTC for 25 USDT — market$/);
    await page.getByTestId('side-sell').check();
    expect(await page.getByTestId('ticket-amount').inputValue()).toBe('');
    expect(await page.getByTestId('ticket-amount-note').textContent()).toBe(
      'The amount 25 USDT was cleared: a market sell is sized in BTC, not USDT. Type it again in BTC.',
    );
    expect(await buttonText(page)).toBe('Sell … BTC (… USDT) — market');
    expect(await button(page).isDisabled()).toBe(true);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`trade-unit-note-${String(width)}.png`) });
    }

    // back to a buy, the unit button sizes it in BTC instead (what it buys), emptying what was typed
    await page.getByTestId('side-buy').check();
    await page.getByTestId('ticket-amount').fill('30');
    expect(await page.getByTestId('ticket-amount-note').count()).toBe(0);
    expect(await page.getByTestId('ticket-unit').textContent()).toBe('Size in BTC');
    await expect.poll(() => buttonText(page)).toMatch(/^Buy about 0\.000\d+ BTC for 30 USDT — market$/);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page
        .getByTestId('order-ticket')
        .screenshot({ path: artifact(`trade-unit-button-${String(width)}.png`) });
    }
    await page.getByTestId('ticket-unit').click();
    expect(await page.getByTestId('ticket-kind').inputValue()).toBe('stock_market');
    expect(await page.getByTestId('ticket-amount').inputValue()).toBe('');
    await page.getByTestId('ticket-amount').fill('0.0002');
    await expect
      .poll(() => buttonText(page))
      .toMatch(/^Buy 0\.0002 BTC \(about [\d,.]+ USDT\) — market \(amount in base\)$/);
    // a buy of BTC kept as BTC when turned to a sell: the same asset, the same amount
    await page.getByTestId('side-sell').check();
    expect(await page.getByTestId('ticket-amount').inputValue()).toBe('0.0002');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("main's own question", () => {
  it('is shown ahead in the ticket; declined, nothing is sent; answered yes, the order goes', async () => {
    const { page, problems } = await openTrade();
    const main = await app.account('Sandbox main');
    const far = String(Math.round((await mid()) * 10));
    await page.getByTestId('side-sell').check();
    await page.getByTestId('ticket-amount').fill('0.0001');
    await page.getByTestId('ticket-price').fill(far);
    await expect
      .poll(() => page.getByTestId('ticket-guards').textContent())
      .toMatch(
        /Sell 0\.0001 BTC at [\d,]+ — (899|9\d\d)% above the market price [\d,.]+ \(your band is 5%\)\./,
      );
    await expect
      .poll(() => buttonText(page))
      .toMatch(/^Sell 0\.0001 BTC at [\d,]+ \([\d,.]+ USDT\) — limit$/);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`trade-guard-ahead-${String(width)}.png`) });
    }

    app.desktop.confirmAnswer = false;
    const declined = await receivedDuring(async () => {
      await page.getByTestId('ticket-price').press('Enter');
      await expect.poll(() => page.getByTestId('place-error').textContent()).toContain('Not sent');
    });
    app.desktop.confirmAnswer = true;
    expect(declined).toEqual([]);
    expect(await page.getByTestId('place-error').textContent()).toContain(
      'Not sent: you did not send it anyway when the app asked (it is beyond your guards). Nothing changed.',
    );
    const question = app.desktop.confirmations.at(-1);
    expect(question).toMatchObject({ action: 'Send anyway', cancel: "Don't send" });
    expect(Object.fromEntries(question?.facts.map((f) => [f.label, f.value]) ?? [])).toMatchObject({
      Account: 'Sandbox main',
      Amount: '0.0001 BTC',
      Value: expect.stringMatching(/^[\d,.]+ USDT$/) as unknown,
    });
    await page.screenshot({ path: artifact('trade-guard-declined.png') });

    const sent = await receivedDuring(async () => {
      await page.getByTestId('ticket-price').press('Enter');
      await expect.poll(() => page.getByTestId('active-order').count()).toBe(1);
    });
    expect(sent.map((r) => [r.path, r.body['amount'], r.body['price']])).toEqual([
      ['/api/v4/order/new', '0.0001', far],
    ]);
    await app.call('orders.cancelAll', { accountId: main.id, market: 'BTC_USDT' });
    expect(await app.call<OrderView[]>('orders.active', { accountId: main.id, market: 'BTC_USDT' })).toEqual(
      [],
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('sequences of what a person does, in Chromium', () => {
  it('signs only what the button last said, in its unit, and nothing main asked about unless answered yes', async () => {
    const { page, problems } = await openTrade();
    let signed = 0;
    let askedTotal = 0;
    type Real = { page: Page };
    const step = (name: string, run: (r: Real) => Promise<void>): fc.AsyncCommand<object, Real> => ({
      check: () => true,
      run: async (_m, r) => run(r),
      toString: () => name,
    });
    const submit = fc.boolean().map((answer) =>
      step(`submit, ${answer ? 'yes' : 'no'}`, async (r) => {
        const p = r.page;
        // the last answer's lines go (a field set again); a pause while main checks the draft
        await p.getByTestId('ticket-client-id').fill('');
        await expect.poll(() => p.getByTestId('ticket-hint').textContent()).not.toBe('Checking…');
        if (await button(p).isDisabled()) return;
        const shown = await buttonText(p);
        const asked = app.desktop.confirmations.length;
        app.desktop.confirmAnswer = answer;
        const got = await receivedDuring(async () => {
          await p.getByTestId('ticket-amount').press('Enter');
          await expect
            .poll(() => p.locator('[data-testid="place-result"], [data-testid^="place-error"]').count())
            .toBeGreaterThan(0);
        });
        app.desktop.confirmAnswer = true;
        const questions = app.desktop.confirmations.length - asked;
        if (questions > 0 && !answer) expect(got).toEqual([]);
        expect(got.length).toBeLessThanOrEqual(1);
        signed += got.length;
        askedTotal += questions;
        for (const r of got) {
          const unit = amountUnitOf(r.path, r.body) === 'quote' ? 'USDT' : 'BTC';
          const amount = String(r.body['amount']);
          expect(Object.values(ORDER_PATHS)).toContain(r.path);
          expect(shown).toContain(unit === 'USDT' ? `for ${amount} USDT` : `${amount} BTC`);
          expect(shown.startsWith(r.body['side'] === 'buy' ? 'Buy' : 'Sell')).toBe(true);
        }
      }),
    );
    const commands = [
      fc
        .constantFrom('0.0002', '0.001', '25', '40')
        .map((amount) => step(`type ${amount}`, (r) => r.page.getByTestId('ticket-amount').fill(amount))),
      fc
        .constantFrom('buy', 'sell')
        .map((side) => step(side, (r) => r.page.getByTestId(`side-${side}`).check())),
      fc.constantFrom('limit', 'market', 'stock_market').map((kind) =>
        step(`type ${kind}`, async (r) => {
          await r.page.getByTestId('ticket-kind').selectOption(kind);
        }),
      ),
      fc.constantFrom(0.99, 1.01, 1.5).map((factor) =>
        step(`price at ${String(factor)}×`, async (r) => {
          const field = r.page.getByTestId('ticket-price');
          if (await field.count()) await field.fill(String(Math.round((await mid()) * factor)));
        }),
      ),
      fc.constant(
        step('switch unit', async (r) => {
          const unit = r.page.getByTestId('ticket-unit');
          if (await unit.count()) await unit.click();
        }),
      ),
      submit,
      submit,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0.99, 1.3),
        fc.commands(commands, { maxCommands: 8 }),
        async (start, cmds) => {
          // each sequence starts from a limit order typed near the market or far, then anything in any order
          await page.getByTestId('ticket-amount').press('Escape');
          await page.getByTestId('ticket-kind').selectOption('limit');
          await page.getByTestId('ticket-amount').fill('0.001');
          await page.getByTestId('ticket-price').fill(String(Math.round((await mid()) * start)));
          await fc.asyncModelRun(() => ({ model: {}, real: { page } }), cmds);
        },
      ),
      { numRuns: 8, seed: 2029 },
    );
    // the sequences reached the exchange, and main asked along the way
    expect(signed).toBeGreaterThan(0);
    expect(askedTotal).toBeGreaterThan(0);
    console.log(
      `ticket in Chromium: 8 sequences, ${String(signed)} orders signed, ${String(askedTotal)} questions`,
    );
    const main = await app.account('Sandbox main');
    await app.call('orders.cancelAll', { accountId: main.id, market: 'BTC_USDT' });
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
