/**
 * The client's order endpoints beyond placing and cancelling one, against the sandbox: an order's
 * deals (`trade-account/order`, paged), the account's fee rates (`market/fee`), cancelling every
 * order of an account (`order/cancel/all`, per market or on every market), and linked orders as a
 * whole (`oco-orders`, `order/oco-cancel`, `order/oto-cancel`).
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { ValidationError } from '../../../main/exchange/errors.ts';
import { ratesFor } from '../../../main/services/trading/orders.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ simulate: false });
});
afterAll(() => h.close());

describe("an order's deals", () => {
  it('reads every deal of an order filled by 105 takers, over two pages, each fee at the maker rate the account is charged', async () => {
    const [maker, taker] = [h.as('main'), h.as('sub-alpha')];
    // inside the spread: it rests, and each buy below takes from it alone
    const resting = await trading.limitOrder(maker, {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.0105',
      price: '64250.5',
    });
    for (let i = 0; i < 105; i++)
      await trading.limitOrder(taker, {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.0001',
        price: '64250.5',
      });

    const deals = await trading.orderDeals(maker, resting.orderId);
    expect(deals).toHaveLength(105);
    expect(new Set(deals.map((d) => d.id)).size).toBe(105);
    expect(deals.every((d) => d.role === 'maker' && d.price === '64250.5')).toBe(true);
    // newest first
    expect(deals.map((d) => d.time)).toEqual([...deals.map((d) => d.time)].sort((a, b) => b - a));
    const filled = deals.reduce((sum, d) => sum.plus(d.amount), new Decimal(0));
    expect(filled.toFixed()).toBe('0.0105');

    // the rate `market/fee` names is the rate each deal was charged
    const rates = ratesFor(await trading.marketFees(maker), 'BTC_USDT', false);
    for (const d of deals) {
      const base = d.feeAsset === 'BTC' ? d.amount : d.deal;
      expect(new Decimal(d.fee).toFixed(), `deal ${String(d.id)}`).toBe(
        new Decimal(base).times(rates.maker).div(100).toFixed(),
      );
    }
    // the same deals as the account's executed history holds for the order
    const executed = (await trading.executedDeals(maker, 'BTC_USDT', { limit: 500 })).filter(
      (d) => d.orderId === resting.orderId,
    );
    expect(executed.map((d) => d.id).sort()).toEqual(deals.map((d) => d.id).sort());
  }, 60_000);

  it('has none for an order of another account, or an order the exchange does not know', async () => {
    const order = await trading.stockMarketOrder(h.as('main'), {
      market: 'ETH_USDT',
      side: 'buy',
      amount: '0.01',
    });
    expect(await trading.orderDeals(h.as('main'), order.orderId)).not.toEqual([]);
    expect(await trading.orderDeals(h.as('sub-alpha'), order.orderId)).toEqual([]);
    expect(await trading.orderDeals(h.as('main'), 9_999_999_999)).toEqual([]);
  });
});

describe("the account's fee rates", () => {
  it("answers the spot and futures defaults in percent and reads a market's own rates over the default", async () => {
    const fees = await trading.marketFees(h.as('main'));
    expect(ratesFor(fees, 'BTC_USDT', false)).toEqual({
      market: 'BTC_USDT',
      maker: fees.maker,
      taker: fees.taker,
      own: false,
    });
    expect(ratesFor(fees, 'BTC_PERP', true)).toMatchObject({
      maker: fees.futures_maker,
      taker: fees.futures_taker,
    });
    expect(
      ratesFor({ ...fees, custom_fee: { BTC_PERP: { maker: '0.01', taker: '0.055' } } }, 'BTC_PERP', true),
    ).toEqual({
      market: 'BTC_PERP',
      maker: '0.01',
      taker: '0.055',
      own: true,
    });
  });
});

describe('cancelling every order of an account', () => {
  const place = (label: string, market: string, price: string, amount: string) =>
    trading.limitOrder(h.as(label), { market, side: 'buy', amount, price });

  it("cancels one market's orders, then every market's, and never another account's", async () => {
    const main = h.as('main');
    await place('main', 'BTC_USDT', '30000', '0.001');
    await place('main', 'BTC_USDT', '30100', '0.001');
    await place('main', 'ETH_USDT', '1500', '0.01');
    const theirs = await place('sub-alpha', 'BTC_USDT', '30000', '0.001');

    await trading.cancelAllOrders(main, 'BTC_USDT');
    expect((await trading.allActiveOrders(main)).map((o) => o.market)).toEqual(['ETH_USDT']);

    await trading.cancelAllOrders(main);
    expect(await trading.allActiveOrders(main)).toEqual([]);
    const left = await trading.allActiveOrders(h.as('sub-alpha'), 'BTC_USDT');
    expect(left.map((o) => o.orderId)).toContain(theirs.orderId);
  });

  it('names the market when the exchange does not list it', async () => {
    const error = await trading.cancelAllOrders(h.as('main'), 'NOPE_USDT').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toHaveProperty('market');
  });
});

describe('linked orders as a whole', () => {
  const oco = {
    market: 'BTC_PERP',
    side: 'sell' as const,
    amount: '0.001',
    price: '69000',
    activation_price: '60000',
    stop_limit_price: '59900',
  };

  it("lists the account's OCO pairs, of one market or all, and cancels a pair in one request answering both legs", async () => {
    const c = h.as('sub-alpha');
    const placed = await collateral.collateralOcoOrder(c, oco);
    const listed = await collateral.ocoOrders(c, 'BTC_PERP');
    expect(listed.map((p) => [p.id, p.stop_loss.orderId, p.take_profit.orderId])).toEqual([
      [placed.id, placed.stop_loss.orderId, placed.take_profit.orderId],
    ]);
    expect((await collateral.ocoOrders(c)).map((p) => p.id)).toEqual([placed.id]);
    // another account sees none of them
    expect(await collateral.ocoOrders(h.as('main'), 'BTC_PERP')).toEqual([]);

    const done = await collateral.cancelOco(c, 'BTC_PERP', placed.id);
    expect([done.stop_loss.status, done.take_profit.status]).toEqual(['CANCELED', 'CANCELED']);
    const open = (await trading.allActiveOrders(c, 'BTC_PERP')).map((o) => o.orderId);
    expect(open).not.toContain(placed.stop_loss.orderId);
    expect(open).not.toContain(placed.take_profit.orderId);
    expect(await collateral.ocoOrders(c, 'BTC_PERP')).toEqual([]);
    // a pair no longer open is refused, naming nothing cancelled
    await expect(collateral.cancelOco(c, 'BTC_PERP', placed.id)).rejects.toMatchObject({ status: 400 });
  });

  it('cancels an order waiting to place its OTO legs by its OTO id, and its legs are never placed', async () => {
    const c = h.as('sub-alpha');
    const order = await collateral.collateralLimitOrder(c, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      price: '50000',
      takeProfit: '70000',
      stopLoss: '45000',
    });
    const otoId = order.oto?.otoId ?? 0;
    expect(otoId).toBeGreaterThan(0);
    await collateral.cancelOto(c, 'BTC_PERP', otoId);
    expect((await trading.allActiveOrders(c, 'BTC_PERP')).map((o) => o.orderId)).not.toContain(order.orderId);
    await expect(collateral.cancelOto(c, 'BTC_PERP', otoId)).rejects.toMatchObject({ status: 400 });
  });
});
