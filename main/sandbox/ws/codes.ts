/**
 * The numbers the exchange's WebSocket sends in place of words (its published order-type table and
 * the side, role and event numbers of its examples), as the sandbox writes them.
 */
import type { Order } from '../engine/order.ts';

/** 1 sell, 2 buy. */
export const sideCode = (side: 'buy' | 'sell'): 1 | 2 => (side === 'sell' ? 1 : 2);

const SPOT_TYPES: Record<Order['type'], number> = {
  limit: 1,
  market: 2,
  'stock market': 202,
  'stop limit': 3,
  'stop market': 4,
};

/** Collateral (margin and futures) orders: 7 margin limit, 8 margin market, 9 stop limit, 10 trigger-stop market. */
const COLLATERAL_TYPES: Record<Order['type'], number> = {
  limit: 7,
  market: 8,
  'stock market': 8,
  'stop limit': 9,
  'stop market': 10,
};

/** The order-type number of an order. */
export function typeCode(o: Pick<Order, 'type' | 'collateral'>): number {
  return (o.collateral ? COLLATERAL_TYPES : SPOT_TYPES)[o.type];
}

/** `ordersExecuted_request`'s `order_types` and the subscription's filter (1 limit, 2 market) by type number. */
export const LIMIT_CODES: ReadonlySet<number> = new Set([1, 3, 7, 9]);
export const MARKET_CODES: ReadonlySet<number> = new Set([2, 202, 4, 8, 10]);

/** `positionsAccountMargin_update` events. */
export const MARGIN_CALL = 1;
export const LIQUIDATION = 2;
