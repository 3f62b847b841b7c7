/**
 * Cancelling an order that is part of a linked order, as the exchange links it, in one request for
 * the whole link: an OCO leg with its pair (`order/oco-cancel`, by the pair's id in the exchange's
 * own list of the account's OCO pairs, `oco-orders`), an order waiting to place its OTO legs with
 * them (`order/oto-cancel`, by its OTO id). Any other order is not linked: undefined, for the plain
 * cancel.
 */
import { cancelOco, cancelOto, ocoOrders } from '../../exchange/endpoints/collateral.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { Order } from '../../exchange/endpoints/trading.ts';
import { mayBeLeg } from './oco-links.ts';

/** The order asked for, cancelled with its link; undefined for an order that is not linked. */
export async function cancelLinked(caller: KeyCaller, order: Order): Promise<Order | undefined> {
  if (order.oto) {
    await cancelOto(caller, order.market, order.oto.otoId);
    return { ...order, status: 'CANCELED' };
  }
  if (!mayBeLeg(order)) return undefined;
  // a list that cannot be read (a key not allowed it) leaves the plain cancel, which takes both legs too
  const pairs = await ocoOrders(caller, order.market).catch(() => []);
  const pair = pairs.find((p) => [p.stop_loss.orderId, p.take_profit.orderId].includes(order.orderId));
  if (!pair) return undefined;
  const done = await cancelOco(caller, order.market, pair.id);
  return done.stop_loss.orderId === order.orderId ? done.stop_loss : done.take_profit;
}
