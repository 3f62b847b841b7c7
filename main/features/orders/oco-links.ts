/**
 * Which open orders are the two legs of an OCO pair. The exchange's open-order list does not say; its
 * conditional-order list does (each open pair: its id, its stop-limit leg, its limit leg), so the list
 * is read for each market where a collateral limit or stop-limit order is open, and each leg is told
 * its pair and the other leg. A list that cannot be read leaves its orders unlinked (shown as they are).
 */
import { conditionalOrders } from '../../exchange/endpoints/collateral.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { Order } from '../../exchange/endpoints/trading.ts';
import type { OcoLinkView } from '../../views/orders.ts';

/** An order that may be an OCO leg: a collateral (position-sided) limit or stop-limit order. */
export function mayBeLeg(o: Pick<Order, 'type' | 'positionSide'>): boolean {
  return o.positionSide !== undefined && (o.type === 'limit' || o.type === 'stop limit');
}

/** Order id -> its OCO link, over the markets of `orders` where a leg may be open. */
export async function ocoLinks(
  caller: KeyCaller,
  orders: readonly Order[],
): Promise<Map<number, OcoLinkView>> {
  const links = new Map<number, OcoLinkView>();
  const markets = [...new Set(orders.filter(mayBeLeg).map((o) => o.market))];
  const lists = await Promise.all(markets.map((m) => conditionalOrders(caller, m).catch(() => [])));
  for (const record of lists.flat()) {
    if (record.type !== 'oco' || !record.stopLoss || !record.takeProfit) continue;
    const [stop, limit] = [record.stopLoss.orderId, record.takeProfit.orderId];
    links.set(limit, { id: record.id, leg: 'limit', otherOrderId: stop });
    links.set(stop, { id: record.id, leg: 'stop', otherOrderId: limit });
  }
  return links;
}
