import { describe, expect, it } from 'vitest';
import { Engine } from '../../../main/sandbox/engine/engine.ts';
import type { PlaceRequest } from '../../../main/sandbox/engine/engine.ts';
import { createState } from '../../../main/sandbox/fixture.ts';
import { Feed } from '../../../main/sandbox/ws/feed.ts';

function world() {
  const state = createState(7, () => 1_763_798_400_000);
  const engine = new Engine(state);
  const [a, b] = [...state.accounts.keys()];
  return { state, engine, feed: new Feed(state, engine), a: a as string, b: b as string };
}

const limit = (owner: string, side: 'buy' | 'sell', price: bigint, amount: bigint): PlaceRequest => ({
  owner,
  market: 'BTC_USDT',
  side,
  type: 'limit',
  amount,
  price,
});

describe('Feed', () => {
  it('reports 1 new, 2 update, 3 finish per account, and the public trade', () => {
    const { engine, feed, a, b } = world();
    const o = engine.place(limit(a, 'buy', 6_000_000n, 2000n));
    let c = feed.collect();
    expect(c.orders.get(a)?.map((e) => [e.event, e.order.id])).toEqual([[1, o.id]]);
    engine.place(limit(b, 'sell', 6_000_000n, 500n));
    c = feed.collect();
    expect(c.orders.get(a)?.map((e) => [e.event, e.order.id])).toEqual([[2, o.id]]);
    // the seller's order matched at once in full: one finish event only, as the exchange sends it
    expect(c.orders.get(b)?.map((e) => e.event)).toEqual([3]);
    expect(c.deals.get(a)).toHaveLength(1);
    expect(c.trades.get('BTC_USDT')).toEqual([
      {
        id: expect.any(Number),
        time: expect.any(Number),
        price: '60000',
        amount: '0.0005',
        type: 'sell',
        rpi: false,
      },
    ]);
    expect(c.lastPrices).toEqual([['BTC_USDT', '60000']]);
    engine.cancel(o);
    c = feed.collect();
    expect(c.orders.get(a)?.map((e) => [e.event, e.order.status])).toEqual([[3, 'CANCELED']]);
    expect(feed.collect().orders.size).toBe(0);
  });

  it('says nothing about a canceled-then-reopened order, and puts the engine back on detach', () => {
    const { engine, feed, a } = world();
    const o = engine.place(limit(a, 'buy', 6_000_000n, 1000n));
    feed.collect();
    engine.cancel(o);
    engine.reopen(o);
    expect(feed.collect().orders.size).toBe(0);
    feed.detach();
    engine.cancel(o);
    expect(feed.collect().orders.size).toBe(0);
  });
});
