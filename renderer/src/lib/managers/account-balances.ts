/**
 * What an account's row says of its balances: the words, whether they are saved or read now, and how
 * many rows show saved ones (the Accounts and Sub-accounts screens).
 */
import type { DeskBalanceView } from '../../../../main/ipc/contract.ts';
import { formatNumber } from '../format/number.ts';

export type SpotBalances = NonNullable<DeskBalanceView['balances']>;

/** Up to this many accounts, opening the screen reads every balance; above it, only those never read. */
export const EAGER_READ_ACCOUNTS = 50;

/** Rows that show saved balances (see `countSaved`). */
export interface SavedShown {
  count: number;
  /** Of them, those the exchange did not answer for. */
  failed: number;
  /** When the oldest of them were taken; null when there are none. */
  oldestMs: number | null;
}

/** Counts the rows that show saved balances: each is undefined (it does not) or says when and why. */
export function countSaved(rows: ReadonlyArray<{ asOfMs: number; failed: boolean } | undefined>): SavedShown {
  let count = 0;
  let failed = 0;
  let oldestMs: number | null = null;
  for (const row of rows) {
    if (!row) continue;
    count += 1;
    if (row.failed) failed += 1;
    oldestMs = oldestMs === null ? row.asOfMs : Math.min(oldestMs, row.asOfMs);
  }
  return { count, failed, oldestMs };
}

/** At most this many accounts follow their balances live on this screen (one WebSocket each). */
export const LIVE_BALANCES = 20;

/** An account's balances as its row shows them: the words, when they were taken and where from. */
export interface ShownBalance {
  text: string;
  /** When the balances shown were taken from the exchange; null when none are known. */
  asOfMs: number | null;
  source: 'exchange' | 'cache' | 'none';
}

/** Non-zero spot balances in words: "USDT 50000 · BTC 1 (0.5 frozen)", largest list first by asset name. */
export function balanceSummary(view: DeskBalanceView | undefined): string {
  if (!view) return 'loading…';
  if (!view.ok) return view.error?.message ?? 'unavailable';
  const parts: string[] = [];
  for (const [asset, b] of Object.entries(view.balances ?? {})) {
    const zero = (s: string) => /^0*(\.0*)?$/.test(s);
    if (zero(b.available) && zero(b.freeze)) continue;
    const available = formatNumber(b.available);
    parts.push(
      zero(b.freeze) ? `${asset} ${available}` : `${asset} ${available} (${formatNumber(b.freeze)} frozen)`,
    );
  }
  return parts.length === 0 ? 'no balance' : parts.join(' · ');
}
