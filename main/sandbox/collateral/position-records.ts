/**
 * Position history records: one per order that changed a position (its identity is `orderDetail.id`).
 * A further fill of the same order replaces that order's record with the state after it, the trade
 * amount, fee and realized PnL summed and the price averaged over the fills. Records of different
 * orders stay apart even when they share `modifyDate`.
 */
import { Decimal } from 'decimal.js';

export interface HistoryRecord {
  accountId: string;
  record: Record<string, unknown>;
}

/** The position fields a record reads. */
interface PositionLike {
  positionId: number;
  accountId: string;
  market: string;
  openDate: number;
  amount: Decimal;
  basePrice: Decimal;
  realizedFunding: Decimal;
  liquidationState: 'margin_call' | 'liquidation' | null;
  side: 'LONG' | 'SHORT' | 'BOTH';
  isHedge: boolean;
}

export interface Change {
  orderId: number;
  qty: Decimal;
  price: Decimal;
  fee: Decimal;
  pnl: Decimal;
  /** Unix seconds with a fraction. */
  now: number;
  liquidationPrice: string | null;
  moneyPrec: number | undefined;
}

const keyOf = (accountId: string, positionId: number, orderId: number) =>
  `${accountId}|${positionId}|${orderId}`;

export class PositionRecords {
  readonly history: HistoryRecord[] = [];
  /** The history record of each (account, position, order), for fills of an order already recorded. */
  readonly #byOrder = new Map<string, HistoryRecord>();

  restore(history: HistoryRecord[]): void {
    this.history.splice(0, this.history.length, ...history);
    this.#byOrder.clear();
    for (const h of this.history) {
      const detail = h.record['orderDetail'] as { id: number };
      this.#byOrder.set(keyOf(h.accountId, h.record['positionId'] as number, detail.id), h);
    }
  }

  add(p: PositionLike, change: Change): void {
    const { orderId, qty, price, fee, pnl, now } = change;
    const key = keyOf(p.accountId, p.positionId, orderId);
    const prior = this.#byOrder.get(key);
    let trade = { qty, value: qty.times(price), fee, pnl };
    if (prior) {
      const d = prior.record['orderDetail'] as Record<string, string | null>;
      const priorQty = new Decimal(d['tradeAmount'] ?? '0');
      trade = {
        qty: qty.plus(priorQty),
        value: trade.value.plus(priorQty.times(d['price'] ?? '0')),
        fee: fee.plus(d['tradeFee'] ?? '0'),
        pnl: pnl.plus(d['realizedPnl'] ?? '0'),
      };
      this.history.splice(this.history.lastIndexOf(prior), 1);
    }
    const entry: HistoryRecord = {
      accountId: p.accountId,
      record: {
        positionId: p.positionId,
        market: p.market,
        openDate: p.openDate,
        modifyDate: now,
        amount: p.amount.toFixed(),
        basePrice: p.amount.isZero() ? '0' : p.basePrice.toDecimalPlaces(8).toFixed(),
        realizedFunding: p.realizedFunding.toFixed(),
        liquidationPrice: change.liquidationPrice,
        liquidationState: p.liquidationState,
        orderDetail: {
          id: orderId,
          tradeAmount: trade.qty.toFixed(),
          price: (trade.qty.isZero() ? price : trade.value.div(trade.qty))
            .toDecimalPlaces(change.moneyPrec ?? 8)
            .toFixed(),
          tradeFee: trade.fee.toFixed(),
          fundingFee: null,
          realizedPnl: trade.pnl.isZero() ? null : trade.pnl.toFixed(),
        },
        side: p.side,
        isHedge: p.isHedge,
      },
    };
    this.history.push(entry);
    this.#byOrder.set(key, entry);
  }
}
