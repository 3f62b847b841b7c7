/** One account's single orders and spot balances by REST (lists and work on many: order-controls.ts). */
import * as trading from '../exchange/endpoints/trading.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import type { OrderView } from '../ipc/contract.ts';

export function cancelOrder(caller: KeyCaller, market: string, orderId: number): Promise<OrderView> {
  return trading.cancelOrder(caller, { market, orderId });
}

/** Spot trade balances of an account. */
export function spotBalances(
  caller: KeyCaller,
): Promise<Record<string, { available: string; freeze: string }>> {
  return trading.tradeBalance(caller);
}
