/**
 * The sandbox's own WebSocket pushes and answers held to the exchange's published examples, field by
 * field: the same fields, each value of the same kind (a number where a number is published, a
 * decimal string where a decimal string is, ...), none more unless the spec names it. Each channel and
 * method the app uses is driven for real (orders placed and filled, a position opened and margin
 * called) and its frames compared with the example kept in `test/fixtures/published/ws`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeDiff, wsFixture, type ShapeRules } from '../../support/published.ts';
import { Peer, startWs, type Push, type WsHarness } from '../ws/support.ts';

let h: WsHarness;
/** The account's connection, subscribed to every private channel. */
let me: Peer;
/** A public connection, subscribed to every public channel (premiumIndex per market). */
let pub: Peer;
/** premiumIndex with no market named: every futures market in one push. */
let all: Peer;

const BTC = 'BTC_USDT';
/** `actual` has every field of the published example `name`, each of its kind (the schema is held by the contract hook). */
const conforms = (actual: unknown, name: string, rules: ShapeRules = {}) => {
  const diff = shapeDiff(actual, wsFixture(name).message, { extras: 'allowed', ...rules });
  expect(diff, `${name}: ${diff.join('; ')}`).toEqual([]);
};
const frame = (p: Push) => ({ id: null, method: p.method, params: p.params });
/** An order an order method places on the account's own connection. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const place = async (method: string, params: Record<string, unknown>): Promise<any> => {
  const a = await me.call(method, [params]);
  expect(a.error, `${method}: ${JSON.stringify(a.error)}`).toBeNull();
  return a;
};

beforeAll(async () => {
  h = await startWs({}, { premiumMs: 30, adlMs: 50 });
  me = await h.authorized('sub-alpha');
  for (const [channel, params] of [
    ['ordersPending', []],
    ['ordersExecuted', [[], 0]],
    ['deals', [[]]],
    ['balanceSpot', []],
    ['balanceMargin', []],
    ['positionsMargin', []],
    ['positionsAccountMargin', []],
    ['borrowsMargin', []],
    ['borrowsAccountMargin', []],
    ['ADLQuantile', []],
  ] as const)
    expect((await me.call(`${channel}_subscribe`, [...params])).error).toBeNull();
  pub = await Peer.open(h.url);
  for (const [channel, params] of [
    ['lastprice', [BTC]],
    ['trades', [BTC]],
    ['market', [BTC]],
    ['marketToday', [BTC]],
    ['depth', [BTC, 100, '0']],
    ['bookTicker', [BTC]],
    ['premiumIndex', ['BTC_PERP']],
    ['candles', [BTC, 60]],
  ] as const)
    expect((await pub.call(`${channel}_subscribe`, [...params])).error).toBeNull();
  all = await Peer.open(h.url);
  await all.call('premiumIndex_subscribe', []);

  // a resting bid, then a trade against sub-maker: orders, deals, balances, the book and the prints move
  const bid = await h
    .client('sub-alpha')
    .post('/api/v4/order/new', { market: BTC, side: 'buy', amount: '0.001', price: '50000' });
  expect(bid.status).toBe(200);
  const ask = await h
    .client('sub-maker')
    .post('/api/v4/order/new', { market: BTC, side: 'sell', amount: '0.002', price: '64300' });
  expect(ask.status).toBe(200);
  const take = await h
    .client('sub-alpha')
    .post('/api/v4/order/new', { market: BTC, side: 'buy', amount: '0.001', price: '64300' });
  expect(take.status).toBe(200);
  // a long position: positions, collateral balance, borrows and ADL ranks move
  const long = await h
    .client('sub-alpha')
    .post('/api/v4/order/collateral/market', { market: 'BTC_PERP', side: 'buy', amount: '0.01' });
  expect(long.status).toBe(200);
  const pos = await me.push('positionsMargin_update', (p) => p.params.total === 1);
  // the mark price walks into the margin-call band: a margin call is pushed
  h.sandbox.control.setPrice('BTC_PERP', (Number(pos.params.records[0].liq_price) * 1.01).toFixed(1));
  await me.push('positionsAccountMargin_update');
});
afterAll(async () => {
  await h.close();
});

/** The rules of the pushes whose sandbox shape differs where the published example allows it. */
const PUSH_RULES: Record<string, ShapeRules> = {
  balanceSpot_update: { keyed: ['$.params[]'] },
  // a side without exposure is null: the example shows it on the long side, the sandbox's long position on the short
  ADLQuantile_update: { loose: { '$.params[][2]': 'null where the account has no short exposure' } },
  ordersPending_update: {
    optional: {
      '$.params[1].position_side':
        'named on collateral orders; a spot order has none (see order_limit_place)',
      '$.params[1].retail': '"Present when the order was placed with retail=true"',
    },
  },
  ordersExecuted_update: {
    optional: {
      '$.params[].position_side': 'named on collateral orders; a spot order has none',
      '$.params[].retail': '"Present when the order was placed with retail=true"',
    },
  },
};

