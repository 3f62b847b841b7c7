/**
 * A page that places an order inside every guard and then changes it cannot take it past one: the
 * change of every kind of resting order (spot limit, stop-limit and stop-market; collateral limit,
 * stop-limit and trigger-market; an OCO's leg; a position's take-profit / stop-loss leg) is checked
 * as a new order of its new size and price. With every native question answered No, nothing is
 * signed and the order stays as it was (read from the sandbox's own requests and book, not a mock);
 * a change inside every guard still goes at once. And a stream of small orders, each inside the value
 * ceiling, cannot walk past the velocity budget from any entry point.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView, PlaceResultView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { factsOf, pageSession, type PageSession } from '../../support/untrusted.ts';

const desktop = scriptedDesktop();
let sandbox: Sandbox;
let core: TestCore;
let page: PageSession;
let mainId = '';
let alphaId = '';
/** An account of its own for the velocity run: nothing else it sent counts in its minute. */
let makerId = '';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 43, simulate: false });
  core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    platform: desktop.platform,
  });
  const key = (label: string) => sandbox.accounts.find((a) => a.label === label);
  mainId = (await registerAccount(core, 'Main', key('main'))).id;
  alphaId = (await registerAccount(core, 'Alpha', key('sub-alpha'), 'sub')).id;
  makerId = (await registerAccount(core, 'Maker', key('sub-maker'), 'sub')).id;
  page = pageSession(core, desktop, sandbox);
  // a fixed value ceiling the small orders sit under; the budget per minute off until its own tests
  await page.ok('guards.configure', { notionalCeiling: '1000', velocityPct: '', velocityCeiling: '' });
}, 60_000);
afterAll(async () => {
  await core.close();
  await sandbox.close();
});

const open = (accountId: string, market: string) =>
  page.ok<OrderView[]>('orders.active', { accountId, market });

/** Places an order inside every guard: no question, it rests. */
async function resting(accountId: string, draft: Record<string, unknown>): Promise<OrderView> {
  const { result, asked } = await page.answering(false, () =>
    page.ok<PlaceResultView>('orders.place', { accountId, draft }),
  );
  expect(asked).toEqual([]);
  const placed = result.order as OrderView;
  const order = (await open(accountId, placed.market)).find((o) => o.orderId === placed.orderId);
  expect(order).toBeDefined();
  return order as OrderView;
}

/** A change answered No: asked once with each guard named, nothing signed, the order as it was. */
async function declined(
  accountId: string,
  order: OrderView,
  change: Record<string, string>,
  guards: readonly string[],
): Promise<void> {
  const { result, asked, signed } = await page.answering(false, () =>
    page.call('orders.modify', { accountId, market: order.market, orderId: order.orderId, ...change }),
  );
  expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
  expect(signed).toEqual([]);
  expect(asked).toHaveLength(1);
  expect(asked[0]?.title).toMatch(new RegExp(`^Change order ${String(order.orderId)}\\?`));
  expect(asked[0]?.cancel).toBe("Don't send");
  for (const guard of guards) expect(Object.keys(factsOf(asked[0]))).toContain(guard);
  const still = (await open(accountId, order.market)).find((o) => o.orderId === order.orderId);
  expect(still).toEqual(order);
}

