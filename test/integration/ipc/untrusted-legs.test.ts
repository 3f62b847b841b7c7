/**
 * A position's take-profit / stop-loss legs against a page alone: a stop-loss moved farther from the
 * price (next to the liquidation price, or anywhere when the exchange gives none) protects less, so
 * main asks first, naming the move, the position, the loss it then allows and how near the
 * liquidation price it lies; moved closer it protects more and goes at once. Cancelling many orders at
 * once (cancel all, the desk's bulk cancel) names the legs among them and what their positions are
 * left to. Every native question answered No: nothing is signed at the sandbox and nothing changes.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView, PositionView } from '../../../main/ipc/contract.ts';
import { grouped } from '../../../main/rules/words.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { factsOf, pageSession, type PageSession } from '../../support/untrusted.ts';

const desktop = scriptedDesktop();
let sandbox: Sandbox;
let core: TestCore;
let page: PageSession;
let alphaId = '';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 45, simulate: false });
  core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    platform: desktop.platform,
  });
  const key = (label: string) => sandbox.accounts.find((a) => a.label === label);
  alphaId = (await registerAccount(core, 'Alpha', key('sub-alpha'), 'sub')).id;
  page = pageSession(core, desktop, sandbox);
  // a long of 0.01 BTC with its stop-loss 3 % under the price, at 5× (liquidated about 20 % under)
  await page.ok('positions.setLeverage', { accountId: alphaId, leverage: 5 });
  await page.ok('orders.place', {
    accountId: alphaId,
    draft: {
      kind: 'collateral_market',
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.01',
      stopLoss: page.priceAt('BTC_PERP', 0.97),
    },
  });
}, 60_000);
afterAll(async () => {
  await core.close();
  await sandbox.close();
});

describe("a position's stop-loss moved", () => {
  it('next to the liquidation price (farther from the price) asks, naming the move; declined, nothing is signed; moved closer, it goes at once', async () => {
    const [position] = await page.ok<PositionView[]>('positions.open', {
      accountId: alphaId,
      market: 'BTC_PERP',
    });
    const liquidation = position?.liquidationPrice ?? '';
    expect(Number(liquidation)).toBeGreaterThan(0);
    const [leg] = (
      await page.ok<OrderView[]>('orders.active', { accountId: alphaId, market: 'BTC_PERP' })
    ).filter((o) => o.reduceOnly);
    const before = leg?.activation_price ?? '';
    // the first tick above where the long is liquidated: inside every other rule of a leg
    const edge = (Math.floor(Number(liquidation) * 10 + 1) / 10).toFixed(1);
    const gap = new Decimal(edge).sub(liquidation);
    expect(gap.gt(0) && gap.lte(0.1)).toBe(true);
    const move = (activationPrice: string) =>
      page.call('orders.modify', {
        accountId: alphaId,
        market: 'BTC_PERP',
        orderId: leg?.orderId,
        activationPrice,
      });
    const { result, asked, signed } = await page.answering(false, () => move(edge));
    expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(signed).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      title: 'Move the stop-loss of your BTC_PERP long farther from the price?',
      action: 'Move the stop-loss',
      cancel: 'Keep the stop-loss',
    });
    const facts = factsOf(asked[0]);
    expect(facts['Account']).toBe('Alpha');
    expect(facts['Position']).toBe('long, 0.01 BTC');
    expect(facts['Stop-loss']).toBe(`${grouped(before)} → ${grouped(edge)} USDT`);
    expect(facts['Liquidation price']).toBe(`${grouped(liquidation)} USDT`);
    expect(asked[0]?.warning).toMatch(
      /^The position can lose about [\d,.]+ USDT more before the stop-loss closes it/,
    );
    expect(asked[0]?.warning).toContain(
      `It would then close only ${gap.toFixed()} USDT before the liquidation price of ${grouped(liquidation)} USDT`,
    );
    const still = await page.ok<OrderView[]>('orders.active', { accountId: alphaId, market: 'BTC_PERP' });
    expect(still.find((o) => o.orderId === leg?.orderId)?.activation_price).toBe(before);
    // closer to the price it protects more: one step, no question
    const closer = (Number(before) + 10).toFixed(1);
    const tighter = await page.answering(false, () => move(closer));
    expect(tighter.result).toMatchObject({ ok: true });
    expect(tighter.asked).toEqual([]);
    expect(tighter.signed.map((r) => [r.path, r.body['activation_price']])).toEqual([
      ['order_modify', closer],
    ]);
  });
});

describe("a position's legs among many orders cancelled", () => {
  it("cancel all and the desk's bulk cancel name the stop-loss among them and what its position is left to; declined, nothing is signed", async () => {
    const [leg] = (
      await page.ok<OrderView[]>('orders.active', { accountId: alphaId, market: 'BTC_PERP' })
    ).filter((o) => o.reduceOnly);
    expect(leg).toBeDefined();
    const all = await page.answering(false, () =>
      page.call('orders.cancelAll', { accountId: alphaId, market: 'BTC_PERP' }),
    );
    const preview = await page.ok<{ previewId: string }>('board.previewBulk', {
      action: 'cancel_orders',
      accountIds: [alphaId],
    });
    const bulk = await page.answering(false, () =>
      page.call('board.runBulk', { previewId: preview.previewId }),
    );
    for (const { result, asked, signed } of [all, bulk]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
      expect(signed).toEqual([]);
      expect(asked).toHaveLength(1);
      expect(asked[0]?.warning).toBe(
        'Stop-losses of open positions are among them: those positions stay open with nothing to close them before their liquidation price.',
      );
    }
    expect(factsOf(all.asked[0])['Position legs']).toBe('1 stop-loss (BTC_PERP long)');
    expect(factsOf(bulk.asked[0])['Position legs']).toBe('1 stop-loss (Alpha: BTC_PERP long)');
    const still = await page.ok<OrderView[]>('orders.active', { accountId: alphaId, market: 'BTC_PERP' });
    expect(still.map((o) => o.orderId)).toContain(leg?.orderId);
  });
});
