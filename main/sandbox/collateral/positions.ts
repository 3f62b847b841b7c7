/**
 * Collateral positions: one-way (BOTH, signed amount) or hedge (LONG/SHORT), fills from collateral
 * orders, realized PnL and fees on the collateral balance, position history, borrow records.
 */
import { Decimal } from 'decimal.js';
import type { FillFee } from '../engine/settlement.ts';
import { ClosedBook, type ClosedBookSnapshot } from './closed-book.ts';
import { PositionRecords, type HistoryRecord } from './position-records.ts';
import type { Order, PositionSide } from '../engine/order.ts';
import { toUnits, unitsToDecimal } from '../engine/units.ts';
import { collateralBalance, toLedger } from '../ledger.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';

const ZERO = new Decimal(0);
/** Maintenance margin rate used for liquidation prices. */
export const MAINTENANCE_RATE = new Decimal('0.005');
export const BORROW_INTEREST_RATE = new Decimal('0.0002');

export interface Position {
  positionId: number;
  accountId: string;
  market: string;
  side: PositionSide;
  isHedge: boolean;
  /** Signed: positive long, negative short. */
  amount: Decimal;
  basePrice: Decimal;
  openDate: number;
  modifyDate: number;
  realizedFunding: Decimal;
  realizedPnl: Decimal;
  liquidationState: 'margin_call' | 'liquidation' | null;
  borrow: BorrowRecord | undefined;
}

export interface BorrowRecord {
  accountId: string;
  asset: string;
  amount: string;
  principal: string;
  interest: string;
  status: 'active' | 'repaid' | 'liquidated';
  timestamp: number;
  /** Engine sub-second creation time (ms), the last ordering key. */
  createdAtMs: number;
  /** Engine state records behind this borrow (the window budget counts these). */
  engineRecords: number;
}

export interface PositionsSnapshot {
  open: Array<Position & { borrowIndex: number }>;
  history: HistoryRecord[];
  borrows: BorrowRecord[];
  nextId: number;
  /** Funding payments and closed-position records (absent in states saved before they were kept). */
  book?: ClosedBookSnapshot;
}

/** A margin call or liquidation, with the position as it stood then (for `positionsAccountMargin`). */
export interface MarginEvent {
  event: 'margin_call' | 'liquidation';
  position: Position;
}

/** At most this many margin events wait for the WebSocket to look (none connected: the oldest go). */
const MARGIN_EVENTS_KEPT = 1000;

export function effectiveLeverage(account: Account, m: MarketDef): number {
  return Math.min(account.leverage, m.maxLeverage);
}

export function liquidationPrice(p: Position, leverage: number): string | null {
  if (p.amount.isZero()) return null;
  const inv = new Decimal(1).div(leverage);
  const factor = p.amount.gt(0)
    ? new Decimal(1).minus(inv).plus(MAINTENANCE_RATE)
    : new Decimal(1).plus(inv).minus(MAINTENANCE_RATE);
  return p.basePrice.times(factor).toDecimalPlaces(8).toFixed();
}

export class Positions {
  readonly open = new Map<string, Position>();
  /** One history record per (account, position, order). */
  readonly records = new PositionRecords();
  get history(): HistoryRecord[] {
    return this.records.history;
  }
  readonly borrows: BorrowRecord[] = [];
  /** Positions closed since the last sweep: their pending reduce-only orders get canceled. */
  readonly closed: Array<{ accountId: string; market: string; side: PositionSide }> = [];
  /** Accounts whose positions changed since the last sweep: their resting reduce-only orders get cut. */
  readonly changed = new Set<string>();
  /** Margin calls and liquidations not yet pushed (the WebSocket takes them). */
  readonly marginEvents: MarginEvent[] = [];
  /** Funding payments and the closed positions' aggregated PnL. */
  readonly book = new ClosedBook();
  private readonly state: SandboxState;
  private nextId = 1;

  constructor(state: SandboxState) {
    this.state = state;
  }

  static key(accountId: string, market: string, side: PositionSide): string {
    return `${accountId}|${market}|${side}`;
  }

  /** Persistence: positions keep their borrow as an index into `borrows`. */
  snapshot(): PositionsSnapshot {
    return {
      open: [...this.open.values()].map((p) => ({
        ...p,
        borrow: undefined,
        borrowIndex: p.borrow ? this.borrows.indexOf(p.borrow) : -1,
      })),
      history: this.records.history,
      borrows: this.borrows,
      nextId: this.nextId,
      book: this.book.snapshot(),
    };
  }

