// Facts about open positions for the Positions screen: direction, size, the closing order, ADL rank
// in words, leverage levels.
import type { LiveEvent, OrderDraftInput, PositionView } from '../../../../main/ipc/contract.ts';
import type { PreferenceStore } from '../managers/storage.ts';
import type { ChartPoint } from './chart.ts';
import { compareDecimal, isPositiveDecimal } from './decimal.ts';
import { divideDecimal, multiplyDecimal } from './exact.ts';
import { stepOf, tickOf } from './market-steps.svelte.ts';
import { formatNumber } from './number.ts';
import { formatClock } from './time.ts';

/** Leverage levels the exchange accepts. */
export const LEVERAGE_LEVELS = [1, 2, 3, 5, 10, 20, 50, 100] as const;
export type LeverageLevel = (typeof LEVERAGE_LEVELS)[number];
/** Mark-price points kept per market (0.5 s apart: about six minutes). */
export const MARK_POINTS = 720;

/** The levels a market allows: the set, capped at its maximum when known. */
export function allowedLeverage(maxLeverage: number | undefined): number[] {
  return LEVERAGE_LEVELS.filter((l) => maxLeverage === undefined || l <= maxLeverage);
}

/** Long or short: the hedge-mode side when given, else the sign of the amount (one-way mode). */
export function directionOf(p: PositionView): 'long' | 'short' {
  if (p.positionSide === 'LONG') return 'long';
  if (p.positionSide === 'SHORT') return 'short';
  return p.amount.trim().startsWith('-') ? 'short' : 'long';
}

/** The amount without its sign. */
export function sizeOf(p: PositionView): string {
  return p.amount.trim().replace(/^[-+]/, '');
}

/** The order that closes a position: collateral market, reduce-only, the other side, all of it. */
export function closeDraft(p: PositionView, amount = sizeOf(p)): OrderDraftInput {
  const draft: OrderDraftInput = {
    kind: 'collateral_market',
    market: p.market,
    side: directionOf(p) === 'long' ? 'sell' : 'buy',
    amount: amount.trim(),
    reduceOnly: true,
  };
  if (p.positionSide === 'LONG' || p.positionSide === 'SHORT') draft.positionSide = p.positionSide;
  return draft;
}

/** Exactly what the close button does, e.g. "Sell 0.01 BTC at market to close the long on BTC_PERP". */
export function describeClose(p: PositionView): string {
  const base = p.market.split('_')[0] ?? p.market;
  const long = directionOf(p) === 'long';
  return `${long ? 'Sell' : 'Buy'} ${sizeOf(p)} ${base} at market to close the ${long ? 'long' : 'short'} on ${p.market} (reduce-only)`;
}

/**
 * `percent` of a position's size cut down to the market's amount step (100 is the whole size);
 * '' when that share is below one step.
 */
export function shareOfPosition(p: PositionView, percent: number, step: string): string {
  const size = sizeOf(p);
  if (percent >= 100) return size;
  const part = multiplyDecimal(size, String(percent / 100));
  const steps = isPositiveDecimal(step) ? divideDecimal(part, step, 0) : undefined;
  const amount = steps === undefined ? part : multiplyDecimal(steps, step);
  return isPositiveDecimal(amount) ? amount : '';
}

/** What a partial close does, e.g. "Sell 0.005 BTC at market to reduce the long on BTC_PERP (reduce-only)". */
export function describePartialClose(p: PositionView, amount: string): string {
  if (amount.trim() === sizeOf(p)) return describeClose(p);
  const base = p.market.split('_')[0] ?? p.market;
  const long = directionOf(p) === 'long';
  return `${long ? 'Sell' : 'Buy'} ${amount.trim() || '…'} ${base} at market to reduce the ${long ? 'long' : 'short'} on ${p.market} (reduce-only)`;
}

export function adlKey(market: string, side: string): string {
  return `${market}|${side}`;
}

/** ADL rank 0 (last in line) to 4 (first to be deleveraged), in words. */
export function adlWords(rank: number | undefined): string {
  if (rank === undefined) return 'not known yet';
  if (rank >= 4) return `${String(rank)} of 4 — first in line`;
  if (rank === 0) return '0 of 4 — last in line';
  return `${String(rank)} of 4`;
}

/**
 * The leverage the margin of open positions implies (size × entry ÷ margin), snapped to the allowed
 * set. A ratio for display, not an amount: Number is fine here.
 */
