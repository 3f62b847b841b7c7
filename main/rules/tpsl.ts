/**
 * Take-profit / stop-loss and reduce-only rules: which side of the market each leg must be on, and
 * that an order meant to close a position can only close it (never open or flip one).
 *
 * A long position takes its profit above the market's price now and stops its loss below it; a short
 * the other way round. Every leg, on a new order (the ticket), added to an open position (the
 * Positions form) or moved, is measured against one reference: the market's mark price, else its last
 * price, else the middle of its book, named in the message. Both legs are checked, each flagged.
 */
import { Dec, parsePlain, show } from './decimal.ts';
import { isCollateralKind, takesOtoLegs } from './types.ts';
import type { AccountContext, OrderDraft, PositionContext, ReferencePrice, RuleIssue } from './types.ts';

export type Direction = 'long' | 'short';

export interface TpSlPrices {
  readonly direction: Direction;
  readonly takeProfit?: string;
  readonly stopLoss?: string;
  /** Prices the take-profit must be beyond (above for a long); unreadable ones are skipped. */
  readonly takeProfitBounds: readonly ReferencePrice[];
  /** Prices the stop-loss must be beyond (below for a long). */
  readonly stopLossBounds: readonly ReferencePrice[];
}

/** 64250.5 -> "64,250.5": thousands grouped so a person reads the bound at a glance. */
export function grouped(value: Dec): string {
  const [int = '0', frac] = show(value).split('.');
  const withCommas = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${withCommas}.${frac}` : withCommas;
}

function readable(bounds: readonly ReferencePrice[]): Array<{ value: Dec; name: string }> {
  return bounds.flatMap((b) => {
    const value = parsePlain(b.price.trim());
    return value && value.gt(0) ? [{ value, name: b.name }] : [];
  });
}

/**
 * One leg against its bounds: `above` when it must be higher than every bound. Names the bound it
 * breaks that is farthest on the wrong side: a price past it clears all of them.
 */
function checkLeg(
  field: 'takeProfit' | 'stopLoss',
  text: string | undefined,
  above: boolean,
  bounds: readonly ReferencePrice[],
  direction: Direction,
  issues: RuleIssue[],
): void {
  const value = text === undefined ? undefined : parsePlain(text.trim());
  if (!value || value.lte(0)) return; // the price rules already name an unreadable price
  const broken = readable(bounds).filter((b) => (above ? value.lte(b.value) : value.gte(b.value)));
  if (broken.length === 0) return;
  const worst = broken.reduce((a, b) =>
    above ? (b.value.gt(a.value) ? b : a) : b.value.lt(a.value) ? b : a,
  );
  const leg = field === 'takeProfit' ? 'Take-profit' : 'Stop-loss';
  issues.push({
    field,
    message: `${leg} must be ${above ? 'above' : 'below'} ${grouped(worst.value)}, ${worst.name}, for a ${direction} position.`,
  });
}

/** Every leg on the wrong side of its reference prices for the position's direction. */
export function checkTpSlPrices(input: TpSlPrices): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const long = input.direction === 'long';
  checkLeg('takeProfit', input.takeProfit, long, input.takeProfitBounds, input.direction, issues);
  checkLeg('stopLoss', input.stopLoss, !long, input.stopLossBounds, input.direction, issues);
  return issues;
}

/** The direction of a signed position amount; undefined when it is flat or unreadable. */
export function directionOf(amount: string): Direction | undefined {
  let value: Dec;
  try {
    value = new Dec(amount.trim());
  } catch {
    return undefined;
  }
  if (value.isZero() || value.isNaN()) return undefined;
  return value.isNeg() ? 'short' : 'long';
}

/**
 * The legs of a position (or of the order that opens it) against the market's price now: every leg
 * on the wrong side is flagged, in the same words wherever it is checked. No reference known: nothing
 * is flagged (the exchange then judges).
 */
export function checkTpSlLegs(input: {
  readonly direction: Direction;
  readonly takeProfit?: string | undefined;
  readonly stopLoss?: string | undefined;
  readonly reference: ReferencePrice | undefined;
}): RuleIssue[] {
  if (!input.reference) return [];
  const bounds = [input.reference];
  return checkTpSlPrices({
    direction: input.direction,
    ...(input.takeProfit === undefined ? {} : { takeProfit: input.takeProfit }),
    ...(input.stopLoss === undefined ? {} : { stopLoss: input.stopLoss }),
    takeProfitBounds: bounds,
    stopLossBounds: bounds,
  });
}

/** The order that closes a whole position: the opposite side, its size. */
export function closingOrder(position: PositionContext): { side: 'buy' | 'sell'; amount: string } {
  const amount = new Dec(position.amount.trim());
  return { side: amount.isNeg() ? 'buy' : 'sell', amount: show(amount.abs()) };
}

/**
 * A reduce-only order against the open position it would reduce: refused when there is none, when it
 * is on the position's own side, or when it is larger than the position (it may only close it).
 */
export function checkReduceOnly(
  order: Pick<OrderDraft, 'side' | 'amount'>,
  position: PositionContext | null,
): RuleIssue[] {
  const direction = position ? directionOf(position.amount) : undefined;
  if (!position || !direction) {
    return [
      {
        field: 'reduceOnly',
        message: 'There is no open position on this market for a reduce-only order to reduce.',
      },
    ];
  }
  const closing = direction === 'long' ? 'sell' : 'buy';
  if (order.side !== closing) {
    return [
      {
        field: 'side',
        message: `A reduce-only order on a ${direction} position must ${closing}; a ${order.side} would add to it.`,
        suggestions: [closing],
      },
    ];
  }
  const size = new Dec(position.amount.trim()).abs();
  const amount = parsePlain(order.amount.trim());
  if (amount && amount.gt(size)) {
    return [
      {
        field: 'amount',
        message: `A reduce-only amount must be at most ${show(size)}, the open position.`,
        suggestions: [show(size)],
      },
    ];
  }
  return [];
}

/**
 * What an entry's TP/SL legs are measured against: a resting entry's own price (a limit or
 * stop-limit order's price, a trigger-market order's activation price), else the market's price.
 */
function entryReference(order: OrderDraft, account: AccountContext): ReferencePrice | undefined {
  const trigger = order.kind === 'collateral_trigger_market';
  const own = order.kind === 'collateral_market' ? undefined : trigger ? order.activation_price : order.price;
  if (own !== undefined && parsePlain(own.trim())?.gt(0))
    return { price: own, name: trigger ? 'the activation price' : "the order's price" };
  return account.referencePrice;
}

/**
 * An OCO's legs against the market: a sell OCO takes profit above the market and stops below it, a
 * buy OCO the other way round. A limit leg on the wrong side would fill at once, a stop leg would
 * trigger at once, and either would cancel the other.
 */
function checkOcoLegs(order: OrderDraft, reference: ReferencePrice | undefined): RuleIssue[] {
  const ref = reference ? parsePlain(reference.price.trim()) : undefined;
  if (!reference || !ref || ref.lte(0)) return [];
  const sell = order.side === 'sell';
  const issues: RuleIssue[] = [];
  const legs = [
    ['price', order.price, sell, 'the limit leg would fill at once'],
    ['activation_price', order.activation_price, !sell, 'the stop leg would trigger at once'],
  ] as const;
  for (const [field, text, above, why] of legs) {
    const value = text === undefined ? undefined : parsePlain(text.trim());
    if (!value || value.lte(0) || (above ? value.gt(ref) : value.lt(ref))) continue;
    issues.push({
      field,
      message: `${field === 'price' ? 'Price' : 'Activation price'} must be ${above ? 'above' : 'below'} ${grouped(ref)}, ${reference.name}, for a ${order.side} OCO: otherwise ${why} and cancel the other leg.`,
    });
  }
  return issues;
}

/**
 * The TP/SL and reduce-only rules of one order, for what the account context knows: the legs of a
 * collateral entry against its own price (a market order: the reference price), an OCO's legs against
 * the market, a reduce-only order against the position.
 */
export function checkOrderTpSl(order: OrderDraft, account: AccountContext): RuleIssue[] {
  if (!isCollateralKind(order.kind)) return [];
  const issues: RuleIssue[] = [];
  if (takesOtoLegs(order.kind) && (order.takeProfit !== undefined || order.stopLoss !== undefined))
    issues.push(
      ...checkTpSlLegs({
        direction: order.side === 'sell' ? 'short' : 'long',
        takeProfit: order.takeProfit,
        stopLoss: order.stopLoss,
        reference: entryReference(order, account),
      }),
    );
  if (order.kind === 'collateral_oco') issues.push(...checkOcoLegs(order, account.referencePrice));
  if (order.reduceOnly && account.position !== undefined)
    issues.push(...checkReduceOnly(order, account.position));
  return issues;
}
