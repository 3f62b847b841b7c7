/**
 * What the exchange keeps of a position's life beyond its history records: the funding payments
 * (`collateral-account/funding-history`) and, once it closes, its aggregated PnL
 * (`collateral-account/positions/closed-pnl`): fees of every fill, funding, volume-weighted entry and
 * exit prices, the closed size.
 */
import { Decimal } from 'decimal.js';

const ZERO = new Decimal(0);

/** The running aggregates of one open position. */
interface Running {
  fee: Decimal;
  funding: Decimal;
  entryQty: Decimal;
  entryValue: Decimal;
  exitQty: Decimal;
  exitValue: Decimal;
}

export interface FundingEntry {
  accountId: string;
  market: string;
  /** Unix seconds of the funding period's end. */
  fundingTime: number;
  fundingRate: string;
  /** Negative when the position paid, positive when it received. */
  fundingAmount: string;
  positionAmount: string;
  settlementPrice: string;
  rateCalculatedTime: number;
}

/** A futures market's funding settlement, with or without positions to pay it (`public/funding-history`). */
export interface MarketFunding {
  market: string;
  /** Unix seconds of the funding period's end. */
  fundingTime: number;
  fundingRate: string;
  settlementPrice: string;
  rateCalculatedTime: number;
}

export interface ClosedEntry {
  accountId: string;
  record: {
    positionId: number;
    market: string;
    grossPnl: string;
    netPnl: string;
    totalTradeFee: string;
    totalFunding: string;
    avgEntryPrice: string;
    avgExitPrice: string;
    closedSize: string;
    amount: '0';
    side: 'LONG' | 'SHORT' | 'BOTH';
    isHedge: boolean;
    openDate: number;
    closeDate: number;
  };
}

export interface ClosedBookSnapshot {
  running: Array<[number, Running]>;
  funding: FundingEntry[];
  closed: ClosedEntry[];
  settlements?: MarketFunding[];
}

/** The position fields the book reads. */
interface PositionLike {
  positionId: number;
  accountId: string;
  market: string;
  side: 'LONG' | 'SHORT' | 'BOTH';
  isHedge: boolean;
  amount: Decimal;
  openDate: number;
  realizedPnl: Decimal;
}

export class ClosedBook {
  readonly #running = new Map<number, Running>();
  readonly funding: FundingEntry[] = [];
  /** Every funding settlement of every futures market, oldest first. */
  readonly settlements: MarketFunding[] = [];
  readonly closed: ClosedEntry[] = [];

  #of(positionId: number): Running {
    let r = this.#running.get(positionId);
    if (!r) {
      r = { fee: ZERO, funding: ZERO, entryQty: ZERO, entryValue: ZERO, exitQty: ZERO, exitValue: ZERO };
      this.#running.set(positionId, r);
    }
    return r;
  }

  /** A fill that opened or added to (`entry`) or reduced (`exit`) the position, with its fee. */
  fill(positionId: number, part: 'entry' | 'exit', qty: Decimal, price: Decimal, fee: Decimal): void {
    const r = this.#of(positionId);
    r.fee = r.fee.plus(fee);
    if (part === 'entry') {
      r.entryQty = r.entryQty.plus(qty);
      r.entryValue = r.entryValue.plus(qty.times(price));
    } else {
      r.exitQty = r.exitQty.plus(qty);
      r.exitValue = r.exitValue.plus(qty.times(price));
    }
  }

  /** A funding payment (`payment` > 0: the position paid) at `mark`, settled at `atMs`. */
  fund(
    p: PositionLike,
    mark: Decimal,
    rate: Decimal,
    payment: Decimal,
    atMs: number,
    periodMs: number,
  ): void {
    const r = this.#of(p.positionId);
    r.funding = r.funding.plus(payment);
    const time = Math.floor(atMs / periodMs) * (periodMs / 1000);
    this.funding.push({
      accountId: p.accountId,
      market: p.market,
      fundingTime: Math.floor(time),
      fundingRate: rate.toFixed(),
      fundingAmount: payment.neg().toFixed(),
      positionAmount: p.amount.toFixed(),
      settlementPrice: mark.toFixed(),
      rateCalculatedTime: Math.floor(time - periodMs / 1000),
    });
  }

  /** A market's funding settled at `atMs` at `mark`: the period's time as each payment of it is stamped. */
  settle(market: string, mark: Decimal, rate: Decimal, atMs: number, periodMs: number): void {
    const time = Math.floor(atMs / periodMs) * (periodMs / 1000);
    this.settlements.push({
      market,
      fundingTime: time,
      fundingRate: rate.toFixed(),
      settlementPrice: mark.toFixed(),
      rateCalculatedTime: Math.floor(time - periodMs / 1000),
    });
  }

  /** The position closed at `closeDate` (Unix seconds): its closed-position record. */
  close(p: PositionLike, closeDate: number, moneyPrec: number): void {
    const r = this.#of(p.positionId);
    this.#running.delete(p.positionId);
    const gross = p.realizedPnl.minus(r.fee);
    const avg = (value: Decimal, qty: Decimal) =>
      qty.isZero() ? '0' : value.div(qty).toDecimalPlaces(moneyPrec, Decimal.ROUND_HALF_UP).toFixed();
    this.closed.push({
      accountId: p.accountId,
      record: {
        positionId: p.positionId,
        market: p.market,
        grossPnl: gross.toFixed(),
        netPnl: gross.minus(r.funding).toFixed(),
        totalTradeFee: r.fee.toFixed(),
        totalFunding: r.funding.toFixed(),
        avgEntryPrice: avg(r.entryValue, r.entryQty),
        avgExitPrice: avg(r.exitValue, r.exitQty),
        closedSize: r.exitQty.toFixed(),
        amount: '0',
        side: p.side,
        isHedge: p.isHedge,
        openDate: Math.floor(p.openDate),
        closeDate: Math.floor(closeDate),
      },
    });
  }

  snapshot(): ClosedBookSnapshot {
    return {
      running: [...this.#running],
      funding: this.funding,
      closed: this.closed,
      settlements: this.settlements,
    };
  }

  restore(snap: ClosedBookSnapshot | undefined): void {
    this.#running.clear();
    for (const [id, r] of snap?.running ?? []) this.#running.set(id, r);
    this.funding.splice(0, this.funding.length, ...(snap?.funding ?? []));
    this.closed.splice(0, this.closed.length, ...(snap?.closed ?? []));
    this.settlements.splice(0, this.settlements.length, ...(snap?.settlements ?? []));
  }
}