describe('a change of every kind of resting order is checked as a new order', () => {
  it('spot limit, stop-limit and stop-market orders: past the band and the value ceiling', async () => {
    const limit = await resting(mainId, {
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: page.priceAt('BTC_USDT', 0.97),
    });
    await declined(mainId, limit, { price: page.priceAt('BTC_USDT', 1.1) }, ['Price band']);
    await declined(mainId, limit, { amount: '0.02' }, ['Order value']);
    const stopLimit = await resting(mainId, {
      kind: 'stop_limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      activation_price: page.priceAt('BTC_USDT', 1.03),
      price: page.priceAt('BTC_USDT', 1.04),
    });
    await declined(mainId, stopLimit, { activationPrice: page.priceAt('BTC_USDT', 1.2) }, ['Price band']);
    const stopMarket = await resting(mainId, {
      kind: 'stop_market',
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.001',
      activation_price: page.priceAt('BTC_USDT', 0.97),
    });
    await declined(mainId, stopMarket, { activationPrice: page.priceAt('BTC_USDT', 0.8) }, ['Price band']);
  });

  it('a collateral limit bid of 0.001 moved to 1 BTC at 10 % through the book: asked, declined, nothing signed', async () => {
    const bid = await resting(mainId, {
      kind: 'collateral_limit',
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      price: page.priceAt('BTC_PERP', 0.97),
    });
    await declined(mainId, bid, { amount: '1', price: page.priceAt('BTC_PERP', 1.1) }, [
      'Price band',
      'Order value',
    ]);
    await declined(mainId, bid, { amount: '0.02' }, ['Order value']);
    // beyond the margin it may use (what is free and what it holds): refused unasked
    const { result, asked, signed } = await page.answering(false, () =>
      page.call('orders.modify', {
        accountId: mainId,
        market: 'BTC_PERP',
        orderId: bid.orderId,
        amount: '5',
      }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'rule_violation', field: 'amount' } });
    expect((result as { error: { message: string } }).error.message).toMatch(/of margin at 10× leverage/);
    expect([asked, signed]).toEqual([[], []]);
    // inside every guard the change goes at once, over the WebSocket
    const near = page.priceAt('BTC_PERP', 0.96);
    const moved = await page.answering(false, () =>
      page.ok<OrderView>('orders.modify', {
        accountId: mainId,
        market: 'BTC_PERP',
        orderId: bid.orderId,
        price: near,
      }),
    );
    expect(moved.asked).toEqual([]);
    expect(moved.signed.map((r) => [r.via, r.path, r.body['price']])).toEqual([['ws', 'order_modify', near]]);
    expect(moved.result.price).toBe(near);
  });

  it('collateral stop-limit and trigger-market orders, and either leg of an OCO', async () => {
    const stopLimit = await resting(mainId, {
      kind: 'collateral_stop_limit',
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      activation_price: page.priceAt('BTC_PERP', 1.03),
      price: page.priceAt('BTC_PERP', 1.04),
    });
    await declined(mainId, stopLimit, { price: page.priceAt('BTC_PERP', 1.2) }, ['Price band']);
    await declined(mainId, stopLimit, { amount: '0.03' }, ['Order value']);
    const trigger = await resting(mainId, {
      kind: 'collateral_trigger_market',
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.001',
      activation_price: page.priceAt('BTC_PERP', 0.97),
    });
    await declined(mainId, trigger, { activationPrice: page.priceAt('BTC_PERP', 0.7) }, ['Price band']);
    const oco = await page.ok<PlaceResultView>('orders.place', {
      accountId: mainId,
      draft: {
        kind: 'collateral_oco',
        market: 'BTC_PERP',
        side: 'sell',
        amount: '0.001',
        price: page.priceAt('BTC_PERP', 1.03),
        activation_price: page.priceAt('BTC_PERP', 0.97),
        stop_limit_price: page.priceAt('BTC_PERP', 0.965),
      },
    });
    const legs = (await open(mainId, 'BTC_PERP')).filter(
      (o) => o.orderId === oco.order?.orderId || o.orderId === oco.ocoStop?.orderId,
    );
    expect(legs).toHaveLength(2);
    for (const leg of legs) {
      const far: Record<string, string> = leg.activation_price
        ? { activationPrice: page.priceAt('BTC_PERP', 0.75) }
        : { price: page.priceAt('BTC_PERP', 1.3) };
      await declined(mainId, leg, far, ['Price band']);
    }
  });

  it("a position's take-profit / stop-loss leg: never past the liquidation price or to the wrong side, and it stays close-only", async () => {
    await page.ok('orders.place', {
      accountId: alphaId,
      draft: {
        kind: 'collateral_market',
        market: 'BTC_PERP',
        side: 'buy',
        amount: '0.002',
        takeProfit: page.priceAt('BTC_PERP', 1.09),
        stopLoss: page.priceAt('BTC_PERP', 0.95),
      },
    });
    const position = (
      await page.ok<Array<{ liquidationPrice: string | null; amount: string }>>('positions.open', {
        accountId: alphaId,
        market: 'BTC_PERP',
      })
    )[0];
    const liquidation = Number(position?.liquidationPrice);
    expect(liquidation).toBeGreaterThan(0);
    const trigger = (o: OrderView) => Number(o.activation_price ?? o.price);
    const legs = (await open(alphaId, 'BTC_PERP')).filter((o) => o.reduceOnly);
    expect(legs).toHaveLength(2);
    // the lower leg of a long is its stop-loss
    const stop = [...legs].sort((a, b) => trigger(a) - trigger(b))[0];
    const field = stop?.editable?.[0] === 'price' ? 'price' : 'activationPrice';
    const tries = [
      // below the liquidation price of the long: it would be liquidated first
      { [field]: (Math.floor(liquidation * 0.99 * 10) / 10).toFixed(1) },
      // above the mark: a long's stop-loss would trigger at once
      { [field]: page.priceAt('BTC_PERP', 1.05) },
      // its amount never changes: it closes what the position holds
      { amount: '1' },
    ];
    const words = [/beyond the liquidation price/, /^Stop-loss must be below/, /cannot be changed/];
    for (const [i, change] of tries.entries()) {
      const { result, asked, signed } = await page.answering(false, () =>
        page.call('orders.modify', {
          accountId: alphaId,
          market: 'BTC_PERP',
          orderId: stop?.orderId,
          ...change,
        }),
      );
      expect(result).toMatchObject({ ok: false, error: { code: 'rule_violation' } });
      expect((result as { error: { message: string } }).error.message).toMatch(words[i] as RegExp);
      expect([asked, signed]).toEqual([[], []]);
    }
    // a move on its side toward the price, above the liquidation price, goes at once: a leg asks no
    // band (moved away from the price it asks: untrusted-risk.test.ts)
    const moved = await page.answering(false, () =>
      page.ok<OrderView>('orders.modify', {
        accountId: alphaId,
        market: 'BTC_PERP',
        orderId: stop?.orderId,
        [field]: page.priceAt('BTC_PERP', 0.97),
      }),
    );
    expect(moved.asked).toEqual([]);
    expect(moved.signed.map((r) => r.path)).toEqual(['order_modify']);
    expect(moved.result.reduceOnly).toBe(true);
  });
});

