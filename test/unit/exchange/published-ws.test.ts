/**
 * The exchange's published WebSocket examples (and ccxt's copies of them) fed to the app's readers:
 * every push is read into its views, with the numbers turned into the same words REST uses (the
 * answers the app uses: `published-ws-answers.test.ts`). What the exchange sends is read the way the
 * sandbox's own pushes are (the sandbox's are held to the same examples in the conformance test).
 */
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../main/views/live.ts';
import type { Channel } from '../../../main/exchange/ws/channels.ts';
import { liveEvents } from '../../../main/exchange/ws/views.ts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { WS_METHODS } from '../../../main/exchange/registry/index.ts';
import { wsContract } from '../../support/contract/ws.ts';
import { fixtureNames, PUBLISHED_WS, wsFixture } from '../../support/published.ts';

/** Published channels the app follows none of (the sandbox serves them; their shapes are held there). */
const NOT_FOLLOWED: Record<string, string> = {
  marketToday_update: "the day's statistics since midnight UTC: the app shows the last 24 hours (`market`)",
  borrowsAccountMargin_update:
    "borrows' margin calls and liquidations: the app follows its positions' (`positionsAccountMargin`)",
};

const pushes = [...fixtureNames('ws'), ...fixtureNames('ws/ccxt').map((n) => `ccxt/${n}`)].filter(
  (n) => typeof wsFixture(n).message.method === 'string' && NOT_FOLLOWED[n] === undefined,
);

/** The views the client reads a published push into. */
function read(name: string): LiveEvent[] {
  const { message } = wsFixture(name);
  const channel = (message.method as string).replace(/_update$/, '') as Channel;
  const events = liveEvents(channel, message.params);
  if (!events) throw new Error(`${name}: the client could not read the published push`);
  return events;
}

