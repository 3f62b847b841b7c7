/**
 * The ledger's book of one account on one market: holdings at average cost, realized PnL as each
 * sale or closing trade happens, fees apart. Pure (no database), exact: amounts are BigInt units of
 * 10^-18, a share of a cost or proceeds is rounded half away from zero once and taken out of what is
 * left, so a book that ends flat has realized exactly its sales less its purchases.
 *
 * - Spot: holdings are base bought less base sold (never below zero). A sale realizes its proceeds
 *   less the average cost of what it sold; what it sold beyond the known holdings (bought before the
 *   archive begins, or deposited) has no known cost and is counted apart (`unmatched`). A fee taken
 *   in the base asset (a buy's) leaves the holdings: its cost share is its value.
 * - Collateral (margin and futures): one signed position per side (`BOTH`, or `LONG` and `SHORT` in
 *   hedge mode); a trade against it realizes the difference to its average entry, a trade past zero
 *   closes it and opens the other way. Each position from open to close is an instance, compared with
 *   the exchange's closed-position PnL. A liquidation (a position record with no order) closes it at
 *   the liquidation price.
 */
import { share, toUnits } from '../../../cache/fixed.ts';

const E18 = 10n ** 18n;
export type PositionSide = 'BOTH' | 'LONG' | 'SHORT';

/** What one UTC day of one book added. */
export interface DayFigures {
  deals: number;
  buyAmount: bigint;
  sellAmount: bigint;
  buyValue: bigint;
  sellValue: bigint;
  realized: bigint;
  feeQuote: bigint;
  feeBase: bigint;
  feeValue: bigint;
  feeOther: number;
  unmatched: bigint;
}

export const emptyDay = (): DayFigures => ({
  deals: 0,
  buyAmount: 0n,
  sellAmount: 0n,
  buyValue: 0n,
  sellValue: 0n,
  realized: 0n,
  feeQuote: 0n,
  feeBase: 0n,
  feeValue: 0n,
  feeOther: 0,
  unmatched: 0n,
});

/** A position from the trade that opened it to the one that closed it. */
export interface Instance {
  side: PositionSide;
  openUs: number;
  closeUs: number | null;
  /** The order of the closing trade (0 for a liquidation), which names the exchange's position. */
  closingOrder: number | null;
  deals: number;
  closed: bigint;
  realized: bigint;
  fee: bigint;
}

interface Holding {
  /** Signed base units (spot: never below zero). */
  amount: bigint;
  /** The entry value of what is held (quote units, not negative). */
  cost: bigint;
  open: Instance | null;
}

export interface BookState {
  spot: Holding;
  sides: Partial<Record<PositionSide, Holding>>;
}

export interface DealEvent {
  timeUs: number;
  side: 'buy' | 'sell';
  amount: string;
  value: string;
  fee: string;
  feeAsset: string;
  orderId: number;
  /** Undefined: a spot deal; else the collateral position side its order traded. */
  positionSide: PositionSide | undefined;
}

export const emptyState = (): BookState => ({ spot: { amount: 0n, cost: 0n, open: null }, sides: {} });

const abs = (x: bigint) => (x < 0n ? -x : x);

export class LedgerBook {
  readonly state: BookState;
  readonly #base: string;
  readonly #quote: string;
  /** Instances closed since the book was made (the caller stores them). */
  readonly closed: Instance[] = [];

  constructor(state: BookState, market: string) {
    this.state = state;
    const [base = '', quote = ''] = market.split('_');
    this.#base = base;
    this.#quote = quote === 'PERP' ? 'USDT' : quote;
  }

  deal(e: DealEvent, day: DayFigures): void {
    const q = toUnits(e.amount);
    const v = toUnits(e.value);
    day.deals++;
    if (e.side === 'buy') {
      day.buyAmount += q;
      day.buyValue += v;
    } else {
      day.sellAmount += q;
      day.sellValue += v;
    }
    if (e.positionSide === undefined) this.#spot(e, q, v, day);
    else this.#collateral(e, q, v, day);
  }

