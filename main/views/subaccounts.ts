/**
 * Result and event types of `subaccounts.*`: sub-accounts at the exchange, their keys, batches of new
 * ones, and work over many of them (balances, sweeps, key permissions, the unregistered ones found).
 */
import type { IpcError } from '../errors.ts';
import type { AccountView } from './accounts.ts';

/** A sub-account as the exchange lists it, with the desk's accounts that sign for it. */
export interface ExchangeSubAccountView {
  subAccountId: string;
  alias: string;
  /** `active` or `blocked` (the exchange's word). */
  status: string;
  /** Masked by the exchange (`e***@g***m`); null without one (shared KYC). */
  email: string | null;
  shareKyc: boolean | null;
  kycStatus: string | null;
  permissions: { spotEnabled: boolean; collateralEnabled: boolean } | null;
  registered: AccountView[];
}

/** One of a sub-account's API keys: never its secret. */
export interface SubAccountKeyView {
  id: string;
  title: string;
  apiKeyHint: string;
  /** 1 information and trading, 2 also deposits and withdrawals; null when the exchange said otherwise. */
  type: 1 | 2 | null;
  enabled: boolean;
  /** The desk account that signs with this key, when one does. */
  account?: { id: string; label: string };
}

/** What a sub-account holds: the app's check before it is deleted. */
export interface HoldingsView {
  subAccountId: string;
  alias: string;
  /** Currencies with a movable amount on any of its three balances. */
  balances: Array<{ ticker: string; main: string; spot: string; collateral: string }>;
  /** Read with its own key; null when the desk has no working key for it. */
  openOrders: number | null;
  openPositions: number | null;
  ordersKnown: boolean;
  empty: boolean;
  /** What it holds, in words ("12 USDT on its main balance", "2 open orders"). */
  reasons: string[];
  /** Why the one-click sweep cannot empty it (close positions first, register its key first). */
  sweepBlockers: string[];
}

export interface SweepToMainView {
  cancelled: number;
  moved: Array<{ ticker: string; amount: string; transactionId?: string }>;
  failed: Array<{ ticker: string; step: string; error: { code: string; message: string } }>;
}

/** A sub-account's withdrawal waiting for the main account's approval (read only here). */
export interface ApprovalView {
  id: string;
  subAccountId: string;
  /** The desk's label of the sub-account, when it is registered. */
  label: string | null;
  ticker: string;
  amount: string;
  createdAtMs: number;
}

/** A waiting withdrawal let go by the main account: the exchange sends it. */
export interface WithdrawalLetGoView {
  letGo: ApprovalView;
}

/** One page of a sub-account's transfers with the main account, newest first. */
export interface SubAccountTransfersView {
  subAccountId: string;
  /** The direction asked for; null for both. */
  direction: 'main_to_sub' | 'sub_to_main' | null;
  offset: number;
  limit: number;
  /** The page was full: older transfers may follow. */
  more: boolean;
  rows: Array<{
    /** The transaction id the transfer answered. */
    id: string;
    direction: 'main_to_sub' | 'sub_to_main';
    ticker: string;
    amount: string;
    atMs: number;
  }>;
}

/** The plan of a batch of new sub-accounts, every check done; nothing sent. */
export interface BatchPreviewView {
  previewId: string;
  expiresAtMs: number;
  count: number;
  names: string[];
  emails: string[] | null;
  shareKyc: boolean;
  permissions: { spotEnabled: boolean; collateralEnabled: boolean };
  key: { type: 1 | 2; ips: string[] } | null;
  funding: { ticker: string; amount: string; total: string; mainBalance: string | null } | null;
  group: string;
  /** Requests the batch sends (on the main key, paced inside its budgets). */
  requests: number;
}

export type BatchStageView = 'planned' | 'created' | 'keyed' | 'restricted' | 'funded' | 'done';

/** One account of a batch and how far it got. */
export interface BatchAccountView {
  n: number;
  alias: string;
  stage: BatchStageView;
  subAccountId?: string;
  /** The desk account its key was registered as. */
  accountId?: string;
  /** Why it stopped, when it did. */
  error?: { code: string; message: string };
  /** A request of it was sent without its answer: it is looked up at the exchange before going on. */
  unsure?: true;
}

export interface BatchSummaryView {
  batchId: string;
  createdAtMs: number;
  /** `interrupted`: the app stopped (or the batch was stopped) with accounts left; resume goes on. */
  state: 'running' | 'interrupted' | 'finished';
  total: number;
  done: number;
  failed: number;
  first: string;
  last: string;
}

export interface BatchView {
  batchId: string;
  createdAtMs: number;
  state: BatchSummaryView['state'];
  total: number;
  done: number;
  failed: number;
  accounts: BatchAccountView[];
}

/** A batch moved on: counts, and the account that just ended its turn. */
export interface BatchProgressView {
  batchId: string;
  running: boolean;
  total: number;
  done: number;
  failed: number;
  account?: BatchAccountView;
}

/** One sub-account's balances read with the main key: per ticker, its main, spot and collateral. */
export interface SubAccountBalanceView {
  subAccountId: string;
  ok: boolean;
  balances?: Record<string, Array<{ main: string; spot: string; collateral: string }>>;
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

/** A sub-account a preview could not read (its balance, its orders): such a preview cannot be sent. */
export interface UnreadAccountView {
  account: string;
  label: string;
  problem: string;
}

export interface BatchOutcome {
  account: string;
  label: string;
  ok: boolean;
  error?: IpcError;
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
