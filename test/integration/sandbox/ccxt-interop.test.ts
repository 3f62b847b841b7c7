import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './support.ts';
import type { Harness } from './support.ts';

let h: Harness;
let ex: InstanceType<typeof ccxt.whitebit>;

beforeAll(async () => {
  h = await start({ seed: 61 });
  const main = h.account('main');
  ex = new ccxt.whitebit({ apiKey: main.apiKey, secret: main.apiSecret, enableRateLimit: false });
  const rest = h.sandbox.rest;
  ex.urls['api'] = {
    v1: { public: `${rest}/api/v1/public`, private: `${rest}/api/v1` },
    v2: { public: `${rest}/api/v2/public` },
    v4: { public: `${rest}/api/v4/public`, private: `${rest}/api/v4` },
  };
});
afterAll(async () => {
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

  it('fetches the trades of a filled order', async () => {
    const order = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.0005, 64400);
    const trades = await ex.fetchMyTrades('BTC/USDT');
    const mine = trades.filter((t) => t.order === order.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.reduce((s, t) => s + (t.amount ?? 0), 0)).toBeCloseTo(0.0005, 10);
    expect(mine.every((t) => t.side === 'buy' && t.takerOrMaker === 'taker')).toBe(true);
  });
});
