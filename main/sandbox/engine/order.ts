/** The engine's order record and its REST shape. */
import type { MarketDef } from '../state.ts';
import type { Resting, Stp } from './book.ts';
import type { PlaceRequest } from './types.ts';
import { fromUnits } from './units.ts';

export type OrderType = 'limit' | 'market' | 'stock market' | 'stop limit' | 'stop market';
export type PositionSide = 'LONG' | 'SHORT' | 'BOTH';
export type TpSlKind = 'take_profit' | 'stop_loss';

export interface Order extends Resting {
  clientOrderId: string;
  market: string;
  type: OrderType;
  /** Unix seconds with microsecond fraction. */
  timestamp: number;
  /** Base units; quote units (10^-(moneyPrec+stockPrec)) when `quoteAmount`. */
  amount: bigint;
  quoteAmount: boolean;
  /** Limit price (limit, stop limit); null for market shapes. */
  limitPrice: bigint | null;
  dealStock: bigint;
  /** Quote units 10^-(moneyPrec+stockPrec). */
  dealMoney: bigint;
  /** Ledger units (10^-18) of the fee asset. */
  dealFee: bigint;
  feeAsset: string;
  postOnly: boolean;
  ioc: boolean;
  retail: boolean;
  stp: Stp;
  /** Undefined while open and untouched (REST has no value for that state). */
  status: string | undefined;
  activationPrice: bigint | null;
  activated: boolean;
  /** Still frozen for this order: quote units for buys, base units for sells. */
  frozen: bigint;
  open: boolean;
  /** Unix seconds when the order finished (filled or cancelled); undefined while open. */
  finishedAt?: number;
  /** Collateral order: settles into positions instead of the spot balance. */
  collateral?: boolean;
  triggerAbove?: boolean;
  otoId?: number;
  /** A take-profit or stop-loss leg of a position: it only ever closes that position. */
  tpsl?: TpSlKind;
  /** The position a TP/SL leg belongs to: when that position closes or reverses, the leg is canceled. */
  positionId?: number;
  /** Collateral order fields. */
  positionSide?: PositionSide;
  reduceOnly?: boolean;
  oto?: { otoId: number; stopLoss?: string; takeProfit?: string };
  /** The other leg of an OCO pair: when either executes or ends, the other is canceled. */
  ocoPeer?: number;
  /** OTO legs (activation prices) placed once this order has executed. */
  otoLegs?: { stopLoss?: bigint; takeProfit?: bigint };
  /** Ended by its market's delisting: canceled then, or the reverse order that closed a position. */
  delisting?: 'canceled' | 'reverse';
}

/** A new order's record as `req` places it (at `timestamp`, Unix seconds): nothing frozen, tracked or matched yet. */
export function newOrder(id: number, req: PlaceRequest, market: string, timestamp: number): Order {
  const price = req.price ?? null;
  const order: Order = {
    id,
    owner: req.owner,
    side: req.side,
    price: price ?? 0n,
    left: req.quoteAmount ? 0n : req.amount,
    rpi: req.rpi ?? false,
    clientOrderId: req.clientOrderId ?? '',
    market,
    type: req.type,
    timestamp,
    amount: req.amount,
    quoteAmount: req.quoteAmount ?? false,
    limitPrice: price,
    dealStock: 0n,
    dealMoney: 0n,
    dealFee: 0n,
    feeAsset: '',
    postOnly: req.postOnly ?? false,
    ioc: req.ioc ?? false,
    retail: req.retail ?? false,
    stp: req.stp ?? 'no',
    status: undefined,
    activationPrice: req.activationPrice ?? null,
    activated: false,
    frozen: 0n,
    open: true,
  };
  if (req.collateral) {
    order.collateral = true;
    if (req.positionSide) order.positionSide = req.positionSide;
    order.reduceOnly = req.reduceOnly ?? false;
    if (req.triggerAbove !== undefined) order.triggerAbove = req.triggerAbove;
    if (req.otoId !== undefined) order.otoId = req.otoId;
    if (req.tpsl !== undefined) order.tpsl = req.tpsl;
    if (req.positionId !== undefined) order.positionId = req.positionId;
  }
  return order;
}

/** How a reduce-only order ends when its position is gone: a TP/SL leg canceled, others auto-canceled. */
export function reduceOnlyEnd(o: Order): string {
  return o.otoId !== undefined || o.tpsl !== undefined ? 'CANCELED' : 'AUTO_CANCELED_REDUCE_ONLY';
}

export function orderJson(o: Order, m: MarketDef): Record<string, unknown> {
  const sp = m.stockPrec;
  const mp = m.moneyPrec;
  const amountScale = o.quoteAmount ? mp + sp : sp;
  const rest = o.quoteAmount ? o.amount - o.dealMoney : o.left;
  const left = o.status === 'FILLED' ? 0n : rest;
  const out: Record<string, unknown> = {
    orderId: o.id,
    clientOrderId: o.clientOrderId,
    market: o.market,
    side: o.side,
    type: o.type,
    timestamp: o.timestamp,
    dealMoney: fromUnits(o.dealMoney, mp + sp),
    dealStock: fromUnits(o.dealStock, sp),
    amount: fromUnits(o.amount, amountScale),
    left: fromUnits(left, amountScale),
    dealFee: fromUnits(o.dealFee, 18),
  };
  if (o.feeAsset) out['feeAsset'] = o.feeAsset;
  if (o.limitPrice !== null) out['price'] = fromUnits(o.limitPrice, mp);
  if (o.postOnly) out['postOnly'] = true;
  out['ioc'] = o.ioc;
  if (o.status !== undefined) out['status'] = o.status;
  out['stp'] = o.stp;
  out['rpi'] = o.rpi;
  out['retail'] = o.retail;
  if (o.activationPrice !== null) {
    out['activation_price'] = fromUnits(o.activationPrice, mp);
    out['activated'] = o.activated;
  }
  if (o.positionSide) out['positionSide'] = o.positionSide;
  if (o.reduceOnly !== undefined) out['reduceOnly'] = o.reduceOnly;
  if (o.oto) out['oto'] = o.oto;
  return out;
}
