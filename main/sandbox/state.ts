/** The sandbox's whole mutable world: accounts, keys, reference data. Routes read and change it. */
import type { Decimal } from 'decimal.js';
import type { Rng } from './rng.ts';
import type { WalletState } from './wallet-state.ts';

export interface ApiKey {
  /** Stable identity of the key slot (rate limits, ownership); survives a reset. */
  id: string;
  apiKey: string;
  apiSecret: string;
  accountId: string;
  title: string;
  enabled: boolean;
  /** Per-URL permissions of a sub-account key; unlisted URLs fall back to `defaultAllowed`. */
  urls: Map<string, boolean>;
  lastNonce: number;
  /** nonceWindow mode: nonce -> server time it was accepted, pruned after the window passed. */
  windowNonces: Map<number, number>;
  /** 1 info and trading, 2 also deposits and withdrawals; absent (seeded keys): 2. */
  type?: 1 | 2;
  /** The key's IP allow-list (addresses or CIDR ranges); absent or empty: any address. */
  ips?: string[];
  /** Unix seconds of its creation, for keys made through `sub-account/api-key/create`. */
  createdAt?: number;
}

/** What the exchange keeps about a sub-account beyond its balances; absent on seeded sub-accounts. */
export interface SubAccountInfo {
  status: 'active' | 'blocked' | 'deleted';
  spotEnabled: boolean;
  collateralEnabled: boolean;
  shareKyc: boolean;
  userId: string;
  color: string;
  /** The address given at creation (absent: created with shared KYC and no email). */
  email?: string;
  /** Its transfers with the main account, oldest first (`sub-account/transfer/history`). */
  transfers?: SubTransfer[];
}

/** One transfer between the main account and a sub-account, as the history answers it. */
export interface SubTransfer {
  /** The `transaction_id` the transfer answered. */
  id: string;
  direction: 'main_to_sub' | 'sub_to_main';
  currency: string;
  amount: string;
  /** Unix seconds. */
  createdAt: number;
}

/** Spot (trade) balance in ledger units: 10^-18 of the currency (see ledger.ts). */
export interface SpotBalance {
  available: bigint;
  freeze: bigint;
}

export interface Account {
  id: string;
  label: string;
  kind: 'main' | 'sub';
  /** Sub-account id as the sub-account endpoints take it. */
  subAccountId?: string;
  parentId?: string;
  email: string;
  region: string;
  retail: boolean;
  rpi: boolean;
  tradFi: boolean;
  hedgeMode: boolean;
  leverage: number;
  keyId: string;
  /** Main (wallet) balance per ticker; includes pending deposits. */
  main: Map<string, Decimal>;
  /** Part of `main` still held back by unconfirmed deposits. */
  pending: Map<string, Decimal>;
  spot: Map<string, SpotBalance>;
  collateral: Map<string, Decimal>;
  /** Sub-account settings (status, permissions, KYC); absent: active, both permissions, shared KYC. */
  sub?: SubAccountInfo;
  /** `main-account/create-new-address` is enabled for this account (off unless the exchange enabled it). */
  newAddresses?: boolean;
  /** Deposit addresses issued, by `ticker|network`, newest last. */
  depositAddresses?: Map<string, string[]>;
}

export interface MarketDef {
  name: string;
  stock: string;
  money: string;
  stockPrec: number;
  moneyPrec: number;
  minAmount: string;
  minTotal: string;
  maxTotal: string;
  tickSize: string;
  stepSize: string;
  type: 'spot' | 'futures';
  isTradFiFutures: boolean;
  isCollateral: boolean;
  maxLeverage: number;
  makerFee: string;
  takerFee: string;
  /** Seed price of the simulated market. */
  basePrice: string;
  fundingRate: string;
  /** The bounds the funding rate can reach (futures): decimal strings. */
  fundingCap?: string;
  fundingFloor?: string;
  /** An announced delisting, Unix seconds (`delistedAt` of the market list); none when absent. */
  delistedAt?: number;
}

export interface AssetDef {
  ticker: string;
  name: string;
  precision: number;
  canDeposit: boolean;
  canWithdraw: boolean;
  minWithdraw: string;
  maxWithdraw: string;
  withdrawFee: string;
  networks: string[];
  defaultNetwork: string;
  fiat: boolean;
  /** Price in USDT used for the stable-coin equivalents. */
  usdtPrice: string;
  /** Withdrawals carry a memo (destination tag) beside the address. */
  memo?: boolean;
}

export interface Region {
  id: string;
  /** Order flags or types unavailable here (`bboRole`, `rpi`, `stop_market`, ...): HTTP 453. */
  blocked: Set<string>;
  vaspEnabled: boolean;
  tradFiAssigned: boolean;
}

export interface SandboxState {
  rng: Rng;
  now: () => number;
  accounts: Map<string, Account>;
  /** Keyed by the current public key. */
  keysByPublic: Map<string, ApiKey>;
  keysById: Map<string, ApiKey>;
  markets: Map<string, MarketDef>;
  assets: Map<string, AssetDef>;
  regions: Map<string, Region>;
  /** Last traded price per market (decimal string); empty string before any trade. */
  lastPrices: Map<string, string>;
  /** Last mark-price snapshot per futures market and when it was taken (ms). */
  markPrices: Map<string, { price: string; at: number }>;
  /** When true the collateral markets list answers `api.margin.unavailable`. */
  marginUnavailable: boolean;
  /** `public/platform/status` answers "system maintenance" (control.setPlatformMaintenance). */
  platformMaintenance: boolean;
  /** What a sub-account key reset answers: the new key record (default) or the spec's empty object. */
  keyResetAnswer: 'key' | 'empty';
  /** Markets in planned maintenance: open orders were canceled with MAINTENANCE, new ones refused. */
  maintenance: Set<string>;
  /** Armed kill switches by `accountId|market`. */
  killSwitches: Map<string, KillSwitch>;
  /** Account events for webhooks (deposit, withdraw, refund, code); a no-op until webhooks are wired. */
  emit: (accountId: string, method: string, params: Record<string, unknown>) => void;
  wallet: WalletState;
  /** Told of each authenticated private request about to be applied (tests and tools watch it). */
  received?: ((request: ReceivedRequest) => void) | undefined;
}

/** A signed request the sandbox took: by REST (its path) or over the WebSocket (its order method). */
export interface ReceivedRequest {
  via: 'rest' | 'ws';
  path: string;
  /** The account's label. */
  account: string;
  body: Record<string, unknown>;
}

export interface KillSwitch {
  accountId: string;
  market: string;
  /** Unix seconds. */
  startTime: number;
  cancellationTime: number;
  /** null: created without types, every type is cancelled. */
  types: string[] | null;
}

export function mainAccountOf(state: SandboxState, account: Account): Account {
  if (account.kind === 'main' || !account.parentId) return account;
  return state.accounts.get(account.parentId) ?? account;
}

export function nowSeconds(state: SandboxState): number {
  return Math.floor(state.now() / 1000);
}
