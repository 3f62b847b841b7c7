/**
 * A ladder on a perpetual (BTC_PERP) through the router against a real sandbox: every rung a
 * collateral limit order, one `order/collateral/limit` request each (no bulk), paced; checked by the
 * one rule set (margin at the account's leverage, position side in hedge mode, reduce-only); one
 * question of main naming the rungs, sizes, value and margin; each rung's outcome when some are refused.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import type { BulkPlaceView, LadderPreviewView } from '../../../main/ipc/contract.ts';
import type { ReceivedRequest } from '../../../main/sandbox/index.ts';
import { RUNG_SPACING_MS } from '../../../main/rules/ladder.ts';
import { sandboxDesk } from '../../support/sandbox-desk.ts';

const MARKET = 'BTC_PERP';
/** Each order request the sandbox received, with when it arrived. */
const received: Array<ReceivedRequest & { at: number }> = [];
const desk = sandboxDesk({
  seed: 11,
  accounts: ['sub-alpha', 'sub-maker'],
  watch: (r) => {
    if (r.path.startsWith('/api/v4/order/')) received.push({ ...r, at: performance.now() });
  },
});
const { ok, refused, desktop } = desk;
let alpha = '';
let hedged = '';
beforeAll(async () => {
  alpha = desk.id('sub-alpha');
  hedged = desk.id('sub-maker');
  await collateral.setHedgeMode(await desk.core.accounts.caller(hedged), true);
});
afterEach(async () => {
  desktop.confirmAnswer = true;
  await desk.cancelOpenOrders([alpha, hedged], MARKET);
});

const open = (id = alpha) => desk.openOrders(id, MARKET);
/** Buy orders on MARKET sent as one batch (`orders.placeBulk`); `more`: its options. */
const placeBulk = (accountId: string, orders: unknown[], more: Record<string, unknown> = {}) =>
  ok<BulkPlaceView>('orders.placeBulk', { accountId, market: MARKET, side: 'buy', orders, ...more });
/** BTC_PERP starts at 64,260 in the still sandbox: these rest below it. */
const ladder = {
  market: MARKET,
  side: 'buy',
  lowPrice: '60000',
  highPrice: '62000',
  orderCount: '5',
  totalAmount: '0.05',
  skew: 'even',
} as const;
const rungs = (preview: LadderPreviewView) =>
  preview.orders.map((o) => ({ price: o.price, amount: o.amount }));

describe('a ladder of 5 buy orders on BTC_PERP', () => {
  it('previews collateral rungs with their margin, asks once naming each rung, and rests 5 collateral orders', async () => {
    const preview = await ok<LadderPreviewView>('orders.previewLadder', { accountId: alpha, ...ladder });
    expect(preview).toMatchObject({ collateral: true, requests: 5, perRequest: 1, issues: [] });
    expect(rungs(preview)).toEqual([
      { price: '60000', amount: '0.01' },
      { price: '60500', amount: '0.01' },
      { price: '61000', amount: '0.01' },
      { price: '61500', amount: '0.01' },
      { price: '62000', amount: '0.01' },
    ]);
    // 3,050 USDT of orders at the account's 10× leverage
    expect(preview.margin).toEqual({ asset: 'USDT', needed: '305', available: '10000', leverage: 10 });

    const sentBefore = received.length;
    const asked = desktop.confirmations.length;
    const sent = await placeBulk(alpha, rungs(preview));
    expect(desktop.confirmations.length).toBe(asked + 1);
    const question = desktop.confirmations.at(-1);
    expect(question?.title).toBe('Place 5 buy collateral limit orders on BTC_PERP?');
    expect(question?.facts).toEqual(
      expect.arrayContaining([
        { label: 'Side', value: 'Buy (opens or adds to a long)' },
        {
          label: 'Rungs',
          value:
            '1) 0.01 BTC at 60,000; 2) 0.01 BTC at 60,500; 3) 0.01 BTC at 61,000; 4) 0.01 BTC at 61,500; 5) 0.01 BTC at 62,000',
        },
        { label: 'Total amount', value: '0.05 BTC' },
        { label: 'Total value', value: '3,050 USDT' },
        { label: 'Margin', value: '305 USDT at 10× leverage (10,000 USDT available)' },
        { label: 'Sent in', value: '5 requests, one order each, one after another' },
      ]),
    );
    expect(sent).toMatchObject({ requests: 5, placed: 5, failed: 0 });

    // One collateral limit request per rung, none in bulk, each sent the pacing after the previous
    // one's answer: the exchange receives them at least that far apart (40 a second at most).
    const requests = received.slice(sentBefore);
    expect(requests.map((r) => r.path)).toEqual(Array(5).fill('/api/v4/order/collateral/limit'));
    for (let i = 1; i < requests.length; i++)
      expect(
        (requests[i] as { at: number }).at - (requests[i - 1] as { at: number }).at,
      ).toBeGreaterThanOrEqual(RUNG_SPACING_MS - 1);
    const listed = await open();
    expect(listed.map((o) => o.price).sort()).toEqual(['60000', '60500', '61000', '61500', '62000']);
    // collateral limit orders: each has a position side, as only collateral orders do
    expect(listed.every((o) => o.type === 'limit' && o.positionSide === 'BOTH')).toBe(true);
  }, 30_000);

  it('reports each rung when one is refused half-way: the others stay placed and listed', async () => {
    const first = await placeBulk(alpha, [{ price: '59000', amount: '0.01', clientOrderId: 'perp-taken' }]);
    expect(first.placed).toBe(1);
    // the third rung reuses the client order id of an open order: the exchange refuses that one only
    const sent = await placeBulk(alpha, [
      { price: '60000', amount: '0.01' },
      { price: '60500', amount: '0.01' },
      { price: '61000', amount: '0.01', clientOrderId: 'perp-taken' },
      { price: '61500', amount: '0.01' },
    ]);
    expect(sent).toMatchObject({ requests: 4, placed: 3, failed: 1 });
    expect(sent.outcomes.map((o) => [o.index, o.ok])).toEqual([
      [2, false],
      [0, true],
      [1, true],
      [3, true],
    ]);
    expect(sent.outcomes[0]?.error?.message).toMatch(/client order id/i);
    expect(sent.outcomes.filter((o) => o.ok).every((o) => o.order?.orderId)).toBe(true);
    expect((await open()).map((o) => o.price).sort()).toEqual(['59000', '60000', '60500', '61500']);
  });

  it('stops sending at the first refusal when asked: the later rungs say they were not sent', async () => {
    await placeBulk(alpha, [{ price: '59000', amount: '0.01', clientOrderId: 'perp-stop' }]);
    const before = received.length;
    const sent = await placeBulk(
      alpha,
      [
        { price: '60000', amount: '0.01' },
        { price: '60500', amount: '0.01', clientOrderId: 'perp-stop' },
        { price: '61000', amount: '0.01' },
      ],
      { stopOnFail: true },
    );
    expect(sent).toMatchObject({ placed: 1, failed: 2 });
    expect(sent.outcomes.find((o) => o.index === 2)?.error?.code).toBe('not_sent');
    expect(received.length - before).toBe(2);
    expect((await open()).map((o) => o.price).sort()).toEqual(['59000', '60000']);
  });
});

