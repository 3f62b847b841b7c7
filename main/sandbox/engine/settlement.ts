/** Ledger side of a fill: spot balances move here; collateral fills are delegated to the positions module. */
import { Decimal } from 'decimal.js';
import { spot } from '../ledger.ts';
import type { Account, MarketDef } from '../state.ts';
import type { Order } from './order.ts';
import { unitsToDecimal } from './units.ts';

export interface FillFee {
  fee: Decimal;
  feeAsset: string;
}

export type CollateralFill = (
  o: Order,
  acc: Account,
  price: bigint,
  qty: bigint,
  rate: string,
  m: MarketDef,
) => FillFee;

/** Spot fill: the buyer pays quote from what it froze and gets base less fee; the seller the reverse. */
export function settleSpot(
  o: Order,
  acc: Account,
  price: bigint,
  qty: bigint,
  rate: string,
  m: MarketDef,
): FillFee {
  const money = price * qty;
  const scale = m.moneyPrec + m.stockPrec;
  const qtyD = unitsToDecimal(qty, m.stockPrec);
  if (o.side === 'buy') {
    const paid = o.limitPrice !== null && !o.quoteAmount ? o.limitPrice * qty : money;
    const refund = paid - money;
    o.frozen -= paid;
    const q = spot(acc, m.money);
    q.freeze = q.freeze.minus(unitsToDecimal(paid, scale));
    if (refund > 0n) q.available = q.available.plus(unitsToDecimal(refund, scale));
    const fee = qtyD.times(rate);
    const b = spot(acc, m.stock);
    b.available = b.available.plus(qtyD.minus(fee));
    return { fee, feeAsset: m.stock };
  }
  o.frozen -= qty;
  const b = spot(acc, m.stock);
  b.freeze = b.freeze.minus(qtyD);
  const moneyD = unitsToDecimal(money, scale);
  const fee = moneyD.times(rate);
  const q = spot(acc, m.money);
  q.available = q.available.plus(moneyD.minus(fee));
  return { fee, feeAsset: m.money };
}

export const ZERO_FEE: FillFee = { fee: new Decimal(0), feeAsset: '' };
