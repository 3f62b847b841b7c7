/** One account's single orders and spot balances by REST (lists and work on many: order-controls.ts). */
import * as trading from '../../exchange/endpoints/trading.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { IpcError } from '../../errors.ts';
import type { DealView, OrderView } from '../../views/orders.ts';
import { itemFailure } from '../../readable-errors.ts';

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
  return deals.map(
    ({ id, clientOrderId, time, side, role, amount, price, deal, fee, orderId, feeAsset }) => ({
      id,
      clientOrderId,
      time,
      side,
      role,
      amount,
      price,
      deal,
      fee,
      feeAsset,
      orderId,
    }),
  );
}

/** Spot trade balances of an account. */
export function spotBalances(
  caller: KeyCaller,
): Promise<Record<string, { available: string; freeze: string }>> {
  return trading.tradeBalance(caller);
}

/**
 * Cancels every open order of `market` one by one over REST (all pages), for work already confirmed
 * as a whole (the desk's bulk actions); each refusal is kept with its order, the rest go on.
 */
export async function cancelEach(
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
        failed.push({
          orderId: order.orderId,
          error: itemFailure(error, 'This order could not be cancelled; the details are in the log.'),
        });
      }
    }
  }
  return { cancelled, failed };
}
