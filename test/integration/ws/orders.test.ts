import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWs } from './support.ts';
import type { Answer, Peer, WsHarness } from './support.ts';

let h: WsHarness;
let p: Peer;
beforeAll(async () => {
  h = await startWs();
  p = await h.authorized('main');
  await p.call('ordersPending_subscribe', []);
});
afterAll(async () => {
  await h.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const answered = async (method: string, params: Record<string, unknown>): Promise<any> => {
  const a: Answer = await p.call(method, [params]);
  expect(a.error, `${method}: ${JSON.stringify(a.error)}`).toBeNull();
  return a.result;
};
const fails = async (method: string, params: Record<string, unknown>, peer = p): Promise<Answer['error']> =>
  (await peer.call(method, [params])).error;

const BTC = { market: 'BTC_USDT' };
const PERP = { market: 'BTC_PERP' };

describe('spot order methods', () => {
  it('order_limit_place answers the order as ordersPending shows it', async () => {
    const o = await answered('order_limit_place', {
      ...BTC,
      side: 'buy',
      amount: '0.001',
      price: '60000',
      client_order_id: 'lim-1',
    });
    // the exchange's numbers: type 1 limit, side 2 buy
    expect(o).toMatchObject({
      type: 1,
      side: 2,
      price: '60000',
      amount: '0.001',
      left: '0.001',
      status: 'NEW',
      client_order_id: 'lim-1',
    });
    const pushed = await p.push('ordersPending_update', (x) => x.params[1].id === o.id);
    expect(pushed.params).toEqual([1, o]);
    const rest = await h.client('main').post('/api/v4/orders', { market: 'BTC_USDT' });
    expect(rest.body.map((x: { orderId: number }) => x.orderId)).toContain(o.id);
  });

  it('order_market_place spends a quote amount; order_market_stock_place buys a base amount', async () => {
    const m = await answered('order_market_place', { ...BTC, side: 'buy', amount: '100' });
    expect(m).toMatchObject({ type: 2, status: 'FILLED', amount: '100', price: '0' });
    expect(Number(m.deal_money)).toBeLessThanOrEqual(100);
    const s = await answered('order_market_stock_place', { ...BTC, side: 'buy', amount: '0.001' });
    expect(s).toMatchObject({ type: 202, status: 'FILLED', deal_stock: '0.001' });
  });

  it('stop orders wait for their activation price', async () => {
    const sl = await answered('order_stop_limit_place', {
      ...BTC,
      side: 'buy',
      amount: '0.001',
      price: '70000',
      activation_price: '69000',
    });
    expect(sl).toMatchObject({
      type: 3,
      activation_price: '69000',
      activation_condition: 'gte',
      activated: 0,
      status: 'NEW',
    });
    const sm = await answered('order_stop_market_place', {
      ...BTC,
      side: 'buy',
      amount: '50',
      activation_price: '69000',
    });
    expect(sm).toMatchObject({ type: 4, amount: '50', activated: 0 });
    // a base-amount sell (a buy would hold the whole quote balance until it triggers, as the engine's
    // stock-market buys do)
    const sms = await answered('order_stop_market_stock_place', {
      ...BTC,
      side: 'sell',
      amount: '0.002',
      activation_price: '50000',
    });
    expect(sms).toMatchObject({ type: 4, amount: '0.002', activated: 0, activation_condition: 'lte' });
  });

  it('bbo orders take the best price of their role', async () => {
    const bid = (await p.call('depth_request', ['BTC_USDT', 1, '0'])).result.bids[0][0] as string;
    const q = await answered('order_bbo_place', { ...BTC, side: 'buy', amount: '0.001', bbo_role: 1 });
    expect(q).toMatchObject({ type: 1, price: bid });
    const s = await answered('order_stop_bbo_place', {
      ...BTC,
      side: 'sell',
      amount: '0.001',
      bbo_role: 1,
      activation_price: '60000',
    });
    expect(s).toMatchObject({ type: 3, activation_price: '60000' });
  });

  it('order_modify finishes the old id and opens a new one; order_cancel and order_cancel_conditional', async () => {
    const o = await answered('order_limit_place', { ...BTC, side: 'buy', amount: '0.001', price: '60100' });
    const from = p.pushes.length;
    const m = await answered('order_modify', { ...BTC, order_id: o.id, price: '60200' });
    expect(m.id).not.toBe(o.id);
    expect(m).toMatchObject({ price: '60200', amount: '0.001' });
    await p.push('ordersPending_update', (x) => x.params[1].id === m.id, from);
    const seq = p.pushes
      .slice(from)
      .filter((x) => x.method === 'ordersPending_update')
      .map((x) => [x.params[0], x.params[1].id]);
    expect(seq).toEqual([
      [3, o.id],
      [1, m.id],
    ]);
    const c = await answered('order_cancel', { ...BTC, order_id: m.id });
    expect(c).toMatchObject({ id: m.id, status: 'CANCELED' });
    const stop = await answered('order_stop_limit_place', {
      ...BTC,
      side: 'sell',
      amount: '0.001',
      price: '50000',
      activation_price: '51000',
    });
    const plain = await answered('order_limit_place', {
      ...BTC,
      side: 'sell',
      amount: '0.001',
      price: '90000',
    });
    expect((await fails('order_cancel_conditional', { ...BTC, order_id: plain.id }))?.code).toBe(6);
    expect(await answered('order_cancel_conditional', { ...BTC, order_id: stop.id })).toMatchObject({
      id: stop.id,
      status: 'CANCELED',
    });
  });

  it('order_cancel_all cancels every open order of the kinds named on one market and answers {}', async () => {
    const a = await answered('order_limit_place', {
      market: 'ETH_USDT',
      side: 'buy',
      amount: '0.01',
      price: '3000',
    });
    await answered('order_limit_place', { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '3001' });
    const other = await answered('order_limit_place', {
      ...BTC,
      side: 'buy',
      amount: '0.001',
      price: '50000',
    });
    // one market and the order kinds are required, as the exchange has them
    expect((await fails('order_cancel_all', {}))?.code).toBe(1);
    expect((await fails('order_cancel_all', { market: 'ETH_USDT' }))?.code).toBe(1);
    expect((await fails('order_cancel_all', { market: 'ETH_USDT', type: [] }))?.code).toBe(1);
    expect((await fails('order_cancel_all', { market: 'ETH_USDT', type: ['spot', 'spot'] }))?.code).toBe(1);
    // margin only: the spot orders stay
    expect(await answered('order_cancel_all', { market: 'ETH_USDT', type: ['margin'] })).toEqual({});
    expect((await h.client('main').post('/api/v4/orders', { market: 'ETH_USDT' })).body).toHaveLength(2);
    expect(
      await answered('order_cancel_all', { market: 'ETH_USDT', type: ['spot', 'margin', 'futures'] }),
    ).toEqual({});
    const gone = await p.push('ordersPending_update', (x) => x.params[0] === 3 && x.params[1].id === a.id);
    expect(gone.params[1].status).toBe('CANCELED');
    expect((await h.client('main').post('/api/v4/orders', { market: 'ETH_USDT' })).body).toEqual([]);
    const btc = await h
      .client('main')
      .post('/api/v4/orders', { market: 'BTC_USDT', orderId: String(other.id) });
    expect(btc.body.map((x: { orderId: number }) => x.orderId)).toEqual([other.id]);
  });
});

describe('collateral order methods', () => {
  it('limit, market, stop-limit, stop-market, bbo and stop-bbo', async () => {
    const l = await answered('collateral_order_limit_place', {
      ...PERP,
      side: 'buy',
      amount: '0.01',
      price: '60000',
    });
    // the margin numbers: 7 limit, 8 market, 9 stop limit, 10 trigger-stop market
    expect(l).toMatchObject({ type: 7, position_side: 'BOTH', reduce_only: false, status: 'NEW' });
    const m = await answered('collateral_order_market_place', { ...PERP, side: 'buy', amount: '0.01' });
    expect(m).toMatchObject({ type: 8, status: 'FILLED', deal_stock: '0.01', price: '0' });
    const sl = await answered('collateral_order_stop_limit_place', {
      ...PERP,
      side: 'buy',
      amount: '0.01',
      price: '70000',
      activation_price: '69000',
    });
    expect(sl).toMatchObject({ type: 9, activated: 0 });
    const sm = await answered('collateral_order_stop_market_place', {
      ...PERP,
      side: 'sell',
      amount: '0.01',
      activation_price: '50000',
    });
    expect(sm).toMatchObject({ type: 10, activated: 0 });
    const bid = (await p.call('depth_request', ['BTC_PERP', 1, '0'])).result.bids[0][0] as string;
    const b = await answered('collateral_order_bbo_place', {
      ...PERP,
      side: 'buy',
      amount: '0.01',
      bbo_role: 1,
    });
    expect(b).toMatchObject({ type: 7, price: bid });
    const sb = await answered('collateral_order_stop_bbo_place', {
      ...PERP,
      side: 'buy',
      amount: '0.01',
      bbo_role: 1,
      activation_price: '69000',
    });
    expect(sb).toMatchObject({ type: 9, price: bid });
  });

  it('collateral_order_oco_place answers both legs; a filled limit leg cancels the stop leg', async () => {
    const oco = await answered('collateral_order_oco_place', {
      ...PERP,
      side: 'sell',
      amount: '0.001',
      price: '70000',
      activation_price: '55000',
      stop_limit_price: '54900',
    });
    expect(oco.take_profit).toMatchObject({ type: 7, price: '70000' });
    expect(oco.stop_loss).toMatchObject({ type: 9, activation_price: '55000', price: '54900' });
    // the counterparty buys the limit leg
    const r = await h
      .client('sub-maker')
      .post('/api/v4/order/collateral/market', { ...PERP, side: 'buy', amount: '1' });
    expect(r.status).toBe(200);
    const gone = await p.push(
      'ordersPending_update',
      (x) => x.params[0] === 3 && x.params[1].id === oco.stop_loss.id,
    );
    expect(gone.params[1].status).toBe('CANCELED');
  });

  it('collateral_order_oto_place places its legs once the primary order executes', async () => {
    const maker = await h.authorized('sub-maker');
    await maker.call('collateral_order_limit_place', [
      { ...PERP, side: 'sell', amount: '0.001', price: '79000' },
    ]);
    maker.close();
    const o = await answered('collateral_order_oto_place', {
      ...PERP,
      side: 'buy',
      amount: '0.001',
      price: '80000',
      stop_loss: '50000',
      take_profit: '90000',
    });
    expect(o.oto).toEqual({ otoId: o.id, stopLoss: '50000', takeProfit: '90000' });
    // the legs come as new reduce-only stop-market orders (type 10); a push carries no trigger price,
    // the open orders (REST) name it
    const legs = await p.until(() => {
      const found = p
        .of('ordersPending_update')
        .filter((x) => x.params[0] === 1 && x.params[1].type === 10 && x.params[1].id > o.id);
      return found.length === 2 ? found : undefined;
    });
    expect(legs.every((x) => x.params[1].reduce_only === true)).toBe(true);
    const open = (await h.client('main').post('/api/v4/orders', { market: 'BTC_PERP', limit: 100 }))
      .body as Array<{ orderId: number; activation_price?: string; oto?: { otoId: number } }>;
    const ids = new Set(legs.map((x) => x.params[1].id as number));
    expect(
      open
        .filter((x) => ids.has(x.orderId))
        .map((x) => x.activation_price)
        .sort(),
    ).toEqual(['50000', '90000']);
  });

  it('collateral_order_tpsl_place adds a new pair on every call; order_modify moves a leg', async () => {
    const params = {
      ...PERP,
      take_profit_activation_price: '90000',
      stop_loss_activation_price: '40000',
      position_side: 'BOTH',
    };
    const a = await answered('collateral_order_tpsl_place', params);
    const b = await answered('collateral_order_tpsl_place', params);
    expect(a.take_profit).toMatchObject({
      type: 10,
      activation_price: '90000',
      activation_condition: 'gte',
      reduce_only: true,
    });
    expect(a.stop_loss).toMatchObject({ type: 10, activation_price: '40000', activation_condition: 'lte' });
    const ids = [a.take_profit.id, a.stop_loss.id, b.take_profit.id, b.stop_loss.id];
    const open = await h.client('main').post('/api/v4/orders', { market: 'BTC_PERP', limit: 100 });
    for (const id of ids) expect(open.body.map((x: { orderId: number }) => x.orderId)).toContain(id);
    const moved = await answered('order_modify', {
      ...PERP,
      order_id: a.stop_loss.id,
      activation_price: '41000',
    });
    expect(moved).toMatchObject({ type: 10, activation_price: '41000', reduce_only: true });
    expect(moved.id).not.toBe(a.stop_loss.id);
  });
});

describe('order errors use the WebSocket numbers', () => {
  it('6 order not found, 10 balance, 11 amount too small, 43 duplicate client order id, 40 rpi with ioc, 1 invalid', async () => {
    expect((await fails('order_cancel', { ...BTC, order_id: 987654 }))?.code).toBe(6);
    expect(
      (await fails('order_limit_place', { ...BTC, side: 'buy', amount: '100', price: '60000' }))?.code,
    ).toBe(10);
    expect(
      (await fails('order_limit_place', { market: 'LTC_USDT', side: 'buy', amount: '0.005', price: '80' }))
        ?.code,
    ).toBe(11);
    await answered('order_limit_place', {
      ...BTC,
      side: 'buy',
      amount: '0.001',
      price: '60000',
      client_order_id: 'dup-1',
    });
    expect(
      (
        await fails('order_limit_place', {
          ...BTC,
          side: 'buy',
          amount: '0.001',
          price: '60000',
          client_order_id: 'dup-1',
        })
      )?.code,
    ).toBe(43);
    expect(
      (
        await fails('order_limit_place', {
          ...BTC,
          side: 'sell',
          amount: '0.001',
          price: '90000',
          rpi: true,
          ioc: true,
        })
      )?.code,
    ).toBe(40);
    expect(
      (await fails('order_limit_place', { ...BTC, side: 'up', amount: '0.001', price: '60000' }))?.code,
    ).toBe(1);
    expect((await p.call('order_limit_place', ['not an object'])).error?.code).toBe(1);
  });

  it('114 position side mismatch in hedge mode, 116 reduce-only without a position', async () => {
    const r = await h
      .client('sub-noretail')
      .post('/api/v4/collateral-account/hedge-mode/update', { hedgeMode: true });
    expect(r.body).toEqual({ hedgeMode: true });
    const q = await h.authorized('sub-noretail');
    expect(
      (
        await fails(
          'collateral_order_market_place',
          { ...PERP, side: 'buy', amount: '0.001', position_side: 'SHORT' },
          q,
        )
      )?.code,
    ).toBe(114);
    expect(
      (
        await fails(
          'collateral_order_limit_place',
          { ...PERP, side: 'buy', amount: '0.001', price: '60000' },
          q,
        )
      )?.code,
    ).toBe(114);
    expect(
      (
        await fails(
          'collateral_order_limit_place',
          {
            ...PERP,
            side: 'sell',
            amount: '0.001',
            price: '70000',
            position_side: 'LONG',
            reduce_only: true,
          },
          q,
        )
      )?.code,
    ).toBe(116);
    q.close();
  });
});

describe('stop orders over the WebSocket', () => {
  it('a stop-limit placed by order_stop_limit_place activates when the last price reaches it (update 2, activated)', async () => {
    const q = await h.authorized('sub-alpha');
    await q.call('ordersPending_subscribe', ['ETH_USDT']);
    const ask = (await q.call('depth_request', ['ETH_USDT', 1, '0'])).result.asks[0][0] as string;
    const stop = (
      await q.call('order_stop_limit_place', [
        { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '3000', activation_price: ask },
      ])
    ).result;
    expect(stop).toMatchObject({ type: 3, activated: 0 });
    // a trade at the best ask moves the last price to the activation price
    const trade = await h
      .client('main')
      .post('/api/v4/order/new', { market: 'ETH_USDT', side: 'buy', amount: '0.002', price: ask });
    expect(trade.body).toMatchObject({ dealStock: '0.002' });
    const act = await q.push('ordersPending_update', (x) => x.params[1].id === stop.id && x.params[0] === 2);
    expect(act.params[1]).toMatchObject({ status: 'NEW', price: '3000', left: '0.01' });
    // a push carries no trigger fields: the open orders (REST) say it is active now
    const open = (await h.client('sub-alpha').post('/api/v4/orders', { market: 'ETH_USDT' })).body as Array<{
      orderId: number;
      activated?: number;
    }>;
    expect(open.find((x) => x.orderId === stop.id)?.activated).toBe(1);
    q.close();
  });
});
