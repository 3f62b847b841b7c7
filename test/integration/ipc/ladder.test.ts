/**
 * A ladder of limit orders through the router against a real sandbox: the preview lays out and checks
 * every order, the send asks main's question naming count, side, market, price range and total, goes
 * in bulk requests of at most 20, and answers each order's outcome, failures first; the failed ones
 * can be sent again.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BulkPlaceView, LadderPreviewView } from '../../../main/ipc/contract.ts';
import { sandboxDesk } from '../../support/sandbox-desk.ts';

const MARKET = 'LTC_USDT';
const desk = sandboxDesk({ seed: 7, accounts: ['main'] });
const { ok, refused, desktop } = desk;
let mainId = '';
beforeAll(() => {
  mainId = desk.id('main');
});
afterEach(async () => {
  desktop.confirmAnswer = true;
  await desk.cancelOpenOrders([mainId], MARKET);
});

const open = () => desk.openOrders(mainId, MARKET);
/** Buy orders on MARKET sent as one batch (`orders.placeBulk`); `more`: its options. */
const placeBulk = (accountId: string, orders: unknown[], more: Record<string, unknown> = {}) =>
  ok<BulkPlaceView>('orders.placeBulk', { accountId, market: MARKET, side: 'buy', orders, ...more });
const ladder = {
  market: MARKET,
  side: 'buy',
  lowPrice: '60',
  highPrice: '72',
  orderCount: '25',
  totalAmount: '2.5',
  skew: 'even',
} as const;

describe('a ladder of 25 buy orders', () => {
  it('previews every order on the tick, split exactly, in 2 bulk requests; placed after main asked', async () => {
    const preview = await ok<LadderPreviewView>('orders.previewLadder', { accountId: mainId, ...ladder });
    expect(preview.issues).toEqual([]);
    expect(preview.orders).toHaveLength(25);
    expect(preview.requests).toBe(2);
    expect(preview.perRequest).toBe(20);
    expect(preview.totalAmount).toBe('2.5');
    expect(preview.orders[0]).toMatchObject({ price: '60', amount: '0.1', total: '6' });
    expect(preview.orders[24]).toMatchObject({ price: '72', amount: '0.1' });
    expect(preview.orders[1]?.price).toBe('60.5');

    // far below the market: the price band asks once, for all 25 orders
    expect(preview.questions.map((q) => q.guard)).toEqual(['price_band']);
    expect(preview.questions[0]?.message).toMatch(/\(25 of the orders\)$/);
    const orders = preview.orders.map((o) => ({ price: o.price, amount: o.amount }));
    const base = { accountId: mainId, market: MARKET, side: 'buy', orders };
    const before = desktop.confirmations.length;
    desktop.confirmAnswer = false;
    const declined = await refused('orders.placeBulk', base);
    expect(declined.code).toBe('not_confirmed');
    expect(await open()).toEqual([]);
    // one question for the whole ladder, naming each order beyond the band
    expect(desktop.confirmations.length).toBe(before + 1);
    const question = desktop.confirmations.at(-1);
    expect(question?.title).toBe('Place 25 buy limit orders on LTC_USDT?');
    expect(question?.facts).toEqual(
      expect.arrayContaining([
        { label: 'Side', value: 'Buy' },
        { label: 'Orders', value: '25' },
        { label: 'Prices', value: '60 to 72 USDT' },
        { label: 'Total amount', value: '2.5 LTC' },
        { label: 'Total value', value: `${preview.totalValue} USDT` },
        { label: 'Sent in', value: '2 bulk requests of up to 20' },
        {
          label: 'Order 1 at 60',
          value: expect.stringMatching(
            /^Price band: Buy 0\.1 LTC at 60 — [\d.]+% below the market price/,
          ) as unknown,
        },
        { label: '10 more', value: '10 beyond the price band' },
      ]),
    );
    expect(question).toMatchObject({ action: 'Place 25 orders', cancel: "Don't send" });

    desktop.confirmAnswer = true;
    const sent = await ok<BulkPlaceView>('orders.placeBulk', base);
    expect(sent).toMatchObject({ requests: 2, placed: 25, failed: 0 });
    const listed = await open();
    expect(listed).toHaveLength(25);
    expect(listed.map((o) => o.price).sort((a, b) => Number(a) - Number(b))).toEqual(
      orders.map((o) => o.price),
    );
    expect(new Set(listed.map((o) => o.clientOrderId)).size).toBe(25);
  }, 30_000);
});

