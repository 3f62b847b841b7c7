/**
 * The public endpoints of server time, health, platform status, every market's ticker, the ±2 %
 * depth, a futures market's funding history and the mining pool: answers in the published shapes
 * (each checked as it is sent), figures that agree with the engine, the trade tape, the funding the
 * positions paid and the mining accounts, and the published refusals word for word.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, start, type Harness } from './support.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let h: Harness;
let nowMs = Date.now() - 20 * DAY;

beforeAll(async () => {
  h = await start({ seed: 81, now: () => nowMs, simulate: true });
});
afterAll(async () => {
  await h.sandbox.close();
});

const pub = (path: string) => get(h.sandbox.rest, path);
const posted = async (label: string, path: string, fields: Record<string, unknown> = {}) => {
  const r = await h.client(label).post(path, fields);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
};

describe('server time, health and platform status', () => {
  it("answers the server's own clock in seconds and pong", async () => {
    expect((await pub('/api/v4/public/time')).body).toEqual({ time: Math.floor(nowMs / 1000) });
    expect((await pub('/api/v4/public/ping')).body).toEqual(['pong']);
  });

  it('says "system maintenance" while the platform is in maintenance, "system operational" otherwise', async () => {
    expect((await pub('/api/v4/public/platform/status')).body).toEqual({ status: 'system operational' });
    h.sandbox.control.setPlatformMaintenance(true);
    expect((await pub('/api/v4/public/platform/status')).body).toEqual({ status: 'system maintenance' });
    h.sandbox.control.setPlatformMaintenance(false);
    expect((await pub('/api/v4/public/platform/status')).body).toEqual({ status: 'system operational' });
  });
});

describe("every market's ticker", () => {
  it('moves by exactly a new trade: last price, base and quote volume, and agrees with the v1 ticker', async () => {
    const before = (await pub('/api/v4/public/ticker')).body;
    expect(Object.keys(before).sort()).toEqual([...h.sandbox.control.state.markets.keys()].sort());
    const book = (await pub('/api/v4/public/orderbook/ETH_USDT')).body;
    const ask = book.asks[0][0] as string;
    await posted('sub-alpha', '/api/v4/order/new', {
      market: 'ETH_USDT',
      side: 'buy',
      amount: '0.01',
      price: ask,
    });
    h.sandbox.websocket?.flush();

    const after = (await pub('/api/v4/public/ticker')).body;
    const [b, a] = [before.ETH_USDT, after.ETH_USDT];
    expect(a.last_price).toBe(ask);
    expect(new Decimal(a.base_volume).minus(b.base_volume).toFixed()).toBe('0.01');
    expect(new Decimal(a.quote_volume).minus(b.quote_volume).toFixed()).toBe(
      new Decimal(ask).times('0.01').toFixed(),
    );
    expect([a.base_id, a.quote_id, a.isFrozen]).toEqual([1027, 825, false]);

    const v1 = (await pub('/api/v1/public/ticker?market=ETH_USDT')).body.result;
    expect([v1.last, v1.volume, v1.deal, v1.change]).toEqual([
      a.last_price,
      a.base_volume,
      a.quote_volume,
      a.change,
    ]);
    expect(a.change).toBe(new Decimal(v1.last).minus(v1.open).div(v1.open).times(100).toFixed(2));
  });

  it('shows a market in maintenance as frozen', async () => {
    h.sandbox.control.setMaintenance('LTC_USDT', true);
    expect((await pub('/api/v4/public/ticker')).body.LTC_USDT.isFrozen).toBe(true);
    h.sandbox.control.setMaintenance('LTC_USDT', false);
    expect((await pub('/api/v4/public/ticker')).body.LTC_USDT.isFrozen).toBe(false);
  });
});

describe('depth within ±2 % of the last price', () => {
  it("holds the book's levels inside the band and none outside it", async () => {
    const last = new Decimal(h.sandbox.control.state.lastPrices.get('BTC_USDT') || '0');
    expect(last.isPos()).toBe(true);
    const at = (f: string) => last.times(f).toDecimalPlaces(1).toFixed();
    for (const [side, price] of [
      ['sell', at('1.015')],
      ['sell', at('1.03')],
      ['buy', at('0.985')],
      ['buy', at('0.97')],
    ] as const)
      await posted('sub-maker', '/api/v4/order/new', { market: 'BTC_USDT', side, amount: '0.001', price });

    const depth = (await pub('/api/v4/public/orderbook/depth/BTC_USDT')).body;
    const full = (await pub('/api/v4/public/orderbook/BTC_USDT')).body;
    const mark = new Decimal(h.sandbox.control.state.lastPrices.get('BTC_USDT') || '0');
    const inBand = (l: string[]) =>
      mark.times('0.98').lte(l[0] ?? '0') && mark.times('1.02').gte(l[0] ?? '0');
    expect(depth.ticker_id).toBe('BTC_USDT');
    expect(depth.asks).toEqual(full.asks.filter(inBand));
    expect(depth.bids).toEqual(full.bids.filter(inBand));
    const prices = [...depth.asks, ...depth.bids].map((l: string[]) => l[0]);
    expect(prices).toContain(at('1.015'));
    expect(prices).toContain(at('0.985'));
    expect(prices).not.toContain(at('1.03'));
    expect(prices).not.toContain(at('0.97'));
    expect(full.asks.map((l: string[]) => l[0])).toContain(at('1.03'));
  });

  it('refuses an unknown market as published', async () => {
    const r = await pub('/api/v4/public/orderbook/depth/NOPE_USDT');
    expect([r.status, r.body]).toEqual([422, { market: ['Market is not available.'] }]);
  });
});

describe("a futures market's funding history", () => {
  it('lists each settlement newest first, the same rate and price the positions paid at', async () => {
    await posted('sub-alpha', '/api/v4/order/collateral/market', {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.01',
    });
    for (let i = 0; i < 3; i++) {
      nowMs += 8 * HOUR;
      await pub('/api/v4/public/ping');
    }
    const paid = (
      await posted('sub-alpha', '/api/v4/collateral-account/funding-history', { market: 'BTC_PERP' })
    ).records as Array<Record<string, string>>;
    const history = (await pub('/api/v4/public/funding-history/BTC_PERP')).body as Array<
      Record<string, string>
    >;
    expect(history).toHaveLength(3);
    expect(history.map((f) => Number(f.fundingTime))).toEqual(
      history.map((f) => Number(f.fundingTime)).sort((x, y) => y - x),
    );
    expect(history.map((f) => [f.fundingTime, f.fundingRate, f.settlementPrice])).toEqual(
      paid.map((f) => [f.fundingTime, f.fundingRate, f.settlementPrice]),
    );
    for (const f of history) {
      expect(f.market).toBe('BTC_PERP');
      expect(Number(f.fundingTime) - Number(f.rateCalculatedTime)).toBe(8 * 3600);
    }
    // a market nobody holds still settles
    expect((await pub('/api/v4/public/funding-history/ETH_PERP')).body).toHaveLength(3);
  });

  it('pages with limit and offset and keeps the dates asked', async () => {
    const all = (await pub('/api/v4/public/funding-history/BTC_PERP')).body as Array<Record<string, string>>;
    const [newest, middle, oldest] = all.map((f) => f.fundingTime);
    expect((await pub('/api/v4/public/funding-history/BTC_PERP?limit=1&offset=1')).body).toEqual([all[1]]);
    const window = await pub(`/api/v4/public/funding-history/BTC_PERP?startDate=${oldest}&endDate=${middle}`);
    expect(window.body.map((f: Record<string, string>) => f.fundingTime)).toEqual([middle, oldest]);
    const since = await pub(`/api/v4/public/funding-history/BTC_PERP?startDate=${newest}`);
    expect(since.body).toEqual([all[0]]);
  });

  it.each([
    ['/NOPE_PERP', { market: ['Market is not available.'] }],
    ['/BTC_USDT', { market: ['Market is not available.'] }],
    ['/%20', { market: 'market is required' }],
    ['/BTC_PERP?limit=101', { limit: 'limit must be less than or equal to 100' }],
    ['/BTC_PERP?limit=0', { limit: 'limit must be greater than or equal to 1' }],
    ['/BTC_PERP?offset=1000001', { offset: 'offset must be less than or equal to 1000000' }],
    ['/BTC_PERP?startDate=200&endDate=100', { endDate: 'endDate must be greater than to startDate' }],
  ])('refuses %s as published', async (query, body) => {
    const r = await pub(`/api/v4/public/funding-history${query}`);
    expect([r.status, r.body]).toEqual([422, body]);
  });
});

describe('the mining pool', () => {
  it("counts the mining accounts' online workers and their hash rate", async () => {
    h.sandbox.control.setWorkers('desk-pool', { offline: 2, low: 0 });
    h.sandbox.control.setWorkers('desk-backup', { offline: 1, low: 1 });
    const online = async (account: string) =>
      (await posted('main', '/api/v4/mining/miners/info', { account })).data.workers.online as number;
    const workers = (await online('desk-pool')) + (await online('desk-backup'));
    expect(workers).toBe(10 + 2);
    const pool = (await pub('/api/v4/public/mining-pool')).body.data;
    expect(pool.workers).toBe(workers);
    // the accounts' own rates (a low worker hashes a third), summed
    const rate = async (account: string) =>
      (await posted('main', '/api/v4/mining/hashrate', { account, interval: '5m' })).data.hashrate.at(-1)
        .hashrate as string;
    const sum = new Decimal(await rate('desk-pool')).plus(await rate('desk-backup'));
    expect(sum.toFixed()).toBe(new Decimal('95000000000000').times(11).plus('31666666666667').toFixed());
    expect(pool.current_hash_rate).toBe(sum.toFixed());
    expect(pool.last7days_hash_rate).toHaveLength(7);
    const today = Math.floor(nowMs / DAY) * 86_400;
    expect(pool.last7days_hash_rate.at(-1).timestamp).toBe(today);
    expect(pool.last7days_hash_rate.at(-1).hashrate).toBe(pool.current_hash_rate);
  });
});
