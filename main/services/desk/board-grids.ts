/**
 * The board's open orders and open positions: one grid row per order or position of the desk's
 * accounts, as last read. A board row carries its account's (`boardRow`), so the rows, the tabs'
 * counts and grids and the totals are all drawn from the same reading.
 */
import type { DeskOrderRowView, DeskPositionRowView } from '../../views/board.ts';
import type { OrderView } from '../../views/orders.ts';
import type { PositionView } from '../../views/positions.ts';
import type { AccountRecord } from '../../vault/registry.ts';
import type { LastKnownWrite } from '../live/last-known.ts';
import type { Known } from './board-rows.ts';

/** The store of last-seen values (the app's LastKnown service, or a memory for tests). */
export interface KnownStore {
  rememberMany<T>(
    kind: string,
    entries: { account: string; value: T; scope?: string; takenAtMs?: number }[],
  ): Promise<void>;
  recallAll<T>(kind: string, accounts?: string[], scope?: string): Promise<Map<string, Known<T>>>;
  /** Values of several kinds and accounts in one transaction. */
  rememberAll(entries: readonly LastKnownWrite[]): Promise<void>;
}

type Named = Pick<AccountRecord, 'id' | 'label'>;

/** An open order of an account, as the board's orders grid lists it. */
export function orderRow(a: Named, o: OrderView): DeskOrderRowView {
  return {
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
  };
}

/** An open position of an account, as the board's positions grid lists it. */
export function positionRow(a: Named, p: PositionView): DeskPositionRowView {
  return {
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
  };
}

export async function deskOrders(
  store: KnownStore,
  desk: readonly AccountRecord[],
): Promise<DeskOrderRowView[]> {
  const known = await store.recallAll<OrderView[]>(
    'orders.open',
    desk.map((a) => a.id),
  );
  return desk.flatMap((a) => (known.get(a.id)?.value ?? []).map((o) => orderRow(a, o)));
}

export async function deskPositions(
  store: KnownStore,
  desk: readonly AccountRecord[],
): Promise<DeskPositionRowView[]> {
  const known = await store.recallAll<PositionView[]>(
    'positions.open',
    desk.map((a) => a.id),
  );
  return desk.flatMap((a) => (known.get(a.id)?.value ?? []).map((p) => positionRow(a, p)));
}