/** A push that carries something (not the empty snapshot a subscription may start with). */
const carries = (p: Push): boolean =>
  Array.isArray(p.params) ? p.params.length > 0 : (p.params?.records?.length ?? 1) > 0;

const pushOf = (peer: Peer, name: string): Promise<Push> => {
  if (name === 'depth_update') return peer.push(name, (p) => p.params[0] === false);
  if (name === 'depth_update_full') return peer.push('depth_update', (p) => p.params[0] === true);
  return peer.push(name.replace(/_all$/, ''), carries);
};

describe('the sandbox pushes each channel in its published shape', () => {
  it.each([
    ['ordersPending_update', 'me'],
    ['ordersExecuted_update', 'me'],
    ['deals_update', 'me'],
    ['balanceSpot_update', 'me'],
    ['balanceMargin_update', 'me'],
    ['positionsMargin_update', 'me'],
    ['positionsAccountMargin_update', 'me'],
    ['borrowsMargin_update', 'me'],
    ['borrowsAccountMargin_update', 'me'],
    ['ADLQuantile_update', 'me'],
    ['lastprice_update', 'pub'],
    ['trades_update', 'pub'],
    ['market_update', 'pub'],
    ['marketToday_update', 'pub'],
    ['depth_update', 'pub'],
    ['depth_update_full', 'pub'],
    ['bookTicker_update', 'pub'],
    ['premiumIndex_update', 'pub'],
    ['premiumIndex_update_all', 'all'],
    ['candles_update', 'pub'],
  ] as const)('%s', async (name, on) => {
    const push = await pushOf({ me, pub, all }[on], name);
    conforms(frame(push), name, PUSH_RULES[name]);
  });
});

describe('the sandbox answers each request and order method in its published shape', () => {
  it.each([
    [
      'authorize_answer',
      async () => (await Peer.open(h.url)).call('authorize', [await h.token('main'), 'public']),
    ],
    ['ping_answer', () => pub.call('ping', [])],
    [
      'candles_request',
      () => pub.call('candles_request', [BTC, 1, Math.floor(Date.now() / 1000) + 60, 3600]),
    ],
    ['depth_request', () => pub.call('depth_request', [BTC, 100, '0'])],
    ['ordersPending_request', () => me.call('ordersPending_request', [BTC, 0, 10])],
    [
      'ordersExecuted_request',
      () => me.call('ordersExecuted_request', [{ market: BTC, order_types: [1, 2] }, 0, 10]),
    ],
    ['deals_request', () => me.call('deals_request', [BTC, 0, 10])],
    ['marketToday_query', () => pub.call('marketToday_query', [BTC])],
    ['balanceMargin_request', () => me.call('balanceMargin_request', ['BTC', 'USDT'])],
  ] as const)('%s', async (name, ask) => {
    const answer = await ask();
    const rules: ShapeRules =
      name === 'balanceMargin_request'
        ? { keyed: ['$.result'] }
        : name === 'ordersPending_request' || name === 'ordersExecuted_request'
          ? {
              optional: {
                '$.result.records[].position_side': 'named on collateral orders; a spot order has none',
                '$.result.records[].retail': '"Present when the order was placed with retail=true"',
              },
            }
          : {};
    conforms(answer, name, rules);
  });

  it.each([
    ['order_limit_place', { market: BTC, side: 'buy', amount: '0.001', price: '50000' }],
    ['order_market_place', { market: BTC, side: 'sell', amount: '0.0005' }],
    ['order_market_stock_place', { market: BTC, side: 'buy', amount: '0.0005' }],
    [
      'order_stop_limit_place',
      { market: BTC, side: 'sell', amount: '0.0005', price: '50000', activation_price: '51000' },
    ],
    ['order_stop_market_place', { market: BTC, side: 'buy', amount: '50', activation_price: '90000' }],
    ['order_bbo_place', { market: BTC, side: 'buy', amount: '0.0005', bbo_role: 1 }],
    ['collateral_order_limit_place', { market: 'ETH_PERP', side: 'buy', amount: '0.01', price: '2000' }],
    ['collateral_order_market_place', { market: 'ETH_PERP', side: 'buy', amount: '0.01' }],
    [
      'collateral_order_stop_market_place',
      { market: 'ETH_PERP', side: 'sell', amount: '0.01', activation_price: '1000' },
    ],
    [
      'collateral_order_tpsl_place',
      { market: 'ETH_PERP', take_profit_activation_price: '9000', stop_loss_activation_price: '1000' },
    ],
  ] as const)('%s', async (method, params) => {
    const answer = await place(method, { ...params });
    conforms(answer, method);
  });

  it('order_modify answers the replacement order; order_cancel_all an empty object', async () => {
    const placed = await place('order_limit_place', {
      market: BTC,
      side: 'buy',
      amount: '0.001',
      price: '50000',
    });
    const modified = await place('order_modify', { market: BTC, order_id: placed.result.id, price: '50100' });
    conforms(modified, 'order_modify');
    const cleared = await place('order_cancel_all', { market: BTC, type: ['spot', 'margin', 'futures'] });
    conforms(cleared, 'order_cancel_all');
  });
});
