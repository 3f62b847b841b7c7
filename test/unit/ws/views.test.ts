import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../main/exchange/ws/channels.ts';
import { CHANNELS } from '../../../main/exchange/ws/channels.ts';
import { adlRanks, liveEvents, livePush } from '../../../main/exchange/ws/views.ts';

const wsOrder = {
  id: 41,
  market: 'BTC_PERP',
  type: 7,
  side: 1,
  ctime: 1_700_000_000.1,
  mtime: 1_700_000_001,
  amount: '0.01',
  left: '0.004',
  price: '65000',
  deal_stock: '0.006',
  deal_money: '390',
  deal_fee: '0.39',
  fee_asset: 'USDT',
  client_order_id: 'c-41',
  status: 'PARTIALLY_FILLED',
  position_side: 'SHORT',
  activation_condition: 'gte',
};
const orderView = {
  orderId: 41,
  clientOrderId: 'c-41',
  market: 'BTC_PERP',
  side: 'sell',
  type: 'limit',
  timestamp: 1_700_000_000.1,
  amount: '0.01',
  left: '0.004',
  dealStock: '0.006',
  dealMoney: '390',
  dealFee: '0.39',
  status: 'PARTIALLY_FILLED',
  price: '65000',
  positionSide: 'SHORT',
};

const wsPosition = {
  id: 7,
  market: 'BTC_PERP',
  ctime: 1_700_000_000,
  mtime: 1_700_000_100,
  amount: '-0.01',
  amount_in_money: '640',
  base_price: '64000',
  pnl: '1.5',
  liq_price: '70000',
  liq_stage: null,
  unrealized_funding: '0.01',
  funding: '0.1',
  margin: '32',
  free_margin: '900',
  realized_pnl: '0',
  position_side: 'BOTH',
};
const positionView = {
  positionId: 7,
  market: 'BTC_PERP',
  amount: '-0.01',
  basePrice: '64000',
  liquidationPrice: '70000',
  pnl: '1.5',
  margin: '32',
  realizedFunding: '0.1',
  unrealizedFunding: '0.01',
  realizedPnl: '0',
  positionSide: 'BOTH',
  openDate: 1_700_000_000,
  modifyDate: 1_700_000_100,
  liquidationState: null,
};

