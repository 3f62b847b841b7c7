/**
 * Orders the exchange cancelled on its own (not at the account's request): told apart by the status
 * an `ordersPending` finish carries, and said in words a person reads.
 */
import type { ExchangeCancelView, OrderView } from '../../views/orders.ts';

/** Why the exchange cancelled an order, by its status (REST spelling; the query endpoint's lowercase too). */
const REASONS: Readonly<Record<string, string>> = {
  CANCELED_STP: 'self-trade prevention',
  AUTO_CANCELED_REDUCE_ONLY: 'the position it would close was closed or reversed',
  AUTO_CANCELED_LIQUIDATION: 'the position was liquidated',
  MAINTENANCE: 'the market entered planned maintenance',
  CANCELED_TAKER_BAND: 'the rest was beyond the taker price band',
};

/** The words of a status the exchange cancels with on its own; undefined for any other status. */
export function exchangeCancelReason(status: string | undefined): string | undefined {
  return status === undefined ? undefined : REASONS[status.toUpperCase()];
}

/**
 * "Order #123 BTC_USDT buy 0.5 cancelled by the exchange: self-trade prevention", or undefined when
 * the order did not end that way.
 */
export function exchangeCancel(accountId: string, order: OrderView): ExchangeCancelView | undefined {
  const reason = exchangeCancelReason(order.status);
  if (!reason || !order.status) return undefined;
  return {
    accountId,
    orderId: order.orderId,
    market: order.market,
    side: order.side,
    amount: order.amount,
    status: order.status.toUpperCase(),
    message: `Order #${String(order.orderId)} ${order.market} ${order.side} ${order.amount} cancelled by the exchange: ${reason}.`,
  };
}
