/**
 * The result and payload types of the IPC contract: what crosses the bridge, in plain data (decimal
 * strings kept exactly). Kept free of imports so the renderer's type-check can read it under DOM types.
 */
import type { IpcError } from './contract.ts';

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  arch: string;
  /** Where this profile keeps its cache and settings. */
  dataDir: string;
  /** `electron` in the desktop app, `node` in the browser test host. */
  runtime: 'electron' | 'node';
  versions: { node: string; electron?: string; chrome?: string };
}

export interface ConnectionStatus {
  /** The `connection` its accounts carry: `sandbox`, or the REST and WebSocket addresses together. */
  id: string;
  kind: 'sandbox' | 'live';
  restUrl: string;
  wsUrl: string;
}

/** The saved connection choice beside the running one. */
export interface ConnectionSettingsView {
  choice: { kind: 'sandbox' } | { kind: 'live'; restUrl: string; wsUrl: string };
  /** The saved choice differs from the running connection: it applies at the next start. */
  restartNeeded: boolean;
  /** The desktop can restart the app itself (not in a browser test host). */
  canRestart: boolean;
}

/** A registered account as the renderer sees it: never the secret, the public key only hinted. */
export interface AccountView {
  id: string;
  label: string;
  kind: 'main' | 'sub';
  subAccountId: string | null;
  /** First and last characters of the public key, e.g. `4f2a…9c1e`. */
  apiKeyHint: string;
  connection: string;
  groups: string[];
  tags: string[];
  favourite: boolean;
  /** A webhook key is set up for this account. */
  webhook: boolean;
}

export interface ImportReport {
  /** The file read, or null when the user cancelled the dialog. */
  file: string | null;
  rows: Array<{ line: number; label: string; ok: boolean; error?: string; field?: string }>;
}

export interface MarketView {
  name: string;
  type: string;
  stockPrec: number;
  moneyPrec: number;
  minAmount: string;
  minTotal: string;
  maxTotal: string;
  tickSize: string;
  stepSize: string;
  isTradFiFutures: boolean;
  maxLeverage?: number;
}

export interface RuleIssueView {
  field: string;
  message: string;
  suggestions?: string[];
}

/** An order as the exchange answers it (decimal strings kept exactly). */
export interface OrderView {
  orderId: number;
  clientOrderId: string;
  market: string;
  side: 'buy' | 'sell';
  type: string;
  timestamp: number;
  amount: string;
  left: string;
  dealStock: string;
  dealMoney: string;
  dealFee: string;
  price?: string;
  activation_price?: string;
  status?: string;
  stp?: string;
  positionSide?: string;
  /** The order can only reduce or close a position (TP/SL legs and closing orders). */
  reduceOnly?: boolean;
}

export interface DealView {
  id: number;
  clientOrderId: string;
  time: number;
  side: 'buy' | 'sell';
  role: 1 | 2;
  amount: string;
  price: string;
  deal: string;
  fee: string;
  orderId: number;
}

export interface PlaceResultView {
  clientOrderId: string;
  order?: OrderView;
  deals?: readonly DealView[];
  /** The first answer was lost and the order was found by its client order id. */
  recovered: boolean;
}

export interface SyncProgressView {
  job: string;
  account: string;
  phase: 'backfill' | 'incremental' | 'idle';
  pages: number;
  rows: number;
  /** 0..1 */
  done: number;
  remainingMs: number | null;
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

export interface CachedDealView extends DealView {
  account: string;
  market: string;
  feeAsset: string;
}

export interface DealPageView {
  rows: CachedDealView[];
  next: { timeUs: number; id: number; account: string } | null;
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

export interface MiningAlertView {
  account: string;
  miningAccount: string;
  kind: 'offline' | 'low';
  online: number;
  offline: number;
  low: number;
  message: string;
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

export interface Notice {
  level: 'info' | 'warning' | 'error';
  message: string;
}

export type LiveState = 'idle' | 'connecting' | 'authorizing' | 'reconciling' | 'live' | 'stopped';

/** Pushes of one account's WebSocket, coalesced over a short window (replaced: superseded pushes). */
export interface LiveBatch {
  accountId: string;
  events: Array<{ channel: string; params: unknown }>;
  replaced: number;
}

/** A webhook event as stored: the exchange's method, id and params (source 'reconciler' when filled in). */
export interface WebhookEventView {
  id: string;
  account: string;
  method: string;
  nonce: number;
  receivedAtMs: number;
  params: unknown;
}

/** A market's order book: [price, amount] levels, best first. */
export interface OrderBookView {
  timestamp: number;
  asks: Array<[string, string]>;
  bids: Array<[string, string]>;
}

export interface MainBalanceView {
  main_balance: string;
  pending_deposit_amount: string;
}

export interface WithdrawableView {
  totalBalanceStable: string;
  lockedBalanceStable: string;
  availableBalanceStable: string;
  assets: Record<string, string>;
}

export interface OpenPositionView {
  positionId: number;
  market: string;
  amount: string;
  basePrice?: string | null;
  liquidationPrice?: string | null;
  positionSide?: string;
}

export interface MinerInfoView {
  fee: string;
  workers: { online: number; offline: number; low: number };
  stratum: Array<{ url: string; workersCount: number }>;
}

/** A record kept as the exchange sent it (history pages whose fields the app shows as they come). */
export type RecordView = Record<string, unknown>;