/** Per channel: a push as the exchange sends it, the view main makes of it, and pushes it drops. */
const cases: Record<Channel, { params: unknown; view: unknown; malformed: unknown[] }> = {
  lastprice: {
    params: ['BTC_USDT', '64250.5'],
    view: { channel: 'lastprice', market: 'BTC_USDT', price: '64250.5' },
    malformed: [['BTC_USDT', 64250.5], ['BTC_USDT'], {}],
  },
  trades: {
    params: ['BTC_USDT', [{ id: 9, time: 1_700_000_000.5, price: '64000', amount: '0.1', type: 'buy' }]],
    view: {
      channel: 'trades',
      market: 'BTC_USDT',
      trades: [{ id: 9, time: 1_700_000_000.5, price: '64000', amount: '0.1', side: 'buy' }],
    },
    malformed: [
      ['BTC_USDT', [{ id: 9, price: '64000' }]],
      ['BTC_USDT', 'x'],
      [7, []],
    ],
  },
  depth: {
    params: [
      false,
      { timestamp: 1, asks: [['101', '0']], bids: [['99', '2']], update_id: 11, past_update_id: 10 },
      'BTC_USDT',
    ],
    view: {
      channel: 'depth',
      market: 'BTC_USDT',
      full: false,
      asks: [['101', '0']],
      bids: [['99', '2']],
      updateId: 11,
      pastUpdateId: 10,
    },
    malformed: [
      [true, { asks: [[101, 1]], bids: [] }, 'BTC_USDT'],
      [true, null, 'BTC_USDT'],
      ['yes', { asks: [], bids: [] }, 'BTC_USDT'],
      [true, { asks: [], bids: [] }],
    ],
  },
  premiumIndex: {
    params: ['BTC_PERP', '64200.5', '64190', '0.0001', 1_700_028_800, 1_700_000_000.5],
    view: {
      channel: 'premiumIndex',
      market: 'BTC_PERP',
      markPrice: '64200.5',
      indexPrice: '64190',
      fundingRate: '0.0001',
      nextFundingTime: 1_700_028_800,
      time: 1_700_000_000.5,
    },
    malformed: [['BTC_PERP', 64200.5], ['BTC_PERP'], [null, '1'], [['BTC_PERP', '1'], ['ETH_PERP']]],
  },
  bookTicker: {
    params: [[5, 5.1, 'BTC_USDT', 77, '99', '1', '101', '2']],
    view: {
      channel: 'bookTicker',
      market: 'BTC_USDT',
      bid: '99',
      bidSize: '1',
      ask: '101',
      askSize: '2',
      time: 5,
    },
    malformed: [[[5, 5, 'BTC_USDT', 1, 99, '1', '101', '2']], ['BTC_USDT', { bid: '99' }], [[5, 5]]],
  },
  balanceSpot: {
    params: [{ USDT: { available: '100', freeze: '5' } }],
    view: { channel: 'balanceSpot', balances: { USDT: { available: '100', freeze: '5' } } },
    malformed: [[{ USDT: { available: 100, freeze: '5' } }], ['USDT'], []],
  },
  balanceMargin: {
    params: [{ a: 'USDT', B: '100', b: '0', av: '90', ab: '900' }],
    view: {
      channel: 'balanceMargin',
      balances: {
        USDT: { balance: '100', borrow: '0', available_without_borrow: '90', available_with_borrow: '900' },
      },
    },
    malformed: [[{ a: 'USDT', B: 100 }], [{ USDT: { balance: '100' } }], [{ a: 'USDT', B: '1', av: 9 }], {}],
  },
  ordersPending: {
    params: [2, wsOrder],
    view: { channel: 'ordersPending', event: 'update', order: orderView },
    malformed: [
      [4, wsOrder],
      [1, { ...wsOrder, id: '41' }],
      [1, { ...wsOrder, side: 3 }],
      [1, { ...wsOrder, left: 0.004 }],
      [1, { ...wsOrder, ctime: '1700000000' }],
      [1],
    ],
  },
  ordersExecuted: {
    params: [wsOrder],
    view: { channel: 'ordersExecuted', order: orderView },
    malformed: [[{ ...wsOrder, amount: undefined }], [null]],
  },
  deals: {
    params: [5, 1_700_000_000.2, 'BTC_USDT', 41, '64000', '0.01', '0.64', 'c-41', 2, 2, 'USDT'],
    view: {
      channel: 'deals',
      deal: {
        id: 5,
        time: 1_700_000_000.2,
        market: 'BTC_USDT',
        orderId: 41,
        price: '64000',
        amount: '0.01',
        fee: '0.64',
        clientOrderId: 'c-41',
        side: 'buy',
        role: 'taker',
        feeAsset: 'USDT',
      },
    },
    malformed: [
      [5, 1, 'BTC_USDT', 41, 64000, '0.01', '0.64', '', 2, 2, 'USDT'],
      [5, 1, 'BTC_USDT', 41, '64000', '0.01', '0.64', '', 2, 3, 'USDT'],
      [5, 1, 'BTC_USDT', 41, '64000', '0.01', '0.64', '', 0, 2, 'USDT'],
      [5, 1, 'BTC_USDT'],
    ],
  },
  positionsMargin: {
    params: { total: 1, records: [wsPosition] },
    view: { channel: 'positionsMargin', total: 1, records: [positionView] },
    malformed: [{ total: 1, records: [{ market: 'BTC_PERP' }] }, { total: 1 }, [1, []]],
  },
  positionsAccountMargin: {
    params: [1, { ...wsPosition, liq_stage: 'margin_call' }],
    view: {
      channel: 'positionsAccountMargin',
      event: 'marginCall',
      position: { ...positionView, liquidationState: 'margin_call' },
    },
    malformed: [[3, wsPosition], [1, { market: 'BTC_PERP' }], [2], { total: 1 }],
  },
  ADLQuantile: {
    params: [
      ['BTC_PERP', null, 3],
      ['ETH_PERP', 0, null],
    ],
    view: {
      channel: 'ADLQuantile',
      records: [
        { market: 'BTC_PERP', positionSide: 'SHORT', quantile: 3 },
        { market: 'ETH_PERP', positionSide: 'LONG', quantile: 0 },
      ],
    },
    malformed: [[['BTC_PERP', 5, null]], [['BTC_PERP', 'high', null]], { records: [] }, null],
  },
  market: {
    params: [
      'BTC_USDT',
      {
        period: 86400,
        last: '64250',
        open: '63000',
        close: '64250',
        high: '65000',
        low: '62000',
        volume: '12.5',
        deal: '800000',
      },
    ],
    view: {
      channel: 'market',
      market: 'BTC_USDT',
      period: 86400,
      last: '64250',
      open: '63000',
      close: '64250',
      high: '65000',
      low: '62000',
      volume: '12.5',
      deal: '800000',
    },
    malformed: [['BTC_USDT', { last: 64250 }], ['BTC_USDT'], [7, {}]],
  },
  borrowsMargin: {
    params: {
      total: 1,
      records: [
        {
          asset: 'BTC',
          ctime: 1704067200,
          mtime: 1704067260,
          amount: '-0.81',
          unrealized_funding: '0.00005042',
          liq_price: '70000',
        },
      ],
    },
    view: {
      channel: 'borrowsMargin',
      total: 1,
      records: [
        {
          asset: 'BTC',
          amount: '-0.81',
          createdAt: 1704067200,
          updatedAt: 1704067260,
          unrealizedFunding: '0.00005042',
          liquidationPrice: '70000',
        },
      ],
    },
    malformed: [{ records: [{ amount: '-1' }] }, { records: 'x' }, null],
  },
  candles: {
    // close comes before high and low in the exchange's row
    params: [[1_700_000_040, '64000', '64010.5', '64020', '63990', '1.25', '80000.125', 'BTC_USDT']],
    view: {
      channel: 'candles',
      market: 'BTC_USDT',
      candles: [
        {
          time: 1_700_000_040,
          open: '64000',
          high: '64020',
          low: '63990',
          close: '64010.5',
          volume: '1.25',
          quoteVolume: '80000.125',
        },
      ],
    },
    malformed: [
      [[1_700_000_040, 64000, '64010.5', '64020', '63990', '1.25', '80000.125', 'BTC_USDT']],
      [[1_700_000_040, '64000', '64010.5', '64020', '63990', '1.25', '80000.125']],
      [
        [60, '1', '1', '1', '1', '1', '1', 'BTC_USDT'],
        [60, '1', '1', '1', '1', '1', '1', 'ETH_USDT'],
      ],
      [],
      {},
    ],
  },
};

