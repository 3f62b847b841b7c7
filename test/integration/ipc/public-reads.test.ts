/**
 * The exchange's public reads a desk sees without a key, through the real core against its embedded
 * sandbox: a market's recent trades (`public/trades/{market}`), each amount in the base asset as the
 * `trades` channel gives it, and the whole mining pool's figures (`public/mining-pool`), which agree
 * with the pool's own accounts.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LiveTradeView,
  MarketTickerView,
  MarketView,
  MiningPoolView,
  NearDepthView,
  OrderBookView,
} from '../../../main/ipc/contract.ts';
import type { Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

let core: TestCore;
let sandbox: Sandbox;
const { call, ok } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore();
  const sb = core.connection.sandbox;
  if (!sb) throw new Error('no embedded sandbox');
  sandbox = sb;
  // a miner of each pool account's worker counts fixed, so the pool's figure can be counted
  sandbox.control.setWorkers('desk-pool', { offline: 2, low: 0 });
  sandbox.control.setWorkers('desk-backup', { offline: 0, low: 0 });
});
afterAll(() => core?.close());

describe("a market's recent trades", () => {
  it('are the exchange’s, newest first, each amount in the base asset', async () => {
    // the simulated market prints a trade at each new price
    for (const price of ['64100', '64200', '64300']) sandbox.control.setPrice('BTC_USDT', price);
    const raw = (await (await fetch(`${sandbox.rest}/api/v4/public/trades/BTC_USDT`)).json()) as Array<{
      tradeID: number;
      price: string;
      quote_volume: string;
      base_volume: string;
    }>;
    const trades = await ok<LiveTradeView[]>('markets.trades', { market: 'BTC_USDT' });
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.map((t) => t.id)).toEqual(raw.map((t) => t.tradeID));
    for (const [i, t] of trades.entries()) {
      // the exchange's own naming is reversed: the BTC amount is its quote_volume
      const total = new Decimal(t.price).times(t.amount);
      expect(
        total
          .minus(raw[i]?.base_volume ?? 'NaN')
          .abs()
          .toNumber(),
      ).toBeLessThan(0.01);
      expect(['buy', 'sell']).toContain(t.side);
    }
    expect(trades.map((t) => t.time)).toEqual([...trades.map((t) => t.time)].sort((a, b) => b - a));
  });
});

describe("every market's ticker", () => {
  it("gives each listed market's last price and change, and says a market under maintenance is off", async () => {
    const listed = (await ok<Array<{ name: string }>>('markets.list')).map((m) => m.name);
    sandbox.control.setPrice('ETH_USDT', '3100');
    sandbox.control.setMaintenance('LTC_USDT', true);
    const tickers = await ok<Record<string, MarketTickerView>>('markets.tickers');
    expect(Object.keys(tickers).sort()).toEqual([...listed].sort());
    // the last price is the market's latest trade
    const [latest] = await ok<LiveTradeView[]>('markets.trades', { market: 'ETH_USDT' });
    expect(tickers['ETH_USDT']?.last).toBe(latest?.price);
    expect(tickers['LTC_USDT']?.frozen).toBe(true);
    expect(tickers['BTC_USDT']?.frozen).toBe(false);
    sandbox.control.setMaintenance('LTC_USDT', false);
    // main reads them at most once a second, as the exchange caches them
    await expect
      .poll(async () => (await ok<Record<string, MarketTickerView>>('markets.tickers'))['LTC_USDT']?.frozen)
      .toBe(false);
  });
});

describe("the book's depth within ±2 % of the last price", () => {
  it('holds what the full book holds within the band, each side', async () => {
    sandbox.control.setPrice('BTC_USDT', '64000');
    const near = await ok<NearDepthView>('markets.nearDepth', { market: 'BTC_USDT' });
    const full = await ok<OrderBookView>('markets.depth', { market: 'BTC_USDT', limit: 100 });
    const last = new Decimal(64_000);
    const within = (levels: Array<[string, string]>) =>
      levels
        .filter(([price]) => new Decimal(price).minus(last).abs().lte(last.times('0.02')))
        .reduce((sum, [, amount]) => sum.plus(amount), new Decimal(0));
    expect(new Decimal(near.bids).gt(0)).toBe(true);
    expect(new Decimal(near.asks).gt(0)).toBe(true);
    expect(new Decimal(near.bids).eq(within(full.bids))).toBe(true);
    expect(new Decimal(near.asks).eq(within(full.asks))).toBe(true);
  });
});

describe('an announced delisting', () => {
  it("is the market's date as the exchange lists it, and absent where none is announced", async () => {
    const markets = await ok<MarketView[]>('markets.list');
    const of = (name: string) => markets.find((m) => m.name === name);
    // the exchange lists LTC_USDT with delistedAt 1830297600 (Unix seconds)
    expect(of('LTC_USDT')?.delistedAtMs).toBe(1_830_297_600_000);
    expect(of('BTC_USDT')).toBeDefined();
    expect(of('BTC_USDT')).not.toHaveProperty('delistedAtMs');
  });
});

describe('a market the exchange does not list', () => {
  it("is named in every public read's refusal, in words", async () => {
    for (const name of ['markets.trades', 'markets.nearDepth', 'markets.depth', 'markets.fundingHistory']) {
      const reply = await call(name, { market: 'NOPE_USDT' });
      expect(reply, name).toEqual({
        ok: false,
        error: {
          code: 'invalid_input',
          message: 'The exchange does not list NOPE_USDT now: it may be delisted or closed to trading.',
          field: 'market',
        },
      });
    }
  });
});

describe('the whole mining pool', () => {
  it("counts the pool's workers online and gives seven days of hashrate, oldest first", async () => {
    const pool = await ok<MiningPoolView>('mining.pool');
    const online = await Promise.all(
      ['desk-pool', 'desk-backup'].map(async (miningAccount) => {
        const main = (await ok<Array<{ id: string; label: string }>>('accounts.list')).find(
          (a) => a.label === 'Sandbox main',
        );
        return (
          await ok<{ workers: { online: number } }>('mining.info', { accountId: main?.id, miningAccount })
        ).workers.online;
      }),
    );
    expect(pool.workers).toBeGreaterThanOrEqual(online.reduce((a, b) => a + b, 0));
    expect(pool.lastDays).toHaveLength(7);
    expect(pool.lastDays.map((d) => d.atMs)).toEqual(
      [...pool.lastDays.map((d) => d.atMs)].sort((a, b) => a - b),
    );
    expect(pool.connectionLinks).toContain('stratum+tcp://eu.pool.sandbox.txc.local:3333');
    expect(pool.rewardSchemes).toEqual(['FPPS']);
    expect(new Decimal(pool.hashrate).isPositive()).toBe(true);
  });
});
