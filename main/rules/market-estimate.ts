/**
 * What an order is worth before it is sent: a market order priced by walking the book main read
 * (average and worst price, how much of the read book it takes), a priced order by its own price.
 * Decimal-exact; the same estimate is shown on the ticket, asked about by the guards and stated in
 * main's own question.
 */
import { Dec, parsePlain } from './decimal.ts';
import type { OrderDraft } from './types.ts';

/** How many levels of a side main reads to price a market order. */
export const BOOK_LEVELS = 100;

/** One side of a book, best level first: [price, amount in base]. */
export type BookLevels = ReadonlyArray<readonly [string, string]>;

export interface OrderBookRead {
  readonly asks: BookLevels;
  readonly bids: BookLevels;
}

/** An order's amount in base and its value in quote, and for a market order how the book fills it. */
export interface OrderEstimate {
  /**
   * `price`: amount × the order's own price (exact); `book`: walked through the book read;
   * `reference`: a best-price order without a price of its own, at the market price now.
   */
  readonly source: 'price' | 'book' | 'reference';
  /** The base amount: the order's own, or (a market buy sized in quote) what it buys from the book. */
  readonly base: string;
  /** The value in the quote asset: the order's own for a market buy sized in quote. */
  readonly value: string;
  /** Book only: value ÷ base of what the read book fills. */
  readonly average?: string;
  /** Book only: the last level's price the order reaches. */
  readonly worst?: string;
  /** Book only: the share of the read side (by base) the order takes, in percent, at most 100. */
  readonly sharePct?: string;
  /** Book only: how many levels it reaches, and how many were read. */
  readonly levels?: number;
  readonly levelsRead?: number;
  /** Book only: false when the read side holds less than the order (the rest has no price known). */
  readonly complete?: boolean;
  /** Book only: what the read side holds, in base. */
  readonly sideBase?: string;
}

/** Orders that take the book at once (a stop-market order takes it later, when triggered). */
export function takesBookNow(kind: OrderDraft['kind']): boolean {
  return kind === 'market' || kind === 'stock_market' || kind === 'collateral_market';
}

/** A market buy or stop-market buy is sized by what it spends, in the quote asset. */
export function sizedInQuote(d: Pick<OrderDraft, 'kind' | 'side'>): boolean {
  return (d.kind === 'market' || d.kind === 'stop_market') && d.side === 'buy';
}

/** Orders without a price of their own: priced from the book. */
export function pricedByBook(kind: OrderDraft['kind']): boolean {
  return takesBookNow(kind) || kind === 'stop_market';
}

const trimmed = (d: Dec, places: number): string => d.toDecimalPlaces(places, Dec.ROUND_HALF_UP).toFixed();

/**
 * Walks `levels` with `amount` (in base, or in quote when `inQuote`); undefined for an empty side or
 * an unreadable amount. A quote amount buys what each level's value allows, the last level in part.
 */
export function walkBook(levels: BookLevels, amount: Dec, inQuote: boolean): OrderEstimate | undefined {
  const parsed = levels
    .map(([p, q]) => [parsePlain(p), parsePlain(q)] as const)
    .filter((l): l is readonly [Dec, Dec] => !!l[0]?.gt(0) && !!l[1]?.gt(0));
  if (parsed.length === 0 || amount.lte(0)) return undefined;
  const sideBase = parsed.reduce((s, [, q]) => s.add(q), new Dec(0));
  let left = amount;
  let base = new Dec(0);
  let value = new Dec(0);
  let worst = new Dec(0);
  let reached = 0;
  for (const [price, qty] of parsed) {
    if (left.lte(0)) break;
    const levelValue = price.mul(qty);
    const takeBase = inQuote ? (left.gte(levelValue) ? qty : left.div(price)) : Dec.min(left, qty);
    base = base.add(takeBase);
    value = value.add(takeBase.mul(price));
    left = inQuote ? left.sub(takeBase.mul(price)) : left.sub(takeBase);
    worst = price;
    reached++;
  }
  const complete = left.lte(0);
  const share = base.mul(100).div(sideBase);
  return {
    source: 'book',
    base: trimmed(base, 12),
    value: trimmed(value, 12),
    average: trimmed(value.div(base), 12),
    worst: worst.toFixed(),
    sharePct: trimmed(Dec.min(share, 100), 2),
    levels: reached,
    levelsRead: parsed.length,
    complete,
    sideBase: sideBase.toFixed(),
  };
}

/**
 * The estimate of a draft: a market order (and a stop-market one, as the book stands now) from the
 * side it takes; a priced order from its price (`reference` for a best-price order without one).
 * Undefined when it cannot be known (no amount, an empty side, no price).
 */
export function estimateOrder(
  draft: OrderDraft,
  book: OrderBookRead | undefined,
  reference?: string,
): OrderEstimate | undefined {
  const amount = parsePlain(draft.amount.trim());
  if (!amount || amount.lte(0)) return undefined;
  if (pricedByBook(draft.kind)) {
    if (!book) return undefined;
    return walkBook(draft.side === 'buy' ? book.asks : book.bids, amount, sizedInQuote(draft));
  }
  const own = draft.price ? parsePlain(draft.price) : undefined;
  const price = own?.gt(0) ? own : reference ? parsePlain(reference) : undefined;
  if (!price?.gt(0)) return undefined;
  return {
    source: own?.gt(0) ? 'price' : 'reference',
    base: amount.toFixed(),
    value: amount.mul(price).toFixed(),
  };
}