describe('each WebSocket push read into its view in main', () => {
  it.each(CHANNELS)('%s: a push in the shape the exchange sends reads as its view', (channel) => {
    expect(livePush(channel, cases[channel].params)).toEqual(cases[channel].view);
  });

  it.each(CHANNELS)('%s: a push not in that shape reads as nothing (and is dropped)', (channel) => {
    for (const params of cases[channel].malformed)
      expect(livePush(channel, params), JSON.stringify(params)).toBeUndefined();
    expect(livePush(channel, undefined)).toBeUndefined();
  });

  it('reads every market of an all-markets premiumIndex push as its own view', () => {
    expect(
      liveEvents('premiumIndex', [
        ['BTC_PERP', '10000', '10003', '0.1', 9_999_999],
        ['ETH_PERP', '2000', '2001', '-0.1', 9_999_999],
      ]),
    ).toEqual([
      {
        channel: 'premiumIndex',
        market: 'BTC_PERP',
        markPrice: '10000',
        indexPrice: '10003',
        fundingRate: '0.1',
        nextFundingTime: 9_999_999,
      },
      {
        channel: 'premiumIndex',
        market: 'ETH_PERP',
        markPrice: '2000',
        indexPrice: '2001',
        fundingRate: '-0.1',
        nextFundingTime: 9_999_999,
      },
    ]);
  });

  it('reads an ADL row without exposure on either side as no rank', () => {
    expect(adlRanks([['XAU_PERP', null, null]])).toEqual([]);
  });
});
