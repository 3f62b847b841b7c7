/**
 * The client's collateral bulk orders, position close, balance per asset and the orders a delisting
 * ended through their descriptors, against the sandbox on loopback: what each answers once read, and
 * the refusals.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { ExchangeError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('collateral account calls against the sandbox', () => {
  it('places collateral limit orders in bulk, each read as an order or its refusal', async () => {
    const c = h.as('sub-alpha');
    const items = await collateral.collateralBulkLimitOrders(c, [
      { market: 'BTC_PERP', side: 'buy', amount: '0.001', price: '60000' },
      { market: 'BTC_PERP', side: 'buy', amount: '0.00001', price: '60000' },
    ]);
    expect(items[0]?.result).toMatchObject({ market: 'BTC_PERP', price: '60000', positionSide: 'BOTH' });
    expect(items[1]?.result).toBeNull();
    expect(items[1]?.error).toMatchObject({ code: 32 });
  });

  it('closes a position at market: it leaves the open positions, and a second close is refused', async () => {
    const c = h.as('sub-noretail');
    await collateral.collateralMarketOrder(c, { market: 'BTC_PERP', side: 'sell', amount: '0.002' });
    const [position] = await collateral.openPositions(c, 'BTC_PERP');
    const positionId = Number(position?.positionId);
    await collateral.closePosition(c, { positionId, market: 'BTC_PERP' });
    expect(await collateral.openPositions(c, 'BTC_PERP')).toEqual([]);
    const again = await collateral
      .closePosition(c, { positionId, market: 'BTC_PERP' })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ExchangeError);
    expect((again as ExchangeError).exchangeCode).toBe(104);
  });

  it('reads the ADL rank of each side held: a short position ranks its short side only; none held, none listed', async () => {
    const c = h.as('sub-noretail');
    expect(await collateral.adlQuantile(c)).toEqual([]);
    await collateral.collateralMarketOrder(c, { market: 'ETH_PERP', side: 'sell', amount: '0.05' });
    const ranks = await collateral.adlQuantile(c);
    expect(ranks.map((r) => [r.market, r.positionSide])).toEqual([['ETH_PERP', 'SHORT']]);
    expect(ranks[0]?.quantile).toBeGreaterThanOrEqual(0);
    expect(ranks[0]?.quantile).toBeLessThanOrEqual(4);
    const [position] = await collateral.openPositions(c, 'ETH_PERP');
    await collateral.closePosition(c, { positionId: Number(position?.positionId), market: 'ETH_PERP' });
    expect(await collateral.adlQuantile(c)).toEqual([]);
  });

  it('reads the collateral balance per asset, one asset with a ticker', async () => {
    const c = h.as('main');
    const all = await collateral.balanceSummary(c);
    expect(all.map((r) => r.asset)).toContain('USDT');
    const [usdt] = await collateral.balanceSummary(c, 'USDT');
    expect(all).toContainEqual(usdt);
    const balance = await collateral.collateralBalance(c, 'USDT');
    expect(new Decimal(usdt?.balance ?? '-1').eq(balance['USDT'] ?? '-2')).toBe(true);
  });

  it("reads the orders a market's delisting ended: the reverse close and the canceled order", async () => {
    const c = h.as('sub-alpha');
    await collateral.collateralMarketOrder(c, { market: 'ETH_PERP', side: 'buy', amount: '0.01' });
    const resting = await collateral.collateralLimitOrder(c, {
      market: 'ETH_PERP',
      side: 'buy',
      amount: '0.01',
      price: '2000',
    });
    expect(await trading.delistingHistory(c)).toEqual([]);
    h.sandbox.control.delist('ETH_PERP');
    const ended = await trading.delistingHistory(c, { market: 'ETH_PERP' });
    expect(ended.map((o) => [o.delistingKind, o.status])).toEqual([
      ['reverse', 'filled'],
      ['canceled', 'canceled'],
    ]);
    expect(ended[1]?.id).toBe(resting.orderId);
    expect((await trading.delistingHistory(c, { status: 'filled' })).map((o) => o.clientOrderId)).toEqual([
      `delisting-${String(ended[0]?.id)}`,
    ]);
  });
});
