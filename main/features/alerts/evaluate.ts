/**
 * When an alert fires, as pure decimal rules. A price alert fires when the last price moves from the
 * near side of its level to the level or past it (a cross), never on the first price seen. An account
 * alert fires once on entering its alert state (margin ratio at or above its level, liquidation
 * distance at or below it) and leaves that state only past a clearing level 5 % of the threshold
 * beyond it, so a value wobbling around the threshold does not fire again and again.
 */
import { Dec } from '../../rules/decimal.ts';

export type Direction = 'above' | 'below';

/** Whether a value is on the alert's side of the level (reaching it counts). */
export function beyond(value: Dec, direction: Direction, level: Dec): boolean {
  return direction === 'above' ? value.gte(level) : value.lte(level);
}

export interface CrossStep {
  /** Where the price is now: on the alert's side of the level or not. */
  beyond: boolean;
  /** The price crossed to the level or past it with this step. */
  fired: boolean;
}

/**
 * One last price seen by a price alert that was on `wasBeyond` (undefined: no price seen since it was
 * armed, so this one only sets the side).
 */
export function crossStep(
  wasBeyond: boolean | undefined,
  price: Dec,
  direction: Direction,
  level: Dec,
): CrossStep {
  const now = beyond(price, direction, level);
  return { beyond: now, fired: wasBeyond === false && now };
}

/** The share of the threshold a value must move back past it before the alert state clears. */
export const CLEAR_BAND = new Dec('0.05');

/** Where an account alert's state clears: 5 % of the threshold below an "above" level, above a "below" one. */
export function clearLevel(direction: Direction, threshold: Dec): Dec {
  const band = threshold.times(CLEAR_BAND);
  return direction === 'above' ? threshold.minus(band) : threshold.plus(band);
}

export interface LevelStep {
  inAlert: boolean;
  /** The value entered the alert state with this step. */
  fired: boolean;
}

/**
 * One reading of an account's figure. `undefined` (no open position, so no ratio or distance) leaves
 * the alert state: there is nothing at risk.
 */
export function levelStep(
  inAlert: boolean,
  value: Dec | undefined,
  direction: Direction,
  threshold: Dec,
): LevelStep {
  if (value === undefined) return { inAlert: false, fired: false };
  if (!inAlert) {
    const enter = beyond(value, direction, threshold);
    return { inAlert: enter, fired: enter };
  }
  const clear = clearLevel(direction, threshold);
  const leaves = direction === 'above' ? value.lt(clear) : value.gt(clear);
  return { inAlert: !leaves, fired: false };
}
