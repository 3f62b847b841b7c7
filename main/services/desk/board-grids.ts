/** The board's open orders and open positions grids: every row of the desk's accounts, as last read. */
import type { DeskOrderRowView, DeskPositionRowView, OrderView, PositionView } from '../../ipc/contract.ts';
import type { AccountRecord } from '../../vault/registry.ts';
import type { KnownStore } from './board.ts';

export async function deskOrders(
  store: KnownStore,
  desk: readonly AccountRecord[],
): Promise<DeskOrderRowView[]> {
  const known = await store.recallAll<OrderView[]>(
    'orders.open',
    desk.map((a) => a.id),
  );
  return desk.flatMap((a) =>
    (known.get(a.id)?.value ?? []).map((o) => ({
      account: a.id,
      label: a.label,
      orderId: o.orderId,
      market: o.market,
      side: o.side,
      type: o.type,
      price: o.price ?? '',
      amount: o.amount,
      left: o.left,
      timestampMs: Math.round(o.timestamp * 1000),
    })),
  );
}

export async function deskPositions(
  store: KnownStore,
  desk: readonly AccountRecord[],
): Promise<DeskPositionRowView[]> {
  const known = await store.recallAll<PositionView[]>(
    'positions.open',
    desk.map((a) => a.id),
  );
  return desk.flatMap((a) =>
    (known.get(a.id)?.value ?? []).map((p) => ({
      account: a.id,
      label: a.label,
      positionId: p.positionId,
      market: p.market,
      amount: p.amount,
      basePrice: p.basePrice ?? '',
      liquidationPrice: p.liquidationPrice ?? '',
      pnl: p.pnl ?? '',
      margin: p.margin ?? '',
      tpsl: p.tpsl ?? [],
    })),
  );
}
