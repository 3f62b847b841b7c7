/** Spot trading endpoints: order/new, market, stock_market, stop_limit, stop_market, bulk, cancel, modify. */
import type { CollateralOrders } from '../collateral/orders.ts';
import type { Engine } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { orderJson } from '../engine/order.ts';
import { orderAnswer } from './order-answers.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { placeLimit, placeMarket, placeStopLimit, withSettle } from './spot-orders.ts';
import { optBool, optInt, optIntOrText, optString, required } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { ledgerString, spot } from '../ledger.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import { marketUnavailable, spotMarket } from './order-rules.ts';

/**
 * The open order a body names by `orderId` or `clientOrderId`; `idAsText`: the endpoint takes the id as
 * a digit string too (`order/cancel`, documented "String/Int").
 */
export function findOpen(
  state: SandboxState,
  engine: Engine,
  account: Account,
  body: Body,
  idAsText = false,
): Order {
  const m = spotMarket(state, body);
  const id = idAsText ? optIntOrText(body, 'orderId') : optInt(body, 'orderId');
  const cid = optString(body, 'clientOrderId');
  if (id === undefined && !cid)
    throw fieldError('orderId', 'The orderId field is required when clientOrderId is not present.');
  const o =
    id !== undefined ? engine.orders.get(id) : engine.findOpenByClientId(account.id, m.name, cid as string);
  if (!o || o.owner !== account.id || o.market !== m.name || !o.open)
    throw new ApiError(400, {
      code: 2,
      message: 'Inner validation failed',
      errors: { orderId: ['Unexecuted order was not found.'] },
    });
  return o;
}

const given = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/**
 * `order/modify`: exactly one of `orderId` and `clientOrderId`; at least one of `amount`, `total`,
 * `price`, `activationPrice` (`amount` and `total` not both; `total` is the new quote amount of a buy
 * stop-market order, whose amount is in the quote currency); `stp` may change too. The order is
 * replaced under the same rules as a new one (a new id); a rejected change leaves it as it was.
 */
function modifyOrder(
  state: SandboxState,
  engine: Engine,
  account: Account,
  body: Body,
  col?: Pick<CollateralOrders, 'modify'>,
): Record<string, unknown> {
  if (given(body['orderId']) === given(body['clientOrderId']))
    throw fieldError('orderId', 'Exactly one of orderId and clientOrderId is required.');
  if (given(body['amount']) && given(body['total']))
    throw fieldError('total', 'The amount and total fields cannot be sent together.');
  if (!['amount', 'total', 'price', 'activationPrice'].some((f) => given(body[f])))
    throw fieldError('amount', 'At least one of amount, total, price and activationPrice is required.');
  const old = findOpen(state, engine, account, body);
  const m = state.markets.get(old.market) as MarketDef;
  const was = orderJson(old, m);
  if (old.quoteAmount && given(body['amount']))
    throw fieldError('amount', 'The amount of this order is in the quote currency: send total.');
  if (!old.quoteAmount && given(body['total']))
    throw fieldError('total', 'The total is taken by buy stop-market orders only: send amount.');
  if (old.collateral && col && !old.tpsl && old.otoId === undefined)
    return withSettle(state, engine, col.modify(account, old, body), true);
  if (old.type !== 'limit' && old.type !== 'stop limit' && old.type !== 'stop market')
    throw fieldError('orderId', 'Only limit, stop-limit and stop-market orders can be modified.');
  const next: Body = {
    market: old.market,
    side: old.side,
    amount: body['total'] ?? body['amount'] ?? was['left'],
    stp: body['stp'] ?? old.stp,
    ...(old.clientOrderId ? { clientOrderId: old.clientOrderId } : {}),
  };
  if (old.type !== 'stop market') next['price'] = body['price'] ?? was['price'];
  if (old.type !== 'limit') next['activation_price'] = body['activationPrice'] ?? was['activation_price'];
  if (old.type === 'limit') {
    if (old.postOnly && !old.rpi) next['postOnly'] = true;
    if (old.rpi) next['rpi'] = true;
    if (old.retail) next['retail'] = true;
  }
  engine.cancel(old);
  try {
    const placed =
      old.type === 'limit'
        ? placeLimit(state, engine, account, next)
        : old.type === 'stop limit'
          ? placeStopLimit(state, engine, account, next)
          : placeMarket(state, engine, account, next, 'stop market');
    return withSettle(state, engine, placed, true);
  } catch (e) {
    // the change was rejected: the old order stays as it was
    engine.reopen(old);
    throw e;
  }
}

