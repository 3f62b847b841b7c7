/**
 * Where a position is liquidated, and what a change of leverage does to that price: every open
 * position takes the account's leverage (at most its market's maximum), and the margin it holds is its
 * value over that leverage, so raising the leverage moves the liquidation price toward the market by
 * the entry price × (1 / old leverage − 1 / new leverage). The exchange's own liquidation price now is
 * the starting point (it knows the maintenance rate and fees); without it nothing is guessed.
 * A take-profit / stop-loss leg beyond the liquidation price never triggers: the position is
 * liquidated first. Pure decimal math.
 */
import { Dec, parsePlain } from './decimal.ts';
import { directionOf, grouped } from './tpsl.ts';
import type { RuleIssue } from './types.ts';

/** What the rules read of an open position. */
export interface LiquidationPosition {
  /** Signed base amount: negative for a short. */
  readonly amount: string;
  /** The entry (base) price. */
  readonly entryPrice?: string | null | undefined;
  /** The exchange's liquidation price now. */
  readonly liquidationPrice?: string | null | undefined;
}

/** The leverage a position on a market takes: the account's, at most the market's maximum. */
export function effectiveLeverage(account: number, marketMax?: number): number {
  return marketMax === undefined ? account : Math.min(account, marketMax);
}

/**
 * The position's liquidation price once the leverage goes from `now` to `next` (each already the
 * position's effective leverage); undefined when the exchange's price or the entry is unknown, or the
 * result would not be a positive price (liquidated at once).
 */
export function liquidationAfter(position: LiquidationPosition, now: number, next: number): Dec | undefined {
  const direction = directionOf(position.amount);
  const entry = position.entryPrice ? parsePlain(position.entryPrice.trim()) : undefined;
  const liquidation = position.liquidationPrice ? parsePlain(position.liquidationPrice.trim()) : undefined;
  if (!direction || !entry || !liquidation || now <= 0 || next <= 0) return undefined;
  const shift = entry.mul(new Dec(1).div(now).sub(new Dec(1).div(next)));
  const after = direction === 'long' ? liquidation.add(shift) : liquidation.sub(shift);
  return after.gt(0)
    ? after.toDecimalPlaces(8, direction === 'long' ? Dec.ROUND_UP : Dec.ROUND_DOWN)
    : undefined;
}

/**
 * Whether a leg's trigger lies beyond the liquidation price (below it for a long, above it for a
 * short): the position is liquidated before the leg triggers.
 */
export function beyondLiquidation(amount: string, trigger: Dec, liquidation: Dec): boolean {
  const direction = directionOf(amount);
  if (!direction) return false;
  return direction === 'long' ? trigger.lte(liquidation) : trigger.gte(liquidation);
}

/** A leg's new trigger against the position's liquidation price, as a refusal on `field`. */
export function checkLegLiquidation(
  leg: 'takeProfit' | 'stopLoss',
  trigger: string,
  position: LiquidationPosition,
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
