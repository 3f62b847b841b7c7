/**
 * The chart's live candle is built from the market's trades: each trade is the close of its minute's
 * candle, its high or low when beyond them, and a trade in a later minute starts a new candle, whether
 * or not the exchange sends a candle of its own. Trades older than the last candle, or repeated, change
 * nothing; trades that come while the history is read go in once it is drawn.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { CandleView } from '../../../main/ipc/contract.ts';
import { compareDecimal } from '../../../renderer/src/lib/format/decimal.ts';
import { MarketCandles, withTrades } from '../../../renderer/src/lib/managers/candles.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { fakeBridge } from './fake-bridge.ts';

const MINUTE = 60;
const T0 = 1_900_000_020; // a minute's start (seconds)
const bar = (time: number, close: string): CandleView => ({
  time,
  open: '64000',
  high: '64500',
  low: '63900',
  close,
  volume: '2',
  quoteVolume: '128000',
});

describe('the live candle from trades', () => {
  it('closes at each trade, widens its high and low, and opens a new minute at the first trade in it', () => {
    const history = [bar(T0 - MINUTE, '64100'), bar(T0, '64465.9')];
    const traded = withTrades(
      history,
      [
        { time: T0 + 10, price: '64600', amount: '0.1' },
        { time: T0 + 20, price: '63800.5', amount: '0.2' },
        { time: T0 + MINUTE + 1, price: '70773', amount: '0.01' },
        { time: T0 + MINUTE + 30, price: '70000', amount: '0.02' },
        // older than the last candle: in the history already
        { time: T0 - 1, price: '1', amount: '5' },
      ],
      MINUTE,
    );
    expect(traded.map((c) => c.time)).toEqual([T0 - MINUTE, T0, T0 + MINUTE]);
    expect(traded[1]).toMatchObject({
      open: '64000',
      high: '64600',
      low: '63800.5',
      close: '63800.5',
      volume: '2',
    });
    expect(traded[2]).toMatchObject({
      open: '70773',
      high: '70773',
      low: '70000',
      close: '70000',
      volume: '0.03',
    });
  });

  it('keeps open ≤ high, low ≤ close ≤ high, and the last trade as the close, whatever the trades', () => {
    const price = fc.integer({ min: 60_000, max: 70_000 }).map(String);
    const trade = fc.record({ dt: fc.integer({ min: 0, max: 5 * MINUTE }), price });
    fc.assert(
      fc.property(fc.array(trade, { minLength: 1, maxLength: 30 }), (list) => {
        const trades = list.map((t) => ({ time: T0 + t.dt, price: t.price, amount: '0.001' }));
        const out = withTrades([bar(T0, '64465.9')], trades, MINUTE);
        for (const c of out) {
          expect(compareDecimal(c.low, c.high)).toBeLessThanOrEqual(0);
          for (const v of [c.open, c.close]) {
            expect(compareDecimal(c.low, v)).toBeLessThanOrEqual(0);
            expect(compareDecimal(v, c.high)).toBeLessThanOrEqual(0);
          }
        }
        const newest = [...trades].sort((a, b) => a.time - b.time).at(-1);
        expect(out.at(-1)?.time).toBe(Math.floor((newest?.time ?? 0) / MINUTE) * MINUTE);
        expect(out.at(-1)?.close).toBe(newest?.price);
      }),
    );
  });

  it("follows the trades pushed on the account's connection, the ones that came during the history read included, each once", async () => {
    let history: (value: unknown) => void = () => undefined;
    const read = new Promise((resolve) => (history = resolve));
    const { api, emit, calls } = fakeBridge((procedure) =>
      procedure === 'live.candles'
        ? read
        : procedure === 'live.subscribe'
          ? { ok: true, value: 'sub' }
          : { ok: true, value: null },
    );
    const candles = new MarketCandles(api, memoryStore());
    const following = candles.follow('acc', 'BTC_USDT');
    await vi.waitFor(() => expect(calls.map(([p]) => p)).toContain('live.candles'));
    const trades = (list: Array<{ id: number; time: number; price: string }>) =>
      emit('ws.batch', {
        accountId: 'acc',
        events: [
          {
            channel: 'trades',
            market: 'BTC_USDT',
            trades: list.map((t) => ({ ...t, amount: '0.01', side: 'buy' })),
          },
        ],
      });
    trades([{ id: 1, time: T0 + 5, price: '64470' }]);
    history({ ok: true, value: [bar(T0, '64465.9')] });
    await following;
    expect(candles.candles.at(-1)?.close).toBe('64470');
    trades([{ id: 2, time: T0 + MINUTE + 2, price: '70773' }]);
    // the same trade again changes nothing
    trades([{ id: 2, time: T0 + MINUTE + 2, price: '70773' }]);
    expect(candles.candles.map((c) => c.time)).toEqual([T0, T0 + MINUTE]);
    expect(candles.candles.at(-1)).toMatchObject({ open: '70773', close: '70773', volume: '0.01' });
    expect(candles.latest?.close).toBe('70773');
    await candles.stop();
  });
});
