/** What the channels read: the sandbox's state and engine, and the params they share. */
import type { Positions } from '../collateral/positions.ts';
import type { Engine } from '../engine/engine.ts';
import { fromUnits } from '../engine/units.ts';
import type { MarketDef, SandboxState } from '../state.ts';
import type { Feed } from './feed.ts';
import { intParam, invalidArgument, stringList } from './protocol.ts';

export interface World {
  state: SandboxState;
  engine: Engine;
  positions: Positions;
  feed: Feed;
  fundingPeriodMs: number;
}

export const DEPTH_LIMITS = [1, 5, 10, 20, 30, 50, 100];

/** Price -> amount, best first (insertion order). */
export type Levels = Map<string, string>;

export function marketOf(state: SandboxState, name: unknown): MarketDef {
  const m = typeof name === 'string' ? state.markets.get(name) : undefined;
  if (!m) throw invalidArgument(`unknown market ${String(name)}`);
  return m;
}

export function marketsOf(state: SandboxState, params: unknown[]): string[] {
  const list = stringList(params, 'markets');
  for (const name of list) marketOf(state, name);
  return list;
}

/** `[market, limit, interval]`: limit one of DEPTH_LIMITS, interval "0" (no price grouping). */
export function depthParams(state: SandboxState, params: unknown[]): { m: MarketDef; limit: number } {
  const m = marketOf(state, params[0]);
  const limit = intParam(params[1], 100, 1, 100, 'limit');
  if (!DEPTH_LIMITS.includes(limit)) throw invalidArgument(`limit must be one of ${DEPTH_LIMITS.join(', ')}`);
  const interval = params[2];
  if (interval !== undefined && interval !== '0' && interval !== 0)
    throw invalidArgument('interval must be "0"');
  return { m, limit };
}

function levels(engine: Engine, m: MarketDef, side: 'buy' | 'sell', limit: number): Levels {
  const out: Levels = new Map();
  for (const [p, a] of engine.book(m.name).depth(side, limit))
    out.set(fromUnits(p, m.moneyPrec), fromUnits(a, m.stockPrec));
  return out;
}

/** Public depth (RPI orders left out, as the engine's depth does). */
export function depthSnapshot(engine: Engine, m: MarketDef, limit: number): { asks: Levels; bids: Levels } {
  return { asks: levels(engine, m, 'sell', limit), bids: levels(engine, m, 'buy', limit) };
}

export interface BookTicker {
  bid: string;
  bid_size: string;
  ask: string;
  ask_size: string;
}

/** Best visible bid and ask with their sizes ('' for an empty side); RPI orders are left out. */
export function bookTicker(engine: Engine, m: MarketDef): BookTicker {
  const { asks, bids } = depthSnapshot(engine, m, 1);
  const [bid = '', bidSize = ''] = [...bids][0] ?? [];
  const [ask = '', askSize = ''] = [...asks][0] ?? [];
  return { bid, bid_size: bidSize, ask, ask_size: askSize };
}
