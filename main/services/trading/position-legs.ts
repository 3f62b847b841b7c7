/**
 * A position's take-profit / stop-loss legs, one rule for every view of them (the Positions screen,
 * the Trade dock and the desk board read them from the last known positions this keeps): the legs
 * are what the exchange listed on its last reading of the position, with the lone legs its record
 * does not list (`withLoneLegs`); a push of the positions keeps them only for the same position in
 * the same direction (a position that closed or reversed has none of the old one's legs), and an
 * order that ended leaves every position it was a leg of.
 */
import type { LiveEvent } from '../../views/live.ts';
import type { PositionView } from '../../views/positions.ts';

/** The sign of a signed position amount: 1 long, -1 short, 0 flat or unreadable. */
function sign(amount: string): number {
  const text = amount.trim();
  if (!/^-?\d*\.?\d+$/.test(text) || /^-?0*\.?0*$/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}

/** Whether two readings of a position are the same position, still open in the same direction. */
export function samePosition(a: PositionView, b: PositionView): boolean {
  return (
    a.positionId === b.positionId &&
    a.market === b.market &&
    (a.positionSide ?? 'BOTH') === (b.positionSide ?? 'BOTH') &&
    sign(a.amount) !== 0 &&
    sign(a.amount) === sign(b.amount)
  );
}

/**
 * Pushed positions (which carry no legs) with the legs `before` listed for the same position in the
 * same direction; a position new, reversed or flat has none.
 */
export function carryLegs(
  before: readonly PositionView[] | undefined,
  pushed: readonly PositionView[],
): PositionView[] {
  return pushed.map((p) => {
    const { tpsl: _pushed, ...rest } = p;
    const legs = before?.find((b) => samePosition(b, p))?.tpsl;
    return legs?.length ? { ...rest, tpsl: legs } : rest;
  });
}

/** The positions without the legs whose orders ended; the same array when none of them was a leg. */
export function dropLegs(positions: readonly PositionView[], ended: ReadonlySet<number>): PositionView[] {
  if (ended.size === 0 || !positions.some((p) => p.tpsl?.some((l) => ended.has(l.orderId))))
    return [...positions];
  return positions.map((p) => {
    if (!p.tpsl) return p;
    const { tpsl, ...rest } = p;
    const kept = tpsl.filter((l) => !ended.has(l.orderId));
    return kept.length > 0 ? { ...rest, tpsl: kept } : rest;
  });
}

/**
 * Applies a batch of pushes to the positions: each `positionsMargin` push is the new list (with the
 * legs carried over), each ended order leaves the legs. Undefined when nothing in the batch concerns
 * the positions or their legs. `scope`: a market, when the list is that market's only.
 */
export function applyPushes(
  before: readonly PositionView[],
  events: readonly LiveEvent[],
  allPositions: boolean,
  scope = '',
): PositionView[] | undefined {
  let positions: PositionView[] | undefined;
  for (const e of events) {
    if (e.channel === 'positionsMargin' && allPositions) {
      const records = scope ? e.records.filter((r) => r.market === scope) : e.records;
      positions = carryLegs(positions ?? before, records);
    } else if (e.channel === 'ordersPending' && e.event === 'finish') {
      const current = positions ?? before;
      const after = dropLegs(current, new Set([e.order.orderId]));
      if (after.some((p, i) => p !== current[i])) positions = after;
    } else if (e.channel === 'positionsAccountMargin' && (!scope || e.position.market === scope)) {
      positions = marginEvent(positions ?? before, e);
    }
  }
  return positions;
}

/**
 * The open positions after a margin call (the position as the exchange called it, keeping what the
 * last reading knew of it, such as its TP/SL legs) or a liquidation (the position is gone).
 */
function marginEvent(
  positions: readonly PositionView[],
  e: Extract<LiveEvent, { channel: 'positionsAccountMargin' }>,
): PositionView[] {
  const same = (r: PositionView) => r.positionId === e.position.positionId;
  if (e.event === 'liquidation') return positions.filter((r) => !same(r));
  const at = positions.findIndex(same);
  if (at < 0) return [...positions, e.position];
  return positions.map((r, i) => (i === at ? { ...r, ...e.position } : r));
}

/** An open order as far as the lone-leg rule reads it. */
export interface LegOrder {
  orderId: number;
  market: string;
  side: 'buy' | 'sell';
  type: string;
  price?: string | undefined;
  activation_price?: string | undefined;
  reduceOnly?: boolean | undefined;
  positionSide?: string | undefined;
}

/**
 * The positions with the legs their own record does not list: a take-profit or a stop-loss placed
 * alone is a reduce-only order of its own (the app sends a lone take-profit as a reduce-only limit
 * order at its price, a lone stop-loss as a reduce-only stop order at its trigger), which the
 * exchange's `tpsl` of the position leaves out. Each open reduce-only order on the position's market,
 * side and position side that closes it is one of its legs, listed once.
 */
export function withLoneLegs(
  positions: readonly PositionView[],
  orders: readonly LegOrder[],
): PositionView[] {
  return positions.map((p) => {
    const direction = sign(p.amount);
    if (direction === 0) return p;
    const listed = new Set((p.tpsl ?? []).map((l) => l.orderId));
    const closing = direction > 0 ? 'sell' : 'buy';
    const lone = orders.flatMap((o) => {
      if (o.reduceOnly !== true || o.market !== p.market || o.side !== closing || listed.has(o.orderId))
        return [];
      if ((o.positionSide ?? 'BOTH') !== (p.positionSide ?? 'BOTH')) return [];
      const kind = o.type === 'limit' ? ('takeProfit' as const) : ('stopLoss' as const);
      const price = kind === 'takeProfit' ? o.price : o.activation_price;
      return price && sign(price) > 0 ? [{ orderId: o.orderId, kind, activationPrice: price }] : [];
    });
    return lone.length > 0 ? { ...p, tpsl: [...(p.tpsl ?? []), ...lone] } : p;
  });
}
