/**
 * Where a position is liquidated, and what a change of leverage does to that price: every open
 * position takes the account's leverage (at most its market's maximum), and the margin it holds is its
 * value over that leverage, so changing the leverage moves the liquidation price by the entry price ×
 * (1 / old leverage − 1 / new leverage): toward the entry for a higher leverage, away from it for a
 * lower one. The exchange's own liquidation price now is the starting point (it knows the maintenance
 * rate and fees); without it nothing is guessed. A take-profit / stop-loss leg beyond the liquidation
 * price never triggers: the position is liquidated first. Pure decimal math; the Positions screen's
 * preview and main's question before a leverage is raised both read it.
 */
import { Dec, parsePlain } from './decimal.ts';
import { directionOf, grouped } from './tpsl.ts';
import type { RuleIssue } from './types.ts';

/** A position as far as its liquidation price at another leverage is worked out. */
export interface LeveragedPosition {
  /** Signed base amount: positive long, negative short. */
  readonly amount: string;
  /** The entry (average) price. */
  readonly entry: string;
  /** The liquidation price the exchange gives at the leverage in force. */
  readonly liquidation: string;
  /** The leverage the position is held at now (may be fractional). */
  readonly leverage: string;
}

/** The leverage a position on a market takes: the account's, at most the market's maximum. */
export function effectiveLeverage(account: number, marketMax?: number): number {
  return marketMax === undefined ? account : Math.min(account, marketMax);
}

/** The leverage a position is held at: its value (size × entry) ÷ its margin; undefined when unreadable. */
export function heldLeverage(amount: string, entry: string, margin: string): string | undefined {
  const size = parsePlain(amount.trim().replace(/^-/, ''));
  const price = parsePlain(entry.trim());
  const held = parsePlain(margin.trim());
  if (!size?.gt(0) || !price?.gt(0) || !held?.gt(0)) return undefined;
  return size.mul(price).div(held).toFixed();
}

/**
 * The liquidation price a position would have at `next` leverage, from the one the exchange gives at
 * the leverage in force: the margin behind each unit of the position changes by entry × (1/now −
 * 1/next), and the liquidation price moves by as much (never below 0). Whatever maintenance the
 * exchange keeps stays in the price it gave. Undefined when the position says too little (a zero or
 * unreadable amount, entry, liquidation price or leverage).
 */
export function liquidationAtLeverage(p: LeveragedPosition, next: number): string | undefined {
  const signed = /^-/.test(p.amount.trim());
  const size = parsePlain(p.amount.trim().replace(/^-/, ''));
  const entry = parsePlain(p.entry.trim());
  const liquidation = parsePlain(p.liquidation.trim());
  const now = parsePlain(p.leverage.trim());
  if (!size?.gt(0) || !entry?.gt(0) || !liquidation || !now?.gt(0) || !(next > 0)) return undefined;
  const shift = entry.mul(new Dec(1).div(now).sub(new Dec(1).div(next)));
  const moved = signed ? liquidation.sub(shift) : liquidation.add(shift);
  return Dec.max(moved, 0).toFixed();
}

/**
 * Whether a leg's trigger lies beyond the liquidation price (at or below it for a long, at or above it
 * for a short): the position is liquidated before the leg triggers.
 */
export function beyondLiquidation(amount: string, trigger: Dec, liquidation: Dec): boolean {
  const direction = directionOf(amount);
  if (!direction) return false;
  return direction === 'long' ? trigger.lte(liquidation) : trigger.gte(liquidation);
}

/** The legs that would trigger only past the liquidation price, where the position is already gone. */
export function legsBeyond<L extends { activationPrice: string }>(
  amount: string,
  liquidation: string,
  legs: readonly L[],
): L[] {
  const at = parsePlain(liquidation.trim());
  if (!at) return [];
  return legs.filter((leg) => {
    const price = parsePlain(leg.activationPrice.trim());
    return price !== undefined && beyondLiquidation(amount, price, at);
  });
}

/** A leg's new trigger against the position's liquidation price, as a refusal on `field`. */
export function checkLegLiquidation(
  leg: 'takeProfit' | 'stopLoss',
  trigger: string,
  position: { readonly amount: string; readonly liquidationPrice?: string | null | undefined },
  field: string,
): RuleIssue[] {
  const price = parsePlain(trigger.trim());
  const liquidation = position.liquidationPrice ? parsePlain(position.liquidationPrice.trim()) : undefined;
  const direction = directionOf(position.amount);
  if (!price || !liquidation || !direction || !beyondLiquidation(position.amount, price, liquidation))
    return [];
  const which = leg === 'takeProfit' ? 'take-profit' : 'stop-loss';
  const side = direction === 'long' ? 'above' : 'below';
  return [
    {
      field,
      message: `The ${which} at ${grouped(price)} lies beyond the liquidation price ${grouped(liquidation)} of this ${direction} position: it would be liquidated before the ${which} triggers. Set it ${side} ${grouped(liquidation)}.`,
    },
  ];
}
