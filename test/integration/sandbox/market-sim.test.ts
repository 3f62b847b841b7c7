import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, start } from './support.ts';
import type { Harness } from './support.ts';

const T0 = 1_800_000_000_000;

async function sim(seed: number): Promise<{ h: Harness; tick: (ms: number) => void }> {
  let clock = T0;
  const h = await start({ seed, now: () => clock, simulate: { stepMs: 1000 } });
  return { h, tick: (ms) => (clock += ms) };
}

let a: Awaited<ReturnType<typeof sim>>;
let b: Awaited<ReturnType<typeof sim>>;

beforeAll(async () => {
  a = await sim(77);
  b = await sim(77);
});
afterAll(async () => {
  await a.h.sandbox.close();
  await b.h.sandbox.close();
});

const book = (h: Harness, market = 'BTC_USDT') => get(h.sandbox.rest, `/api/v4/public/orderbook/${market}`);

describe('simulated market', () => {
  it('walks prices and books, the same way for the same seed', async () => {
    const start = (await book(a.h)).body;
    a.tick(60_000);
    b.tick(60_000);
    const movedA = (await book(a.h)).body;
    const movedB = (await book(b.h)).body;
    expect(movedA.bids).toEqual(movedB.bids);
    expect(movedA.asks).toEqual(movedB.asks);
    expect(movedA.bids).not.toEqual(start.bids);
    expect(Number(movedA.bids[0][0])).toBeLessThan(Number(movedA.asks[0][0]));
  });

  it('publishes fresh mark prices for futures', async () => {
    const r = await get(a.h.sandbox.rest, '/api/v4/public/futures');
    for (const f of r.body.result) expect(Number(f.mark_price)).toBeGreaterThan(0);
  });

  it('charges funding every 8 hours on open positions', async () => {
    const c = a.h.client('sub-alpha');
    const open = await c.post('/api/v4/order/collateral/market', {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
    });
    expect(open.status).toBe(200);
    a.tick(8 * 3600 * 1000);
    const pos = await c.post('/api/v4/collateral-account/positions/open', { market: 'BTC_PERP' });
    expect(pos.body).toHaveLength(1);
    // positive funding rate: the long pays
    expect(Number(pos.body[0].funding)).toBeLessThan(0);
  });

  it('puts a position into margin call, then liquidates it and cancels its orders', async () => {
    const c = a.h.client('sub-maker');
    await c.post('/api/v4/collateral-account/leverage', { leverage: 100 });
    const o = await c.post('/api/v4/order/collateral/market', {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.01',
      stopLoss: '1000',
    });
    expect(o.status).toBe(200);
    const pos = (await c.post('/api/v4/collateral-account/positions/open', { market: 'BTC_PERP' })).body[0];
    const liq = Number(pos.liquidationPrice);
    a.h.sandbox.control.setPrice('BTC_PERP', (liq * 1.01).toFixed(1));
    const call = (await c.post('/api/v4/collateral-account/positions/open', { market: 'BTC_PERP' })).body[0];
    expect(call.liquidationState).toBe('margin_call');
    a.h.sandbox.control.setPrice('BTC_PERP', (liq * 0.99).toFixed(1));
    expect((await c.post('/api/v4/collateral-account/positions/open', { market: 'BTC_PERP' })).body).toEqual(
      [],
    );
    const hist = await c.post('/api/v4/collateral-account/positions/history', { positionId: pos.positionId });
    expect(hist.body[0]).toMatchObject({ amount: '0', liquidationState: 'liquidation' });
    expect((await c.post('/api/v4/orders', { market: 'BTC_PERP' })).body).toEqual([]);
    const borrows = await c.post('/api/v4/collateral-account/borrow-history', {});
    expect(borrows.body.records.some((r: { status: string }) => r.status === 'liquidated')).toBe(true);
  });
});