describe('failures', () => {
  it('lists a refused order first, places the others, and places it when sent again', async () => {
    const first = await placeBulk(mainId, [{ price: '61', amount: '0.1', clientOrderId: 'ladder-taken' }]);
    expect(first.placed).toBe(1);
    // the second order reuses the client order id of an open order: the exchange refuses that one only
    const sent = await placeBulk(mainId, [
      { price: '62', amount: '0.1' },
      { price: '63', amount: '0.1', clientOrderId: 'ladder-taken' },
      { price: '64', amount: '0.1' },
    ]);
    expect(sent).toMatchObject({ placed: 2, failed: 1 });
    expect(sent.outcomes.map((o) => [o.index, o.ok])).toEqual([
      [1, false],
      [0, true],
      [2, true],
    ]);
    expect(sent.outcomes[0]?.error?.message).toBeTruthy();
    expect(sent.outcomes[0]?.error?.message).not.toMatch(/^\{|code/);

    const again = await placeBulk(mainId, [{ price: '63', amount: '0.1' }]);
    expect(again).toMatchObject({ placed: 1, failed: 0 });
    expect((await open()).map((o) => o.price).sort()).toEqual(['61', '62', '63', '64']);
  });

  it('stops at the first refusal when asked: the orders after it are not sent', async () => {
    await placeBulk(mainId, [{ price: '61', amount: '0.1', clientOrderId: 'ladder-stop' }]);
    const sent = await placeBulk(
      mainId,
      [
        { price: '62', amount: '0.1' },
        { price: '63', amount: '0.1', clientOrderId: 'ladder-stop' },
        { price: '64', amount: '0.1' },
      ],
      { stopOnFail: true },
    );
    expect(sent).toMatchObject({ placed: 1, failed: 2 });
    expect(sent.outcomes.find((o) => o.index === 2)?.error?.code).toBe('not_sent');
    expect((await open()).map((o) => o.price).sort()).toEqual(['61', '62']);
  });

  it('refuses an order the rules refuse, naming it, before anything is asked or sent', async () => {
    const before = desktop.confirmations.length;
    const error = await refused('orders.placeBulk', {
      accountId: mainId,
      market: MARKET,
      side: 'buy',
      orders: [
        { price: '62', amount: '0.1' },
        { price: '62.12345', amount: '0.1' },
      ],
    });
    expect(error.code).toBe('rule_violation');
    expect(error.field).toBe('orders.1.price');
    expect(error.message).toMatch(/^Order 2 at 62\.12345: Price allows at most 3 decimal places/);
    expect(desktop.confirmations.length).toBe(before);
    expect(await open()).toEqual([]);
  });

  it('refuses a ladder the balance does not cover, naming the total', async () => {
    const preview = await ok<LadderPreviewView>('orders.previewLadder', {
      accountId: mainId,
      ...ladder,
      lowPrice: '70',
      highPrice: '80',
      orderCount: '10',
      totalAmount: '100000',
    });
    expect(preview.issues.map((i) => i.field)).toContain('totalAmount');
    expect(preview.issues.find((i) => i.field === 'totalAmount')?.message).toMatch(/The orders need .* USDT/);
  });

  it('shows what is wrong with the ladder in words, and no orders', async () => {
    const preview = await ok<LadderPreviewView>('orders.previewLadder', {
      ...ladder,
      lowPrice: '72',
      highPrice: '60',
      orderCount: '500',
    });
    expect(preview.orders).toEqual([]);
    expect(preview.issues.map((i) => i.message)).toEqual([
      'Number of orders must be at most 100',
      'Highest price must be above the lowest price (72)',
    ]);
  });
});
