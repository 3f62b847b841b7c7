/**
 * Collateral order methods REST has no route for (limit, stop-limit, stop-market, bbo, OCO, OTO,
 * TP/SL), with the same rules as the REST collateral market order, and the links between linked
 * orders (an OCO leg executing cancels the other; an OTO order executing places its legs).
 */
import { Decimal } from 'decimal.js';
import type { Positions } from '../collateral/positions.ts';
import { effectiveLeverage } from '../collateral/positions.ts';
import type { Engine } from '../engine/engine.ts';
import type { Order, PositionSide, TpSlKind } from '../engine/order.ts';
import { toUnits, unitsToDecimal } from '../engine/units.ts';
import { fieldError, tradeError } from '../http/errors.ts';
import { optBool } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import { notEnough } from '../ledger.ts';
import { collateralMarket, sweepClosed } from '../routes/collateral.ts';
import { checkAmount, checkPrice, checkTotal, clientOrderId, side, stp } from '../routes/order-rules.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import { bboPrice, uniqueClientId } from './order-helpers.ts';
import { wsOrder } from './shapes.ts';

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

interface Oco {
  limit: Order;
  stop: Order;
}

interface Oto {
  primary: Order;
  stopLoss?: bigint;
  takeProfit?: bigint;
}

export class CollateralOrders {
  private readonly state: SandboxState;
  private readonly engine: Engine;
  private readonly positions: Positions;
  private readonly ocos: Oco[] = [];
  private readonly otos: Oto[] = [];

  constructor(state: SandboxState, engine: Engine, positions: Positions) {
    this.state = state;
    this.engine = engine;
    this.positions = positions;
  }

  private json(o: Order): Record<string, unknown> {
    return wsOrder(o, this.state.markets.get(o.market) as MarketDef);
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
  place(account: Account, body: Body, type: 'limit' | 'stop limit' | 'stop market', bbo = false): Order {
    const m = collateralMarket(this.state, account, body);
    const s = side(body);
    const amount = checkAmount(m, body['amount']);
    const cid = clientOrderId(body);
    const stpMode = stp(body);
    const reduceOnly = optBool(body, 'reduceOnly') ?? false;
    const ps = this.positionSide(account, body, s, reduceOnly);
    let price: bigint | null = null;
    if (type !== 'stop market') {
      price = bbo
        ? bboPrice(this.engine, m, s, body)
        : toUnits(checkPrice(m, 'price', body['price']), m.moneyPrec);
      checkTotal(m, amount, unitsToDecimal(price, m.moneyPrec));
    }
    const activation =
      type === 'limit'
        ? null
        : toUnits(checkPrice(m, 'activation_price', body['activation_price']), m.moneyPrec);
    this.checkMargin(account, m, s, ps, amount, reduceOnly, price);
    uniqueClientId(this.engine, account, m, cid);
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
  oco(account: Account, body: Body): unknown {
    const m = collateralMarket(this.state, account, body);
    const limit = this.place(account, { ...body, clientOrderId: body['clientOrderId'] }, 'limit');
    let stop: Order;
    try {
      stop = this.place(
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
  oto(account: Account, body: Body): unknown {
    const m = collateralMarket(this.state, account, body);
    const sl = body['stopLoss'] === undefined ? undefined : checkPrice(m, 'stopLoss', body['stopLoss']);
    const tp = body['takeProfit'] === undefined ? undefined : checkPrice(m, 'takeProfit', body['takeProfit']);
    if (!sl && !tp) throw fieldError('stop_loss', 'A stop_loss or take_profit price is required.');
    const primary = this.place(account, body, 'limit');
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
  tpsl(account: Account, body: Body): unknown {
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
    const leg = (price: Decimal, above: boolean, kind: TpSlKind): Order =>
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
        tpsl: kind,
        positionId: pos.positionId,
        stp: stpMode,
      });
    const takeProfit = leg(tp, long, 'take_profit');
    const stopLoss = leg(sl, !long, 'stop_loss');
    this.engine.checkStops(m.name);
    return { take_profit: this.tpslLeg(takeProfit), stop_loss: this.tpslLeg(stopLoss) };
  }

  /** A leg as `collateral_order_tpsl_place` answers it: the order's trigger fields, no fills yet. */
  private tpslLeg(o: Order): Record<string, unknown> {
    const order = this.json(o);
    const out: Record<string, unknown> = {};
    for (const k of TPSL_LEG_FIELDS) out[k] = order[k];
    return out;
  }

  modify(account: Account, old: Order, body: Body): Order {
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
      return this.place(account, next, old.type === 'stop limit' ? 'stop limit' : 'limit');
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
      const positionId = this.positions.get(p.owner, p.market, p.positionSide ?? 'BOTH')?.positionId;
      for (const [price, above, kind] of [
        [oto.takeProfit, long, 'take_profit'],
        [oto.stopLoss, !long, 'stop_loss'],
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
          tpsl: kind,
          ...(positionId === undefined ? {} : { positionId }),
          stp: p.stp,
        });
      }
      // legs of an order that closed (or only reduced) the other side have no position to close
      this.positions.changed.add(p.owner);
      sweepClosed(this.engine, this.positions);
      this.engine.checkStops(p.market);
    }
  }
}
