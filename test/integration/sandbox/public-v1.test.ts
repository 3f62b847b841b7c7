/**
 * The v1 public market data ccxt reads: markets, symbols, tickers, kline, depth and trade history in
 * their published envelopes (each checked as it is sent), with figures that agree with v4, the
 * engine's book and the trade tape, and the ErrorV1 refusals.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, start, type Harness } from './support.ts';

let h: Harness;
const nowMs = Date.now() - 3_600_000;

beforeAll(async () => {
  h = await start({ seed: 64, now: () => nowMs });
});
afterAll(async () => {
  await h.sandbox.close();
});

const pub = async (path: string) => {
  const r = await get(h.sandbox.rest, path);
  return r;
};
const ok = async (path: string) => {
  const r = await pub(path);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** Trades on BTC_USDT: a buy at the best ask and a sell at the best bid (each may fill several levels). */
async function trade(): Promise<void> {
  const book = await ok('/api/v4/public/orderbook/BTC_USDT');
  const [ask, bid] = [book.asks[0][0] as string, book.bids[0][0] as string];
  for (const [side, price] of [
    ['buy', ask],
    ['sell', bid],
  ] as const) {
    const r = await h
      .client('sub-alpha')
      .post('/api/v4/order/new', { market: 'BTC_USDT', side, amount: '0.001', price });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  h.sandbox.websocket?.flush();
}

describe('v1 reference data', () => {
  it('lists the markets as v4 does, and their names', async () => {
    const v4 = (await ok('/api/v4/public/markets')) as Array<Record<string, unknown>>;
    const v1 = await ok('/api/v1/public/markets');
    expect(v1.success).toBe(true);
    const keys = [
      'name',
      'stock',
      'money',
      'stockPrec',
      'moneyPrec',
      'feePrec',
      'makerFee',
      'takerFee',
      'minAmount',
    ];
    expect(v1.result).toEqual(v4.map((m) => Object.fromEntries(keys.map((k) => [k, m[k]]))));
    expect((await ok('/api/v1/public/symbols')).result).toEqual(v4.map((m) => m['name']));
  });
});

describe('v1 tickers, depth and history', () => {
  it("gives every market's ticker as the v4 ticker and the book have it", async () => {
    await trade();
    const v1 = await ok('/api/v1/public/tickers');
    const v4 = await ok('/api/v4/public/ticker');
    const book = await ok('/api/v4/public/orderbook/BTC_USDT');
    const t = v1.result.BTC_USDT;
    expect(t.at).toBe(Math.floor(nowMs / 1000));
    expect([t.ticker.last, t.ticker.vol, t.ticker.deal, t.ticker.change]).toEqual([
      v4.BTC_USDT.last_price,
      v4.BTC_USDT.base_volume,
      v4.BTC_USDT.quote_volume,
      v4.BTC_USDT.change,
    ]);
    expect([t.ticker.bid, t.ticker.ask]).toEqual([book.bids[0][0], book.asks[0][0]]);
    expect(Object.keys(v1.result).sort()).toEqual(Object.keys(v4).sort());
  });

  it("answers the book's levels up to the limit", async () => {
    const book = await ok('/api/v4/public/orderbook/ETH_USDT?limit=3');
    const depth = await ok('/api/v1/public/depth/result?market=ETH_USDT&limit=3');
    expect(depth).toEqual({ asks: book.asks, bids: book.bids });
  });

  it('lists the trades after lastId, newest first, up to the limit, as v4 has them', async () => {
    await trade();
    type V4 = { tradeID: number; price: string; quote_volume: string; type: string; trade_timestamp: number };
    const v4 = (await ok('/api/v4/public/trades/BTC_USDT')) as V4[];
    expect(v4.length).toBeGreaterThan(3);
    const after = v4[3]?.tradeID ?? 0;
    const history = (await ok(`/api/v1/public/history?market=BTC_USDT&lastId=${String(after)}`)).result;
    expect(
      history.map((d: { id: number; price: string; type: string; amount: string; time: number }) => [
        d.id,
        d.price,
        d.type,
        d.amount,
        Math.floor(d.time),
      ]),
    ).toEqual(v4.slice(0, 3).map((t) => [t.tradeID, t.price, t.type, t.quote_volume, t.trade_timestamp]));
    const one = (await ok(`/api/v1/public/history?market=BTC_USDT&lastId=0&limit=1`)).result;
    expect(one.map((d: { id: number }) => d.id)).toEqual([v4[0]?.tradeID]);
  });
});

type Row = [number, string, string, string, string, string, string];

describe('v1 kline', () => {
  it("aggregates the tape's minute bars to the interval asked, the current candle made of this minute's trades", async () => {
    await trade();
    const minute = Math.floor(nowMs / 60_000) * 60;
    const tape = (
      (await ok('/api/v4/public/trades/BTC_USDT')) as Array<{
        price: string;
        quote_volume: string;
        trade_timestamp: number;
      }>
    ).filter((t) => t.trade_timestamp >= minute);
    expect(tape.length).toBeGreaterThan(0);
    const minutes = (await ok('/api/v1/public/kline?market=BTC_USDT&interval=1m&limit=5')).result as Row[];
    expect(minutes.length).toBeGreaterThan(0);
    expect(minutes.length).toBeLessThanOrEqual(5);
    const prices = tape.map((t) => new Decimal(t.price));
    expect(minutes.at(-1)).toEqual([
      minute,
      tape.at(-1)?.price,
      tape[0]?.price,
      Decimal.max(...prices).toFixed(),
      Decimal.min(...prices).toFixed(),
      tape.reduce((s, t) => s.plus(t.quote_volume), new Decimal(0)).toFixed(),
      expect.any(String),
    ]);
    const hour = ((await ok('/api/v1/public/kline?market=BTC_USDT&interval=1h&limit=2')).result as Row[]).at(
      -1,
    );
    expect(hour?.[0]).toBe(Math.floor(nowMs / 3_600_000) * 3600);
    expect(hour?.[2]).toBe(tape[0]?.price);
    // the default window of an hour interval is a week: one candle per hour of it
    const week = (await ok('/api/v1/public/kline?market=BTC_USDT')).result as Row[];
    expect(week.length).toBeGreaterThanOrEqual(7 * 24);
    expect(week.length).toBeLessThanOrEqual(7 * 24 + 1);
    const months = (await ok('/api/v1/public/kline?market=BTC_USDT&interval=1M')).result as Row[];
    expect(months.length).toBeGreaterThan(0);
    for (const [t] of months) expect(new Date(t * 1000).getUTCDate()).toBe(1);
    expect(months.at(-1)?.[2]).toBe(tape[0]?.price);
  });
});

describe('v1 refusals', () => {
  it.each([
    ['/api/v1/public/ticker?market=NOPE_USDT', 'Market is not available.'],
    ['/api/v1/public/depth/result', 'The market field is required.'],
    ['/api/v1/public/depth/result?market=BTC_USDT&limit=101', 'The limit may not be greater than 100.'],
    ['/api/v1/public/history?market=BTC_USDT', 'The last id field is required.'],
    ['/api/v1/public/history?market=NOPE&lastId=1', 'Market is not available.'],
    ['/api/v1/public/kline?market=BTC_USDT&interval=2m', 'The selected interval is invalid.'],
    ['/api/v1/public/kline?market=BTC_USDT&limit=1441', 'The limit may not be greater than 1440.'],
    ['/api/v1/public/kline?market=BTC_USDT&start=200&end=100', 'End field must be greater then start.'],
  ])('%s', async (path, message) => {
    const r = await pub(path);
    expect([r.status, r.body]).toEqual([422, { success: false, message, params: [] }]);
  });
});
