/** WebSocket shapes of engine records: orders as `ordersPending` sends them, deals, spot balances. */
import type { Deal } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { orderJson } from '../engine/order.ts';
import { fromUnits } from '../engine/units.ts';
import { ledgerString, spot } from '../ledger.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import { sideCode, typeCode } from './codes.ts';

/**
 * The order object of `ordersPending` (records and pushes) and `ordersExecuted_update`, as the exchange
 * publishes it: snake_case, numeric `side` (1 sell, 2 buy) and `type` (its order-type table), `price`
 * "0" for an order without a limit price, an open order's `status` `NEW` (the spec's word; the
 * published examples show `OPEN`), `position_side` on a collateral order, `rpi` and `reduce_only`
 * always, `retail` only on an order placed with it. A stop order's trigger is not among its fields.
 */
export function pushedOrder(o: Order, m: MarketDef): Record<string, unknown> {
  const rest = orderJson(o, m);
  const out: Record<string, unknown> = {
    id: o.id,
    market: o.market,
    type: typeCode(o),
    side: sideCode(o.side),
    post_only: o.postOnly,
    ioc: o.ioc,
    ctime: o.timestamp,
    mtime: o.finishedAt ?? o.timestamp,
    price: rest['price'] ?? '0',
    amount: rest['amount'],
    left: rest['left'],
    deal_stock: rest['dealStock'],
    deal_money: rest['dealMoney'],
    deal_fee: rest['dealFee'],
    client_order_id: o.clientOrderId,
    stp: o.stp,
    status: o.status ?? 'NEW',
  };
  if (o.collateral) out['position_side'] = o.positionSide ?? 'BOTH';
  out['rpi'] = o.rpi;
  if (o.retail) out['retail'] = true;
  out['reduce_only'] = o.reduceOnly ?? false;
  return out;
}

/**
 * The order as an order method (`order_*_place`, `collateral_order_*_place`, `order_modify`) answers
 * it: the pushed order with a stop order's trigger (`activation_price`, `activation_condition`,
 * `activated` 0/1) and its OTO links (these answers are published as pages, not as AsyncAPI files).
 */
export function wsOrder(o: Order, m: MarketDef): Record<string, unknown> {
  const out = pushedOrder(o, m);
  if (o.activationPrice !== null) {
    out['activation_price'] = orderJson(o, m)['activation_price'];
    out['activation_condition'] = (o.triggerAbove ?? o.side === 'buy') ? 'gte' : 'lte';
    out['activated'] = o.activated ? 1 : 0;
  }
  if (o.otoId !== undefined) out['oto_id'] = o.otoId;
  if (o.oto) out['oto'] = o.oto;
  return out;
}

/**
 * A finished order as `ordersExecuted_request` lists it: `ctime`, `ftime`, `source` and `fee_asset`
 * in place of `mtime` and `left`.
 */
export function executedRecord(o: Order, m: MarketDef): Record<string, unknown> {
  const order = pushedOrder(o, m);
  const keep = ['id', 'market', 'type', 'side', 'post_only', 'ioc', 'price', 'amount'] as const;
  const out: Record<string, unknown> = {
    ctime: o.timestamp,
    ftime: o.finishedAt ?? o.timestamp,
    source: 'api',
  };
  for (const k of keep) out[k] = order[k];
  Object.assign(out, {
    deal_stock: order['deal_stock'],
    deal_money: order['deal_money'],
    deal_fee: order['deal_fee'],
    client_order_id: o.clientOrderId,
    stp: o.stp,
    status: order['status'],
    ...(order['position_side'] === undefined ? {} : { position_side: order['position_side'] }),
    rpi: o.rpi,
    ...(o.retail ? { retail: true } : {}),
    reduce_only: o.reduceOnly ?? false,
    fee_asset: o.feeAsset || m.money,
  });
  return out;
}

/** Cheap change signature of an open order (what an `ordersPending` update 2 reports). */
export function orderSignature(o: Order): string {
  return `${o.left}|${o.dealStock}|${o.dealMoney}|${o.status ?? ''}|${o.activated}|${o.activationPrice}|${o.limitPrice}`;
}

function dealUnits(state: SandboxState, d: Deal): { amount: string; price: string; deal: string } {
  const m = state.markets.get(d.market);
  const sp = m?.stockPrec ?? 0;
  const mp = m?.moneyPrec ?? 0;
  return {
    amount: fromUnits(d.amount, sp),
    price: fromUnits(d.price, mp),
    deal: fromUnits(d.deal, mp + sp),
  };
}

/**
 * `deals_update` params: `[id, time, market, orderId, price, amount, fee, clientOrderId, side, role,
 * feeAsset]`, side 1 sell / 2 buy, role 1 maker / 2 taker.
 */
export function dealParams(state: SandboxState, d: Deal): unknown[] {
  const u = dealUnits(state, d);
  return [
    d.id,
    d.time,
    d.market,
    d.orderId,
    u.price,
    u.amount,
    fromUnits(d.fee, 18),
    d.clientOrderId,
    sideCode(d.side),
    d.role,
    d.feeAsset,
  ];
}

/** A deal record of `deals_request`: `order_id` the account's order, `deal_order_id` the other side's. */
export function dealRecord(state: SandboxState, d: Deal): Record<string, unknown> {
  const u = dealUnits(state, d);
  return {
    time: d.time,
    id: d.id,
    side: sideCode(d.side),
    role: d.role,
    price: u.price,
    amount: u.amount,
    deal: u.deal,
    fee: fromUnits(d.fee, 18),
    order_id: d.orderId,
    deal_order_id: d.dealOrderId ?? 0,
    market: d.market,
    client_order_id: d.clientOrderId,
    fee_asset: d.feeAsset,
  };
}

export function spotBalances(
  state: SandboxState,
  a: Account,
  tickers: readonly string[],
): Record<string, { available: string; freeze: string }> {
  const out: Record<string, { available: string; freeze: string }> = {};
  for (const t of tickers.length > 0 ? tickers : [...state.assets.keys()]) {
    const b = spot(a, t);
    out[t] = { available: ledgerString(b.available), freeze: ledgerString(b.freeze) };
  }
  return out;
}
