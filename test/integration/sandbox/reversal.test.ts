/**
 * A position that closes or reverses takes its closing orders with it: its TP/SL legs end CANCELED,
 * any other reduce-only order AUTO_CANCELED_REDUCE_ONLY, whether waiting on a trigger or resting, and
 * each end is pushed to the account's `ordersPending` subscribers. The reversed position never lists
 * the old one's legs as its own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWs, type Peer, type WsHarness } from '../ws/support.ts';

const MKT = '/api/v4/order/collateral/market';
const OPEN = '/api/v4/collateral-account/positions/open';
const ORDERS = '/api/v4/orders';
const MARKET = 'BTC_PERP';

interface OpenPosition {
  positionId: number;
  amount: string;
  tpsl: {
    takeProfitId: number | null;
    takeProfit: string | null;
    stopLossId: number | null;
    stopLoss: string | null;
  } | null;
}

let h: WsHarness;
let peer: Peer;
beforeEach(async () => {
  h = await startWs({ seed: 53 });
  peer = await h.authorized('sub-alpha');
  await peer.call('ordersPending_subscribe', []);
});
afterEach(async () => {
  await h.close();
});

const status = (id: number) => h.sandbox.control.engine.orders.get(id)?.status;
const ended = (id: number) =>
  peer.push('ordersPending_update', (p) => p.params[0] === 3 && p.params[1].id === id);

async function longWithLegs(): Promise<{ positionId: number; tp: number; sl: number; stop: number }> {
  const c = h.client('sub-alpha');
  expect((await c.post(MKT, { market: MARKET, side: 'buy', amount: '0.001' })).status).toBe(200);
  const pair = await peer.call('collateral_order_tpsl_place', [
    { market: MARKET, take_profit_activation_price: '70000', stop_loss_activation_price: '60000' },
  ]);
  expect(pair.error).toBeNull();
  // a stop-loss on its own: a reduce-only stop-market, not a leg of a pair
  const stop = await peer.call('collateral_order_stop_market_place', [
    { market: MARKET, side: 'sell', amount: '0.001', activation_price: '59000', reduce_only: true },
  ]);
  expect(stop.error).toBeNull();
  const [position] = (await c.post(OPEN, { market: MARKET })).body as OpenPosition[];
  const { take_profit: tp, stop_loss: sl } = pair.result as {
    take_profit: { id: number };
    stop_loss: { id: number };
  };
  return {
    positionId: position?.positionId ?? 0,
    tp: tp.id,
    sl: sl.id,
    stop: (stop.result as { id: number }).id,
  };
}

describe('closing orders of a position that closes or reverses', () => {
  it('a sell of 0.003 against a 0.001 long leaves a 0.002 short with none of the long’s closing orders', async () => {
    const c = h.client('sub-alpha');
    const long = await longWithLegs();
    expect((await c.post(ORDERS, { market: MARKET })).body).toHaveLength(3);

    expect((await c.post(MKT, { market: MARKET, side: 'sell', amount: '0.003' })).status).toBe(200);
    const [short] = (await c.post(OPEN, { market: MARKET })).body as OpenPosition[];
    expect(short?.amount).toBe('-0.002');
    expect(short?.positionId).not.toBe(long.positionId);
    expect(short?.tpsl).toBeNull();
    expect((await c.post(ORDERS, { market: MARKET })).body).toEqual([]);
    expect([status(long.tp), status(long.sl), status(long.stop)]).toEqual([
      'CANCELED',
      'CANCELED',
      'AUTO_CANCELED_REDUCE_ONLY',
    ]);
    // each end is pushed, with its status
    for (const id of [long.tp, long.sl, long.stop]) {
      const push = await ended(id);
      expect(push.params[1].status).toBe(status(id));
    }
  });

  it('closing the long by hand ends its legs too, and a new long does not inherit them', async () => {
    const c = h.client('sub-alpha');
    const long = await longWithLegs();
    expect(
      (await c.post(MKT, { market: MARKET, side: 'sell', amount: '0.001', reduceOnly: true })).status,
    ).toBe(200);
    expect((await c.post(ORDERS, { market: MARKET })).body).toEqual([]);
    expect((await c.post(MKT, { market: MARKET, side: 'buy', amount: '0.002' })).status).toBe(200);
    const [again] = (await c.post(OPEN, { market: MARKET })).body as OpenPosition[];
    expect(again?.amount).toBe('0.002');
    expect(again?.tpsl).toBeNull();
    expect([status(long.tp), status(long.sl), status(long.stop)]).toEqual([
      'CANCELED',
      'CANCELED',
      'AUTO_CANCELED_REDUCE_ONLY',
    ]);
  });

  it('the legs of an order that only closed the other side are canceled at once: nothing left to close', async () => {
    const c = h.client('sub-alpha');
    expect((await c.post(MKT, { market: MARKET, side: 'sell', amount: '0.001' })).status).toBe(200);
    const o = await c.post(MKT, {
      market: MARKET,
      side: 'buy',
      amount: '0.001',
      takeProfit: '70000',
      stopLoss: '60000',
    });
    expect(o.status).toBe(200);
    expect((await c.post(OPEN, { market: MARKET })).body).toEqual([]);
    expect((await c.post(ORDERS, { market: MARKET })).body).toEqual([]);
    const legs = [...h.sandbox.control.engine.orders.values()].filter((x) => x.otoId === o.body.orderId);
    expect(legs.map((l) => l.status)).toEqual(['CANCELED', 'CANCELED']);
  });

  it('a position made smaller keeps its legs, listed as its own', async () => {
    const c = h.client('sub-alpha');
    const long = await longWithLegs();
    expect((await c.post(MKT, { market: MARKET, side: 'buy', amount: '0.002' })).status).toBe(200);
    expect((await c.post(MKT, { market: MARKET, side: 'sell', amount: '0.001' })).status).toBe(200);
    const [position] = (await c.post(OPEN, { market: MARKET })).body as OpenPosition[];
    expect(position?.amount).toBe('0.002');
    expect(position?.positionId).toBe(long.positionId);
    expect([position?.tpsl?.takeProfitId, position?.tpsl?.stopLossId]).toEqual([long.tp, long.sl]);
    expect([status(long.tp), status(long.sl), status(long.stop)]).toEqual([undefined, undefined, undefined]);
  });
});
