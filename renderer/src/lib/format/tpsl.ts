// How a take-profit / stop-loss leg reads on screen: what it is and which position it closes.
import type { OrderView, PositionView, TpSlLegView } from '../../../../main/ipc/contract.ts';
import { formatNumber } from './number.ts';

export type LegKind = TpSlLegView['kind'];

/** Order id -> leg kind, over the legs the open positions list. */
export function legKinds(positions: readonly PositionView[]): Record<number, LegKind> {
  const out: Record<number, LegKind> = {};
  for (const p of positions) for (const leg of p.tpsl ?? []) out[leg.orderId] = leg.kind;
  return out;
}

/**
 * The type column of an open order: "Take-profit (closes long)" for a leg of a position, else the
 * exchange's order type.
 */
export function orderTypeLabel(order: OrderView, kinds: Readonly<Record<number, LegKind>>): string {
  const kind = kinds[order.orderId];
  if (!kind) return order.type;
  const closes = order.side === 'sell' ? 'long' : 'short';
  return `${kind === 'takeProfit' ? 'Take-profit' : 'Stop-loss'} (closes ${closes})`;
}

/** The trigger prices of a position's waiting legs of one kind. */
export function legPrices(p: Pick<PositionView, 'tpsl'>, kind: LegKind): string[] {
  return (p.tpsl ?? []).filter((l) => l.kind === kind).map((l) => l.activationPrice);
}

/** "TP 70,000 · SL 60,000" (a side without a leg "—"), or "none": as the Positions screen reads. */
export function tpslText(legs: readonly TpSlLegView[] | undefined): string {
  if (!legs?.length) return 'none';
  const prices = (kind: LegKind) =>
    legs
      .filter((l) => l.kind === kind)
      .map((l) => formatNumber(l.activationPrice))
      .join(', ') || '—';
  return `TP ${prices('takeProfit')} · SL ${prices('stopLoss')}`;
}
