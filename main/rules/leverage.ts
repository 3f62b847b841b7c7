import { Dec, parsePlain } from './decimal.ts';
import type { RuleIssue } from './types.ts';

/** Leverage levels the collateral account accepts. */
export const LEVERAGE_LEVELS = [1, 2, 3, 5, 10, 20, 50, 100] as const;

/**
 * A leverage change: one of LEVERAGE_LEVELS and at most the market's `max_leverage` when known.
 * Suggests the nearest allowed levels.
 */
export function checkLeverage(leverage: number, maxLeverage?: number): RuleIssue[] {
  const allowed = LEVERAGE_LEVELS.filter((level) => maxLeverage === undefined || level <= maxLeverage);
  if (allowed.length === 0)
    return [
      {
        field: 'leverage',
        message: `This market allows no leverage level (its maximum is ${String(maxLeverage)})`,
      },
    ];
  if (maxLeverage !== undefined && leverage > maxLeverage) {
    const best = String(allowed[allowed.length - 1]);
    return [
      {
        field: 'leverage',
        message: `Leverage must be at most ${String(maxLeverage)} on this market; nearest: ${best}`,
        suggestions: [best],
      },
    ];
  }
  if ((allowed as readonly number[]).includes(leverage)) return [];
  const below = allowed.filter((level) => level < leverage).at(-1);
  const above = allowed.find((level) => level > leverage);
  const suggestions = [below, above].filter((v) => v !== undefined).map(String);
  const list = allowed.join(', ');
  return [
    {
      field: 'leverage',
      message: `Leverage must be one of ${list}${suggestions.length ? `; nearest: ${suggestions.join(' or ')}` : ''}`,
      suggestions,
    },
  ];
}

/** A position as far as its liquidation price at another leverage is worked out. */
export interface LeveragedPosition {
  /** Signed base amount: positive long, negative short. */
  readonly amount: string;
  /** The entry (average) price. */
  readonly entry: string;
  /** The liquidation price the exchange gives at the leverage in force. */
  readonly liquidation: string;
  /** The leverage the position is held at now (its value ÷ its margin; may be fractional). */
  readonly leverage: string;
}

/**
 * The liquidation price a position would have at `next` leverage, from the one the exchange gives at
 * the leverage in force: the margin behind each unit of the position changes by entry × (1/now −
 * 1/next), and the liquidation price moves by as much, toward the entry for a higher leverage, away
 * from it for a lower one (never below 0). Whatever maintenance the exchange keeps stays in the price
 * it gave. Undefined when the position says too little (a zero or unreadable amount, entry,
 * liquidation price or leverage).
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

/** The leverage a position is held at: its value (size × entry) ÷ its margin; undefined when unreadable. */
export function heldLeverage(amount: string, entry: string, margin: string): string | undefined {
  const size = parsePlain(amount.trim().replace(/^-/, ''));
  const price = parsePlain(entry.trim());
  const held = parsePlain(margin.trim());
  if (!size?.gt(0) || !price?.gt(0) || !held?.gt(0)) return undefined;
  return size.mul(price).div(held).toFixed();
}

/**
 * The legs that would trigger only past the liquidation price, where the position is already gone:
 * for a long those at or below it, for a short those at or above it.
 */
export function legsBeyond<L extends { activationPrice: string }>(
  amount: string,
  liquidation: string,
  legs: readonly L[],
): L[] {
  const at = parsePlain(liquidation.trim());
  if (!at) return [];
  const short = /^-/.test(amount.trim());
  return legs.filter((leg) => {
    const price = parsePlain(leg.activationPrice.trim());
    return price !== undefined && (short ? price.gte(at) : price.lte(at));
  });
}
