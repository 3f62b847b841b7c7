/** Ledger side of a fill: spot balances move here; collateral fills are delegated to the positions module. */
import { LEDGER_SCALE, spot, toLedger } from '../ledger.ts';
import type { Account, MarketDef } from '../state.ts';
import type { Order } from './order.ts';
import { pow10 } from './units.ts';

export interface FillFee {
  /** Ledger units (10^-18) of `feeAsset`. */
  fee: bigint;
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

const E18 = pow10(LEDGER_SCALE);
const rates = new Map<string, bigint>();

/** A fee rate as a fraction of 10^18 (cached: rates are a handful of strings). */
export function rateUnits(rate: string): bigint {
  let r = rates.get(rate);
  if (r === undefined) rates.set(rate, (r = toLedger(rate)));
  return r;
}

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
  const quoteToLedger = pow10(LEDGER_SCALE - m.moneyPrec - m.stockPrec);
  const qtyL = qty * pow10(LEDGER_SCALE - m.stockPrec);
  if (o.side === 'buy') {
    const paid = o.limitPrice !== null && !o.quoteAmount ? o.limitPrice * qty : money;
    o.frozen -= paid;
    const q = spot(acc, m.money);
    q.freeze -= paid * quoteToLedger;
    q.available += (paid - money) * quoteToLedger;
    const fee = (qtyL * rateUnits(rate)) / E18;
    spot(acc, m.stock).available += qtyL - fee;
    return { fee, feeAsset: m.stock };
  }
  o.frozen -= qty;
  spot(acc, m.stock).freeze -= qtyL;
  const moneyL = money * quoteToLedger;
  const fee = (moneyL * rateUnits(rate)) / E18;
  spot(acc, m.money).available += moneyL - fee;
  return { fee, feeAsset: m.money };
}
