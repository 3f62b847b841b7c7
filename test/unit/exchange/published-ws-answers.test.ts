/**
 * The exchange's published WebSocket answers (and the order methods' pages' copies) fed to the app's
 * readers: every answer the app uses is read into the order or rows it shows (a method's answer by
 * its descriptor's answer schema, as the client reads it), with the numbers turned into the same
 * words REST uses.
 */
import { describe, expect, it } from 'vitest';
import { readDealRecord } from '../../../main/exchange/ws/records.ts';
import { cancelAllOrdersWs } from '../../../main/exchange/ws/orders.ts';
import type { WsClient } from '../../../main/exchange/ws/client.ts';
import type { OrderView } from '../../../main/views/orders.ts';
import { wsMethodOf, type WsMethod } from '../../../main/exchange/registry/index.ts';
import { adlRanks, candleRows, readOrder, tradeRows } from '../../../main/exchange/ws/views.ts';
import { wsFixture } from '../../support/published.ts';

describe('the answers the app uses', () => {
  const result = (name: string) => wsFixture(name).message.result as unknown;
  /** The answer as the client reads it: by the answer schema of the method's descriptor. */
  const answerOf = (method: string): unknown => wsMethodOf(method)?.answer.parse(result(method));

  it.each([
    ['order_limit_place', { side: 'buy', type: 'limit', price: '1859.75', status: 'NEW' }],
    ['order_market_place', { side: 'sell', type: 'market', status: 'FILLED', dealStock: '0.00108' }],
    ['order_market_stock_place', { side: 'buy', type: 'stock market', status: 'FILLED' }],
    [
      'order_stop_limit_place',
      { side: 'sell', type: 'stop limit', price: '1831.41', activation_price: '1859.73' },
    ],
    ['order_stop_market_place', { side: 'buy', type: 'stop market', activation_price: '1916.38' }],
    ['order_bbo_place', { side: 'buy', type: 'limit', price: '1888.06' }],
    ['collateral_order_limit_place', { type: 'limit', positionSide: 'BOTH', reduceOnly: false }],
    ['collateral_order_market_place', { side: 'sell', type: 'market', positionSide: 'BOTH' }],
    ['collateral_order_stop_market_place', { type: 'stop market', activation_price: '63385.76' }],
    ['order_modify', { orderId: 2423735905695, amount: '0.00216', price: '1831.41' }],
  ])('%s answers an order the app reads', (name, expected) => {
    const view = answerOf(name) as OrderView;
    expect(view).toMatchObject(expected);
    // an order without a limit price carries "0": that is no price
    if (['market', 'stock market', 'stop market'].includes(view.type))
      expect(view).not.toHaveProperty('price');
  });

  it('collateral_order_tpsl_place answers two legs, each a stop-market order for what the position holds', () => {
    const legs = answerOf('collateral_order_tpsl_place') as { take_profit: OrderView; stop_loss: OrderView };
    expect(legs.take_profit).toMatchObject({
      type: 'stop market',
      side: 'sell',
      activation_price: '65319.18',
      amount: '0',
    });
    expect(legs.stop_loss).toMatchObject({
      type: 'stop market',
      activation_price: '63388.57',
      dealStock: '0',
    });
  });

  it('order_cancel_all answers an empty object, and the app asks nothing more of it', async () => {
    const sent: unknown[] = [];
    const client = {
      call: (m: WsMethod, params: unknown[]) => {
        sent.push([m.method, params]);
        return Promise.resolve(m.answer.parse(result('order_cancel_all')));
      },
    } as unknown as WsClient;
    await expect(cancelAllOrdersWs(client, 'ETH_USDT')).resolves.toBeUndefined();
    expect(sent).toEqual([
      ['order_cancel_all', [{ market: 'ETH_USDT', type: ['spot', 'margin', 'futures'] }]],
    ]);
  });

  it('trades_request rows, newest first, each with its side as a word', () => {
    expect(tradeRows(result('trades_request'))).toEqual([
      { id: 41358530, time: 1580905394.70332, price: '0.020857', amount: '5.511', side: 'sell' },
    ]);
  });

  it('candles_request rows, oldest first, close before high and low', () => {
    expect(candleRows(result('candles_request'))).toEqual({
      market: 'ETH_BTC',
      candles: [
        {
          time: 1580860800,
          open: '0.020543',
          high: '0.020614',
          low: '0.02054',
          close: '0.020553',
          volume: '7342.597',
          quoteVolume: '151.095481849',
        },
      ],
    });
  });

  it('the records of ordersPending, ordersExecuted and deals requests', () => {
    const pending = (result('ordersPending_request') as { records: unknown[] }).records.map(readOrder);
    expect(pending).toEqual([
      expect.objectContaining({ orderId: 1212901344783, side: 'buy', status: 'NEW' }),
    ]);
    const executed = (result('ordersExecuted_request') as { records: unknown[] }).records.map(readOrder);
    // no `left` on a finished record: nothing is left of it; `ftime` is when it finished
    expect(executed).toEqual([
      expect.objectContaining({ side: 'sell', type: 'market', left: '0', finishedAt: 1738230617.8867061 }),
    ]);
    const deals = (result('deals_request') as { records: unknown[] }).records.map(readDealRecord);
    expect(deals).toEqual([
      expect.objectContaining({ orderId: 1212266594338, side: 'sell', role: 'taker', feeAsset: 'USDT' }),
    ]);
  });

  it('ADL ranks of a request answer in the push shape; none without exposure', () => {
    expect(adlRanks(wsFixture('ADLQuantile_update').message.params)).toEqual([
      { market: 'BTC_PERP', positionSide: 'SHORT', quantile: 4 },
    ]);
  });
});
