/** WebSocket shapes of engine records: orders as `ordersPending` sends them, deals, positions. */
import { Decimal } from 'decimal.js';
import type { Positions, Position } from '../collateral/positions.ts';
import { effectiveLeverage, liquidationPrice } from '../collateral/positions.ts';
import type { Deal } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { orderJson } from '../engine/order.ts';
import { fromUnits } from '../engine/units.ts';
import { collateralBalance, ledgerString, spot } from '../ledger.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import { indexPrice, markPrice } from '../routes/public.ts';

/** Order object of `ordersPending_update` and of every order method's answer (snake_case). */
export function wsOrder(o: Order, m: MarketDef): Record<string, unknown> {
  const rest = orderJson(o, m);
  const out: Record<string, unknown> = {
    id: o.id,
    market: o.market,
    type: o.type,
    side: o.side,
    ctime: o.timestamp,
    mtime: o.timestamp,
    amount: rest['amount'],
    left: rest['left'],
    deal_stock: rest['dealStock'],
    deal_money: rest['dealMoney'],
    deal_fee: rest['dealFee'],
    fee_asset: o.feeAsset,
    client_order_id: o.clientOrderId,
    post_only: o.postOnly,
    ioc: o.ioc,
    rpi: o.rpi,
    retail: o.retail,
    stp: o.stp,
    // NEW is the WebSocket's own value for an open order nothing happened to yet
    status: o.status ?? 'NEW',
  };
  if (rest['price'] !== undefined) out['price'] = rest['price'];
  if (rest['activation_price'] !== undefined) {
    out['activation_price'] = rest['activation_price'];
    out['activated'] = o.activated;
  }
  if (o.positionSide) out['position_side'] = o.positionSide;
  if (o.reduceOnly !== undefined) out['reduce_only'] = o.reduceOnly;
  if (o.otoId !== undefined) out['oto_id'] = o.otoId;
  if (o.oto) out['oto'] = o.oto;
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

/** `deals_update` params: `[id, time, market, orderId, price, amount, fee, clientOrderId, side, role, feeAsset]`. */
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
    d.side,
    d.role,
    d.feeAsset,
  ];
}

/** A deal record of `deals_request`. */
export function dealRecord(state: SandboxState, d: Deal): Record<string, unknown> {
  const u = dealUnits(state, d);
  return {
    id: d.id,
    time: d.time,
    market: d.market,
    side: d.side,
    role: d.role,
    price: u.price,
    amount: u.amount,
    deal: u.deal,
    fee: fromUnits(d.fee, 18),
    fee_asset: d.feeAsset,
    deal_order_id: d.orderId,
    client_order_id: d.clientOrderId,
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

export function marginBalances(
  state: SandboxState,
  positions: Positions,
  a: Account,
  tickers: readonly string[],
): Record<
  string,
  { balance: string; borrow: string; available_without_borrow: string; available_with_borrow: string }
> {
  const out: Record<
    string,
    { balance: string; borrow: string; available_without_borrow: string; available_with_borrow: string }
  > = {};
  for (const t of tickers.length > 0 ? tickers : [...state.assets.keys()]) {
    const balance = collateralBalance(a, t);
    const free = Decimal.max(0, positions.freeMargin(a, t));
    out[t] = {
      balance: balance.toFixed(),
      borrow: '0',
      available_without_borrow: free.toDecimalPlaces(8).toFixed(),
      available_with_borrow: free.toDecimalPlaces(8).toFixed(),
    };
  }
  return out;
}

function positionRecord(state: SandboxState, a: Account, p: Position): Record<string, unknown> {
  const m = state.markets.get(p.market) as MarketDef;
  const lev = effectiveLeverage(a, m);
  const last = new Decimal(state.lastPrices.get(p.market) || m.basePrice);
  const margin = p.amount.abs().times(p.basePrice).div(lev);
  const pnl = last.minus(p.basePrice).times(p.amount);
  return {
    position_id: p.positionId,
    market: p.market,
    open_date: p.openDate,
    modify_date: p.modifyDate,
    amount: p.amount.toFixed(),
    base_price: p.basePrice.toDecimalPlaces(8).toFixed(),
    liquidation_price: liquidationPrice(p, lev),
    liquidation_state: p.liquidationState,
    pnl: pnl.toDecimalPlaces(8).toFixed(),
    margin: margin.toDecimalPlaces(8).toFixed(),
    realized_funding: p.realizedFunding.toFixed(),
    position_side: p.side,
    is_hedge: p.isHedge,
  };
}

/** `positionsMargin` params: an object `{total, records}`. */
export function positionsParams(
  state: SandboxState,
  positions: Positions,
  a: Account,
  markets: readonly string[],
): { total: number; records: Array<Record<string, unknown>> } {
  const records = positions
    .of(a.id)
    .filter((p) => markets.length === 0 || markets.includes(p.market))
    .sort((x, y) => x.positionId - y.positionId)
    .map((p) => positionRecord(state, a, p));
  return { total: records.length, records };
}

/**
 * ADL rank of each open futures position, 0 (last in line) to 4 (first): profitable positions with a
 * high return on margin are deleveraged first.
 */
export function adlRecords(
  state: SandboxState,
  positions: Positions,
  a: Account,
): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const p of positions.of(a.id).sort((x, y) => x.positionId - y.positionId)) {
    const m = state.markets.get(p.market);
    if (!m || m.type !== 'futures' || p.amount.isZero()) continue;
    const last = new Decimal(state.lastPrices.get(p.market) || m.basePrice);
    const margin = p.amount.abs().times(p.basePrice).div(effectiveLeverage(a, m));
    const ratio = margin.isZero() ? new Decimal(0) : last.minus(p.basePrice).times(p.amount).div(margin);
    const quantile = ratio.lte(0) ? 0 : Math.min(4, ratio.div('0.05').floor().toNumber() + 1);
    out.push({ market: p.market, position_side: p.side, quantile });
  }
  return out;
}

/** `premiumIndex_update` params: `[market, {mark_price, index_price, funding_rate, next_funding_time, time}]`. */
export function premiumParams(state: SandboxState, m: MarketDef, fundingPeriodMs: number): unknown[] {
  const now = state.now();
  return [
    m.name,
    {
      mark_price: markPrice(state, m) || state.lastPrices.get(m.name) || m.basePrice,
      index_price: indexPrice(state, m),
      funding_rate: m.fundingRate,
      next_funding_time: Math.floor(now / fundingPeriodMs + 1) * (fundingPeriodMs / 1000),
      time: now / 1000,
    },
  ];
}
