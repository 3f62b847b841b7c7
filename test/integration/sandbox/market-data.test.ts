/**
 * The public trades (`/api/v4/public/trades/{market}`) and the v1 ticker, as the exchange publishes
 * them: read from the trade tape, filtered by taker side, newest first, and their refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, start, type Harness } from './support.ts';

let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 63 });
});
afterAll(async () => {
  await h.sandbox.close();
});

type Trade = { tradeID: number; price: string; quote_volume: string; base_volume: string; type: string };

describe('public market data', () => {
  it('lists the trades a taker made, newest first, with their volumes; a side filter keeps that side', async () => {
    const book = (await get(h.sandbox.rest, '/api/v4/public/orderbook/BTC_USDT')).body;
    const [ask, bid] = [book.asks[0][0] as string, book.bids[0][0] as string];
    const buy = await h.client('sub-alpha').post('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: ask,
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const sell = await h.client('sub-alpha').post('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.001',
      price: bid,
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    h.sandbox.websocket?.flush();

    const all = (await get(h.sandbox.rest, '/api/v4/public/trades/BTC_USDT')).body as Trade[];
    expect(all.slice(0, 2).map((t) => [t.type, t.price, t.quote_volume])).toEqual([
      ['sell', bid, '0.001'],
      ['buy', ask, '0.001'],
    ]);
    expect(all.map((t) => t.tradeID)).toEqual([...all.map((t) => t.tradeID)].sort((a, b) => b - a));
    // the money side: price × amount, to the market's money precision
    expect(all[1]?.base_volume).toBe((Number(ask) * 0.001).toFixed(2));
    const buys = (await get(h.sandbox.rest, '/api/v4/public/trades/BTC_USDT?type=buy')).body as Trade[];
    expect(buys.length).toBeGreaterThan(0);
    expect(buys.every((t) => t.type === 'buy')).toBe(true);
  });

  it('refuses an unknown market and a side other than buy or sell, as the exchange words them', async () => {
    const market = await get(h.sandbox.rest, '/api/v4/public/trades/NOPE_USDT');
    expect([market.status, market.body]).toEqual([422, { market: ['Market is not available.'] }]);
    const side = await get(h.sandbox.rest, '/api/v4/public/trades/BTC_USDT?type=both');
    expect([side.status, side.body]).toEqual([422, { type: ["Type should be 'sell' or 'buy'."] }]);
    const ticker = await get(h.sandbox.rest, '/api/v1/public/ticker?market=NOPE_USDT');
    expect(ticker.body).toMatchObject({ success: false });
  });

  it("gives a market's v1 ticker: its best prices and its day", async () => {
    const book = (await get(h.sandbox.rest, '/api/v4/public/orderbook/ETH_USDT')).body;
    const t = (await get(h.sandbox.rest, '/api/v1/public/ticker?market=ETH_USDT')).body;
    expect(t.success).toBe(true);
    expect([t.result.bid, t.result.ask]).toEqual([book.bids[0][0], book.asks[0][0]]);
    expect(Number(t.result.high)).toBeGreaterThanOrEqual(Number(t.result.low));
  });
});