describe('the velocity budget', () => {
  it('a stream of small orders, each inside the value ceiling, asks at the one that passes the budget, from every entry point', async () => {
    await page.ok('guards.configure', { velocityCeiling: '2000' });
    const price = page.priceAt('BTC_USDT', 0.97);
    const small = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.007', price };
    const worth = 0.007 * Number(price);
    expect(worth).toBeLessThan(1000);
    // four small orders, about 1,750 USDT together: no question, each signed
    const placed: OrderView[] = [];
    for (let i = 0; i < 4; i++) {
      const { result, asked, signed } = await page.answering(false, () =>
        page.ok<PlaceResultView>('orders.place', { accountId: makerId, draft: small }),
      );
      expect([asked.length, signed.length]).toEqual([0, 1]);
      placed.push(result.order as OrderView);
    }
    const tries = [
      () => page.call('orders.place', { accountId: makerId, draft: small }),
      () => page.call('orders.placeWs', { accountId: makerId, draft: small }),
      // a change that adds value counts what it adds
      () =>
        page.call('orders.modify', {
          accountId: makerId,
          market: 'BTC_USDT',
          orderId: placed[0]?.orderId,
          amount: '0.012',
        }),
      () =>
        page.call('orders.placeBulk', {
          accountId: makerId,
          market: 'BTC_USDT',
          side: 'buy',
          orders: [
            { price, amount: '0.003' },
            { price: page.priceAt('BTC_USDT', 0.96), amount: '0.003' },
          ],
        }),
      async () => {
        const preview = await page.ok<{ previewId: string }>('board.previewOrder', {
          accountIds: [makerId],
          draft: small,
          sizing: { kind: 'fixed', amount: '0.007' },
        });
        return page.call('board.placeOrder', { previewId: preview.previewId });
      },
    ];
    for (const attempt of tries) {
      const { result, asked, signed } = await page.answering(false, attempt);
      expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
      expect(signed).toEqual([]);
      expect(asked).toHaveLength(1);
      const lines = asked[0]?.facts.map((f) => `${f.label}: ${f.value}`).join('\n') ?? '';
      expect(lines).toMatch(/Orders this minute.*more than your budget of 2000 USDT a minute/);
    }
    // a change that adds nothing is not held back
    const lower = await page.answering(false, () =>
      page.ok<OrderView>('orders.modify', {
        accountId: makerId,
        market: 'BTC_USDT',
        orderId: placed[1]?.orderId,
        amount: '0.006',
      }),
    );
    expect([lower.asked.length, lower.signed.length]).toEqual([0, 1]);
    const left = (await open(makerId, 'BTC_USDT')).filter((o) => o.price === price);
    expect(left.map((o) => o.amount).sort()).toEqual(['0.006', '0.007', '0.007', '0.007']);
  });
});
