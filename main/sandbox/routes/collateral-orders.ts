/**
 * The collateral order endpoints beyond the market order: limit, stop-limit, trigger-market and OCO
 * (`order/collateral/*`), under the same rules as their WebSocket twins (`collateral/orders.ts`).
 */
import type { CollateralOrders, CollateralType } from '../collateral/orders.ts';
import type { Order } from '../engine/order.ts';
import { orderJson } from '../engine/order.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { MarketDef, SandboxState } from '../state.ts';

export function collateralOrderRoutes(state: SandboxState, col: CollateralOrders): PrivateRoute[] {
  const shape = (o: Order) => orderJson(o, state.markets.get(o.market) as MarketDef);
  const place = (path: string, type: CollateralType): PrivateRoute => ({
    method: 'POST',
    path,
    group: 'orders',
    handler: ({ account, body }) => {
      const order = col.place(account, body, type);
      col.sweep();
      return shape(order);
    },
  });
  return [
    place('/api/v4/order/collateral/limit', 'limit'),
    place('/api/v4/order/collateral/stop-limit', 'stop limit'),
    place('/api/v4/order/collateral/trigger-market', 'stop market'),
    {
      method: 'POST',
      path: '/api/v4/order/collateral/oco',
      group: 'orders',
      // as the exchange answers it: the pair's id, its stop-limit leg and its limit leg
      handler: ({ account, body }) => {
        const { limit, stop } = col.oco(account, body);
        col.sweep();
        return { id: limit.id, stop_loss: shape(stop), take_profit: shape(limit) };
      },
    },
  ];
}