export function tradingRoutes(
  state: SandboxState,
  engine: Engine,
  col?: Pick<CollateralOrders, 'modify'>,
): PrivateRoute[] {
  const route = (
    path: string,
    handler: PrivateRoute['handler'],
    group?: PrivateRoute['group'],
  ): PrivateRoute => ({
    method: 'POST',
    path,
    handler,
    ...(group ? { group } : {}),
  });
  return [
    route(
      '/api/v4/order/new',
      ({ account, body }) => withSettle(state, engine, placeLimit(state, engine, account, body)),
      'orders',
    ),
    route('/api/v4/order/market', ({ account, body }) =>
      withSettle(state, engine, placeMarket(state, engine, account, body, 'market')),
    ),
    route('/api/v4/order/stock_market', ({ account, body }) =>
      withSettle(state, engine, placeMarket(state, engine, account, body, 'stock market')),
    ),
    route('/api/v4/order/stop_market', ({ account, body }) =>
      withSettle(state, engine, placeMarket(state, engine, account, body, 'stop market')),
    ),
    route(
      '/api/v4/order/stop_limit',
      ({ account, body }) => withSettle(state, engine, placeStopLimit(state, engine, account, body)),
      'orders',
    ),
    route('/api/v4/order/bulk', ({ account, body }) => {
      const orders = body['orders'];
      if (!Array.isArray(orders) || orders.length === 0) throw fieldError('orders', required('orders'));
      if (orders.length > 20) throw fieldError('orders', 'The orders may not have more than 20 items.');
      // The exchange's field is `stopOnFail`; any other spelling is not read (the default applies).
      const stopOnFailure = optBool(body, 'stopOnFail') ?? false;
      const out: Array<{ result: unknown; error: unknown }> = [];
      let stopped = false;
      for (const item of orders) {
        if (stopped) break;
        if (typeof item !== 'object' || item === null || Array.isArray(item)) {
          out.push({
            result: null,
            error: { code: 30, message: 'Validation failed', errors: { orders: ['Invalid order.'] } },
          });
          stopped = stopOnFailure;
          continue;
        }
        try {
          out.push({
            result: withSettle(state, engine, placeLimit(state, engine, account, item as Body)),
            error: null,
          });
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          out.push({ result: null, error: e.body });
          stopped = stopOnFailure;
        }
      }
      return out;
    }),
    route('/api/v4/order/cancel', ({ account, body }) => {
      const o = findOpen(state, engine, account, body, true);
      engine.cancel(o);
      return orderAnswer(o, state.markets.get(o.market) as MarketDef, true);
    }),
    route('/api/v4/order/modify', ({ account, body }) => modifyOrder(state, engine, account, body, col)),
    // filters `market`, `orderId`, `clientOrderId`; `orderId`, `limit` and `offset` as integers or digit strings
    route('/api/v4/orders', ({ account, body }) => {
      const market = optString(body, 'market');
      if (market && !state.markets.has(market)) throw marketUnavailable();
      const orderId = optIntOrText(body, 'orderId', 1);
      const clientOrderId = optString(body, 'clientOrderId');
      // an order is looked up within its market: every market only without an id
      if ((orderId !== undefined || clientOrderId) && !market)
        throw fieldError('market', 'The market field is required.');
      const limit = optIntOrText(body, 'limit', 1, 100) ?? 50;
      const offset = optIntOrText(body, 'offset', 0, 10000) ?? 0;
      return engine
        .openOrders(account.id)
        .filter((o) => !market || o.market === market)
        .filter((o) => orderId === undefined || o.id === orderId)
        .filter((o) => !clientOrderId || o.clientOrderId === clientOrderId)
        .sort((a, b) => b.id - a.id)
        .slice(offset, offset + limit)
        .map((o) => orderAnswer(o, state.markets.get(o.market) as MarketDef, true));
    }),
    route('/api/v4/trade-account/balance', ({ account, body }) => {
      const ticker = optString(body, 'ticker');
      if (ticker) {
        // a single currency entry, keyed by its ticker as the whole list is
        if (!state.assets.has(ticker)) throw fieldError('ticker', 'Currency was not found.');
        const b = spot(account, ticker);
        return { [ticker]: { available: ledgerString(b.available), freeze: ledgerString(b.freeze) } };
      }
      const out: Record<string, { available: string; freeze: string }> = {};
      for (const t of state.assets.keys()) {
        const b = spot(account, t);
        out[t] = { available: ledgerString(b.available), freeze: ledgerString(b.freeze) };
      }
      return out;
    }),
  ];
}
