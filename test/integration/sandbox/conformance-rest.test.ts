/**
 * The sandbox's own REST answers held to the exchange's published examples (or, where the exchange
 * publishes none, to the example built from the spec), field by field, for every endpoint the app
 * calls. Where the sandbox differs on purpose, the rule says why: the spec wins where it is explicit,
 * and a field the published example shows only in some cases (an open order has no status yet) may
 * be left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restFixture, shapeDiff, type ShapeRules } from '../../support/published.ts';
import { get, start, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await start();
});
afterAll(async () => {
  await h.sandbox.close();
});

const post = async (label: string, path: string, fields: Record<string, unknown> = {}): Promise<unknown> => {
  const r = await h.client(label).post(path, fields);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
};

/**
 * Fields of the published order shape an answer leaves out in the cases the published descriptions
 * name (`OrderResponse` of http-trade-v4.yaml: "field presence varies by endpoint and order type").
 */
const ORDER: ShapeRules = {
  extras: 'allowed',
  optional: {
    '$.status':
      'an open order nothing happened to yet has no status on REST (the spec lists no value for it)',
    '$.postOnly': '"Omitted when not set."',
    '$.price': '"omitted on market and stop-market order shapes"',
    '$.feeAsset': '"Omitted when empty."',
    '$.retail': '"present only when the order was placed with retail=true"',
    '$.rpi': 'the OCO legs and the conditional list do not carry it',
    '$.ioc': 'the OCO legs and the conditional list do not carry it',
    '$.oto': '"Present only when the order belongs to an OTO group"',
    '$.positionSide': '"spot order-creation responses do not include the field"',
    '$.reduceOnly': '"spot order-creation responses do not include the field"',
    '$.activated': '"Returned for stop orders; omitted on other order shapes."',
    '$.activationCondition': 'stop orders only (derived from the side)',
    '$.activation_price': '"Returned for stop orders; omitted on other order shapes."',
    '$.takerFee': 'the OCO legs only',
    '$.makerFee': 'the OCO legs only',
  },
};

/** ORDER's rules at another path (`$[]`, `$.result`, `${}[]`). */
function at(path: string, rules: ShapeRules): ShapeRules {
  const move = (r?: Readonly<Record<string, string>>) =>
    r && Object.fromEntries(Object.entries(r).map(([k, v]) => [k.replace(/^\$/, path), v]));
  return {
    extras: 'allowed',
    ...(rules.optional ? { optional: move(rules.optional) } : {}),
  };
}

const conforms = (name: string, answer: unknown, rules: ShapeRules = {}) => {
  const diff = shapeDiff(answer, restFixture(name).response, { extras: 'allowed', ...rules });
  expect(diff, `${name}: ${diff.join('; ')}`).toEqual([]);
};

