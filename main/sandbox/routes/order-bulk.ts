/**
 * `order/cancel/bulk` (1 to 100 orders, each by `market` and exactly one of `orderId` and
 * `clientOrderId`, each answered on its own in the request's order) and `trade-account/order` (one
 * order's deals, paged), as the exchange publishes them.
 */
import type { Engine } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { fromUnits } from '../engine/units.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { optInt, optIntOrText } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { Account, SandboxState } from '../state.ts';
import { HISTORY_HORIZON_S } from './history.ts';

/** Orders one bulk cancel takes at most. */
export const BULK_CANCEL_MAX = 100;

const given = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** One item's failure inside the answer array, in the published words. */
const itemError = (code: number, message: string, errors: Record<string, string[]>) => ({
  result: null,
  error: { code, message, errors },
});
const invalid = (field: string, text: string) => itemError(30, 'Validation failed', { [field]: [text] });

function cancelOne(state: SandboxState, engine: Engine, account: Account, item: unknown): object {
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    return invalid('request', 'Invalid order format');
  const fields = item as Record<string, unknown>;
  const market = fields['market'];
  if (!given(market)) return invalid('market', 'validation.required');
  if (typeof market !== 'string' || !state.markets.has(market))
    return invalid('market', 'validation.market_not_exist');
  const [id, cid] = [fields['orderId'], fields['clientOrderId']];
  if (given(id) && given(cid)) return invalid('request', 'api.validation.order.chooseOneId');
  if (!given(id) && !given(cid)) return invalid('request', 'validation.required');
  let o: Order | undefined;
  if (given(id)) {
    const n = typeof id === 'string' && /^\d{1,16}$/.test(id) ? Number(id) : id;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) return invalid('orderId', 'validation.integer');
    o = engine.orders.get(n);
  } else {
    if (typeof cid !== 'string') return invalid('clientOrderId', 'validation.string');
    o = engine.findOpenByClientId(account.id, market, cid);
  }
  if (!o || o.owner !== account.id || o.market !== market || !o.open)
    return itemError(404, 'Order not found', { orderId: ['Order does not exist or already cancelled'] });
  engine.cancel(o);
  return { result: { orderId: o.id, clientOrderId: o.clientOrderId ?? '', market }, error: null };
}

export function orderBulkRoutes(state: SandboxState, engine: Engine): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/order/cancel/bulk',
      handler: ({ account, body }) => {
        const orders = body['orders'];
        if (!Array.isArray(orders) || orders.length === 0)
          throw validationError({ orders: ['validation.required'] });
        if (orders.length > BULK_CANCEL_MAX) throw validationError({ orders: ['validation.between'] });
        return orders.map((item) => cancelOne(state, engine, account, item));
      },
    },
    {
      method: 'POST',
      path: '/api/v4/trade-account/order',
      group: 'history',
      handler: ({ account, body }) => {
        const orderId = optIntOrText(body, 'orderId', 1);
        if (orderId === undefined)
          throw new ApiError(422, {
            code: 30,
            message: 'Validation failed',
            errors: { orderId: ['The order id field is required.'] },
          });
        const limit = optInt(body, 'limit', 1) ?? 50;
        const offset = optInt(body, 'offset', 0) ?? 0;
        const horizon = state.now() / 1000 - HISTORY_HORIZON_S;
        const records = engine
          .dealsOf(account.id)
          .filter((d) => d.orderId === orderId && d.time >= horizon)
          .sort((a, b) => b.time - a.time || b.id - a.id)
          .slice(offset, offset + limit)
          .map((d) => {
            const m = state.markets.get(d.market);
            const [sp, mp] = [m?.stockPrec ?? 0, m?.moneyPrec ?? 0];
            // the resting order's mode decides: a deal is RPI when its maker was an RPI order
            const maker = engine.orders.get(d.role === 1 ? d.orderId : (d.dealOrderId ?? -1));
            return {
              time: d.time,
              fee: fromUnits(d.fee, 18),
              price: fromUnits(d.price, mp),
              amount: fromUnits(d.amount, sp),
              id: d.id,
              // as the exchange's own example: the queried order's id
              dealOrderId: d.orderId,
              clientOrderId: d.clientOrderId,
              role: d.role,
              deal: fromUnits(d.deal, mp + sp),
              feeAsset: d.feeAsset,
              rpi: maker?.rpi === true,
            };
          });
        return { records, offset, limit };
      },
    },
  ];
}
