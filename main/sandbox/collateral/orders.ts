/**
 * Collateral limit, stop-limit, trigger-market, OCO, OTO and TP/SL orders, one set of rules for REST
 * (`order/collateral/*`) and the WebSocket (`collateral_order_*_place`). The links between linked
 * orders are acted on by `OrderLinks` (`order-links.ts`).
 */
import { Decimal } from 'decimal.js';
import type { Engine } from '../engine/engine.ts';
import type { Order, PositionSide, TpSlKind } from '../engine/order.ts';
import { toUnits, unitsToDecimal } from '../engine/units.ts';
import { fieldError, tradeError, validationError } from '../http/errors.ts';
import { optBool } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import { notEnough } from '../ledger.ts';
import { collateralMarket, sweepClosed } from '../routes/collateral.ts';
import {
  checkAmount,
  checkPrice,
  checkTotal,
  clientOrderId,
  limitFlags,
  side,
  stp,
} from '../routes/order-rules.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import { bboPrice, uniqueClientId } from '../ws/order-helpers.ts';
import { OrderLinks } from './order-links.ts';
import type { Positions } from './positions.ts';
import { effectiveLeverage } from './positions.ts';

export type CollateralType = 'limit' | 'stop limit' | 'stop market';

/** Margin the exchange asks of a new position: its value at the account's leverage, plus fees. */
const MARGIN_FEE_FACTOR = '1.002';

/** An OCO pair as placed: the limit leg (its take-profit side) and the stop-limit leg. */
export interface OcoPair {
  limit: Order;
  stop: Order;
}

interface PlaceOptions {
  /** The WebSocket's BBO methods: the price is the book's best (role 1 unless given). */
  bbo?: boolean;
  /** Margin checked already (the second leg of an OCO, which can only execute instead of the first). */
  marginChecked?: boolean;
}

export class CollateralOrders {
  private readonly state: SandboxState;
  private readonly engine: Engine;
  private readonly positions: Positions;
  /** The links between orders: the OCO legs and the OTO orders whose legs wait. */
  private readonly links: OrderLinks;

  constructor(state: SandboxState, engine: Engine, positions: Positions) {
    this.state = state;
    this.engine = engine;
    this.positions = positions;
    this.links = new OrderLinks(engine, positions);
  }

  /** Finds the links again among the engine's orders (after its state was restored). */
  relink(): void {
    this.links.relink();
  }