describe('spot trading answers', () => {
  it('order/new, market, stock_market, stop_limit, stop_market, cancel, modify: the order', async () => {
    const BTC = { market: 'BTC_USDT' };
    const resting = await post('main', '/api/v4/order/new', {
      ...BTC,
      side: 'buy',
      amount: '0.001',
      price: '50000',
    });
    conforms('order-new', resting, ORDER);
    conforms(
      'order-market',
      await post('main', '/api/v4/order/market', { ...BTC, side: 'buy', amount: '50' }),
      ORDER,
    );
    conforms(
      'order-stock-market',
      await post('main', '/api/v4/order/stock_market', { ...BTC, side: 'buy', amount: '0.001' }),
      ORDER,
    );
    const stop = { ...BTC, side: 'buy', amount: '0.001', price: '90000', activation_price: '90000' };
    conforms('order-stop-limit', await post('main', '/api/v4/order/stop_limit', stop), ORDER);
    conforms(
      'order-stop-market',
      await post('main', '/api/v4/order/stop_market', {
        ...BTC,
        side: 'buy',
        amount: '50',
        activation_price: '90000',
      }),
      ORDER,
    );
    const id = (resting as { orderId: number }).orderId;
    const modified = await post('main', '/api/v4/order/modify', { ...BTC, orderId: id, price: '50100' });
    conforms('order-modify', modified, ORDER);
    const newId = (modified as { orderId: number }).orderId;
    // the id as a digit string, as the exchange documents it ("String/Int")
    conforms(
      'order-cancel',
      await post('main', '/api/v4/order/cancel', { ...BTC, orderId: String(newId) }),
      ORDER,
    );
  });

  it('order/bulk: each order or its error', async () => {
    const orders = [1, 2].map((i) => ({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: String(49000 + i),
    }));
    conforms('order-bulk', await post('main', '/api/v4/order/bulk', { orders }), at('$[].result', ORDER));
  });

  it('orders (by market, and one by its id), executed-history and order/history', async () => {
    const placed = (await post('main', '/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '48000',
    })) as {
      orderId: number;
    };
    conforms(
      'orders',
      await post('main', '/api/v4/orders', { market: 'BTC_USDT', limit: '100', offset: '0' }),
      at('$[]', ORDER),
    );
    const one = await post('main', '/api/v4/orders', { market: 'BTC_USDT', orderId: String(placed.orderId) });
    expect((one as Array<{ orderId: number }>).map((o) => o.orderId)).toEqual([placed.orderId]);
    conforms(
      'executed-history',
      await post('main', '/api/v4/trade-account/executed-history', { limit: '100' }),
      { keyed: ['$'] },
    );
    conforms('order-history', await post('main', '/api/v4/trade-account/order/history', { limit: '100' }), {
      keyed: ['$'],
      optional: {
        '${}[].price': 'market orders have none',
        '${}[].feeAsset': 'omitted when empty',
        '${}[].activated': 'stop orders only',
        '${}[].activationPrice': 'stop orders only',
        '${}[].activationCondition': 'stop orders only',
      },
    });
  });

  it('kill switch, its status, and the trade balance', async () => {
    conforms(
      'kill-switch',
      await post('main', '/api/v4/order/kill-switch', {
        market: 'BTC_USDT',
        timeout: '60',
        types: ['spot', 'margin'],
      }),
    );
    conforms(
      'kill-switch-status',
      await post('main', '/api/v4/order/kill-switch/status', { market: 'BTC_USDT' }),
    );
    conforms('trade-balance', await post('main', '/api/v4/trade-account/balance'), { keyed: ['$'] });
  });
});

describe('collateral answers', () => {
  it('a collateral market order with TP/SL, the open position listing them, its history', async () => {
    const order = await post('sub-alpha', '/api/v4/order/collateral/market', {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      stopLoss: '50000',
      takeProfit: '90000',
    });
    conforms('order-collateral-market', order, ORDER);
    const open = await post('sub-alpha', '/api/v4/collateral-account/positions/open', { market: 'BTC_PERP' });
    conforms('positions-open', open);
    expect(open).toEqual([
      expect.objectContaining({ tpsl: expect.objectContaining({ stopLoss: '50000', takeProfit: '90000' }) }),
    ]);
    conforms(
      'positions-history',
      await post('sub-alpha', '/api/v4/collateral-account/positions/history', { market: 'BTC_PERP' }),
    );
  });

  it('balance, summary, leverage, hedge mode, borrow history', async () => {
    conforms('collateral-balance', await post('sub-alpha', '/api/v4/collateral-account/balance'), {
      keyed: ['$'],
    });
    conforms('collateral-summary', await post('sub-alpha', '/api/v4/collateral-account/summary'), {
      optional: {
        '$.maintenanceMarginRequirement':
          'not in the spec’s summary; the sandbox keeps no maintenance requirement apart',
      },
    });
    conforms('leverage', await post('sub-maker', '/api/v4/collateral-account/leverage', { leverage: 5 }));
    conforms('hedge-mode', await post('sub-maker', '/api/v4/collateral-account/hedge-mode'));
    conforms(
      'hedge-mode-update',
      await post('sub-maker', '/api/v4/collateral-account/hedge-mode/update', { hedgeMode: false }),
    );
    const day = Math.floor(Date.now() / 1000) - 86_400;
    conforms(
      'borrow-history',
      await post('sub-alpha', '/api/v4/collateral-account/borrow-history', { startTime: day }),
    );
  });
});

