import { describe, expect, it } from 'vitest';
import type { CandleView, OrderView, PositionView } from '../../../main/ipc/contract.ts';
import { candleTopic, subscribeFrames } from '../../../main/exchange/ws/channels.ts';
import { describePartialClose, shareOfPosition } from '../../../renderer/src/lib/format/positions.ts';
import { CANDLES_KEPT, mergeCandle } from '../../../renderer/src/lib/managers/candles.svelte.ts';
import { chartLines } from '../../../renderer/src/views/trade/chart-lines.ts';

const candle = (time: number, close = '1'): CandleView => ({
  time,
  open: '1',
  high: close,
  low: '1',
  close,
  volume: '0',
  quoteVolume: '0',
});

describe('candles of the workspace chart', () => {
  it('a push replaces the candle of its time, adds a newer one, and slots an older one in place', () => {
    const list = [candle(60), candle(120)];
    expect(mergeCandle(list, candle(120, '2')).map((c) => c.close)).toEqual(['1', '2']);
    expect(mergeCandle(list, candle(180)).map((c) => c.time)).toEqual([60, 120, 180]);
    expect(mergeCandle([candle(60), candle(180)], candle(120)).map((c) => c.time)).toEqual([60, 120, 180]);
    const full = Array.from({ length: CANDLES_KEPT }, (_, i) => candle(i * 60));
    const next = mergeCandle(full, candle(CANDLES_KEPT * 60));
    expect(next).toHaveLength(CANDLES_KEPT);
    expect(next[0]?.time).toBe(60);
  });

  it('subscribes the newest market and interval only (the exchange keeps one candles subscription)', () => {
    expect(subscribeFrames('candles', [candleTopic('BTC_USDT', 60), candleTopic('ETH_USDT', 3600)])).toEqual([
      ['ETH_USDT', 3600],
    ]);
    expect(subscribeFrames('candles', ['nonsense'])).toEqual([]);
  });
});

describe('price lines of the chart', () => {
  it("draws the market's open orders at their price (stop orders at their trigger), entry, liquidation, TP/SL and armed price alerts", () => {
    const order = (o: Partial<OrderView>): OrderView => ({
      orderId: 1,
      clientOrderId: '',
      market: 'BTC_PERP',
      side: 'buy',
      type: 'limit',
      timestamp: 0,
      amount: '0.01',
      left: '0.01',
      dealStock: '0',
      dealMoney: '0',
      dealFee: '0',
      ...o,
    });
    const position: PositionView = {
      positionId: 7,
      market: 'BTC_PERP',
      amount: '-0.02',
      basePrice: '64000.5',
      liquidationPrice: '70000',
      tpsl: [
        { orderId: 3, kind: 'takeProfit', activationPrice: '60000' },
        { orderId: 4, kind: 'stopLoss', activationPrice: '66000' },
      ],
    };
    const lines = chartLines(
      'BTC_PERP',
      [
        order({ price: '63000' }),
        order({ side: 'sell', type: 'stop market', activation_price: '62000' }),
        // a stop-limit waiting: its trigger and the price it rests at once triggered
        order({ side: 'sell', type: 'stop limit', activation_price: '61000', price: '60900' }),
        order({ market: 'ETH_PERP', price: '3000' }),
      ],
      [position],
      [
        {
          id: 'a',
          kind: 'price',
          market: 'BTC_PERP',
          direction: 'above',
          price: '68000',
          repeat: false,
          state: 'armed',
          createdAtMs: 1,
        },
        {
          id: 'b',
          kind: 'price',
          market: 'BTC_PERP',
          direction: 'below',
          price: '50000',
          repeat: false,
          state: 'triggered',
          createdAtMs: 1,
        },
        {
          id: 'c',
          kind: 'price',
          market: 'ETH_PERP',
          direction: 'below',
          price: '2000',
          repeat: false,
          state: 'armed',
          createdAtMs: 1,
        },
      ],
    );
    expect(lines.map((l) => `${l.kind}:${l.price}`)).toEqual([
      'buy:63000',
      'sell:62000',
      'sell:61000',
      'sell:60900',
      'entry:64000.5',
      'liquidation:70000',
      'take-profit:60000',
      'stop-loss:66000',
      'alert:68000',
    ]);
    expect(lines.at(-1)?.title).toBe('Alert above');
  });
});

describe('partial close', () => {
  const long: PositionView = {
    positionId: 1,
    market: 'BTC_PERP',
    amount: '0.0107',
    basePrice: '1',
    liquidationPrice: null,
  };
  it('cuts a share of the position down to the amount step; 100% is the whole size', () => {
    expect(shareOfPosition(long, 25, '0.0001')).toBe('0.0026');
    expect(shareOfPosition(long, 50, '0.001')).toBe('0.005');
    expect(shareOfPosition(long, 100, '0.001')).toBe('0.0107');
    expect(shareOfPosition({ ...long, amount: '0.0001' }, 25, '0.0001')).toBe('');
  });
  it('says what the order does', () => {
    expect(describePartialClose(long, '0.005')).toBe(
      'Sell 0.005 BTC at market to reduce the long on BTC_PERP (reduce-only)',
    );
    expect(describePartialClose({ ...long, amount: '-0.0107' }, '0.0107')).toBe(
      'Buy 0.0107 BTC at market to close the short on BTC_PERP (reduce-only)',
    );
  });
});