export function impliedLeverage(positions: readonly PositionView[]): number | undefined {
  for (const p of positions) {
    const size = Number(sizeOf(p));
    const entry = Number(p.basePrice ?? NaN);
    const margin = Number(p.margin ?? NaN);
    if (!(size > 0 && entry > 0 && margin > 0)) continue;
    const ratio = (size * entry) / margin;
    return LEVERAGE_LEVELS.reduce((best, l) => (Math.abs(l - ratio) < Math.abs(best - ratio) ? l : best), 1);
  }
  return undefined;
}

/** A margin call or liquidation the exchange pushed for an account, as the Positions screen says it. */
export interface MarginNotice {
  readonly event: 'marginCall' | 'liquidation';
  /** The account it happened on (the screen may show another one by the time it is read). */
  readonly account: string;
  readonly atMs: number;
  readonly message: string;
}

/**
 * The words of a margin call or liquidation: when it came, the position as the exchange named it
 * (size to the market's step), and for a margin call the liquidation price (to its tick) and what to do.
 */
export function marginWords(event: MarginNotice['event'], p: PositionView, atMs: number): string {
  const what = `${formatNumber(sizeOf(p), { step: stepOf(p.market) })} ${directionOf(p)} on ${p.market}`;
  const at = formatClock(atMs);
  if (event === 'liquidation') return `At ${at} the exchange liquidated your ${what}.`;
  const liquidation = p.liquidationPrice
    ? `, liquidation at ${formatNumber(p.liquidationPrice, { step: tickOf(p.market) })}`
    : '';
  return `Margin call at ${at} on your ${what}${liquidation}: add margin or reduce the position.`;
}

/** A market's mark, index and funding as its last `premiumIndex` push said them. */
export interface MarkInfo {
  mark: string;
  index: string;
  funding: string;
  time: number;
}

/** The leverage level in force and where it is known from. */
export interface LeverageInForce {
  level: number;
  /** `answer`: the exchange's answer to the last change; `margin`: implied by open positions. */
  source: 'answer' | 'margin';
  at?: number;
}

const leverageKey = (account: string) => `txc.positions.leverage.${account}`;

/** The exchange's answer to the last leverage change made here for the account, as remembered. */
export function rememberedLeverage(store: PreferenceStore, account: string): LeverageInForce | undefined {
  try {
    const raw = store.getItem(leverageKey(account));
    const v = raw ? (JSON.parse(raw) as { level?: unknown; at?: unknown }) : undefined;
    return typeof v?.level === 'number'
      ? { level: v.level, source: 'answer', ...(typeof v.at === 'number' ? { at: v.at } : {}) }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the exchange's answer to a leverage change for the account. */
export function rememberLeverage(store: PreferenceStore, account: string, level: number, at: number): void {
  store.setItem(leverageKey(account), JSON.stringify({ level, at }));
}

/** The marks and the short mark / index series of each market, with a `premiumIndex` push in them. */
export function withMark(
  known: {
    marks: Record<string, MarkInfo>;
    series: Record<string, { mark: ChartPoint[]; index: ChartPoint[] }>;
  },
  push: Extract<LiveEvent, { channel: 'premiumIndex' }>,
  nowMs: number,
): typeof known {
  const { market, markPrice: mark } = push;
  const raw = push.time ?? nowMs;
  const time = raw < 1e12 ? Math.round(raw * 1000) : raw;
  const index = push.indexPrice ?? '';
  const series = known.series[market] ?? { mark: [], index: [] };
  // plotting only: the chart draws numbers, the exact mark is in `marks`
  const add = (list: ChartPoint[], v: string): ChartPoint[] =>
    v && Number.isFinite(Number(v)) ? [...list, { t: time, v: Number(v) }].slice(-MARK_POINTS) : list;
  return {
    marks: { ...known.marks, [market]: { mark, index, funding: push.fundingRate ?? '', time } },
    series: { ...known.series, [market]: { mark: add(series.mark, mark), index: add(series.index, index) } },
  };
}

/**
 * The position's take-profit / stop-loss legs that would trigger only past its liquidation price (the
 * position is liquidated first): for a long at or below it, for a short at or above it. The same rule
 * main's leverage preview applies (`legsBeyond` in main/rules/leverage.ts) to the price at a new level.
 */
export function legsPastLiquidation(p: PositionView): NonNullable<PositionView['tpsl']> {
  const at = p.liquidationPrice;
  if (!at || !isPositiveDecimal(at)) return [];
  const short = directionOf(p) === 'short';
  return (p.tpsl ?? []).filter((leg) => {
    const order = compareDecimal(leg.activationPrice, at);
    return short ? order >= 0 : order <= 0;
  });
}
