// What the ticket says of an order it placed: one order by its id, or an OCO by both its legs.
import type { PlaceResultView } from '../../../../main/ipc/contract.ts';
import { tickOf } from './market-steps.svelte.ts';
import { formatNumber } from './number.ts';

/** A price of the order's market, to its tick. */
const priceOf = (market: string) => (v: string | undefined) =>
  v === undefined ? '—' : formatNumber(v, { step: tickOf(market) });

/** "Placed order #12 (open) with client id …" or, for an OCO, both legs with their ids and prices. */
export function placedText(placed: PlaceResultView): string {
  const how = `${placed.recovered ? ' (found again after a lost answer)' : ''}${placed.sentOver === 'websocket' ? ' over the WebSocket' : ''}`;
  const { order, ocoStop } = placed;
  if (order && ocoStop) {
    const price = priceOf(order.market);
    // the pair's own id, when the exchange gives it one apart from its limit leg's
    const pair = order.oco && order.oco.id !== order.orderId ? ` #${String(order.oco.id)}` : '';
    return (
      `Placed OCO${pair}${how}: limit leg #${String(order.orderId)} at ${price(order.price)}; ` +
      `stop-limit leg #${String(ocoStop.orderId)} triggering at ${price(ocoStop.activation_price)}, then limit ${price(ocoStop.price)}. ` +
      'When either leg executes or is cancelled, the exchange cancels the other.'
    );
  }
  const which = order ? ` order #${String(order.orderId)} (${order.status ?? 'open'})` : '';
  return `Placed${which} with client id ${placed.clientOrderId}${how}.`;
}