  restore(snap: PositionsSnapshot): void {
    this.borrows.splice(0, this.borrows.length, ...snap.borrows);
    this.records.restore(snap.history);
    this.open.clear();
    for (const { borrowIndex, ...p } of snap.open) {
      this.open.set(Positions.key(p.accountId, p.market, p.side), {
        ...p,
        borrow: this.borrows[borrowIndex],
      });
    }
    this.closed.length = 0;
    this.nextId = snap.nextId;
    this.book.restore(snap.book);
  }

  get(accountId: string, market: string, side: PositionSide): Position | undefined {
    return this.open.get(Positions.key(accountId, market, side));
  }

  of(accountId: string): Position[] {
    return [...this.open.values()].filter((p) => p.accountId === accountId);
  }

  /**
   * Base units a reduce-only order may still close of its position: the position's size, or 0 when
   * the position is gone or on the order's own side (a closing order never opens or flips one).
   */
  closable(o: Order): bigint {
    const m = this.state.markets.get(o.market);
    const p = this.get(o.owner, o.market, o.positionSide ?? 'BOTH');
    if (!m || !p || p.amount.isZero() || p.amount.isPos() === (o.side === 'buy')) return 0n;
    return toUnits(p.amount.abs(), m.stockPrec);
  }

  /** Margin held by the open positions of an account, in the quote currency. */
  usedMargin(account: Account): Decimal {
    let used = ZERO;
    for (const p of this.of(account.id)) {
      const m = this.state.markets.get(p.market);
      if (!m) continue;
      used = used.plus(p.amount.abs().times(p.basePrice).div(effectiveLeverage(account, m)));
    }
    return used;
  }

  freeMargin(account: Account, ticker = 'USDT'): Decimal {
    return collateralBalance(account, ticker).minus(this.usedMargin(account));
  }

  /** Settles one fill of a collateral order. */
  fill(o: Order, acc: Account, priceUnits: bigint, qtyUnits: bigint, rate: string, m: MarketDef): FillFee {
    const price = unitsToDecimal(priceUnits, m.moneyPrec);
    const qty = unitsToDecimal(qtyUnits, m.stockPrec);
    const fee = qty.times(price).times(rate);
    const side: PositionSide = o.positionSide ?? 'BOTH';
    const now = this.state.now() / 1000;
    const key = Positions.key(acc.id, m.name, side);
    let p = this.open.get(key);
    const delta = o.side === 'buy' ? qty : qty.neg();
    this.changed.add(acc.id);
    /** Realized by this fill, credited to the balance. */
    let pnl = ZERO;
    /** What the fill did to the position it leaves open (or closed): the last history record. */
    let trade = { qty, fee, pnl: ZERO };
    if (!p) {
      p = this.create(acc, m, side, delta, price, now);
      this.book.fill(p.positionId, 'entry', qty, price, fee);
    } else if (p.amount.isZero() || p.amount.isPos() === delta.isPos()) {
      const total = p.amount.abs().plus(qty);
      p.basePrice = p.amount.abs().times(p.basePrice).plus(qty.times(price)).div(total);
      p.amount = p.amount.plus(delta);
      this.book.fill(p.positionId, 'entry', qty, price, fee);
    } else {
      const closing = Decimal.min(p.amount.abs(), qty);
      pnl = closing.times(price.minus(p.basePrice)).times(p.amount.isPos() ? 1 : -1);
      p.realizedPnl = p.realizedPnl.plus(pnl);
      trade = { qty, fee, pnl };
      const after = p.amount.plus(delta);
      if (!after.isZero() && after.isPos() !== p.amount.isPos()) {
        // the position flipped: the old one closes with the closing part of the fill (and its share of
        // the fee), the rest opens a new one at the fill price
        const closingFee = fee.times(closing).div(qty).toDecimalPlaces(18, Decimal.ROUND_DOWN);
        p.amount = ZERO;
        this.book.fill(p.positionId, 'exit', closing, price, closingFee);
        this.record(p, o.id, closing, price, closingFee, pnl, now);
        this.close(p, key, 'repaid');
        p = this.create(acc, m, side, after, price, now);
        trade = { qty: after.abs(), fee: fee.minus(closingFee), pnl: ZERO };
        this.book.fill(p.positionId, 'entry', trade.qty, price, trade.fee);
      } else {
        p.amount = after;
        this.book.fill(p.positionId, 'exit', qty, price, fee);
      }
    }
    p.modifyDate = now;
    this.record(p, o.id, trade.qty, price, trade.fee, trade.pnl, now);
    if (p.amount.isZero()) this.close(p, key, 'repaid');
    acc.collateral.set(m.money, collateralBalance(acc, m.money).plus(pnl).minus(fee));
    return { fee: toLedger(fee.toDecimalPlaces(18, Decimal.ROUND_DOWN)), feeAsset: m.money };
  }

