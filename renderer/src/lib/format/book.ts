/**
 * An order book kept from the exchange's `depth` pushes: a full book, then diffs whose levels replace
 * the book's (an amount of 0 removes the level). Diffs are numbered: one that does not follow the last
 * applied means one went missing, and the book must be read afresh. Pure: the trade screen's book and
 * the tests of the exchange's depth channel share it.
 */
import type { LiveEvent } from '../../../../main/ipc/contract.ts';
import { compareDecimal } from './decimal.ts';

export type Level = [price: string, amount: string];

/** The REST snapshot a book starts from (`markets.depth`): the best 50 levels a side. */
export function snapshotRead(market: string): { market: string; limit: number } {
  return { market, limit: 50 };
}

/** A `depth` push as main reads it: a whole book or a diff, with its number when the exchange sends one. */
export type DepthPush = Extract<LiveEvent, { channel: 'depth' }>;

/**
 * Whether a diff may be applied after the push numbered `lastId`: it names that push as its
 * predecessor, or one of the two is not numbered (a book read by REST has no number).
 */
export function followsLast(push: Pick<DepthPush, 'pastUpdateId'>, lastId: number | undefined): boolean {
  return push.pastUpdateId === undefined || lastId === undefined || push.pastUpdateId === lastId;
}

export function isZero(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

/** A side after a diff: an amount of 0 removes the level; the result is sorted best first. */
export function applyLevels(
  side: 'ask' | 'bid',
  levels: readonly Level[],
  changes: readonly Level[],
): Level[] {
  const same = (a: string) => (l: Level) => compareDecimal(a, l[0]) === 0;
  const kept = levels.filter(([price]) => !changes.some(same(price)));
  // Within one diff the last change of a price wins.
  const added = changes.filter(
    ([price, amount], i) => !isZero(amount) && !changes.slice(i + 1).some(same(price)),
  );
  const sign = side === 'ask' ? 1 : -1;
  return [...kept, ...added].sort((a, b) => sign * compareDecimal(a[0], b[0]));
}
