/** The result and payload types of the history sync and the cached deals (plain data). */
import type { CachedDealView } from '../cache/records.ts';

export type { CachedDealView };

export interface SyncProgressView {
  job: string;
  account: string;
  phase: 'backfill' | 'incremental' | 'idle';
  pages: number;
  rows: number;
  /** 0..1 */
  done: number;
  remainingMs: number | null;
  /** In a team desk: this teammate is syncing the account now; this operator waits and reads theirs. */
  waitingFor?: string;
}

export interface SyncFinished {
  job: string;
  account: string;
  outcome: 'done' | 'cancelled' | 'failed';
  message?: string;
}

export interface SyncStateView {
  account: string;
  phase: 'backfill' | 'incremental' | 'idle' | 'never';
  /** Unix seconds up to which the cached history is complete (how old the data is). */
  syncedUntil: number | null;
  running: boolean;
}

export interface DealPageView {
  rows: CachedDealView[];
  next: { timeUs: number; id: number; account: string } | null;
  /**
   * Unix seconds: the exchange serves the last six months of deals only, so a deal older than this is
   * in this computer's archive only (a sync never removes one).
   */
  archiveSince: number;
}

export interface DealTotalsView {
  deals: number;
  markets: Array<{
    market: string;
    deals: number;
    buyAmount: string;
    sellAmount: string;
    netAmount: string;
    buyValue: string;
    sellValue: string;
  }>;
  fees: Array<{ asset: string; amount: string }>;
}

/** One signed request the app sent: when, for which account, which path and how it ended. Never a secret. */
export interface AuditEntryView {
  id: number;
  atMs: number;
  /** The registered account's id, or `unregistered`. */
  account: string;
  path: string;
  /** `sending`: a teammate's approval used for it, recorded before it was sent (four eyes). */
  outcome: 'ok' | 'rejected' | 'failed' | 'sending';
  httpStatus?: number;
  errorCode?: string;
  durationMs?: number;
  /** In a team desk: the operator who sent it. */
  operator?: string;
  /** SHA-256 of the request without its nonce. */
  bodyHash?: string;
  /** The client order id of the order it placed. */
  clientOrderId?: string;
  /** A teammate's entry brought from the team store: the profile that wrote it, and its id there. */
  origin?: string;
  originId?: number;
  /** Four eyes: the approved proposal it was signed with, and who approved it. */
  proposal?: string;
  approvedBy?: string;
}
