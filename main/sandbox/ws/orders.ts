/**
 * The 21 order methods of the WebSocket. Each takes one object of snake_case fields, is validated
 * and matched exactly as its REST twin (the REST route handlers are called where one exists), and
 * answers the order as `ordersPending` shows it. REST failures are renumbered to the WebSocket's
 * own order error numbers.
 */
import type { Positions } from '../collateral/positions.ts';
import type { Engine, PlaceRequest } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { toUnits, unitsToDecimal } from '../engine/units.ts';
import { ApiError, fieldError, regionBlocked } from '../http/errors.ts';
import type { Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { collateralRoutes } from '../routes/collateral.ts';
import {
  checkAmount,
  checkPrice,
  checkTotal,
  clientOrderId,
  marketUnavailable,
  side,
  spotMarket,
  stp,
} from '../routes/order-rules.ts';
import { findOpen, tradingRoutes } from '../routes/trading.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import { CollateralOrders } from '../collateral/orders.ts';
import { cancelMatching, ORDER_KINDS } from '../routes/cancel-all.ts';
import { bboPrice, uniqueClientId } from './order-helpers.ts';
import { RpcFailure, WS_ERRORS, invalidArgument } from './protocol.ts';
import type { RpcError } from './protocol.ts';
import { wsOrder } from './shapes.ts';

/** Order error numbers of the WebSocket (independent of REST's). */
export const ORDER_ERRORS = {
  orderNotFound: 6,
  balanceNotEnough: 10,
  amountTooSmall: 11,
  duplicateClientOrderId: 43,
  positionSideMismatch: 114,
  reduceOnlyNoPosition: 116,
  rpiWithIoc: 40,
} as const;

export const ORDER_METHODS = [
  'order_limit_place',
  'order_market_place',
  'order_market_stock_place',
  'order_stop_limit_place',
  'order_stop_market_place',
  'order_stop_market_stock_place',
  'order_bbo_place',
  'order_stop_bbo_place',
  'collateral_order_limit_place',
  'collateral_order_market_place',
  'collateral_order_stop_limit_place',
  'collateral_order_stop_market_place',
  'collateral_order_bbo_place',
  'collateral_order_stop_bbo_place',
  'collateral_order_oco_place',
  'collateral_order_oto_place',
  'collateral_order_tpsl_place',
  'order_modify',
  'order_cancel',
  'order_cancel_conditional',
  'order_cancel_all',
] as const;
export type OrderMethod = (typeof ORDER_METHODS)[number];

const RENAMES: Record<string, string> = {
  client_order_id: 'clientOrderId',
  post_only: 'postOnly',
  bbo_role: 'bboRole',
  position_side: 'positionSide',
  reduce_only: 'reduceOnly',
  stop_loss: 'stopLoss',
  take_profit: 'takeProfit',
  order_id: 'orderId',
};

/** snake_case WebSocket fields to the REST body names. */
export function restBody(params: Record<string, unknown>): Body {
  const out: Body = {};
  for (const [k, v] of Object.entries(params)) out[RENAMES[k] ?? k] = v;
  return out;
}

/** Renumbers a REST failure to the WebSocket's order errors. */
export function orderError(e: unknown): RpcError {
  if (e instanceof RpcFailure) return { code: e.code, message: e.message };
  if (!(e instanceof ApiError)) return WS_ERRORS.internal;
  const body = e.body as { code?: number; message?: string; errors?: Record<string, string[]> };
  const first = Object.entries(body.errors ?? {})[0];
  const text = first?.[1]?.[0] ?? body.message ?? 'Invalid argument';
  if (body.code === 2 && first?.[0] === 'orderId') return { code: ORDER_ERRORS.orderNotFound, message: text };
  if (body.code === 10) return { code: ORDER_ERRORS.balanceNotEnough, message: text };
  if (/less than min amount|is less than/.test(text))
    return { code: ORDER_ERRORS.amountTooSmall, message: text };
  if (body.code === 36 && /already used/.test(text))
    return { code: ORDER_ERRORS.duplicateClientOrderId, message: text };
  if (body.code === 114 || body.code === 116 || body.code === 40) return { code: body.code, message: text };
  return { code: WS_ERRORS.invalidArgument.code, message: first ? `${first[0]}: ${text}` : text };
}

/** The fields of each leg of a `collateral_order_tpsl_place` answer, as published. */
const TPSL_LEG_FIELDS = [
  'id',
  'market',
  'type',
  'side',
  'reduce_only',
  'position_side',
  'ctime',
  'activation_price',
  'activation_condition',
  'activated',
  'price',
  'amount',
  'left',
  'status',
] as const;

export class OrderMethods {
  private readonly state: SandboxState;
  private readonly engine: Engine;
  private readonly routes = new Map<string, PrivateRoute['handler']>();
  private readonly col: CollateralOrders;

  constructor(state: SandboxState, engine: Engine, positions: Positions, col?: CollateralOrders) {
    this.state = state;
    this.engine = engine;
    this.col = col ?? new CollateralOrders(state, engine, positions);
    for (const r of [
      ...tradingRoutes(state, engine, this.col),
      ...collateralRoutes(state, engine, positions),
    ])
      this.routes.set(r.path, r.handler);
  }

  /** Runs one order method for an account; throws RpcFailure with the order error numbers. */
  call(method: OrderMethod, account: Account, params: unknown[]): unknown {
    const raw = params[0];
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw invalidArgument('params must hold one object');
    const body = restBody(raw as Record<string, unknown>);
    this.state.received?.({ via: 'ws', path: method, account: account.label, body });
    try {
      const out = this.dispatch(method, account, body);
      this.sweep();
      return out;
    } catch (e) {
      const err = orderError(e);
      throw new RpcFailure(err.code, err.message);
    }
  }

  /** Links of OCO pairs and OTO legs, checked after every change. */
  sweep(): void {
    this.col.sweep();
  }

  private rest(path: string, account: Account, body: Body): Order {
    const handler = this.routes.get(path);
    const key = this.state.keysById.get(account.keyId);
    if (!handler || !key) throw new RpcFailure(WS_ERRORS.internal.code, WS_ERRORS.internal.message);
    const json = handler({ account, key, body: { ...body, request: path }, path }) as { orderId: number };
    return this.engine.orders.get(json.orderId) as Order;
  }

  private json(o: Order): Record<string, unknown> {
    return wsOrder(o, this.state.markets.get(o.market) as MarketDef);
  }

  /** A leg as `collateral_order_tpsl_place` answers it: the order's trigger fields, no fills yet. */
  private tpslLeg(o: Order): Record<string, unknown> {
    const order = this.json(o);
    const out: Record<string, unknown> = {};
    for (const k of TPSL_LEG_FIELDS) out[k] = order[k];
    return out;
  }

  private dispatch(method: OrderMethod, account: Account, body: Body): unknown {
    switch (method) {
      case 'order_limit_place':
        return this.json(this.rest('/api/v4/order/new', account, body));
      case 'order_market_place':
        return this.json(this.rest('/api/v4/order/market', account, body));
      case 'order_market_stock_place':
        return this.json(this.rest('/api/v4/order/stock_market', account, body));
      case 'order_stop_limit_place':
        return this.json(this.rest('/api/v4/order/stop_limit', account, body));
      case 'order_stop_market_place':
        return this.json(this.rest('/api/v4/order/stop_market', account, body));
      case 'order_bbo_place': {
        const { price: _ignored, ...rest } = body;
        return this.json(this.rest('/api/v4/order/new', account, { ...rest, bboRole: body['bboRole'] ?? 1 }));
      }
      case 'order_stop_market_stock_place':
        return this.json(this.spotStop(account, body, 'stop market'));
      case 'order_stop_bbo_place':
        return this.json(this.spotStop(account, body, 'stop limit', true));
      case 'collateral_order_market_place':
        return this.json(this.rest('/api/v4/order/collateral/market', account, body));
      case 'collateral_order_limit_place':
        return this.json(this.col.place(account, body, 'limit'));
      case 'collateral_order_bbo_place':
        return this.json(this.col.place(account, body, 'limit', { bbo: true }));
      case 'collateral_order_stop_limit_place':
        return this.json(this.col.place(account, body, 'stop limit'));
      case 'collateral_order_stop_bbo_place':
        return this.json(this.col.place(account, body, 'stop limit', { bbo: true }));
      case 'collateral_order_stop_market_place':
        return this.json(this.col.place(account, body, 'stop market'));
      case 'collateral_order_oco_place': {
        const { limit, stop } = this.col.oco(account, body);
        this.sweep();
        return {
          id: limit.id,
          market: limit.market,
          take_profit: this.json(limit),
          stop_loss: this.json(stop),
        };
      }
      case 'collateral_order_oto_place': {
        if (body['stopLoss'] == null && body['takeProfit'] == null)
          throw fieldError('stop_loss', 'A stop_loss or take_profit price is required.');
        return this.json(this.col.place(account, body, 'limit'));
      }
      case 'collateral_order_tpsl_place': {
        const { takeProfit, stopLoss } = this.col.tpsl(account, body);
        return { take_profit: this.tpslLeg(takeProfit), stop_loss: this.tpslLeg(stopLoss) };
      }
      case 'order_modify':
        return this.modify(account, body);
      case 'order_cancel': {
        const o = findOpen(this.state, this.engine, account, body);
        this.engine.cancel(o);
        return this.json(o);
      }
      case 'order_cancel_conditional': {
        const o = findOpen(this.state, this.engine, account, body);
        if (o.activationPrice === null || o.activated) throw notFound();
        this.engine.cancel(o);
        return this.json(o);
      }
      case 'order_cancel_all':
        return this.cancelAll(account, body);
    }
  }

  /**
   * `order_cancel_all`: one market and the kinds of order to cancel (any of `spot`, `margin`,
   * `futures`, at least one, none twice); answers an empty object, as the exchange does.
   */
  private cancelAll(account: Account, body: Body): Record<string, never> {
    const market = body['market'];
    const m = typeof market === 'string' ? this.state.markets.get(market) : undefined;
    if (!m) throw invalidArgument('market does not exist');
    const types = body['type'];
    if (!Array.isArray(types)) throw invalidArgument('order types must be an array');
    if (types.length === 0) throw invalidArgument('at least one order type should be specified');
    if (new Set(types).size !== types.length || !types.every((t) => ORDER_KINDS.has(t as string)))
      throw invalidArgument('invalid or duplicate order type');
    cancelMatching(this.state, this.engine, account, { market: m, kinds: new Set(types as string[]) });
    return {};
  }

  /** Spot stop orders REST has no route for: stop market with a base amount, stop limit at the best price. */
  private spotStop(account: Account, body: Body, type: 'stop market' | 'stop limit', bbo = false): Order {
    const m = spotMarket(this.state, body);
    if (m.type !== 'spot') throw marketUnavailable('Market is not available for spot trading.');
    const s = side(body);
    if (type === 'stop market' && this.state.regions.get(account.region)?.blocked.has('stop_market'))
      throw regionBlocked('type');
    const stpMode = stp(body);
    const cid = clientOrderId(body);
    const amount = checkAmount(m, body['amount']);
    const activation = checkPrice(m, 'activation_price', body['activation_price']);
    const req: PlaceRequest = {
      owner: account.id,
      market: m.name,
      side: s,
      type,
      amount: toUnits(amount, m.stockPrec),
      activationPrice: toUnits(activation, m.moneyPrec),
      clientOrderId: cid,
      stp: stpMode,
    };
    if (bbo) {
      req.price = bboPrice(this.engine, m, s, body);
      checkTotal(m, amount, unitsToDecimal(req.price, m.moneyPrec));
    }
    uniqueClientId(this.engine, account, m, cid);
    return this.engine.place(req);
  }

  private modify(account: Account, body: Body): unknown {
    const old = findOpen(this.state, this.engine, account, body);
    if (old.type === 'limit' || old.type === 'stop limit') {
      const rest: Body = { ...body };
      if (body['activation_price'] !== undefined) rest['activationPrice'] = body['activation_price'];
      if (old.collateral) return this.json(this.col.modify(account, old, rest));
      return this.json(this.rest('/api/v4/order/modify', account, rest));
    }
    // a TP/SL (stop market) leg: a new activation price
    if (old.type !== 'stop market' || old.activated)
      throw fieldError('orderId', 'This order cannot be modified.');
    const m = this.state.markets.get(old.market) as MarketDef;
    const activation = toUnits(checkPrice(m, 'activation_price', body['activation_price']), m.moneyPrec);
    this.engine.cancel(old);
    const req: PlaceRequest = {
      owner: old.owner,
      market: old.market,
      side: old.side,
      type: 'stop market',
      amount: old.amount,
      quoteAmount: old.quoteAmount,
      activationPrice: activation,
      clientOrderId: old.clientOrderId,
      stp: old.stp,
    };
    if (old.collateral) {
      req.collateral = true;
      if (old.positionSide) req.positionSide = old.positionSide;
      req.reduceOnly = old.reduceOnly ?? false;
      if (old.triggerAbove !== undefined) req.triggerAbove = old.triggerAbove;
      if (old.otoId !== undefined) req.otoId = old.otoId;
      if (old.tpsl !== undefined) req.tpsl = old.tpsl;
      if (old.positionId !== undefined) req.positionId = old.positionId;
    }
    try {
      const placed = this.engine.place(req);
      this.engine.checkStops(old.market);
      return this.json(placed);
    } catch (e) {
      this.engine.reopen(old);
      throw e;
    }
  }
}

function notFound(): ApiError {
  return new ApiError(400, {
    code: 2,
    message: 'Inner validation failed',
    errors: { orderId: ['Unexecuted order was not found.'] },
  });
}