describe('the one rule set on a perpetual ladder', () => {
  it("refuses a ladder whose margin at the account's leverage is more than the balance", async () => {
    // 2 BTC near 61,000 is about 122,000 USDT: 12,200 of margin at 10×, with 10,000 on the balance
    const preview = await ok<LadderPreviewView>('orders.previewLadder', {
      accountId: alpha,
      ...ladder,
      totalAmount: '2',
    });
    const issue = preview.issues.find((i) => i.field === 'totalAmount');
    expect(issue?.message).toMatch(
      /^The orders together \(2 needs 12,200(\.\d+)? USDT of margin at 10× leverage/,
    );
    expect(issue?.suggestions?.[0]).toMatch(/^1\.6\d*$/);
    const before = desktop.confirmations.length;
    const error = await refused('orders.placeBulk', {
      accountId: alpha,
      market: MARKET,
      side: 'buy',
      orders: rungs(await ok<LadderPreviewView>('orders.previewLadder', { ...ladder, totalAmount: '2' })),
    });
    expect(error.code).toBe('rule_violation');
    expect(desktop.confirmations.length).toBe(before);
    expect(await open()).toEqual([]);
  });

  it('asks for the position side in hedge mode, and places LONG rungs when given', async () => {
    const without = await ok<LadderPreviewView>('orders.previewLadder', { accountId: hedged, ...ladder });
    expect(without.orders.every((o) => o.issues.some((i) => i.field === 'positionSide'))).toBe(true);
    const error = await refused('orders.placeBulk', {
      accountId: hedged,
      market: MARKET,
      side: 'buy',
      orders: rungs(without),
    });
    expect(error).toMatchObject({ code: 'rule_violation', field: 'orders.0.positionSide' });

    const preview = await ok<LadderPreviewView>('orders.previewLadder', {
      accountId: hedged,
      ...ladder,
      positionSide: 'LONG',
    });
    expect(preview.orders.flatMap((o) => o.issues)).toEqual([]);
    const sent = await placeBulk(hedged, rungs(preview), { positionSide: 'LONG' });
    expect(sent).toMatchObject({ placed: 5, failed: 0 });
    expect(desktop.confirmations.at(-1)?.facts).toContainEqual({ label: 'Position side', value: 'LONG' });
    expect((await open(hedged)).every((o) => o.positionSide === 'LONG')).toBe(true);
  });

  it('refuses reduce-only rungs with no position to reduce, before anything is asked', async () => {
    const preview = await ok<LadderPreviewView>('orders.previewLadder', {
      accountId: alpha,
      ...ladder,
      side: 'sell',
      lowPrice: '66000',
      highPrice: '68000',
      reduceOnly: true,
    });
    expect(preview.orders.every((o) => o.issues.some((i) => i.field === 'reduceOnly'))).toBe(true);
  });

  it('refuses a collateral ladder on a spot market closed to margin', async () => {
    const error = await refused('orders.previewLadder', {
      ...ladder,
      market: 'LTC_USDT',
      lowPrice: '60',
      highPrice: '72',
      collateral: true,
    });
    expect(error.message).toMatch(/not open to margin trading/);
  });
});