/** The `_request` and `_query` methods the client sends, as main names them. */
function requestsSent(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'sandbox' ? [] : requestsSent(path);
    if (!path.endsWith('.ts')) return [];
    return [...readFileSync(path, 'utf8').matchAll(/['`]([a-zA-Z]+_(?:request|query))['`]/g)].map(
      (m) => m[1] ?? '',
    );
  });
}

describe('every published push is read into its views', () => {
  it('feeds every example the files publish of a push the client follows and of an answer it reads', () => {
    const fed = new Set(Object.values(PUBLISHED_WS).map(([message, i]) => `${message} ${String(i)}`));
    const contract = wsContract();
    const sent = new Set([
      ...WS_METHODS.map((m) => m.method),
      ...requestsSent(join(import.meta.dirname, '../../../main')),
    ]);
    const published = [
      ...[...contract.pushes].filter(([push]) => NOT_FOLLOWED[push] === undefined),
      ...[...contract.methods]
        .filter(([method]) => sent.has(method))
        .flatMap(([method, m]) => (m.answer ? [[method, m.answer] as const] : [])),
    ].flatMap(([message, m]) => m.examples.map((_, i) => `${message} ${String(i)}`));
    expect(published.length).toBeGreaterThan(15);
    expect(published.filter((e) => !fed.has(e))).toEqual([]);
  });

  it.each(pushes)('%s', (name) => {
    expect(read(name).length).toBeGreaterThan(0);
  });
});

describe('the numbers of a push read as the words REST uses', () => {
  it('ordersPending: event 1 is new, side 2 buy, type 1 limit, status OPEN an open order', () => {
    expect(read('ordersPending_update')).toEqual([
      {
        channel: 'ordersPending',
        event: 'new',
        order: {
          orderId: 1212904480922,
          clientOrderId: '',
          market: 'BTC_USDT',
          side: 'buy',
          type: 'limit',
          timestamp: 1738250982.28914,
          amount: '1',
          left: '1',
          dealStock: '0',
          dealMoney: '0',
          dealFee: '0',
          status: 'NEW',
          price: '90000',
          positionSide: 'LONG',
          reduceOnly: false,
          stp: 'no',
        },
      },
    ]);
    // ccxt's copy: no status, fee ratios beside the fields: read the same
    const [copy] = read('ccxt/ordersPending_update');
    expect(copy).toMatchObject({ event: 'new', order: { orderId: 96433622651, side: 'buy', type: 'limit' } });
  });

  it('ordersExecuted: a finished order, FILLED', () => {
    expect(read('ordersExecuted_update')).toEqual([
      {
        channel: 'ordersExecuted',
        order: {
          orderId: 1212907216814,
          clientOrderId: '',
          market: 'ETH_BTC',
          side: 'buy',
          type: 'limit',
          timestamp: 1738251046.720398,
          amount: '1',
          left: '0',
          dealStock: '1',
          dealMoney: '0.030832',
          dealFee: '0.001',
          status: 'FILLED',
          price: '0.030832',
          positionSide: 'LONG',
          reduceOnly: false,
          stp: 'no',
        },
      },
    ]);
  });

  it('deals: side 2 buy and role 2 taker, as numbers or as digit strings', () => {
    const [live] = read('deals_update');
    expect(live).toEqual({
      channel: 'deals',
      deal: {
        id: 13674578673,
        time: 1738251095.345432,
        market: 'ETH_BTC',
        orderId: 1212909726406,
        price: '0.03084',
        amount: '0.2625',
        fee: '0.0002625',
        clientOrderId: '',
        side: 'buy',
        role: 'taker',
        feeAsset: 'ETH',
      },
    });
    const [copy] = read('ccxt/deals_update');
    expect(copy).toMatchObject({ deal: { side: 'buy', role: 'taker', feeAsset: 'LTC' } });
  });

  it('balanceMargin: [{a, B, b, av, ab}] as each ticker’s balance, borrowed and available', () => {
    expect(read('balanceMargin_update')).toEqual([
      {
        channel: 'balanceMargin',
        balances: {
          BTC: {
            balance: '0.0006092',
            borrow: '0',
            available_without_borrow: '0.0006092',
            available_with_borrow: '0.00288701',
          },
          USDT: {
            balance: '0.00538073',
            borrow: '0',
            available_without_borrow: '0.00538073',
            available_with_borrow: '28.43739825',
          },
        },
      },
    ]);
  });

  it('positionsMargin: the position with its liquidation price, stage, funding and side', () => {
    expect(read('positionsMargin_update')).toEqual([
      {
        channel: 'positionsMargin',
        total: 1,
        records: [
          {
            positionId: 2,
            market: 'BTC_USDT',
            amount: '-0.01',
            basePrice: '60000',
            liquidationPrice: '65000',
            positionSide: 'LONG',
            pnl: '-0.47',
            margin: '23.8',
            realizedFunding: '0',
            unrealizedFunding: '0',
            realizedPnl: '0',
            openDate: 1704067200,
            modifyDate: 1704067200,
            liquidationState: null,
          },
        ],
      },
    ]);
  });

  it('positionsAccountMargin: event 1 is a margin call on the position as it stands', () => {
    expect(read('positionsAccountMargin_update')).toEqual([
      {
        channel: 'positionsAccountMargin',
        event: 'marginCall',
        position: {
          positionId: 184,
          market: 'BTC_USDT',
          amount: '-0.094048',
          basePrice: '105688.56',
          liquidationPrice: '126462.54',
          positionSide: 'LONG',
          pnl: '-1157.88',
          margin: '1109.77',
          realizedFunding: '0',
          unrealizedFunding: '0.0231431327519745',
          realizedPnl: '-8.945817921792',
          openDate: 1737731271.306934,
          modifyDate: 1737731271.306934,
          liquidationState: 'margin_call',
        },
      },
    ]);
  });

  it('bookTicker, premiumIndex (one market and every market) and ADL ranks', () => {
    expect(read('bookTicker_update')).toEqual([
      {
        channel: 'bookTicker',
        market: 'SHIB_PERP',
        bid: '0.000011751',
        bidSize: '12547000',
        ask: '0.000011776',
        askSize: '17424000',
        time: 1751958383.593387,
      },
    ]);
    expect(read('premiumIndex_update')).toEqual([
      {
        channel: 'premiumIndex',
        market: 'BTC_PERP',
        markPrice: '10000',
        indexPrice: '10003',
        fundingRate: '0.1',
        nextFundingTime: 9999999,
        time: 1779892807.794,
      },
    ]);
    expect(
      read('premiumIndex_update_all').map((e) => (e.channel === 'premiumIndex' ? e.market : '')),
    ).toEqual(['BTC_PERP', 'ADA_PERP']);
    expect(read('ADLQuantile_update')).toEqual([
      { channel: 'ADLQuantile', records: [{ market: 'BTC_PERP', positionSide: 'SHORT', quantile: 4 }] },
    ]);
  });

  it('depth: the previous update number under either spelling the documentation has used', () => {
    for (const name of ['depth_update', 'depth_update_older_page'])
      expect(read(name)[0]).toMatchObject({ full: false, updateId: 214403, pastUpdateId: 214399 });
    expect(read('depth_update')).toEqual([
      {
        channel: 'depth',
        market: 'ETH_BTC',
        full: false,
        asks: [
          ['0.020861', '0'],
          ['0.020900', '2.5'],
        ],
        bids: [
          ['0.020844', '5.949'],
          ['0.020800', '0'],
        ],
        updateId: 214403,
        pastUpdateId: 214399,
      },
    ]);
    expect(read('depth_update_full')).toEqual([
      {
        channel: 'depth',
        market: 'ETH_BTC',
        full: true,
        asks: [
          ['0.020846', '29.369'],
          ['0.020850', '15.123'],
          ['0.020855', '8.456'],
        ],
        bids: [
          ['0.02083', '9.598'],
          ['0.020825', '12.345'],
          ['0.020820', '20.678'],
        ],
        updateId: 214403,
      },
    ]);
  });

  it('balanceSpot, lastprice and market: each value under its name', () => {
    expect(read('balanceSpot_update')).toEqual([
      { channel: 'balanceSpot', balances: { USDT: { available: '100.1885', freeze: '0' } } },
    ]);
    expect(read('lastprice_update')).toEqual([
      { channel: 'lastprice', market: 'ETH_BTC', price: '0.020683' },
    ]);
    expect(read('market_update')).toEqual([
      {
        channel: 'market',
        market: 'ETH_BTC',
        period: 86400,
        last: '0.020964',
        open: '0.020349',
        close: '0.020964',
        high: '0.020997',
        low: '0.020281',
        volume: '135574.476',
        deal: '2784.413999488',
      },
    ]);
  });

  it('borrowsMargin: a borrow with its times, funding and liquidation price', () => {
    expect(read('borrowsMargin_update')).toEqual([
      {
        channel: 'borrowsMargin',
        total: 1,
        records: [
          {
            asset: 'BTC',
            amount: '-0.81',
            createdAt: 1704067200,
            updatedAt: 1704067200,
            unrealizedFunding: '0.00005042',
            liquidationPrice: '70000',
          },
        ],
      },
    ]);
  });

  it('candles: a row as open, close, high, low (close before high and low); trades with their side', () => {
    expect(read('candles_update')).toEqual([
      {
        channel: 'candles',
        market: 'ETH_BTC',
        candles: [
          {
            time: 1580895000,
            open: '0.020683',
            close: '0.020683',
            high: '0.020683',
            low: '0.020666',
            volume: '504.701',
            quoteVolume: '10.433600491',
          },
        ],
      },
    ]);
    // an RPI trade is a trade like any other to the app: its flag is not kept
    expect(read('trades_update')).toEqual([
      {
        channel: 'trades',
        market: 'ETH_BTC',
        trades: [{ id: 41358530, time: 1580905394.70332, price: '0.020857', amount: '5.511', side: 'sell' }],
      },
    ]);
  });
});
