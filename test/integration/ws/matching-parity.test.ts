import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWs } from './support.ts';
import type { Peer, WsHarness } from './support.ts';

let viaRest: WsHarness;
let viaWs: WsHarness;
const peers = new Map<string, Peer>();
beforeAll(async () => {
  viaRest = await startWs();
  viaWs = await startWs();
  for (const label of ['main', 'sub-alpha']) peers.set(label, await viaWs.authorized(label));
});
afterAll(async () => {
  await viaRest.close();
  await viaWs.close();
});

type Step = [label: string, rest: string, ws: string, body: Record<string, unknown>];

/** A seeded mix of limit, market, stock market, stop and cancel-all steps on two accounts. */
function steps(): Step[] {
  let seed = 99;
  const rnd = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const out: Step[] = [];
  for (let i = 0; i < 60; i++) {
    const label = i % 2 ? 'main' : 'sub-alpha';
    const side = rnd() < 0.5 ? 'buy' : 'sell';
    const kind = rnd();
    const price = (64100 + Math.floor(rnd() * 3000) / 10).toFixed(1);
    const amount = (0.0005 + Math.floor(rnd() * 20) / 10000).toFixed(4);
    if (kind < 0.6)
      out.push([
        label,
        '/api/v4/order/new',
        'order_limit_place',
        { market: 'BTC_USDT', side, amount, price },
      ]);
    else if (kind < 0.75)
      out.push([
        label,
        '/api/v4/order/market',
        'order_market_place',
        { market: 'BTC_USDT', side, amount: side === 'buy' ? '50' : amount },
      ]);
    else if (kind < 0.85)
      out.push([
        label,
        '/api/v4/order/stock_market',
        'order_market_stock_place',
        { market: 'BTC_USDT', side: 'sell', amount },
      ]);
    else if (kind < 0.95)
      out.push([
        label,
        '/api/v4/order/stop_limit',
        'order_stop_limit_place',
        { market: 'BTC_USDT', side, amount, price, activation_price: price },
      ]);
    else
      out.push([
        label,
        '/api/v4/order/new',
        'order_limit_place',
        { market: 'BTC_USDT', side, amount: '100', price },
      ]);
  }
  // and two that both interfaces refuse
  out.push([
    'main',
    '/api/v4/order/new',
    'order_limit_place',
    { market: 'BTC_USDT', side: 'buy', amount: '100', price: '64000' },
  ]);
  out.push([
    'main',
    '/api/v4/order/new',
    'order_limit_place',
    { market: 'BTC_USDT', side: 'buy', amount: '0.00001', price: '64000' },
  ]);
  return out;
}

const stripTimes = (o: Record<string, unknown>): Record<string, unknown> => {
  const { timestamp: _t, time: _u, ...rest } = o;
  return rest;
};

describe('WebSocket order methods match exactly as REST', () => {
  it('the same 60 orders leave the same books, orders, balances and deals', async () => {
    let accepted = 0;
    let refused = 0;
    for (const [label, path, method, body] of steps()) {
      const rest = await viaRest.client(label).post(path, body);
      const ws = await (peers.get(label) as Peer).call(method, [body]);
      // accepted by both or refused by both
      expect(ws.error === null, `${method} ${JSON.stringify(body)}`).toBe(rest.status === 200);
      if (rest.status === 200) expect(ws.result.id).toBe(rest.body.orderId);
      if (rest.status === 200) accepted++;
      else refused++;
    }
    expect(accepted).toBeGreaterThan(40);
    expect(refused).toBeGreaterThan(0);
    const deals = await viaWs.client('main').post('/api/v4/trade-account/executed-history', {});
    expect(Object.values(deals.body as Record<string, unknown[]>).flat().length).toBeGreaterThan(5);
    // the two books as read, each stamped with the second it was read in (which may differ)
    const book = async (h: WsHarness): Promise<unknown> => {
      const read = (await (
        await fetch(`${h.sandbox.rest}/api/v4/public/orderbook/BTC_USDT?limit=100`)
      ).json()) as Record<string, unknown>;
      const { timestamp: _read, ...levels } = read;
      return levels;
    };
    expect(await book(viaWs)).toEqual(await book(viaRest));
    for (const label of ['main', 'sub-alpha']) {
      for (const path of [
        '/api/v4/orders',
        '/api/v4/trade-account/balance',
        '/api/v4/trade-account/executed-history',
      ]) {
        const a = (await viaRest.client(label).post(path, path === '/api/v4/orders' ? { limit: 100 } : {}))
          .body;
        const b = (await viaWs.client(label).post(path, path === '/api/v4/orders' ? { limit: 100 } : {}))
          .body;
        const norm = (x: unknown): unknown =>
          Array.isArray(x)
            ? x.map((o) => stripTimes(o as Record<string, unknown>))
            : path.endsWith('executed-history')
              ? Object.fromEntries(
                  Object.entries(x as Record<string, unknown[]>).map(([m, l]) => [
                    m,
                    l.map((o) => stripTimes(o as Record<string, unknown>)),
                  ]),
                )
              : x;
        expect(norm(b), `${label} ${path}`).toEqual(norm(a));
      }
    }
  });
});