  #fee(e: DealEvent, q: bigint, v: bigint, day: DayFigures, holding: Holding | null): bigint {
    const fee = toUnits(e.fee);
    if (fee === 0n) return 0n;
    if (e.feeAsset === this.#quote) {
      day.feeQuote += fee;
      day.feeValue += fee;
      return fee;
    }
    if (e.feeAsset === this.#base) {
      day.feeBase += fee;
      let value: bigint;
      if (holding && holding.amount > 0n) {
        // the fee left the holdings: its cost share is its value
        const taken = fee < holding.amount ? fee : holding.amount;
        value = taken === holding.amount ? holding.cost : share(holding.cost, taken, holding.amount);
        holding.amount -= taken;
        holding.cost -= value;
      } else value = share(v, fee, q);
      day.feeValue += value;
      return value;
    }
    day.feeOther++;
    return 0n;
  }

  #spot(e: DealEvent, q: bigint, v: bigint, day: DayFigures): void {
    const h = this.state.spot;
    if (e.side === 'buy') {
      h.amount += q;
      h.cost += v;
      this.#fee(e, q, v, day, h);
      return;
    }
    const held = h.amount > 0n ? h.amount : 0n;
    const matched = q < held ? q : held;
    if (matched > 0n) {
      const costOut = matched === h.amount ? h.cost : share(h.cost, matched, h.amount);
      const proceeds = matched === q ? v : share(v, matched, q);
      day.realized += proceeds - costOut;
      h.amount -= matched;
      h.cost -= costOut;
    }
    day.unmatched += q - matched;
    this.#fee(e, q, v, day, null);
  }

  #holding(side: PositionSide): Holding {
    return (this.state.sides[side] ??= { amount: 0n, cost: 0n, open: null });
  }

  #open(h: Holding, side: PositionSide, timeUs: number): Instance {
    h.open ??= {
      side,
      openUs: timeUs,
      closeUs: null,
      closingOrder: null,
      deals: 0,
      closed: 0n,
      realized: 0n,
      fee: 0n,
    };
    return h.open;
  }

  #close(h: Holding, timeUs: number, order: number): void {
    if (!h.open) return;
    h.open.closeUs = timeUs;
    h.open.closingOrder = order;
    this.closed.push(h.open);
    h.open = null;
  }

  #collateral(e: DealEvent, q: bigint, v: bigint, day: DayFigures): void {
    const side = e.positionSide as PositionSide;
    const h = this.#holding(side);
    const delta = e.side === 'buy' ? q : -q;
    const fee = this.#fee(e, q, v, day, null);
    if (h.amount === 0n || h.amount > 0n === delta > 0n) {
      const i = this.#open(h, side, e.timeUs);
      h.amount += delta;
      h.cost += v;
      i.deals++;
      i.fee += fee;
      return;
    }
    const closing = q < abs(h.amount) ? q : abs(h.amount);
    const costOut = closing === abs(h.amount) ? h.cost : share(h.cost, closing, abs(h.amount));
    const proceeds = closing === q ? v : share(v, closing, q);
    const realized = h.amount > 0n ? proceeds - costOut : costOut - proceeds;
    const closingFee = closing === q ? fee : share(fee, closing, q);
    day.realized += realized;
    const i = this.#open(h, side, e.timeUs);
    i.deals++;
    i.closed += closing;
    i.realized += realized;
    i.fee += closingFee;
    h.amount += delta > 0n ? closing : -closing;
    h.cost -= costOut;
    if (h.amount !== 0n) return;
    h.cost = 0n;
    this.#close(h, e.timeUs, e.orderId);
    if (closing === q) return;
    // the trade went past zero: the rest opens a position the other way
    const next = this.#open(h, side, e.timeUs);
    h.amount = delta > 0n ? q - closing : closing - q;
    h.cost = v - proceeds;
    next.deals++;
    next.fee += fee - closingFee;
  }

  /** A liquidation: the side's position closes at `price` with no deal (the exchange's record only). */
  liquidation(side: PositionSide, timeUs: number, price: string, day: DayFigures): void {
    const h = this.#holding(side);
    if (h.amount === 0n) return;
    const closing = abs(h.amount);
    const proceeds = (closing * toUnits(price)) / E18;
    const realized = h.amount > 0n ? proceeds - h.cost : h.cost - proceeds;
    day.realized += realized;
    const i = this.#open(h, side, timeUs);
    i.closed += closing;
    i.realized += realized;
    h.amount = 0n;
    h.cost = 0n;
    this.#close(h, timeUs, 0);
  }
}

/** The state as JSON text (BigInts as strings), and back. */
export function saveState(state: BookState): string {
  return JSON.stringify(state, (_k, v: unknown) => (typeof v === 'bigint' ? `${v.toString()}n` : v));
}

export function loadState(text: string | undefined): BookState {
  if (!text) return emptyState();
  return JSON.parse(text, (_k, v: unknown) =>
    typeof v === 'string' && /^-?\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v,
  ) as BookState;
}
