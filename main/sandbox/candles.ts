/**
 * Candles of the sandbox's markets, for the `candles` WebSocket channel (real-api-facts.md): one-minute
 * bars built from every public trade (the accounts' and the simulated liquidity's), aggregated to the
 * interval asked. So that a chart has a past on a fresh sandbox, each market starts with three days of
 * minute bars and 120 days of hour bars before them, walked back from its first price by a random walk
 * seeded from the market's name (the sandbox's own random sequence, and so its fixture, is left alone).
 * A minute chart of the hour-bar past shows one bar per hour.
 *
 * A row is `[time, open, close, high, low, volume_stock, volume_money, market]`: time in Unix seconds,
 * prices and volumes decimal strings (close before high and low, as the exchange sends it).
 */
import { createRng } from './rng.ts';
import { fromUnits, pow10 } from './engine/units.ts';
import type { MarketDef } from './state.ts';

/** The intervals the exchange serves, in seconds. */
export const CANDLE_INTERVALS = [60, 300, 900, 1800, 3600, 14400, 28800, 86400, 604800] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

export type CandleRow = [
  time: number,
  open: string,
  close: string,
  high: string,
  low: string,
  volumeStock: string,
  volumeMoney: string,
  market: string,
];

/** One minute of a market, in its units: prices at moneyPrec, volumes at stockPrec and moneyPrec+stockPrec. */
interface Bar {
  t: number;
  o: bigint;
  c: bigint;
  h: bigint;
  l: bigint;
  vs: bigint;
  vm: bigint;
}

/** Minute bars walked back at the start: three days. */
const SEEDED = 3 * 1440;
/** Hour bars walked back before those, so that 4h, 8h, 1d and 1w charts have a past: 120 days. */
const SEEDED_HOURS = 120 * 24;
/** Bars kept per market: two weeks of minutes beside the seeded hours. */
const KEPT = 14 * 1440 + SEEDED_HOURS;

