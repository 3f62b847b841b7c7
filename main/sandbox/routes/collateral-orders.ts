/**
 * The collateral order endpoints beyond the market order: limit, stop-limit, trigger-market and OCO
 * (`order/collateral/*`), and limit orders in bulk (`order/collateral/bulk`, each placed as the single
 * limit order is), under the same rules as their WebSocket twins (`collateral/orders.ts`); and
 * `conditional-orders`, how the exchange tells which open orders belong together: each open OCO pair
 * (its id, its stop-limit leg, its limit leg) and each order whose OTO legs wait for it to execute.
 */
import type { CollateralOrders, CollateralType } from '../collateral/orders.ts';
import type { Order } from '../engine/order.ts';
import { collateralOrderAnswer, conditionalLegAnswer, ocoLegAnswer, orderAnswer } from './order-answers.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { optBool, optIntOrText, optString, required } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import type { Engine } from '../engine/engine.ts';
import { marketUnavailable } from './order-rules.ts';

/** The open OCO pairs and waiting OTO orders of the account on one market, newest first, as the exchange lists them. */
function conditionalOrders(state: SandboxState, engine: Engine, account: Account, body: Body) {
  const market = optString(body, 'market');
  if (!market) throw fieldError('market', 'The market field is required.', 31);
  if (!state.markets.has(market)) throw marketUnavailable('Market is not available');
  const limit = optIntOrText(body, 'limit', 1, 100) ?? 50;
  const offset = optIntOrText(body, 'offset', 0, 10000) ?? 0;
  const market$ = (o: Order) => state.markets.get(o.market) as MarketDef;
  const records: Array<Record<string, unknown>> = [];
  const open = engine.openOrders(account.id).filter((o) => o.market === market);
  for (const o of open.sort((a, b) => b.id - a.id)) {
    const peer = o.ocoPeer === undefined ? undefined : engine.orders.get(o.ocoPeer);
    // a pair once, by its limit leg (whose id is the pair's, as the place answered it)
    if (peer?.open && o.activationPrice === null)
      records.push({
        id: o.id,
        type: 'oco',
        stopLoss: conditionalLegAnswer(peer, market$(peer)),
        takeProfit: conditionalLegAnswer(o, market$(o)),
      });
    else if (o.otoLegs && o.oto)
      records.push({
        id: o.oto.otoId,
        type: 'oto',
        ...(o.oto.stopLoss ? { stopLossPrice: o.oto.stopLoss } : {}),
        ...(o.oto.takeProfit ? { takeProfitPrice: o.oto.takeProfit } : {}),
        conditionalOrder: orderAnswer(o, market$(o), true),
      });
  }
  return { limit, offset, total: records.length, records: records.slice(offset, offset + limit) };
}

export function collateralOrderRoutes(
  state: SandboxState,
  engine: Engine,
  col: CollateralOrders,
): PrivateRoute[] {
  const market$ = (o: Order) => state.markets.get(o.market) as MarketDef;
  const place = (path: string, type: CollateralType): PrivateRoute => ({
    method: 'POST',
    path,
    group: 'orders',
    handler: ({ account, body }) => {
      const order = col.place(account, body, type);
      col.sweep();
      return collateralOrderAnswer(order, market$(order), type);
    },
  });
  return [
    place('/api/v4/order/collateral/limit', 'limit'),
    {
      method: 'POST',
      path: '/api/v4/order/collateral/bulk',
      group: 'orders',
      // each order placed as `order/collateral/limit` places it, answered on its own in the request's order
      handler: ({ account, body }) => {
        const orders = body['orders'];
        if (!Array.isArray(orders) || orders.length === 0) throw fieldError('orders', required('orders'));
        // the published file sets no most (the spot bulk's is 20): none is set here
        const stopOnFail = optBool(body, 'stopOnFail') ?? false;
        const out: Array<{ result: unknown; error: unknown }> = [];
        for (const item of orders) {
          let error: unknown;
          if (typeof item !== 'object' || item === null || Array.isArray(item))
            error = { code: 30, message: 'Validation failed', errors: { orders: ['Invalid order.'] } };
          else
            try {
              const order = col.place(account, item as Body, 'limit');
              col.sweep();
              out.push({ result: collateralOrderAnswer(order, market$(order), 'limit'), error: null });
              continue;
            } catch (e) {
              if (!(e instanceof ApiError)) throw e;
              error = e.body;
            }
          out.push({ result: null, error });
          if (stopOnFail) break;
        }
        return out;
      },
    },
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
        return {
          id: limit.id,
          reduceOnly: limit.reduceOnly ?? false,
          stop_loss: ocoLegAnswer(stop, market$(stop)),
          take_profit: ocoLegAnswer(limit, market$(limit)),
        };
      },
    },
    {
      method: 'POST',
      path: '/api/v4/conditional-orders',
      // 1000 requests per 10 s, as the exchange documents it
      group: 'account',
      handler: ({ account, body }) => conditionalOrders(state, engine, account, body),
    },
  ];
}
