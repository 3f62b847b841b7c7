import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Peer, startWs } from './support.ts';
import type { WsHarness } from './support.ts';

let h: WsHarness;
beforeAll(async () => {
  h = await startWs({}, { premiumMs: 25, adlMs: 40 });
});
afterAll(async () => {
  await h.close();
});

const limit = (price: string, side: 'buy' | 'sell', amount: string, extra: Record<string, unknown> = {}) => ({
  market: 'BTC_USDT',
  side,
  amount,
  price,
  ...extra,
});

describe('public channels', () => {
  it('lastprice and trades push a trade; depth sends a snapshot then diffs', async () => {
    const p = await Peer.open(h.url);
    expect((await p.call('lastprice_subscribe', ['BTC_USDT'])).result).toEqual({ status: 'success' });
    expect((await p.call('trades_subscribe', ['BTC_USDT'])).result).toEqual({ status: 'success' });
    expect((await p.call('depth_subscribe', ['BTC_USDT', 10, '0'])).result).toEqual({ status: 'success' });
    const snap = await p.push('depth_update');
    expect(snap.params[0]).toBe(true);
    expect(snap.params[2]).toBe('BTC_USDT');
    expect(snap.params[1].asks).toHaveLength(10);
    const res = await fetch(`${h.sandbox.rest}/api/v4/public/orderbook/BTC_USDT?limit=10`);
    const book = (await res.json()) as { asks: string[][] };
    expect(snap.params[1].asks[0][0]).toBe(book.asks[0]?.[0]);
    const bestAsk = snap.params[1].asks[0] as [string, string];

    const r = await h.client('main').post('/api/v4/order/new', limit('65000', 'buy', '0.001'));
    expect(r.status).toBe(200);
    // (a subscription starts with the market's latest trades, if any: the order's trade comes after them)
    const trade = await p.push('trades_update', (x) => x.params[1][0]?.price === bestAsk[0]);
    expect(trade.params[0]).toBe('BTC_USDT');
    expect(trade.params[1][0]).toMatchObject({ price: bestAsk[0], amount: '0.001', type: 'buy' });
    expect(typeof trade.params[1][0].id).toBe('number');
    // the subscription starts with the current price, then each change
    expect(p.of('lastprice_update')[0]?.params).toEqual(['BTC_USDT', '64250.5']);
    const last = await p.push('lastprice_update', (x) => x.params[1] !== '64250.5');
    expect(last.params).toEqual(['BTC_USDT', bestAsk[0]]);
    const diff = await p.push('depth_update', (x) => x.params[0] === false);
    const left = (Number(bestAsk[1]) - 0.001).toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
    expect(diff.params[1].asks).toContainEqual([bestAsk[0], left]);
    expect(diff.params[1].update_id).toBe(diff.params[1].past_update_id + 1);

    const req = await p.call('trades_request', ['BTC_USDT', 10]);
    expect(req.result[0]).toEqual(trade.params[1][0]);
    expect((await p.call('lastprice_request', ['BTC_USDT'])).result).toBe(bestAsk[0]);
    p.close();
  });

  it('trades starts with the latest trades of the market, newest first, then each new one', async () => {
    const main = h.client('main');
    // the smallest amount: each order is one trade (the book's levels hold whole steps)
    for (const side of ['buy', 'sell', 'buy'] as const)
      expect(
        (await main.post('/api/v4/order/new', limit(side === 'buy' ? '66000' : '62000', side, '0.0001')))
          .status,
      ).toBe(200);
    const p = await Peer.open(h.url);
    const latest = (await p.call('trades_request', ['BTC_USDT', 100])).result as { id: number }[];
    await p.call('trades_subscribe', ['BTC_USDT']);
    const first = await p.push('trades_update');
    expect(first.params[0]).toBe('BTC_USDT');
    const snapshot = first.params[1] as { id: number; amount: string; type: string }[];
    expect(snapshot).toEqual(latest);
    expect(snapshot.slice(0, 3).map((t) => [t.type, t.amount])).toEqual([
      ['buy', '0.0001'],
      ['sell', '0.0001'],
      ['buy', '0.0001'],
    ]);
    expect(snapshot.map((t) => t.id)).toEqual([...snapshot.map((t) => t.id)].sort((a, b) => b - a));
    // a new trade comes alone
    const from = p.pushes.length;
    await main.post('/api/v4/order/new', limit('62000', 'sell', '0.0001'));
    const next = await p.push('trades_update', () => true, from);
    expect(next.params[1]).toHaveLength(1);
    expect(next.params[1][0]).toMatchObject({ type: 'sell', amount: '0.0001' });
    expect(next.params[1][0].id).toBeGreaterThan(snapshot[0]?.id ?? Infinity);
    // every subscription starts again with the latest (the client keeps each trade once, by id)
    const again = p.pushes.length;
    await p.call('trades_subscribe', ['BTC_USDT']);
    const replay = await p.push('trades_update', () => true, again);
    expect(replay.params[1][0]).toEqual(next.params[1][0]);
    // a market without trades starts with nothing
    const quiet = await Peer.open(h.url);
    await quiet.call('trades_subscribe', ['LTC_USDT']);
    await quiet.call('ping');
    expect(quiet.of('trades_update')).toEqual([]);
    quiet.close();
    p.close();
  });

  it('depth leaves RPI orders out of snapshots and diffs', async () => {
    const p = await Peer.open(h.url);
    await p.call('depth_subscribe', ['BTC_USDT', 20, '0']);
    await p.push('depth_update');
    const main = h.client('main');
    expect(
      (await main.post('/api/v4/order/new', limit('64200.1', 'sell', '0.001', { rpi: true }))).status,
    ).toBe(200);
    expect((await main.post('/api/v4/order/new', limit('64200.3', 'sell', '0.001'))).status).toBe(200);
    const diff = await p.push('depth_update', (x) => x.params[0] === false);
    expect(diff.params[1].asks).toContainEqual(['64200.3', '0.001']);
    expect(diff.params[1].asks.map((l: string[]) => l[0])).not.toContain('64200.1');
    const full = await p.call('depth_request', ['BTC_USDT', 20, '0']);
    expect(full.result.asks.map((l: string[]) => l[0])).not.toContain('64200.1');
    expect(full.result.asks[0]).toEqual(['64200.3', '0.001']);
    await main.post('/api/v4/orders', {});
    p.close();
  });

  it('subscribing again replaces the previous subscription', async () => {
    const p = await Peer.open(h.url);
    await p.call('lastprice_subscribe', ['BTC_USDT']);
    await p.call('lastprice_subscribe', ['ETH_USDT']);
    const from = p.pushes.length;
    const main = h.client('main');
    await main.post('/api/v4/order/new', limit('66000', 'buy', '0.001'));
    await main.post('/api/v4/order/new', { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '3300' });
    const eth = await p.push('lastprice_update', (x) => x.params[0] === 'ETH_USDT', from);
    expect(eth.params[1]).toMatch(/^\d+(\.\d+)?$/);
    expect(p.pushes.slice(from).filter((x) => x.params[0] === 'BTC_USDT')).toEqual([]);
    p.close();
  });

  it('premiumIndex pushes mark price, index price and funding rate every period until unsubscribed', async () => {
    const p = await Peer.open(h.url);
    expect((await p.call('premiumIndex_subscribe', ['BTC_USDT'])).error?.code).toBe(1);
    await p.call('premiumIndex_subscribe', ['BTC_PERP']);
    await p.until(() => p.of('premiumIndex_update').length >= 3);
    // one market named: `[market, mark_price, index_price, funding_rate, next_funding_time, server_time]`
    const record = p.of('premiumIndex_update')[0]?.params as unknown[];
    expect(record).toEqual([
      'BTC_PERP',
      expect.stringMatching(/^\d+(\.\d+)?$/),
      expect.stringMatching(/^\d+(\.\d+)?$/),
      expect.stringMatching(/^-?\d+(\.\d+)?$/),
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(Number.isInteger(record[4])).toBe(true);
    // none named: every futures market in one push, without the server's time
    const all = await Peer.open(h.url);
    await all.call('premiumIndex_subscribe', []);
    const together = await all.push('premiumIndex_update');
    expect((together.params as unknown[][]).map((r) => [r[0], r.length])).toEqual([
      ['BTC_PERP', 5],
      ['ETH_PERP', 5],
      ['XAU_PERP', 5],
    ]);
    all.close();
    // A second listener stays: once it has heard two more periods, the first would have too.
    const other = await Peer.open(h.url);
    await other.call('premiumIndex_subscribe', ['BTC_PERP']);
    await p.call('premiumIndex_unsubscribe');
    const count = p.of('premiumIndex_update').length;
    const heard = other.of('premiumIndex_update').length;
    await other.until(() => other.of('premiumIndex_update').length >= heard + 2);
    await p.call('ping');
    expect(p.of('premiumIndex_update').length).toBe(count);
    other.close();
    p.close();
  });
});

describe('private channels', () => {
  it('ordersPending: 1 new, 2 update, 3 finish; modify is 3 for the old id then 1 for the new', async () => {
    const p = await h.authorized('main');
    await p.call('ordersPending_subscribe', ['BTC_USDT']);
    await p.call('ordersExecuted_subscribe', [['BTC_USDT'], 0]);
    await p.call('deals_subscribe', [['BTC_USDT']]);
    await p.call('balanceSpot_subscribe', ['USDT', 'BTC']);
    const main = h.client('main');
    const placed = await main.post(
      '/api/v4/order/new',
      limit('64250', 'buy', '0.002', { clientOrderId: 'ws-pend-1' }),
    );
    const id = placed.body.orderId as number;
    const created = await p.push('ordersPending_update', (x) => x.params[1].id === id);
    expect(created.params[0]).toBe(1);
    expect(created.params[1]).toMatchObject({
      market: 'BTC_USDT',
      side: 2,
      type: 1,
      price: '64250',
      amount: '0.002',
      left: '0.002',
      client_order_id: 'ws-pend-1',
      status: 'NEW',
    });
    const bal = await p.push('balanceSpot_update');
    expect(Object.keys(bal.params[0])).toEqual(['USDT']);
    expect(bal.params[0].USDT.freeze).toBe('128.5');

    const maker = await h.client('sub-maker').post('/api/v4/order/new', limit('64250', 'sell', '0.0005'));
    const upd = await p.push('ordersPending_update', (x) => x.params[0] === 2 && x.params[1].id === id);
    expect(upd.params[1]).toMatchObject({ left: '0.0015', deal_stock: '0.0005', status: 'PARTIALLY_FILLED' });
    const deal = await p.push('deals_update');
    expect(deal.params).toHaveLength(11);
    expect(deal.params.slice(2, 6)).toEqual(['BTC_USDT', id, '64250', '0.0005']);
    // side 2 buy, role 1 maker
    expect(deal.params.slice(7, 10)).toEqual(['ws-pend-1', 2, 1]);
    const history = await main.post('/api/v4/trade-account/executed-history', { market: 'BTC_USDT' });
    expect(history.body.map((d: { id: number }) => d.id)).toContain(deal.params[0]);

    const from = p.pushes.length;
    const mod = await main.post('/api/v4/order/modify', { market: 'BTC_USDT', orderId: id, price: '64240' });
    expect(mod.status).toBe(200);
    const newId = mod.body.orderId as number;
    await p.push('ordersPending_update', (x) => x.params[1].id === newId, from);
    const seq = p
      .of('ordersPending_update')
      .filter((x) => p.pushes.indexOf(x) >= from)
      .map((x) => [x.params[0], x.params[1].id]);
    expect(seq).toEqual([
      [3, id],
      [1, newId],
    ]);
    const executed = await p.push('ordersExecuted_update', (x) => x.params[0].id === id);
    expect(executed.params[0]).toMatchObject({ deal_stock: '0.0005', status: 'CANCELED' });

    await main.post('/api/v4/order/cancel', { market: 'BTC_USDT', orderId: newId });
    const fin = await p.push('ordersPending_update', (x) => x.params[0] === 3 && x.params[1].id === newId);
    expect(fin.params[1].status).toBe('CANCELED');

    const req = await p.call('deals_request', ['BTC_USDT', 0, 10]);
    // `order_id` the account's order, `deal_order_id` the other side's
    expect(req.result.records[0]).toMatchObject({
      id: deal.params[0],
      side: 2,
      role: 1,
      order_id: id,
      deal_order_id: maker.body.orderId,
      client_order_id: 'ws-pend-1',
    });
    const ex = await p.call('ordersExecuted_request', [{ market: 'BTC_USDT', order_types: [1, 2] }, 0, 10]);
    const record = ex.result.records.find((o: { id: number }) => o.id === id);
    expect(record).toMatchObject({ source: 'api', fee_asset: 'BTC', ftime: expect.any(Number) });
    expect(record).not.toHaveProperty('left');
    const onlyStops = await p.call('ordersExecuted_request', [
      { market: 'BTC_USDT', order_types: [3] },
      0,
      10,
    ]);
    expect(onlyStops.result.records.map((o: { id: number }) => o.id)).not.toContain(id);
    const pend = await p.call('ordersPending_request', ['BTC_USDT', 0, 10]);
    expect(pend.result.records.map((o: { id: number }) => o.id)).not.toContain(newId);
    p.close();
  });

  it('positionsMargin (object params), balanceMargin and ADLQuantile follow a collateral position', async () => {
    const p = await h.authorized('sub-alpha');
    await p.call('positionsMargin_subscribe', []);
    const first = await p.push('positionsMargin_update');
    expect(first.params).toEqual({ total: 0, records: [] });
    await p.call('balanceMargin_subscribe', ['USDT']);
    await p.call('positionsAccountMargin_subscribe', []);
    await p.call('ADLQuantile_subscribe', []);
    const adl0 = await p.push('ADLQuantile_update');
    expect(adl0.params).toEqual([]);
    const r = await h.client('sub-alpha').post('/api/v4/order/collateral/market', {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.01',
    });
    expect(r.status).toBe(200);
    const pos = await p.push('positionsMargin_update', (x) => x.params.total === 1);
    expect(pos.params.records[0]).toMatchObject({
      market: 'BTC_PERP',
      amount: '0.01',
      liq_stage: null,
      position_side: 'BOTH',
    });
    // one entry per ticker that changed: `{a, B, b, av, ab}`
    const bm = await p.push('balanceMargin_update');
    expect(bm.params).toEqual([
      { a: 'USDT', B: expect.any(String), b: '0', av: expect.any(String), ab: expect.any(String) },
    ]);
    // a long position on BTC_PERP: a long rank, no short exposure
    const adl = await p.push('ADLQuantile_update', (x) => x.params.length === 1);
    expect(adl.params).toEqual([['BTC_PERP', expect.any(Number), null]]);
    // the exchange publishes this channel's pushes only: a request is a method it does not have
    expect((await p.call('positionsMargin_request', [])).error?.code).toBe(4);

    // the mark price walks to within the margin-call band: one event 1, with the position as it stands
    const liq = Number(pos.params.records[0].liq_price);
    const before = h.sandbox.control.state.lastPrices.get('BTC_PERP') as string;
    h.sandbox.control.setPrice('BTC_PERP', (liq * 1.01).toFixed(1));
    const call = await p.push('positionsAccountMargin_update');
    expect(call.params[0]).toBe(1);
    expect(call.params[1]).toMatchObject({
      id: pos.params.records[0].id,
      market: 'BTC_PERP',
      liq_stage: 'margin_call',
    });
    // past the liquidation price: event 2, the position as it was liquidated
    h.sandbox.control.setPrice('BTC_PERP', (liq * 0.99).toFixed(1));
    const gone = await p.push('positionsAccountMargin_update', (x) => x.params[0] === 2);
    expect(gone.params[1]).toMatchObject({ market: 'BTC_PERP', amount: '0.01', liq_stage: 'liquidation' });
    expect(p.of('positionsAccountMargin_update')).toHaveLength(2);
    h.sandbox.control.setPrice('BTC_PERP', before);
    p.close();
  });
});

describe('bookTicker', () => {
  it('pushes the best visible bid and ask at once and when they change, never an RPI order', async () => {
    const p = await Peer.open(h.url);
    await p.call('bookTicker_subscribe', ['ETH_USDT']);
    // `[[transaction_time, message_time, market, update_id, bid, bid_amount, ask, ask_amount]]`
    const first = await p.push('bookTicker_update');
    const best = await p.call('depth_request', ['ETH_USDT', 1, '0']);
    const [row] = first.params as unknown[][];
    expect(row).toEqual([
      expect.any(Number),
      expect.any(Number),
      'ETH_USDT',
      expect.any(Number),
      best.result.bids[0][0],
      best.result.bids[0][1],
      best.result.asks[0][0],
      best.result.asks[0][1],
    ]);
    const main = h.client('main');
    const bid = Number(row?.[4]);
    const rpiPrice = (bid + 1).toFixed(2);
    const plainPrice = (bid + 0.5).toFixed(2);
    expect(
      (
        await main.post('/api/v4/order/new', {
          market: 'ETH_USDT',
          side: 'buy',
          amount: '0.01',
          price: rpiPrice,
          rpi: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await main.post('/api/v4/order/new', {
          market: 'ETH_USDT',
          side: 'buy',
          amount: '0.01',
          price: plainPrice,
        })
      ).status,
    ).toBe(200);
    const next = await p.push('bookTicker_update', (x) => x.params[0][4] !== row?.[4]);
    expect(next.params[0].slice(4, 6)).toEqual([String(Number(plainPrice)), '0.01']);
    expect(next.params[0][3]).toBeGreaterThan(row?.[3] as number);
    expect(p.of('bookTicker_update').some((x) => x.params[0][4] === String(Number(rpiPrice)))).toBe(false);
    expect((await p.call('bookTicker_request', ['ETH_USDT'])).error?.code).toBe(4);
    p.close();
  });
});
