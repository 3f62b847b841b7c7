// The sandbox's `candles` channel (published/asyncapi/public/kline.yaml): `_request` answers rows of
// an interval from minute bars, `_subscribe` pushes the bar a trade changed at once and the live bar
// every half second, trades or none. A row is
// [time, open, close, high, low, volume_stock, volume_money, market].
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Peer, startWs } from './support.ts';
import type { WsHarness } from './support.ts';

type Row = [number, string, string, string, string, string, string, string];

let h: WsHarness;
beforeAll(async () => {
  h = await startWs();
});
afterAll(async () => {
  await h.close();
});

const now = () => Math.floor(Date.now() / 1000);
const d = (v: string) => new Decimal(v);

describe('candles', () => {
  it('answers a past of minute bars at once, each a well-formed row of the market asked', async () => {
    const p = await Peer.open(h.url);
    const answer = await p.call('candles_request', ['BTC_USDT', now() - 3600, now(), 60]);
    const rows = answer.result as Row[];
    expect(rows.length).toBeGreaterThanOrEqual(59);
    for (const [time, open, close, high, low, volumeStock, volumeMoney, market] of rows) {
      expect(time % 60).toBe(0);
      expect(market).toBe('BTC_USDT');
      for (const v of [open, close, high, low, volumeStock, volumeMoney]) expect(v).toMatch(/^\d+(\.\d+)?$/);
      expect(d(high).gte(Decimal.max(open, close))).toBe(true);
      expect(d(low).lte(Decimal.min(open, close))).toBe(true);
    }
    expect(rows.map((r) => r[0])).toEqual([...rows.map((r) => r[0])].sort((a, b) => a - b));
    p.close();
  });

  it('builds every interval from the same minutes: open of the first, close of the last, extremes, sums', async () => {
    const p = await Peer.open(h.url);
    const end = now();
    const start = Math.floor((end - 6 * 3600) / 3600) * 3600;
    const minutes = (await p.call('candles_request', ['ETH_USDT', start, end, 60])).result as Row[];
    const hours = (await p.call('candles_request', ['ETH_USDT', start, end, 3600])).result as Row[];
    expect(hours.length).toBeGreaterThanOrEqual(6);
    for (const hour of hours) {
      const inside = minutes.filter((m) => m[0] >= hour[0] && m[0] < hour[0] + 3600);
      expect(inside.length).toBeGreaterThan(0);
      expect(hour[1]).toBe(inside[0]?.[1]);
      expect(hour[2]).toBe(inside.at(-1)?.[2]);
      expect(hour[3]).toBe(Decimal.max(...inside.map((m) => m[3])).toFixed());
      expect(hour[4]).toBe(Decimal.min(...inside.map((m) => m[4])).toFixed());
      expect(d(hour[5]).eq(inside.reduce((s, m) => s.plus(m[5]), new Decimal(0)))).toBe(true);
    }
    p.close();
  });

  it('pushes the bar a trade changed to the subscribed market and interval only', async () => {
    // A quiet market whose live bar is not due for an hour: the only push can be the one our trade made.
    const h = await startWs({ simulate: false }, { tickMs: 3_600_000 });
    const p = await Peer.open(h.url);
    expect((await p.call('candles_subscribe', ['BTC_USDT', 60])).result).toEqual({ status: 'success' });
    const other = await Peer.open(h.url);
    await other.call('candles_subscribe', ['ETH_USDT', 60]);
    const ask = ((await p.call('depth_request', ['BTC_USDT', 1, '0'])).result as { asks: string[][] })
      .asks[0]?.[0] as string;
    const r = await h.client('main').post('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: ask,
    });
    expect(r.status).toBe(200);
    const update = await p.push('candles_update');
    const [row] = update.params as Row[];
    expect(row?.[0]).toBe(Math.floor(now() / 60) * 60);
    expect(row?.[2]).toBe(d(ask).toFixed());
    expect(row?.[7]).toBe('BTC_USDT');
    expect(d(row?.[5] ?? '0').gte('0.001')).toBe(true);
    // The other connection listens to ETH_USDT: once it has a later frame, it had no BTC bar.
    await other.call('ping');
    const markets = other.of('candles_update').flatMap((u) => (u.params as Row[]).map((r) => r[7]));
    expect(markets.filter((m) => m !== 'ETH_USDT')).toEqual([]);
    other.close();
    p.close();
    await h.close();
  });

  it('keeps a trade made before the market was first read, after its seeded past', async () => {
    const p = await Peer.open(h.url);
    const ask = ((await p.call('depth_request', ['LTC_USDT', 1, '0'])).result as { asks: string[][] })
      .asks[0]?.[0] as string;
    const r = await h.client('main').post('/api/v4/order/new', {
      market: 'LTC_USDT',
      side: 'buy',
      amount: '0.05',
      price: ask,
    });
    expect(r.status).toBe(200);
    const { dealStock: dealt, timestamp } = r.body as { dealStock: string; timestamp: number };
    expect(d(dealt).gt(0)).toBe(true);
    const minute = Math.floor(timestamp / 60) * 60;
    const rows = (await p.call('candles_request', ['LTC_USDT', now() - 7200, now(), 60])).result as Row[];
    expect(rows.length).toBeGreaterThanOrEqual(119); // the seeded minutes of the last two hours
    const traded = rows.find((row) => row[0] === minute);
    expect(traded).toBeDefined();
    expect(d(traded?.[5] ?? '0').gte(dealt)).toBe(true);
    expect(d(traded?.[3] ?? '0').gte(ask) && d(traded?.[4] ?? '0').lte(ask)).toBe(true);
    p.close();
  });

  it('pushes the live bar every half second on a quiet market, flat at the last close', async () => {
    const quiet = await startWs({ simulate: false }, { tickMs: 100 });
    try {
      const p = await Peer.open(quiet.url);
      await p.call('candles_subscribe', ['ETH_USDT', 60]);
      // nothing trades: the pushes come on their own
      await vi.waitFor(() => expect(p.of('candles_update').length).toBeGreaterThanOrEqual(2));
      for (const u of p.of('candles_update').slice(0, 2)) {
        const [row] = u.params as Row[];
        expect(row?.[7]).toBe('ETH_USDT');
        expect((row?.[0] ?? 0) % 60).toBe(0);
        // no trade in the minute yet: open, close, high and low all the last close, no volume
        expect(new Set(row?.slice(1, 5)).size).toBe(1);
        expect([row?.[5], row?.[6]]).toEqual(['0', '0']);
      }
      p.close();
    } finally {
      await quiet.close();
    }
  });

  it('refuses an interval the exchange does not serve, an unknown market and an empty window', async () => {
    const p = await Peer.open(h.url);
    expect((await p.call('candles_subscribe', ['BTC_USDT', 120])).error?.code).toBe(1);
    expect((await p.call('candles_request', ['NOPE_USDT', now() - 60, now(), 60])).error?.code).toBe(1);
    expect((await p.call('candles_request', ['BTC_USDT', now(), now() - 60, 60])).error?.code).toBe(1);
    p.close();
  });
});