function nameSeed(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

export class Candles {
  readonly #bars = new Map<string, Bar[]>();
  readonly #markets = new Map<string, MarketDef>();
  /** Markets whose past is walked when first needed (a start with many markets stays quick). */
  readonly #pending = new Map<string, { m: MarketDef; price: bigint; nowSeconds: number }>();

  /** Starts each market with its seeded past ending at `nowSeconds` on its current price. */
  seed(m: MarketDef, price: bigint, nowSeconds: number): void {
    if (this.#bars.has(m.name) || this.#pending.has(m.name) || price <= 0n) return;
    this.#markets.set(m.name, m);
    this.#pending.set(m.name, { m, price, nowSeconds });
  }

  #ensure(market: string): void {
    const pending = this.#pending.get(market);
    if (!pending) return;
    this.#pending.delete(market);
    this.#walk(pending.m, pending.price, pending.nowSeconds);
  }

  #walk(m: MarketDef, price: bigint, nowSeconds: number): void {
    const rng = createRng(nameSeed(m.name));
    const end = Math.floor(nowSeconds / 60) * 60;
    const bars: Bar[] = [];
    let close = price;
    // Walked backwards: each bar's close is the next bar's open, the last close the price now; an
    // hour moves about as far as eight minutes' steps (the square root of 60).
    const walk = (t: number, scale: number): void => {
      const step = (close * BigInt(Math.round((rng.next() - 0.5) * 120 * scale))) / 100_000n;
      const open = close - step > 0n ? close - step : close;
      const wick = (close * BigInt(rng.int(40 * scale))) / 100_000n;
      const high = (open > close ? open : close) + wick;
      const low = (open < close ? open : close) - wick;
      const volume = BigInt(1 + rng.int(50 * scale * scale)) * pow10(Math.max(0, m.stockPrec - 3));
      bars.push({ t, o: open, c: close, h: high, l: low > 0n ? low : 1n, vs: volume, vm: volume * close });
      close = open;
    };
    for (let i = 1; i <= SEEDED; i++) walk(end - i * 60, 1);
    const firstHour = Math.floor((end - SEEDED * 60) / 3600) * 3600;
    for (let i = 1; i <= SEEDED_HOURS; i++) walk(firstHour - i * 3600, 8);
    bars.reverse();
    // trades that came before the past was walked stay after it
    this.#bars.set(m.name, [...bars, ...(this.#bars.get(m.name) ?? []).filter((b) => b.t > end - 60)]);
  }

  /**
   * Adds a trade to its minute's bar. The seeded past is not walked here (a trade needs only the
   * last bar): the first read of the market walks it and keeps these bars after it.
   */
  trade(m: MarketDef, timeSeconds: number, price: bigint, qty: bigint): void {
    this.#markets.set(m.name, m);
    let bars = this.#bars.get(m.name);
    if (!bars) this.#bars.set(m.name, (bars = []));
    const t = Math.floor(timeSeconds / 60) * 60;
    const last = bars.at(-1);
    if (last && last.t === t) {
      last.c = price;
      if (price > last.h) last.h = price;
      if (price < last.l) last.l = price;
      last.vs += qty;
      last.vm += qty * price;
      return;
    }
    if (last && last.t > t) return;
    bars.push({ t, o: price, c: price, h: price, l: price, vs: qty, vm: qty * price });
    if (bars.length > KEPT) bars.splice(0, bars.length - KEPT);
  }

  /** Rows of `interval` whose start lies in [start, end], oldest first. */
  rows(market: string, start: number, end: number, interval: CandleInterval): CandleRow[] {
    this.#ensure(market);
    const m = this.#markets.get(market);
    const bars = this.#bars.get(market);
    if (!m || !bars) return [];
    const from = Math.floor(start / interval) * interval;
    const out: CandleRow[] = [];
    let current: Bar | undefined;
    const emit = (b: Bar): void => {
      if (b.t >= from && b.t <= end) out.push(this.#row(m, b));
    };
    for (const bar of bars) {
      if (bar.t < from) continue;
      if (bar.t > end + interval) break;
      const t = Math.floor(bar.t / interval) * interval;
      if (current && current.t === t) {
        current.c = bar.c;
        if (bar.h > current.h) current.h = bar.h;
        if (bar.l < current.l) current.l = bar.l;
        current.vs += bar.vs;
        current.vm += bar.vm;
        continue;
      }
      if (current) emit(current);
      current = { ...bar, t };
    }
    if (current) emit(current);
    return out;
  }

  /** The row of `interval` that holds `timeSeconds` (the bar a subscription pushes), if it has trades. */
  rowAt(market: string, timeSeconds: number, interval: CandleInterval): CandleRow | undefined {
    const t = Math.floor(timeSeconds / interval) * interval;
    return this.rows(market, t, t, interval)[0];
  }

  /**
   * The candle of `interval` holding `timeSeconds` as the exchange pushes it every half second, trades
   * or none: with no trade in it yet, flat at the last close with no volume.
   */
  live(market: string, timeSeconds: number, interval: CandleInterval): CandleRow | undefined {
    const row = this.rowAt(market, timeSeconds, interval);
    if (row) return row;
    const m = this.#markets.get(market);
    const last = this.#bars.get(market)?.at(-1);
    if (!m || !last) return undefined;
    const t = Math.floor(timeSeconds / interval) * interval;
    return this.#row(m, { t, o: last.c, c: last.c, h: last.c, l: last.c, vs: 0n, vm: 0n });
  }

  #row(m: MarketDef, b: Bar): CandleRow {
    const price = (v: bigint) => fromUnits(v, m.moneyPrec);
    return [
      b.t,
      price(b.o),
      price(b.c),
      price(b.h),
      price(b.l),
      fromUnits(b.vs, m.stockPrec),
      fromUnits(b.vm, m.moneyPrec + m.stockPrec),
      m.name,
    ];
  }
}