  /** Acts on the links: run after every change of orders or prices. */
  sweep(): void {
    this.links.sweep();
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

  /** A collateral limit, stop-limit or trigger-market order, with its OTO legs when asked. */
  place(account: Account, body: Body, type: CollateralType, options: PlaceOptions = {}): Order {
    const m = collateralMarket(this.state, account, body);
    const s = side(body);
    const amount = checkAmount(m, body['amount']);
    const cid = clientOrderId(body);
    const stpMode = stp(body);
    const reduceOnly = optBool(body, 'reduceOnly') ?? false;
    const flags =
      type === 'limit'
        ? limitFlags(this.state, account, options.bbo ? { ...body, bboRole: body['bboRole'] ?? 1 } : body)
        : undefined;
    if (type !== 'limit' && (optBool(body, 'postOnly') || optBool(body, 'ioc') || optBool(body, 'rpi')))
      throw validationError({ postOnly: ['postOnly, ioc and rpi are taken by limit orders only.'] });
    const stopLoss = body['stopLoss'] == null ? undefined : checkPrice(m, 'stopLoss', body['stopLoss']);
    const takeProfit =
      body['takeProfit'] == null ? undefined : checkPrice(m, 'takeProfit', body['takeProfit']);
    if (reduceOnly && (stopLoss || takeProfit))
      throw validationError({ reduceOnly: ['stopLoss and takeProfit cannot be combined with reduceOnly.'] });
    const ps = this.positionSide(account, body, s, reduceOnly);
    let price: bigint | null = null;
    if (type !== 'stop market') {
      const role = flags?.bboRole ?? (body['bboRole'] == null ? undefined : body['bboRole']);
      const noPrice = body['price'] === undefined || body['price'] === null || body['price'] === '';
      price =
        options.bbo || (role !== undefined && (type === 'limit' || noPrice))
          ? bboPrice(this.engine, m, s, body)
          : toUnits(checkPrice(m, 'price', body['price']), m.moneyPrec);
      checkTotal(m, amount, unitsToDecimal(price, m.moneyPrec));
    }
    const activation =
      type === 'limit'
        ? null
        : toUnits(checkPrice(m, 'activation_price', body['activation_price']), m.moneyPrec);
    if (!options.marginChecked) this.checkMargin(account, m, s, ps, amount, reduceOnly, price);
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
      ...(flags ? { postOnly: flags.postOnly, ioc: flags.ioc, rpi: flags.rpi } : {}),
    });
    if (stopLoss || takeProfit) {
      order.otoLegs = {
        ...(stopLoss ? { stopLoss: toUnits(stopLoss, m.moneyPrec) } : {}),
        ...(takeProfit ? { takeProfit: toUnits(takeProfit, m.moneyPrec) } : {}),
      };
      order.oto = {
        otoId: order.id,
        ...(stopLoss ? { stopLoss: stopLoss.toFixed() } : {}),
        ...(takeProfit ? { takeProfit: takeProfit.toFixed() } : {}),
      };
      this.links.watch(order);
    }
    sweepClosed(this.engine, this.positions);
    this.engine.checkStops(m.name);
    return order;
  }

  /**
   * Margin an order of this account's open collateral orders holds: what each would need if it
   * executed now (an OCO pair counts once, by its limit leg); reduce-only orders need none.
   */
  private openOrderMargin(account: Account): Decimal {
    let held = new Decimal(0);
    for (const o of this.engine.openOrders(account.id)) {
      if (!o.collateral || o.reduceOnly || o.tpsl) continue;
      if (o.ocoPeer !== undefined && o.activationPrice !== null && this.engine.orders.get(o.ocoPeer)?.open)
        continue;
      const m = this.state.markets.get(o.market) as MarketDef;
      const at =
        o.limitPrice !== null
          ? unitsToDecimal(o.limitPrice, m.moneyPrec)
          : unitsToDecimal(o.activationPrice ?? 0n, m.moneyPrec);
      held = held.plus(unitsToDecimal(o.left, m.stockPrec).times(at).div(effectiveLeverage(account, m)));
    }
    return held.times(MARGIN_FEE_FACTOR);
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
    const need = amount.times(at).div(effectiveLeverage(account, m)).times(MARGIN_FEE_FACTOR);
    const free = this.positions.freeMargin(account, m.money).minus(this.openOrderMargin(account));
    if (need.gt(free)) throw notEnough();
  }

  /**
   * OCO: a limit order at `price` and a stop-limit order triggered at `activation_price` that then
   * rests at `stop_limit_price`, same side and amount; when either executes the other is canceled.
   */
  oco(account: Account, body: Body): OcoPair {
    const m = collateralMarket(this.state, account, body);
    const s = side(body);
    const amount = checkAmount(m, body['amount']);
    const reduceOnly = optBool(body, 'reduceOnly') ?? false;
    const ps = this.positionSide(account, body, s, reduceOnly);
    const limitPrice = checkPrice(m, 'price', body['price']);
    const stopLimitPrice = checkPrice(m, 'stop_limit_price', body['stop_limit_price']);
    checkPrice(m, 'activation_price', body['activation_price']);
    const { stopLoss: _sl, takeProfit: _tp, bboRole: _role, ...plain } = body;
    // the pair is one exposure (only one leg can execute): the margin of its dearer leg, once
    const dearer = Decimal.max(limitPrice, stopLimitPrice);
    this.checkMargin(account, m, s, ps, amount, reduceOnly, toUnits(dearer, m.moneyPrec));
    const first = this.place(account, plain, 'limit', { marginChecked: true });
    let stop: Order;
    try {
      stop = this.place(
        account,
        { ...plain, clientOrderId: undefined, price: body['stop_limit_price'] },
        'stop limit',
        { marginChecked: true },
      );
    } catch (e) {
      if (first.open) this.engine.cancel(first);
      throw e;
    }
    first.ocoPeer = stop.id;
    stop.ocoPeer = first.id;
    this.links.watch(first);
    this.links.watch(stop);
    return { limit: first, stop };
  }

  /** A new take-profit / stop-loss pair on the open position; earlier pairs stay. */
  tpsl(account: Account, body: Body): { takeProfit: Order; stopLoss: Order } {
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
    return { takeProfit, stopLoss };
  }

  /**
   * A new price, amount or activation price for a resting collateral limit, stop-limit or
   * trigger-market order: the order is replaced under the same rules (a rejected change leaves it as
   * it was) and keeps its links (its OCO peer, its waiting OTO legs).
   */
  modify(account: Account, old: Order, body: Body): Order {
    const m = this.state.markets.get(old.market) as MarketDef;
    // an activated stop-limit order rests as a limit order: it changes as one
    const type: CollateralType = old.activated ? 'limit' : (old.type as CollateralType);
    const next: Body = {
      market: old.market,
      side: old.side,
      amount: body['amount'] ?? unitsToDecimal(old.left, m.stockPrec).toFixed(),
      stp: body['stp'] ?? old.stp,
      positionSide: old.positionSide,
      reduceOnly: old.reduceOnly,
      ...(old.clientOrderId ? { clientOrderId: old.clientOrderId } : {}),
    };
    if (type !== 'stop market')
      next['price'] = body['price'] ?? unitsToDecimal(old.limitPrice ?? 0n, m.moneyPrec).toFixed();
    if (type === 'limit' && old.postOnly && !old.rpi) next['postOnly'] = true;
    if (type === 'limit' && old.rpi) next['rpi'] = true;
    if (type !== 'limit')
      next['activation_price'] =
        body['activationPrice'] ?? unitsToDecimal(old.activationPrice ?? 0n, m.moneyPrec).toFixed();
    this.engine.cancel(old);
    let placed: Order;
    try {
      // an OCO pair's margin was checked for the pair; the replaced leg keeps within it
      placed = this.place(account, next, type, { marginChecked: old.ocoPeer !== undefined });
    } catch (e) {
      this.engine.reopen(old);
      throw e;
    }
    if (old.otoLegs) {
      placed.otoLegs = old.otoLegs;
      placed.oto = { ...(old.oto ?? {}), otoId: placed.id };
      delete old.otoLegs;
      this.links.watch(placed);
    }
    const peer = old.ocoPeer === undefined ? undefined : this.engine.orders.get(old.ocoPeer);
    if (peer) {
      peer.ocoPeer = placed.id;
      placed.ocoPeer = peer.id;
      delete old.ocoPeer;
      this.links.unwatch(old);
      this.links.watch(placed);
    }
    return placed;
  }
}
