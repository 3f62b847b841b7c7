/**
 * What moving a position's stop-loss does to what it protects. A stop-loss closes the position when the
 * price reaches its trigger on the loss side (below the price for a long, above it for a short): moved
 * farther from the price (a long's lower, a short's higher), it lets the position lose more before it
 * closes it, and may leave it where only the liquidation closes it; moved closer, it protects more.
 * Pure decimal math; main asks before a stop-loss is moved farther (`services/trading/order-modify.ts`).
 */
import { Dec, parsePlain } from './decimal.ts';
import type { Direction } from './tpsl.ts';

export type StopLossMove = 'farther' | 'closer' | 'same';

/**
 * How a stop-loss moved from `from` to `to` stands against the price: `farther` when it protects less
 * (a long's lower, a short's higher), `closer` when it protects more, `same` when it does not move.
 * Undefined when either price is unreadable (not a plain positive decimal).
 */
export function stopLossMove(direction: Direction, from: string, to: string): StopLossMove | undefined {
  const was = parsePlain(from.trim());
  const now = parsePlain(to.trim());
  if (!was?.gt(0) || !now?.gt(0)) return undefined;
  if (now.eq(was)) return 'same';
  const lower = now.lt(was);
  return lower === (direction === 'long') ? 'farther' : 'closer';
}

/**
 * What more a position of `amount` (signed or not) can lose before the stop-loss closes it, once moved
 * from `from` to `to` farther from the price: its size × the distance moved. Zero for a move closer or
 * none; undefined when a number is unreadable.
 */
export function addedLoss(direction: Direction, amount: string, from: string, to: string): Dec | undefined {
  const move = stopLossMove(direction, from, to);
  const size = parsePlain(amount.trim().replace(/^-/, ''));
  if (move === undefined || !size) return undefined;
  if (move !== 'farther') return new Dec(0);
  return size.mul(new Dec(to.trim()).sub(from.trim()).abs());
}