  private create(
    acc: Account,
    m: MarketDef,
    side: PositionSide,
    amount: Decimal,
    price: Decimal,
    now: number,
  ): Position {
    const p: Position = {
      positionId: this.nextId++,
      accountId: acc.id,
      market: m.name,
      side,
      isHedge: side !== 'BOTH',
      amount,
      basePrice: price,
      openDate: now,
      modifyDate: now,
      realizedFunding: ZERO,
      realizedPnl: ZERO,
      liquidationState: null,
      borrow: undefined,
    };
    const lev = effectiveLeverage(acc, m);
    const principal = amount.isPos()
      ? amount.times(price).times(new Decimal(1).minus(new Decimal(1).div(lev)))
      : amount.abs();
    if (principal.gt(0)) {
      const interest = principal.times(BORROW_INTEREST_RATE);
      p.borrow = {
        accountId: acc.id,
        asset: amount.isPos() ? m.money : m.stock,
        principal: principal.toDecimalPlaces(8).toFixed(),
        interest: interest.toDecimalPlaces(8).toFixed(),
        amount: principal.plus(interest).toDecimalPlaces(8).toFixed(),
        status: 'active',
        timestamp: Math.floor(now),
        createdAtMs: this.state.now(),
        engineRecords: 1,
      };
      this.borrows.push(p.borrow);
    }
    this.open.set(Positions.key(acc.id, m.name, side), p);
    return p;
  }

  /** Notes a margin call or liquidation of a position as it stands now. */
  noteMarginEvent(event: MarginEvent['event'], p: Position): void {
    this.marginEvents.push({ event, position: { ...p, liquidationState: event } });
    if (this.marginEvents.length > MARGIN_EVENTS_KEPT) this.marginEvents.shift();
  }

  /** Force-closes a position at the mark price; the loss beyond the collateral is written off. */
  liquidate(p: Position, mark: Decimal): void {
    const acc = this.state.accounts.get(p.accountId);
    const m = this.state.markets.get(p.market);
    if (!acc || !m) return;
    this.noteMarginEvent('liquidation', p);
    const qty = p.amount.abs();
    const pnl = mark.minus(p.basePrice).times(p.amount);
    p.realizedPnl = p.realizedPnl.plus(pnl);
    p.liquidationState = 'liquidation';
    p.amount = ZERO;
    const now = this.state.now() / 1000;
    p.modifyDate = now;
    this.book.fill(p.positionId, 'exit', qty, mark, ZERO);
    this.record(p, 0, qty, mark, ZERO, pnl, now);
    this.close(p, Positions.key(p.accountId, p.market, p.side), 'liquidated');
    acc.collateral.set(m.money, Decimal.max(ZERO, collateralBalance(acc, m.money).plus(pnl)));
  }

  /** Funding payment at the mark price: longs pay shorts when the rate is positive. */
  applyFunding(p: Position, mark: Decimal, rate: Decimal, periodMs = 8 * 3_600_000): void {
    const acc = this.state.accounts.get(p.accountId);
    const m = this.state.markets.get(p.market);
    if (!acc || !m) return;
    const payment = p.amount.times(mark).times(rate);
    this.book.fund(p, mark, rate, payment, this.state.now(), periodMs);
    p.realizedFunding = p.realizedFunding.minus(payment);
    acc.collateral.set(m.money, collateralBalance(acc, m.money).minus(payment));
  }

  private close(p: Position, key: string, status: 'repaid' | 'liquidated'): void {
    this.open.delete(key);
    this.book.close(p, this.state.now() / 1000, this.state.markets.get(p.market)?.moneyPrec ?? 8);
    if (p.borrow) p.borrow.status = status;
    this.closed.push({ accountId: p.accountId, market: p.market, side: p.side });
  }

  /** A history record of the order's change of `p` (one per order and position). */
  private record(
    p: Position,
    orderId: number,
    qty: Decimal,
    price: Decimal,
    fee: Decimal,
    pnl: Decimal,
    now: number,
  ): void {
    const acc = this.state.accounts.get(p.accountId);
    const m = this.state.markets.get(p.market);
    if (p.borrow) p.borrow.engineRecords++;
    const liq = acc && m ? liquidationPrice(p, effectiveLeverage(acc, m)) : null;
    this.records.add(p, {
      orderId,
      qty,
      price,
      fee,
      pnl,
      now,
      liquidationPrice: liq,
      moneyPrec: m?.moneyPrec,
    });
  }
}
