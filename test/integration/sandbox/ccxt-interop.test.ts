import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitebitOn, type Whitebit } from '../../support/ccxt.ts';
import { start } from './support.ts';
import type { Harness } from './support.ts';

let h: Harness;
let ex: Whitebit;
let pro: InstanceType<typeof ccxt.pro.whitebit>;

beforeAll(async () => {
  // a still market: no trade happens unless a test makes one
  h = await start({ seed: 61, simulate: false });
  const main = h.account('main');
  ex = whitebitOn(h.sandbox.rest, main);
  pro = new ccxt.pro.whitebit({ apiKey: main.apiKey, secret: main.apiSecret, enableRateLimit: false });
  pro.urls['api'] = { ...ex.urls['api'], ws: h.sandbox.ws };
  // the sandbox's socket is plain ws:// on 127.0.0.1: ccxt asks for its HTTP agent first
  await pro.loadHttpProxyAgent();
});
afterAll(async () => {
  await pro.close();
  await h.sandbox.close();
});

describe('ccxt whitebit client against the sandbox (its own signing, unchanged)', () => {
  it('loads markets with precision, limits and percent fees', async () => {
    const markets = await ex.loadMarkets();
    const btc = markets['BTC/USDT'];
    expect(btc?.id).toBe('BTC_USDT');
    expect(btc?.limits.amount?.min).toBe(0.0001);
    expect(btc?.limits.cost?.min).toBe(5);
    expect(btc?.taker).toBe(0.001);
    expect(markets['BTC/USDT:USDT']?.swap).toBe(true);
  });

  it('fetches the spot balance', async () => {
    const balance = await ex.fetchBalance();
    expect(balance['USDT']?.free).toBe(50000);
    expect(balance['BTC']?.total).toBe(1);
  });

  it('places, lists and cancels a limit order', async () => {
    const order = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 60000);
    const id = String(order.id);
    expect(id).toMatch(/^\d+$/);
    const open = await ex.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => o.id)).toContain(id);
    const canceled = await ex.cancelOrder(id, 'BTC/USDT');
    expect(canceled.id).toBe(id);
    expect((await ex.fetchOpenOrders('BTC/USDT')).map((o) => o.id)).not.toContain(id);
  });

  it('cancels every open order of one market, and of every market, leaving the others', async () => {
    const btc = [
      await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 60000),
      await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 59000),
    ];
    const eth = await ex.createOrder('ETH/USDT', 'limit', 'buy', 0.01, 1000);
    await ex.cancelAllOrders('BTC/USDT');
    expect((await ex.fetchOpenOrders('BTC/USDT')).map((o) => o.id)).toEqual([]);
    const ethOpen = (await ex.fetchOpenOrders('ETH/USDT')).map((o) => o.id);
    expect(ethOpen).toContain(eth.id);
    expect(btc.map((o) => o.id)).not.toContain(eth.id);
    await ex.cancelAllOrders();
    expect(await ex.fetchOpenOrders('ETH/USDT')).toEqual([]);
  });

  it('edits an open order: its id goes as a digit string, the exchange answers the replacement', async () => {
    const order = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 60000);
    const edited = await ex.editOrder(String(order.id), 'BTC/USDT', 'limit', 'buy', 0.001, 60100);
    expect(edited.id).not.toBe(order.id);
    expect(edited.price).toBe(60100);
    const open = await ex.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => [o.id, o.price])).toContainEqual([edited.id, 60100]);
    expect(open.map((o) => o.id)).not.toContain(order.id);
    await ex.cancelOrder(String(edited.id), 'BTC/USDT');
  });

  it('watches the candles of a quiet market: the live candle comes every half second, trades or none', async () => {
    const first = await pro.watchOHLCV('ETH/USDT', '1m');
    expect(first.length).toBeGreaterThan(0);
    const [time, open, high, low, close, volume] = first.at(-1) ?? [];
    expect((time ?? 0) % 60_000).toBe(0);
    expect([open, high, low, close].every((v) => typeof v === 'number' && v > 0)).toBe(true);
    expect(volume).toBe(0);
    // and again, with still nothing traded
    expect((await pro.watchOHLCV('ETH/USDT', '1m')).length).toBeGreaterThan(0);
  });

  it('fetches the trades of a filled order', async () => {
    const order = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.0005, 64400);
    const trades = await ex.fetchMyTrades('BTC/USDT');
    const mine = trades.filter((t) => t.order === order.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.reduce((s, t) => s + (t.amount ?? 0), 0)).toBeCloseTo(0.0005, 10);
    expect(mine.every((t) => t.side === 'buy' && t.takerOrMaker === 'taker')).toBe(true);
  });

  it("reads a market's public trades, newest first, the taker's buy among them", async () => {
    const order = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.0005, 64400);
    const mine = (await ex.fetchMyTrades('BTC/USDT')).filter((t) => t.order === order.id);
    // the sandbox's socket feed is what keeps the tape: it looks for trades on its poll
    h.sandbox.websocket?.flush();
    const trades = await ex.fetchTrades('BTC/USDT');
    expect(trades.length).toBeGreaterThan(0);
    const ids = new Set(trades.map((t) => t.id));
    expect(mine.every((t) => ids.has(t.id))).toBe(true);
    // ccxt sorts what it reads oldest first; the exchange answered newest first
    const times = trades.map((t) => t.timestamp ?? 0);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const last = trades.find((t) => t.id === mine[0]?.id);
    expect([last?.side, last?.price, last?.amount]).toEqual(['buy', mine[0]?.price, mine[0]?.amount]);
  });

  it('asks for a convert quote: what is given, what comes back and the rate', async () => {
    const quote = await ex.fetchConvertQuote('USDT', 'BTC', 100);
    expect(quote.fromCurrency).toBe('USDT');
    expect(quote.toCurrency).toBe('BTC');
    expect(quote.fromAmount).toBe(100);
    expect(quote.toAmount).toBeGreaterThan(0);
    expect(quote.price).toBeCloseTo((quote.toAmount ?? 0) / 100, 6);
  });

  it('reads a spot ticker: best bid below best ask, the last price and the day', async () => {
    const ticker = await ex.fetchTicker('BTC/USDT');
    const book = await ex.fetchOrderBook('BTC/USDT');
    expect(ticker.symbol).toBe('BTC/USDT');
    expect(ticker.bid).toBe(book.bids[0]?.[0]);
    expect(ticker.ask).toBe(book.asks[0]?.[0]);
    expect(ticker.last).toBeGreaterThan(0);
    expect((ticker.high ?? 0) >= (ticker.low ?? 0)).toBe(true);
  });
  it("reads the server's time and status, every spot ticker and a market's candles", async () => {
    expect(Math.abs(((await ex.fetchTime()) ?? 0) - Date.now())).toBeLessThan(5_000);
    expect((await ex.fetchStatus()).status).toBe('ok');
    const tickers = await ex.fetchTickers();
    const one = await ex.fetchTicker('BTC/USDT');
    expect(tickers['BTC/USDT']?.last).toBe(one.last);
    expect(tickers['ETH/USDT']?.last).toBeGreaterThan(0);
    const candles = await ex.fetchOHLCV('BTC/USDT', '1h', undefined, 24);
    expect(candles).toHaveLength(24);
    for (const [time, open, high, low, close] of candles) {
      expect((time ?? 0) % 3_600_000).toBe(0);
      expect(
        (high ?? 0) >= Math.max(open ?? 0, close ?? 0) && (low ?? 0) <= Math.min(open ?? 0, close ?? 0),
      ).toBe(true);
    }
  });

  it("reads a filled order's own trades", async () => {
    const order = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.0005, 64400);
    const trades = await ex.fetchOrderTrades(String(order.id), 'BTC/USDT');
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.reduce((s, t) => s + (t.amount ?? 0), 0)).toBeCloseTo(0.0005, 10);
    expect(trades.every((t) => t.takerOrMaker === 'taker')).toBe(true);
  });
});
