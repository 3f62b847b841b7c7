/**
 * The 21 order methods of the WebSocket. Each takes one object of snake_case fields, is validated
 * and matched exactly as its REST twin (the REST route handlers are called where one exists), and
 * answers the order as `ordersPending` shows it. REST failures are renumbered to the WebSocket's
 * own order error numbers.
 */
import { Decimal } from 'decimal.js';
import type { Positions } from '../collateral/positions.ts';
import { effectiveLeverage } from '../collateral/positions.ts';
import type { Engine, PlaceRequest } from '../engine/engine.ts';
import type { Order, PositionSide } from '../engine/order.ts';
import { toUnits, unitsToDecimal } from '../engine/units.ts';
import { ApiError, fieldError, regionBlocked, tradeError } from '../http/errors.ts';
import { optBool, optInt, optString } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { notEnough } from '../ledger.ts';
import { collateralMarket, collateralRoutes, sweepClosed } from '../routes/collateral.ts';
import {
  checkAmount,
  checkPrice,
  checkTotal,
  clientOrderId,
  duplicateClientOrderId,
  side,
  spotMarket,
  stp,
} from '../routes/order-rules.ts';
import { findOpen, tradingRoutes } from '../routes/trading.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
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
  if (body.message === 'Order not found.') return { code: ORDER_ERRORS.orderNotFound, message: text };
  if (body.code === 10) return { code: ORDER_ERRORS.balanceNotEnough, message: text };
  if (/less than min amount|is less than/.test(text))
    return { code: ORDER_ERRORS.amountTooSmall, message: text };
  if (body.message === 'Duplicate clientOrderId.')
    return { code: ORDER_ERRORS.duplicateClientOrderId, message: text };
  if (body.code === 114 || body.code === 116 || body.code === 40) return { code: body.code, message: text };
  return { code: WS_ERRORS.invalidArgument.code, message: first ? `${first[0]}: ${text}` : text };
}

interface Oco {
  limit: Order;
  stop: Order;
}

interface Oto {
  primary: Order;
  stopLoss?: bigint;
  takeProfit?: bigint;
}

export class OrderMethods {
  private readonly state: SandboxState;
  private readonly engine: Engine;
  private readonly positions: Positions;
  private readonly routes = new Map<string, PrivateRoute['handler']>();
  private readonly ocos: Oco[] = [];
  private readonly otos: Oto[] = [];

  constructor(state: SandboxState, engine: Engine, positions: Positions) {
    this.state = state;
    this.engine = engine;
    this.positions = positions;
    for (const r of [...tradingRoutes(state, engine), ...collateralRoutes(state, engine, positions)])
      this.routes.set(r.path, r.handler);
  }

