/** The result and payload types of many-accounts work: balances, one order for many, permissions, sweeps. */
import type { IpcError } from '../../ipc/contract.ts';
import type { PlaceResultView, RuleIssueView } from '../orders/views.ts';

export interface DeskBalanceView {
  account: string;
  ok: boolean;
  balances?: Record<string, { available: string; freeze: string }>;
  error?: IpcError;
}

export interface DeskChildPreview {
  account: string;
  label: string;
  clientOrderId: string;
  amount?: string;
  issues: RuleIssueView[];
}

export interface DeskChildResult {
  account: string;
  label: string;
  clientOrderId: string;
  ok: boolean;
  /** Placed by an earlier send of the same batch: found by its client order id, not sent again. */
  already?: boolean;
  result?: PlaceResultView;
  error?: IpcError;
}

export interface KeyDiffView {
  account: string;
  label: string;
  changes: Array<{ url: string; before: boolean | 'unknown'; after: boolean }>;
}

export interface SweepLegView {
  account: string;
  label: string;
  subAccountId: string;
  amount: string;
}

export interface BatchOutcome {
  account: string;
  label: string;
  ok: boolean;
  error?: IpcError;
}

/** A desk batch as the audit log keeps it (no messages: error codes only). */
export interface BatchRecordView {
  parentId: string;
  kind: 'order' | 'permissions' | 'sweep';
  atMs: number;
  children: Array<{
    account: string;
    /** The child's own id: its client order id, or the sub-account id of a sweep leg. */
    childRef?: string;
    outcome: 'ok' | 'failed';
    errorCode?: string;
    /** What it made: the order id, the transfer's transaction id. */
    detail?: string;
  }>;
}

/** A sub-account the exchange lists for the main account that no registered account stands for. */
export interface FoundSubAccountView {
  subAccountId: string;
  alias: string;
  email?: string;
  status?: string;
}

/** A named thing a sub-account key may do, and the exchange URLs behind it. */
export interface KeyCapabilityView {
  id: string;
  label: string;
  description: string;
  /** Withdrawals and transfers: a key with it can move funds out. */
  movesFunds: boolean;
  urls: string[];
}
