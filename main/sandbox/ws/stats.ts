/**
 * Pushes of the `market` channel (a market's last 24 hours), `marketToday` (since midnight UTC) and
 * `borrowsMargin` (the account's open borrows, a full snapshot each time), built from the sandbox's
 * own candles and positions.
 */
import { Decimal } from 'decimal.js';
import {
  effectiveLeverage,
  liquidationPrice,
  type Position,
  type Positions,
} from '../collateral/positions.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import type { World } from './world.ts';

const DAY = 86_400;

/** A market's figures over its minute candles since `from` (Unix seconds): last, open, high, low, volumes. */
function statsSince(w: Pick<World, 'state' | 'feed'>, m: MarketDef, from: number, now: number) {
  const rows = w.feed.candles.rows(m.name, from, now, 60);
  const last = w.state.lastPrices.get(m.name) || m.basePrice;
  let high = new Decimal(last);
  let low = new Decimal(last);
  let volume = new Decimal(0);
  let deal = new Decimal(0);
  for (const [, , , h, l, vs, vm] of rows) {
    high = Decimal.max(high, h);
    low = Decimal.min(low, l);
    volume = volume.plus(vs);
    deal = deal.plus(vm);
  }
  return {
    last,
    open: rows[0]?.[1] ?? last,
    high: high.toFixed(),
    low: low.toFixed(),
    volume: volume.toFixed(),
    deal: deal.toFixed(),
  };
}

/** A market's figures as they stand: its trades since `from` (Unix seconds) and its last price. */
export type DayStats = ReturnType<typeof statsSince>;

/**
 * A market's last 24 hours: the one tally behind the `market` channel, the v1 `ticker` and
 * `tickers` and the v4 `ticker`. Without a trade tape (no socket server), flat at the last price.
 */
export function lastDayStats(state: SandboxState, feed: World['feed'] | undefined, m: MarketDef): DayStats {
  const now = Math.floor(state.now() / 1000);
  if (feed) return statsSince({ state, feed }, m, now - DAY, now);
  const last = state.lastPrices.get(m.name) || m.basePrice;
  return { last, open: last, high: last, low: last, volume: '0', deal: '0' };
}

/** The change from the day's open to its last price, in percent to 2 decimals (`"0"` with no open). */
export function dayChange(s: DayStats): string {
  const open = new Decimal(s.open);
  return open.isZero() ? '0' : new Decimal(s.last).minus(open).div(open).times(100).toFixed(2);
}

/** `market_update` params: `[market, {period, last, open, close, high, low, volume, deal}]`. */
export function marketStats(
  w: Pick<World, 'state' | 'feed'>,
  m: MarketDef,
): [string, Record<string, unknown>] {
  const s = lastDayStats(w.state, w.feed, m);
  return [
    m.name,
    {
      period: DAY,
      last: s.last,
      open: s.open,
      close: s.last,
      high: s.high,
      low: s.low,
      volume: s.volume,
      deal: s.deal,
    },
  ];
}

/**
 * `marketToday_update` params (and the `marketToday_query` answer's record): `[market, {last, open,
 * high, low, volume, deal}]` since midnight UTC, from the sandbox's minute candles.
 */
export function marketTodayStats(w: World, m: MarketDef): [string, Record<string, string>] {
  const now = Math.floor(w.state.now() / 1000);
  return [m.name, statsSince(w, m, now - (now % DAY), now)];
}

/** One open borrow as `borrowsMargin` and `borrowsAccountMargin` carry it; none when the position has no active borrow. */
export function borrowRecord(
  state: SandboxState,
  a: Account,
  p: Position,
): Record<string, unknown> | undefined {
  const borrow = p.borrow;
  if (borrow?.status !== 'active') return undefined;
  const m = state.markets.get(p.market) as MarketDef;
  return {
    asset: borrow.asset,
    ctime: borrow.timestamp,
    mtime: p.modifyDate,
    amount: new Decimal(borrow.amount).neg().toFixed(),
    unrealized_funding: '0',
    liq_price: liquidationPrice(p, effectiveLeverage(a, m)) ?? '0',
  };
}

/** `borrowsMargin_update` params: `{total, records}`, one record per open position with an active borrow. */
export function borrowsParams(
  state: SandboxState,
  positions: Positions,
  a: Account,
): { total: number; records: Array<Record<string, unknown>> } {
  const records = positions
    .of(a.id)
    .sort((x, y) => x.positionId - y.positionId)
    .map((p) => borrowRecord(state, a, p))
    .filter((r) => r !== undefined);
  return { total: records.length, records };
}
