import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import { ExchangeError, ValidationError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('collateral endpoints against the sandbox', () => {
  it('sets leverage within the allowed set and refuses it above an open position market maximum', async () => {
    const c = h.as('sub-noretail');
    expect(await collateral.setLeverage(c, 10)).toBe(10);
    const notAllowed = await collateral.setLeverage(c, 4 as collateral.Leverage).catch((e: unknown) => e);
    expect(notAllowed).toBeInstanceOf(ValidationError);
    expect((notAllowed as ValidationError).fields).toHaveProperty('leverage');
    await collateral.collateralMarketOrder(c, { market: 'ETH_PERP', side: 'buy', amount: '0.01' });
    const aboveMarket = await collateral.setLeverage(c, 100).catch((e: unknown) => e);
    expect(aboveMarket).toBeInstanceOf(ExchangeError);
    expect(await collateral.setLeverage(c, 50)).toBe(50);
  });

  it('opens a one-way position with a collateral market order, answered with positionSide BOTH', async () => {
    const c = h.as('sub-alpha');
    await collateral.setLeverage(c, 10);
    const order = await collateral.collateralMarketOrder(c, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
    });
    expect(order.positionSide).toBe('BOTH');
    const open = await collateral.openPositions(c, 'BTC_PERP');
    expect(open).toHaveLength(1);
    expect(open[0]?.amount).toBe('0.001');
  });

  it('refuses reduce-only with no position on the other side (code 116)', async () => {
    const error = await collateral
      .collateralMarketOrder(h.as('sub-alpha'), {
        market: 'ETH_PERP',
        side: 'sell',
        amount: '0.01',
        reduceOnly: true,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).exchangeCode).toBe(116);
  });

  it('in hedge mode requires LONG or SHORT (code 114)', async () => {
    const c = h.as('sub-maker');
    await collateral.setHedgeMode(c, true);
    expect(await collateral.hedgeMode(c)).toBe(true);
    const error = await collateral
      .collateralMarketOrder(c, { market: 'BTC_PERP', side: 'buy', amount: '0.001', positionSide: 'BOTH' })
      .catch((e: unknown) => e);
    expect((error as ExchangeError).exchangeCode).toBe(114);
    const long = await collateral.collateralMarketOrder(c, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      positionSide: 'LONG',
    });
    expect(long.positionSide).toBe('LONG');
  });

  it('refuses a TradFi market without entitlement', async () => {
    const error = await collateral
      .collateralMarketOrder(h.as('main'), { market: 'XAU_PERP', side: 'buy', amount: '0.01' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).status).toBe(422);
    expect((error as ExchangeError).message).toMatch(/TradFi futures are not enabled/);
  });

  it('reads collateral balance, position history with side and isHedge, and borrow history', async () => {
    const c = h.as('sub-alpha');
    const balance = await collateral.collateralBalance(c, 'USDT');
    expect(Number(balance['USDT'])).toBeGreaterThan(0);
    const history = await collateral.positionsHistory(c, { market: 'BTC_PERP' });
    expect(history.length).toBeGreaterThan(0);
    for (const record of history) {
      expect(['LONG', 'SHORT', 'BOTH']).toContain(record.side);
      expect(typeof record.isHedge).toBe('boolean');
      expect(record).not.toHaveProperty('positionSide');
    }
    const borrows = await collateral.borrowHistory(h.as('main'), { limit: 5 });
    expect(borrows.limit).toBe(5);
    const offsetError = await collateral
      .borrowHistory(h.as('main'), { offset: 10_001 })
      .catch((e: unknown) => e);
    expect((offsetError as ExchangeError).fields).toHaveProperty('offset');
  });
});
