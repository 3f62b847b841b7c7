/**
 * Linked orders as a whole. `oco-orders` lists the open OCO pairs (newest first, `market` filter,
 * paged), each leg as `oco-cancel` answers it (an open leg `OPEN`, as published). Cancelling:
 * `order/oco-cancel` (an OCO pair by its id, the limit leg's,
 * or its client order id; answers both legs cancelled), `order/oto-cancel` (an order waiting to
 * place its OTO legs, by its OTO id: it and its legs go, `[]`) and `order/conditional-cancel` (either,
 * by the id `conditional-orders` lists, `[]`). An order not open, or not such a link, is 400 code 2.
 */
import type { Engine } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { optIntOrText, optString, type Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import { ocoLegAnswer } from './order-answers.ts';
import { marketUnavailable } from './order-rules.ts';

const notFound = (field: string): ApiError =>
  new ApiError(400, {
    code: 2,
    message: 'Inner validation failed',
    errors: { [field]: ['Unexecuted order was not found.'] },
  });

/** A leg as `oco-cancel` and `oco-orders` answer it: the OCO place's leg without the market's fee rates, with `reduceOnly`. */
function cancelledLeg(o: Order, m: MarketDef): Record<string, unknown> {
  const { takerFee: _taker, makerFee: _maker, ...leg } = ocoLegAnswer(o, m) as Record<string, unknown>;
  return { ...leg, reduceOnly: o.reduceOnly ?? false };
}

const given = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

export function linkedOrderRoutes(state: SandboxState, engine: Engine): PrivateRoute[] {
  const market = (body: Body): MarketDef => {
    const name = optString(body, 'market');
    if (!name) throw fieldError('market', 'The market field is required.', 31);
    const m = state.markets.get(name);
    if (!m) throw marketUnavailable('Market is not available');
    return m;
  };
  /** The open OCO pair whose limit leg is `o`: [limit, stop]. */
  const pair = (o: Order | undefined, account: Account, m: MarketDef): [Order, Order] | undefined => {
    if (!o || !o.open || o.owner !== account.id || o.market !== m.name || o.activationPrice !== null) return;
    const peer = o.ocoPeer === undefined ? undefined : engine.orders.get(o.ocoPeer);
    return peer?.open ? [o, peer] : undefined;
  };
  /** The open order waiting to place the OTO legs of `otoId`. */
  const oto = (otoId: number, account: Account, m: MarketDef): Order | undefined =>
    engine
      .openOrders(account.id)
      .find((o) => o.market === m.name && o.otoLegs !== undefined && o.oto?.otoId === otoId);
  const cancelOto = (o: Order): void => {
    // its legs are never placed: the whole OTO goes
    delete o.otoLegs;
    engine.cancel(o);
  };
  const route = (path: string, handler: PrivateRoute['handler']): PrivateRoute => ({
    method: 'POST',
    path,
    group: 'orders',
    handler,
  });
  return [
    {
      method: 'POST',
      path: '/api/v4/oco-orders',
      handler: ({ account, body }) => {
        const name = optString(body, 'market');
        if (name !== undefined && !state.markets.has(name))
          throw marketUnavailable('Market is not available');
        const limit = optIntOrText(body, 'limit', 1, 100) ?? 50;
        const offset = optIntOrText(body, 'offset', 0, 4_294_967_295) ?? 0;
        return engine
          .openOrders(account.id)
          .filter((o) => name === undefined || o.market === name)
          .sort((a, b) => b.id - a.id)
          .flatMap((o) => {
            const m = state.markets.get(o.market) as MarketDef;
            const found = pair(o, account, m);
            if (!found) return [];
            const open = (leg: Order) => ({ status: 'OPEN', ...cancelledLeg(leg, m) });
            return [{ id: o.id, stop_loss: open(found[1]), take_profit: open(found[0]) }];
          })
          .slice(offset, offset + limit);
      },
    },
    route('/api/v4/order/oco-cancel', ({ account, body }) => {
      const m = market(body);
      if (given(body['orderId']) === given(body['clientOrderId']))
        throw fieldError('orderId', 'Exactly one of orderId and clientOrderId is required.');
      const id = optIntOrText(body, 'orderId', 1);
      const cid = optString(body, 'clientOrderId');
      const o =
        id !== undefined ? engine.orders.get(id) : engine.findOpenByClientId(account.id, m.name, cid ?? '');
      const found = pair(o, account, m);
      if (!found) throw notFound('orderId');
      const [limit, stop] = found;
      engine.cancel(stop);
      engine.cancel(limit);
      return { id: limit.id, stop_loss: cancelledLeg(stop, m), take_profit: cancelledLeg(limit, m) };
    }),
    route('/api/v4/order/oto-cancel', ({ account, body }) => {
      const m = market(body);
      const otoId = optIntOrText(body, 'otoId', 1);
      if (otoId === undefined) throw fieldError('otoId', 'The oto id field is required.');
      const o = oto(otoId, account, m);
      if (!o) throw notFound('otoId');
      cancelOto(o);
      return [];
    }),
    route('/api/v4/order/conditional-cancel', ({ account, body }) => {
      const m = market(body);
      const id = optIntOrText(body, 'id', 1);
      if (id === undefined) throw fieldError('id', 'The id field is required.');
      const found = pair(engine.orders.get(id), account, m);
      if (found) {
        engine.cancel(found[1]);
        engine.cancel(found[0]);
        return [];
      }
      const o = oto(id, account, m);
      if (!o) throw notFound('id');
      cancelOto(o);
      return [];
    }),
  ];
}
