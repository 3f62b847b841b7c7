/** Engine records and requests: deals, placement requests, persistence snapshots. */
import type { Side, Stp } from './book.ts';
import type { Order, OrderType, PositionSide, TpSlKind } from './order.ts';

export interface Deal {
  id: number;
  time: number;
  market: string;
  accountId: string;
  orderId: number;
  /** The other side's order (absent in deals kept before it was recorded). */
  dealOrderId?: number;
  clientOrderId: string;
  side: Side;
  role: 1 | 2;
  /** Base units of the market (10^-stockPrec). */
  amount: bigint;
  /** Price units (10^-moneyPrec). */
  price: bigint;
  /** Quote units (10^-(moneyPrec+stockPrec)). */
  deal: bigint;
  /** Ledger units (10^-18) of the fee asset. */
  fee: bigint;
  feeAsset: string;
}

export interface PlaceRequest {
  owner: string;
  market: string;
  side: Side;
  type: OrderType;
  /** Base units, or quote units (10^-(moneyPrec+stockPrec)) when quoteAmount. */
  amount: bigint;
  quoteAmount?: boolean;
  price?: bigint | null;
  activationPrice?: bigint | null;
  clientOrderId?: string;
  postOnly?: boolean;
  ioc?: boolean;
  rpi?: boolean;
  retail?: boolean;
  stp?: Stp;
  collateral?: boolean;
  positionSide?: PositionSide;
  reduceOnly?: boolean;
  /** Stop trigger direction when it is not the side's default (TP/SL legs). */
  triggerAbove?: boolean;
  otoId?: number;
  tpsl?: TpSlKind;
  /** The position a TP/SL leg belongs to. */
  positionId?: number;
}

export interface EngineSnapshot {
  orders: Order[];
  deals: Deal[];
  nextOrderId: number;
  nextDealId: number;
}
