/**
 * What the board keeps of each account in the last known store (the kinds, and each reading's
 * entries, written in one transaction), and the realized PnL of today it reads from the cache.
 */
import type { Cache } from '../../cache/index.ts';
import { Dec } from '../../rules/decimal.ts';
import type { LastKnownWrite } from '../../services/live/last-known.ts';
import type { AccountRecord } from '../../vault/registry.ts';
import type { Reading } from './board-read.ts';

export const KINDS = {
  main: 'balances.main',
  spot: 'balances.spot',
  collateral: 'balances.collateral',
  orders: 'orders.open',
  positions: 'positions.open',
  key: 'keys.state',
  realized: 'pnl.realized_today',
  prices: 'desk.prices',
} as const;

/** The store's account name for desk-wide values (prices). */
export const DESK = 'desk';
/** The entries a batch of readings writes: each part read, and the key's state. */
export function readingEntries(batch: readonly Reading[]): LastKnownWrite[] {
  return batch.flatMap((r) => {
    const at = { account: r.account, takenAtMs: r.atMs };
    const key = { state: r.key, ...(r.problem ? { problem: r.problem } : {}) };
    return [
      ...(r.main ? [{ ...at, kind: KINDS.main, value: r.main }] : []),
      ...(r.spot ? [{ ...at, kind: KINDS.spot, value: r.spot }] : []),
      ...(r.collateral ? [{ ...at, kind: KINDS.collateral, value: r.collateral }] : []),
      ...(r.orders ? [{ ...at, kind: KINDS.orders, value: r.orders }] : []),
      ...(r.positions ? [{ ...at, kind: KINDS.positions, value: r.positions }] : []),
      ...(r.realized !== undefined ? [{ ...at, kind: KINDS.realized, value: r.realized }] : []),
      { ...at, kind: KINDS.key, value: key },
    ];
  });
}

/**
 * Realized PnL of each account's position changes cached since 00:00 UTC (history sync keeps them),
 * in one read for the whole desk; undefined when the cache cannot say.
 */
export async function realizedToday(
  cache: Cache,
  desk: readonly AccountRecord[],
  now: number,
): Promise<Map<string, string> | undefined> {
  const from = Math.floor((now - (now % 86_400_000)) / 1000);
  try {
    const records = await cache.positions.realizedSince(
      from,
      desk.map((a) => a.id),
    );
    const sums = new Map<string, Dec>();
    for (const r of records) sums.set(r.account, (sums.get(r.account) ?? new Dec(0)).plus(r.realizedPnl));
    return new Map([...sums].map(([account, sum]) => [account, sum.toFixed()]));
  } catch {
    return undefined;
  }
}