describe('main account, sub-account, mining and profile answers', () => {
  it('balances, withdrawals, transfers, codes, history, convert, flex, travel rule, token', async () => {
    conforms('main-balance', await post('main', '/api/v4/main-account/balance'), { keyed: ['$'] });
    conforms('withdrawable-balance', await post('main', '/api/v4/main-account/withdrawable-balance'), {
      keyed: ['$.assets'],
    });
    const to = { ticker: 'USDT', amount: '10', address: '0x00000000000000000000000000000000000000ab' };
    conforms('withdraw', await post('main', '/api/v4/main-account/withdraw', { ...to, uniqueId: 'conf-1' }));
    conforms(
      'withdraw-pay',
      await post('main', '/api/v4/main-account/withdraw-pay', { ...to, uniqueId: 'conf-2' }),
    );
    conforms(
      'main-transfer',
      await post('main', '/api/v4/main-account/transfer', {
        from: 'main',
        to: 'spot',
        ticker: 'USDT',
        amount: '1',
      }),
    );
    conforms('main-history', await post('main', '/api/v4/main-account/history', { limit: 10 }), {
      optional: {
        '$.records[].details': 'about partially successful withdrawals only',
        '$.records[].confirmations': 'on a pending deposit only',
      },
    });
    conforms('codes', await post('main', '/api/v4/main-account/codes', { ticker: 'USDT', amount: '1' }));
    const convert = {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '10',
      idempotencyKey: 'conformance-1',
    };
    conforms('convert-auto-confirm', await post('main', '/api/v4/convert/auto-confirm', convert), {
      loose: { '$.id': 'an identifier: its digits in the example are not a number' },
    });
    conforms('flex-investments', await post('main', '/api/v4/main-account/smart-flex/investments'));
    const plan = h.sandbox.control.state.wallet.flex.find((f) => f.status === 'ACTIVE')?.plan;
    conforms('flex-close', await post('main', '/api/v4/main-account/smart-flex/investments/close', { plan }));
    conforms('travel-rule-vasps', await post('main', '/api/v4/travel-rule/vasps'));
    conforms('websocket-token', await post('main', '/api/v4/profile/websocket_token'));
  });

  it('sub-accounts: list, transfer, balances, key edit and reset', async () => {
    const id = h.account('sub-alpha').subAccountId;
    conforms('sub-account-list', await post('main', '/api/v4/sub-account/list'));
    conforms(
      'sub-account-transfer',
      await post('main', '/api/v4/sub-account/transfer', {
        id,
        direction: 'main_to_sub',
        amount: '1',
        ticker: 'USDT',
      }),
    );
    conforms(
      'sub-account-balances',
      await post('main', '/api/v4/sub-account/balances', { id, ticker: 'USDT' }),
      { keyed: ['$'] },
    );
    const apiKeyId = h.account('sub-maker').apiKey;
    const urls = [{ url: '/api/v4/main-account/withdraw', enable: false }];
    conforms(
      'sub-account-api-key-edit',
      await post('main', '/api/v4/sub-account/api-key/edit', { apiKeyId, title: 'maker', urls }),
    );
    conforms(
      'sub-account-api-key-reset',
      await post('main', '/api/v4/sub-account/api-key/reset', { apiKeyId }),
    );
  });

  it('mining: accounts, rewards, watcher links, miner info', async () => {
    conforms('mining-accounts', await post('main', '/api/v4/mining/accounts'));
    conforms(
      'mining-rewards',
      await post('main', '/api/v4/mining/rewards', { account: 'desk-pool', limit: 5 }),
      {
        optional: {
          '$.data[].payoutTransactionHash': 'a payout to an external address only',
          '$.data[].payoutAddress': 'a payout to an external address only',
        },
      },
    );
    conforms(
      'mining-watcher-links',
      await post('main', '/api/v4/mining/watcher-links/list', { account: 'desk-pool' }),
    );
    conforms(
      'mining-miners-info',
      await post('main', '/api/v4/mining/miners/info', { account: 'desk-pool' }),
    );
  });
});

describe('public answers', () => {
  const pub = async (path: string): Promise<unknown> => (await get(h.sandbox.rest, path)).body;

  it('markets, futures, assets, the order book, the collateral markets', async () => {
    conforms('public-markets', await pub('/api/v4/public/markets'));
    conforms('public-futures', await pub('/api/v4/public/futures'), { keyed: ['$.result[].brackets'] });
    conforms('public-fee', await pub('/api/v4/public/fee'), {
      keyed: ['$'],
      loose: { '${}.withdraw': 'a fiat currency names its fees per provider', '${}.deposit': 'the same' },
    });
    conforms('public-assets', await pub('/api/v4/public/assets'), {
      keyed: ['$', '${}.limits.deposit', '${}.limits.withdraw', '${}.confirmations'],
      optional: {
        '${}.limits.deposit{}.max': 'a maximum where the network has one (published for USDT on ERC20 only)',
        '${}.limits.withdraw{}.max': 'a maximum where the network has one',
        '${}.providers': 'payment providers: a fiat currency only',
      },
    });
    conforms('public-orderbook', await pub('/api/v4/public/orderbook/BTC_PERP'));
    conforms('public-collateral-markets', await pub('/api/v4/public/collateral/markets'));
  });
});
