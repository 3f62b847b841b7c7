/**
 * A chart's candles as data: merging a candle into the list, and building the live candle from the
 * market's trades. Decimal strings throughout (compared and added exactly).
 */
import type { CandleView, LiveTradeView } from '../../../../main/ipc/contract.ts';
import { compareDecimal } from './decimal.ts';
import { addDecimal } from './exact.ts';

/** Candles kept in memory; older ones fall off the left edge. */
export const CANDLES_KEPT = 1500;

/** A candle into a sorted list: replaces the one of the same time, or goes in its place. */
export function mergeCandle(list: CandleView[], candle: CandleView): CandleView[] {
  const last = list.at(-1);
  if (!last || last.time < candle.time) return [...list, candle].slice(-CANDLES_KEPT);
  if (last.time === candle.time) return [...list.slice(0, -1), candle];
  const i = list.findIndex((c) => c.time >= candle.time);
  const out = list.slice();
  if (out[i]?.time === candle.time) out[i] = candle;
  else out.splice(i, 0, candle);
  return out;
}

/**
 * The candles with the market's trades in them: each trade is the close of its interval's candle (a
 * new candle when it starts a later interval), its high or low when beyond them. A trade older than
 * the last candle is already in the history. `fromTrades`: the times of candles built here from trades
 * alone, whose volume is the trades' (the exchange's own candle, when it comes, replaces them).
 */
export function withTrades(
  list: CandleView[],
  trades: readonly Pick<LiveTradeView, 'time' | 'price' | 'amount'>[],
  interval: number,
  fromTrades: Set<number> = new Set(),
): CandleView[] {
  let out = list;
  for (const t of [...trades].sort((a, b) => a.time - b.time)) {
    const time = Math.floor(t.time / interval) * interval;
    const last = out.at(-1);
    if (last && time < last.time) continue;
    if (!last || time > last.time) {
      fromTrades.add(time);
      const open = t.price;
      out = mergeCandle(out, {
        time,
        open,
        high: open,
        low: open,
        close: open,
        volume: t.amount,
        quoteVolume: '0',
      });
      continue;
    }
    out = mergeCandle(out, {
      ...last,
      close: t.price,
      high: compareDecimal(t.price, last.high) > 0 ? t.price : last.high,
      low: compareDecimal(t.price, last.low) < 0 ? t.price : last.low,
      volume: fromTrades.has(time) ? addDecimal(last.volume, t.amount) : last.volume,
    });
  }
  return out;
}