  /** Runs one order method for an account; throws RpcFailure with the order error numbers. */
  call(method: OrderMethod, account: Account, params: unknown[]): unknown {
    const raw = params[0];
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw invalidArgument('params must hold one object');
    const body = restBody(raw as Record<string, unknown>);
    try {
      const out = this.dispatch(method, account, body);
      this.sweep();
      return out;
    } catch (e) {
      const err = orderError(e);
      throw new RpcFailure(err.code, err.message);
    }
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
        return this.json(this.collateral(account, body, 'limit'));
      case 'collateral_order_bbo_place':
        return this.json(this.collateral(account, body, 'limit', true));
      case 'collateral_order_stop_limit_place':
        return this.json(this.collateral(account, body, 'stop limit'));
      case 'collateral_order_stop_bbo_place':
        return this.json(this.collateral(account, body, 'stop limit', true));
      case 'collateral_order_stop_market_place':
        return this.json(this.collateral(account, body, 'stop market'));
      case 'collateral_order_oco_place':
        return this.oco(account, body);
      case 'collateral_order_oto_place':
        return this.oto(account, body);
      case 'collateral_order_tpsl_place':
        return this.tpsl(account, body);
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
      case 'order_cancel_all': {
        const market = optString(body, 'market');
        if (market) spotMarket(this.state, body);
        const out: unknown[] = [];
        for (const o of this.engine.openOrders(account.id).sort((a, b) => a.id - b.id)) {
          if (market && o.market !== market) continue;
          this.engine.cancel(o);
          out.push(this.json(o));
        }
        return out;
      }
    }
  }

  private bboPrice(m: MarketDef, s: 'buy' | 'sell', body: Body): bigint {
    const role = optInt(body, 'bboRole') ?? 1;
    if (role !== 1 && role !== 2) throw fieldError('bboRole', 'The selected bboRole is invalid.');
    const own = role === 1 ? s : s === 'buy' ? 'sell' : 'buy';
    const best = this.engine.book(m.name).best(own);
    if (best === null) throw fieldError('bboRole', 'No best price is available for this bboRole.');
    return best;
  }

  private unique(account: Account, m: MarketDef, cid: string): void {
    if (cid && this.engine.clientOrderIdTaken(account.id, m.name, cid)) throw duplicateClientOrderId();
  }

  /** Spot stop orders REST has no route for: stop market with a base amount, stop limit at the best price. */
  private spotStop(account: Account, body: Body, type: 'stop market' | 'stop limit', bbo = false): Order {
    const m = spotMarket(this.state, body);
    if (m.type !== 'spot') throw fieldError('market', 'Market is not available for spot trading.');
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
      req.price = this.bboPrice(m, s, body);
      checkTotal(m, amount, unitsToDecimal(req.price, m.moneyPrec));
    }
    this.unique(account, m, cid);
    return this.engine.place(req);
  }

  private positionSide(account: Account, body: Body, s: 'buy' | 'sell', reduceOnly: boolean): PositionSide {
    const raw = body['positionSide'];
    if (raw !== undefined && raw !== null && raw !== 'LONG' && raw !== 'SHORT' && raw !== 'BOTH')
      throw fieldError('positionSide', 'The selected positionSide is invalid.');
    if (!account.hedgeMode) return 'BOTH';
    const opens: PositionSide = s === 'buy' ? 'LONG' : 'SHORT';
    const reduces: PositionSide = s === 'buy' ? 'SHORT' : 'LONG';
    if (raw !== (reduceOnly ? reduces : opens))
      throw tradeError(114, 'positionSide', 'Position side does not match the hedge mode position.');
    return raw as PositionSide;
  }

  /** Collateral limit, stop-limit and stop-market orders (REST only has the market one). */
  private collateral(
    account: Account,
    body: Body,
    type: 'limit' | 'stop limit' | 'stop market',
    bbo = false,
  ): Order {
    const m = collateralMarket(this.state, account, body);
    const s = side(body);
    const amount = checkAmount(m, body['amount']);
    const cid = clientOrderId(body);
    const stpMode = stp(body);
    const reduceOnly = optBool(body, 'reduceOnly') ?? false;
    const ps = this.positionSide(account, body, s, reduceOnly);
    let price: bigint | null = null;
    if (type !== 'stop market') {
      price = bbo ? this.bboPrice(m, s, body) : toUnits(checkPrice(m, 'price', body['price']), m.moneyPrec);
      checkTotal(m, amount, unitsToDecimal(price, m.moneyPrec));
    }
    const activation =
      type === 'limit'
        ? null
        : toUnits(checkPrice(m, 'activation_price', body['activation_price']), m.moneyPrec);
    this.checkMargin(account, m, s, ps, amount, reduceOnly, price);
    this.unique(account, m, cid);
    const order = this.engine.place({
      owner: account.id,
      market: m.name,
      side: s,
      type,
      amount: toUnits(amount, m.stockPrec),
      price,
      activationPrice: activation,
      clientOrderId: cid,
      stp: stpMode,
      collateral: true,
      positionSide: ps,
      reduceOnly,
    });
    sweepClosed(this.engine, this.positions);
    this.engine.checkStops(m.name);
    return order;
  }

  private checkMargin(
    account: Account,
    m: MarketDef,
    s: 'buy' | 'sell',
    ps: PositionSide,
    amount: Decimal,
    reduceOnly: boolean,
    price: bigint | null,
  ): void {
    if (reduceOnly) {
      const pos = this.positions.get(account.id, m.name, ps);
      if (!pos || pos.amount.isZero() || pos.amount.isPos() === (s === 'buy'))
        throw tradeError(116, 'reduceOnly', 'No open position to reduce on this side.');
      return;
    }
    const at =
      price !== null
        ? unitsToDecimal(price, m.moneyPrec)
        : new Decimal(this.state.lastPrices.get(m.name) || m.basePrice);
    const need = amount.times(at).div(effectiveLeverage(account, m)).times('1.002');
    if (need.gt(this.positions.freeMargin(account, m.money))) throw notEnough();
  }

  /** OCO: a limit order and a stop-limit order; when either executes the other is canceled. */
  private oco(account: Account, body: Body): unknown {
    const m = collateralMarket(this.state, account, body);
    const limit = this.collateral(account, { ...body, clientOrderId: body['clientOrderId'] }, 'limit');
    let stop: Order;
    try {
      stop = this.collateral(
        account,
        { ...body, clientOrderId: undefined, price: body['stop_limit_price'] ?? body['price'] },
        'stop limit',
      );
    } catch (e) {
      if (limit.open) this.engine.cancel(limit);
      throw e;
    }
    this.ocos.push({ limit, stop });
    return { id: limit.id, market: m.name, take_profit: this.json(limit), stop_loss: this.json(stop) };
  }

  /** OTO: a limit order whose stop-loss / take-profit legs are placed once it executes. */
  private oto(account: Account, body: Body): unknown {
    const m = collateralMarket(this.state, account, body);
    const sl = body['stopLoss'] === undefined ? undefined : checkPrice(m, 'stopLoss', body['stopLoss']);
    const tp = body['takeProfit'] === undefined ? undefined : checkPrice(m, 'takeProfit', body['takeProfit']);
    if (!sl && !tp) throw fieldError('stop_loss', 'A stop_loss or take_profit price is required.');
    const primary = this.collateral(account, body, 'limit');
    const oto: Oto = { primary };
    if (sl) oto.stopLoss = toUnits(sl, m.moneyPrec);
    if (tp) oto.takeProfit = toUnits(tp, m.moneyPrec);
    primary.oto = {
      otoId: primary.id,
      ...(sl ? { stopLoss: sl.toFixed() } : {}),
      ...(tp ? { takeProfit: tp.toFixed() } : {}),
    };
    this.otos.push(oto);
    return this.json(primary);
  }

  /** A new take-profit / stop-loss pair on the open position; earlier pairs stay. */
  private tpsl(account: Account, body: Body): unknown {
    const m = collateralMarket(this.state, account, body);
    const tp = checkPrice(m, 'take_profit_activation_price', body['take_profit_activation_price']);
    const sl = checkPrice(m, 'stop_loss_activation_price', body['stop_loss_activation_price']);
    const stpMode = stp(body);
    const raw = body['positionSide'];
    const ps: PositionSide = account.hedgeMode ? ((raw as PositionSide | undefined) ?? 'BOTH') : 'BOTH';
    if (account.hedgeMode && ps !== 'LONG' && ps !== 'SHORT')
      throw tradeError(114, 'positionSide', 'Position side does not match the hedge mode position.');
    const pos = this.positions.get(account.id, m.name, ps);
    if (!pos || pos.amount.isZero()) throw tradeError(116, 'reduceOnly', 'No open position for TP/SL.');
    const long = pos.amount.isPos();
    const amount = toUnits(pos.amount.abs(), m.stockPrec);
    const leg = (price: Decimal, above: boolean): Order =>
      this.engine.place({
        owner: account.id,
        market: m.name,
        side: long ? 'sell' : 'buy',
        type: 'stop market',
        amount,
        activationPrice: toUnits(price, m.moneyPrec),
        collateral: true,
        positionSide: ps,
        reduceOnly: true,
        triggerAbove: above,
        stp: stpMode,
      });
    const takeProfit = leg(tp, long);
    const stopLoss = leg(sl, !long);
    this.engine.checkStops(m.name);
    return { take_profit: this.json(takeProfit), stop_loss: this.json(stopLoss) };
  }

  private modify(account: Account, body: Body): unknown {
    const old = findOpen(this.state, this.engine, account, body);
    if (old.type === 'limit' || old.type === 'stop limit') {
      const rest: Body = { ...body };
      if (body['activation_price'] !== undefined) rest['activationPrice'] = body['activation_price'];
      if (old.collateral) return this.json(this.modifyCollateral(account, old, rest));
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

  private modifyCollateral(account: Account, old: Order, body: Body): Order {
    const m = this.state.markets.get(old.market) as MarketDef;
    const next: Body = {
      market: old.market,
      side: old.side,
      amount: body['amount'] ?? unitsToDecimal(old.left, m.stockPrec).toFixed(),
      price: body['price'] ?? unitsToDecimal(old.limitPrice ?? 0n, m.moneyPrec).toFixed(),
      stp: old.stp,
      positionSide: old.positionSide,
      reduceOnly: old.reduceOnly,
      ...(old.clientOrderId ? { clientOrderId: old.clientOrderId } : {}),
    };
    if (old.type === 'stop limit')
      next['activation_price'] =
        body['activationPrice'] ?? unitsToDecimal(old.activationPrice ?? 0n, m.moneyPrec).toFixed();
    this.engine.cancel(old);
    try {
      return this.collateral(account, next, old.type === 'stop limit' ? 'stop limit' : 'limit');
    } catch (e) {
      this.engine.reopen(old);
      throw e;
    }
  }

  /** Links of OCO pairs and OTO legs, checked after every change. */
  sweep(): void {
    for (let i = this.ocos.length - 1; i >= 0; i--) {
      const { limit, stop } = this.ocos[i] as Oco;
      const limitDone = !limit.open || limit.dealStock > 0n;
      const stopDone = !stop.open || stop.activated;
      if (!limitDone && !stopDone) continue;
      this.ocos.splice(i, 1);
      if (limitDone && stop.open) this.engine.cancel(stop);
      else if (stopDone && limit.open) this.engine.cancel(limit);
    }
    for (let i = this.otos.length - 1; i >= 0; i--) {
      const oto = this.otos[i] as Oto;
      const p = oto.primary;
      if (p.open) continue;
      this.otos.splice(i, 1);
      if (p.dealStock === 0n) continue;
      const long = p.side === 'buy';
      for (const [price, above] of [
        [oto.takeProfit, long],
        [oto.stopLoss, !long],
      ] as const) {
        if (price === undefined) continue;
        this.engine.place({
          owner: p.owner,
          market: p.market,
          side: long ? 'sell' : 'buy',
          type: 'stop market',
          amount: p.dealStock,
          activationPrice: price,
          collateral: true,
          ...(p.positionSide ? { positionSide: p.positionSide } : {}),
          reduceOnly: true,
          triggerAbove: above,
          otoId: p.id,
          stp: p.stp,
        });
      }
      this.engine.checkStops(p.market);
    }
  }
}

function notFound(): ApiError {
  return new ApiError(422, {
    code: 30,
    message: 'Order not found.',
    errors: { orderId: ['Order not found.'] },
  });
}
