import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as publicApi from '../../../main/exchange/endpoints/public.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('public reference data against the sandbox', () => {
  it('reads markets with their precision, totals and steps, including one without steps', async () => {
    const markets = await publicApi.markets(h.http);
    expect(markets.length).toBeGreaterThan(3);
    const btc = markets.find((m) => m.name === 'BTC_USDT');
    expect(btc).toMatchObject({ stock: 'BTC', money: 'USDT', type: 'spot' });
    expect(typeof btc?.stockPrec).toBe('number');
    expect(markets.some((m) => m.tickSize === '' && m.stepSize === '')).toBe(true);
    expect(markets.some((m) => m.isTradFiFutures)).toBe(true);
  });

  it('reads futures with max_leverage, mark and index prices', async () => {
    const futures = await publicApi.futures(h.http);
    expect(futures.length).toBeGreaterThan(0);
    expect(futures.some((f) => f.max_leverage < 100)).toBe(true);
    for (const f of futures) expect(f.index_price).toMatch(/^\d+(\.\d+)?$/);
  });

  it('reads an order book, best levels first, without crossing', async () => {
    const book = await publicApi.orderBook(h.http, 'BTC_USDT', 10);
    expect(book.asks.length).toBeGreaterThan(0);
    expect(book.bids.length).toBeGreaterThan(0);
    const asks = book.asks.map(([p]) => Number(p));
    const bids = book.bids.map(([p]) => Number(p));
    expect(asks).toEqual([...asks].sort((a, b) => a - b));
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
    expect(asks[0]).toBeGreaterThan(bids[0] ?? Infinity);
  });

  it('reads collateral markets and assets', async () => {
    const collateral = await publicApi.collateralMarkets(h.http);
    expect(collateral.length).toBeGreaterThan(0);
    const assets = await publicApi.assets(h.http);
    expect(Object.keys(assets)).toContain('USDT');
  });

  it('turns the collateral markets outage answer into a readable error', async () => {
    h.sandbox.control.setMarginUnavailable(true);
    try {
      await expect(publicApi.collateralMarkets(h.http)).rejects.toMatchObject({
        code: 'margin_unavailable',
        message: expect.stringMatching(/unavailable at the exchange/),
      });
    } finally {
      h.sandbox.control.setMarginUnavailable(false);
    }
  });
});
