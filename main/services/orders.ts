/** One account's open orders and spot balances, and work on many open orders at once. */
import * as trading from '../exchange/endpoints/trading.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import type { DealView, IpcError, OrderView } from '../ipc/contract.ts';
import { userFacing } from '../ipc/user-facing.ts';

/** Open orders of an account (on one market, or all), newest first; at most 100. */
export function activeOrders(caller: KeyCaller, market?: string): Promise<OrderView[]> {
  return trading.activeOrders(caller, { ...(market ? { market } : {}), limit: 100 });
}

/** Finished orders (filled and cancelled) of an account on one market, newest first; at most `limit`. */
export async function orderHistory(caller: KeyCaller, market: string, limit = 100): Promise<OrderView[]> {
  const orders = await trading.orderHistory(caller, { market, limit });
  return orders.map((o) => ({
    orderId: o.id,
    clientOrderId: o.clientOrderId ?? '',
    market: o.market,
    side: o.side,
    type: o.type,
    timestamp: o.ctime,
    finishedAt: o.ftime ?? o.ctime,
    amount: o.amount,
    left: '0',
    dealStock: o.dealStock,
    dealMoney: o.dealMoney,
    dealFee: o.dealFee,
    status: o.status,
    ...(o.price === undefined ? {} : { price: o.price }),
    ...(o.positionSide === undefined ? {} : { positionSide: o.positionSide }),
    ...(o.reduceOnly === undefined ? {} : { reduceOnly: o.reduceOnly }),
  }));
}

/** The account's fills on one market, newest first; at most `limit`. */
export async function fills(caller: KeyCaller, market: string, limit = 100): Promise<DealView[]> {
  const deals = await trading.executedDeals(caller, market, { limit });
  return deals.map(({ id, clientOrderId, time, side, role, amount, price, deal, fee, orderId }) => ({
    id,
    clientOrderId,
    time,
    side,
    role,
    amount,
    price,
    deal,
    fee,
    orderId,
  }));
}

export function cancelOrder(caller: KeyCaller, market: string, orderId: number): Promise<OrderView> {
  return trading.cancelOrder(caller, { market, orderId });
}

/** Spot trade balances of an account. */
export function spotBalances(
  caller: KeyCaller,
): Promise<Record<string, { available: string; freeze: string }>> {
  return trading.tradeBalance(caller);
}

/** Cancels every open order of an account on one market (each one by REST); failures are listed. */
export async function cancelAll(
  caller: KeyCaller,
  market: string,
): Promise<{ cancelled: OrderView[]; failed: Array<{ orderId: number; error: IpcError }> }> {
  const cancelled: OrderView[] = [];
  const failed: Array<{ orderId: number; error: IpcError }> = [];
  const tried = new Set<number>();
  // The exchange lists at most 100 open orders at a time: read again until none is left untried.
  for (;;) {
    const open = (await trading.activeOrders(caller, { market, limit: 100 })).filter(
      (o) => !tried.has(o.orderId),
    );
    if (open.length === 0) break;
    for (const order of open) {
      tried.add(order.orderId);
      try {
        cancelled.push(await trading.cancelOrder(caller, { market, orderId: order.orderId }));
      } catch (error) {
        failed.push({ orderId: order.orderId, error: cancelErrorOf(error) });
      }
    }
  }
  return { cancelled, failed };
}

function cancelErrorOf(error: unknown): IpcError {
  return (
    userFacing(error) ?? {
      code: 'internal',
      message: 'This order could not be cancelled; the details are in the log.',
    }
  );
}
