/** Wallet-side records of the sandbox: deposits/withdrawals, codes, refunds, converts, flex, mining. */
import { Decimal } from 'decimal.js';
import { uuidFrom } from './rng.ts';
import type { Rng } from './rng.ts';
import type { FlexAction, FlexInvestment } from './flex-state.ts';
import type { SandboxState } from './state.ts';

export interface WalletRecord {
  id: string;
  accountId: string;
  /** 1 deposit, 2 withdraw */
  method: 1 | 2;
  ticker: string;
  network: string;
  address: string;
  uniqueId: string | null;
  amount: string;
  fee: string;
  status: 'pending' | 'successful' | 'canceled';
  createdAt: number;
  /** Server time (ms) at which a pending record completes. */
  completeAt: number;
  memo: string;
}

export interface RefundRecord {
  id: string;
  accountId: string;
  depositId: string;
  ticker: string;
  amount: string;
  memo: string | null;
  /** Where the refund is sent (absent in states saved before it was asked). */
  address?: string;
  status: 'in_process' | 'successful' | 'canceled';
  createdAt: number;
  /** Server time (ms) at which an in-process refund completes (absent: it stays as it is). */
  completeAt?: number;
}

export interface MiningAccount {
  name: string;
  accountId: string;
  createdAt: number;
  workers: number;
  fee: string;
  /** Set by `control.setWorkers`: fixed offline/low counts instead of the per-minute schedule. */
  pinned?: { offline: number; low: number };
  /** Where rewards go (`mining/payout-destination/edit`); unset: the main balance. */
  payout?: { destination: 'main_balance' | 'external_address'; address: string | null };
}

/** A watcher link made with `mining/watcher-links/create`. */
export interface WatcherLink {
  id: string;
  ownerId: string;
  accounts: string[];
  name: string;
  permissions: string[];
  /** Unix seconds; null: always. */
  liveUntil: number | null;
  createdAt: number;
}

export interface ServiceCode {
  code: string;
  ownerId: string;
  ticker: string;
  amount: string;
  passphrase: string | null;
  externalId: string;
  appliedBy: string | null;
  /** Unix seconds (absent in states saved before it was kept: 0). */
  createdAt?: number;
  appliedAt?: number;
}

export interface WalletState {
  records: WalletRecord[];
  uniqueIds: Set<string>;
  refunds: RefundRecord[];
  converts: Map<string, { finalGive: string; finalReceive: string; id: string }>;
  /** Every convert made, oldest first (`convert/history`; absent in states saved before it was kept). */
  convertLog?: ConvertLogEntry[];
  flex: FlexInvestment[];
  /** Every flex earn operation, oldest first (absent in states saved before it was kept). */
  flexLog?: FlexAction[];
  mining: MiningAccount[];
  /** Watcher links made over the API (each account also has its seeded one, see `mining/watcher-links/list`). */
  watcherLinks?: WatcherLink[];
  codes: ServiceCode[];
  /** Withdrawals of sub-accounts waiting for the main account's approval (absent in older states). */
  approvals?: PendingApproval[];
  /** Active credit-line loans by account id (absent in older states). */
  loans?: Record<string, CreditLoan>;
}

/** An active credit-line loan, as `credit-line/loans/info` answers it (LTVs in percent). */
export interface CreditLoan {
  asset: string;
  amount: string;
  totalFunding: string;
  currentLtv: string;
  initialLtv: string;
  marginCallLtv: string;
  liquidationLtv: string;
  /** Unix seconds. */
  createdAt: number;
}

/** One convert as `convert/history` lists it. */
export interface ConvertLogEntry {
  accountId: string;
  id: string;
  /** Unix seconds. */
  date: number;
  give: string;
  receive: string;
  rate: string;
  path: Array<{ from: string; to: string; rate: string }>;
}

/** A sub-account's withdrawal held for the main account (`sub-account/withdraw/unconfirmed-list`). */
export interface PendingApproval {
  id: string;
  accountId: string;
  ticker: string;
  amount: string;
  /** Unix seconds. */
  createdAt: number;
  /** Where it goes (absent: an address the sandbox was not told). */
  address?: string;
  /** Unix seconds at which the main account confirmed it (absent: it is still waiting). */
  confirmedAt?: number;
}

/** How long a pending deposit or withdrawal takes to complete in the simulation. */
export const CONFIRM_AFTER_MS = 120_000;

export function createWallet(
  rng: Rng,
  mainId: string,
  now: number,
  uuid: (hex: string) => string,
): WalletState {
  const t = Math.floor(now / 1000);
  const pendingDeposit: WalletRecord = {
    id: uuid(rng.hex(16)),
    accountId: mainId,
    method: 1,
    ticker: 'USDT',
    network: 'ERC20',
    address: `0x${rng.hex(20)}`,
    uniqueId: null,
    amount: '500',
    fee: '0',
    status: 'pending',
    createdAt: t - 60,
    completeAt: now + CONFIRM_AFTER_MS,
    memo: '',
  };
  const oldDeposit: WalletRecord = {
    ...pendingDeposit,
    id: uuid(rng.hex(16)),
    ticker: 'BTC',
    network: 'BTC',
    address: `bc1q${rng.hex(16)}`,
    amount: '1',
    status: 'successful',
    createdAt: t - 86_400 * 3,
    completeAt: now - 86_400_000 * 3,
  };
  const refund = (i: number, status: RefundRecord['status'], memo: string | null): RefundRecord => ({
    id: uuid(rng.hex(16)),
    accountId: mainId,
    depositId: uuid(rng.hex(16)),
    ticker: i % 2 ? 'USDT' : 'ETH',
    amount: new Decimal(10 * (i + 1)).toFixed(),
    memo,
    status,
    createdAt: t - 3600 * (i + 1),
  });
  return {
    records: [oldDeposit, pendingDeposit],
    uniqueIds: new Set(),
    refunds: [
      refund(0, 'successful', 'returned'),
      refund(1, 'in_process', null),
      refund(2, 'canceled', null),
    ],
    converts: new Map(),
    flex: [
      { plan: uuid(rng.hex(16)), accountId: mainId, ticker: 'USDT', amount: '1000', status: 'ACTIVE' },
      { plan: uuid(rng.hex(16)), accountId: mainId, ticker: 'BTC', amount: '0.1', status: 'CLOSED' },
      // fixed ids, so the seeded sequence of everything after stays as it was
      { plan: uuid('f1e0c0de5eed0001'), accountId: mainId, ticker: 'ETH', amount: '2.5', status: 'ACTIVE' },
      {
        plan: uuid('f1e0c0de5eed0002'),
        accountId: mainId,
        ticker: 'USDT',
        amount: '250.75',
        status: 'ACTIVE',
      },
    ].map((f, i) => ({ ...f, status: f.status as 'ACTIVE' | 'CLOSED', createdAt: t - 86_400 * (10 - i) })),
    codes: [],
    mining: [
      { name: 'desk-pool', accountId: mainId, createdAt: t - 86_400 * 30, workers: 12, fee: '0.02' },
      { name: 'desk-backup', accountId: mainId, createdAt: t - 86_400 * 2, workers: 3, fee: '0.02' },
    ],
  };
}

/**
 * Completes what is due at server time `now`: pending deposits confirm (their hold is released from
 * the main balance's pending part), pending withdrawals complete.
 */
export function advanceWallet(
  wallet: WalletState,
  now: number,
  release: (accountId: string, ticker: string, amount: Decimal) => void,
  emit: (accountId: string, method: string, params: Record<string, unknown>) => void = () => {},
): void {
  for (const r of wallet.records) {
    if (r.status !== 'pending' || r.completeAt > now) continue;
    r.status = 'successful';
    if (r.method === 1) release(r.accountId, r.ticker, new Decimal(r.amount));
    emit(r.accountId, r.method === 1 ? 'deposit.processed' : 'withdraw.completed', walletEventParams(r));
  }
  for (const r of wallet.refunds) {
    if (r.status !== 'in_process' || r.completeAt === undefined || r.completeAt > now) continue;
    r.status = 'successful';
    emit(r.accountId, 'refund.successful', {
      id: r.id,
      depositId: r.depositId,
      ticker: r.ticker,
      amount: r.amount,
      status: r.status,
      // refunds send null when no memo was given (deposit and withdraw events send '')
      memo: r.memo,
    });
  }
}

/** Params of a deposit or withdrawal event (memo is an empty string when none). */
export function walletEventParams(r: WalletRecord): Record<string, unknown> {
  return {
    transactionId: r.id,
    address: r.address,
    amount: r.amount,
    fee: r.fee,
    createdAt: r.createdAt,
    ticker: r.ticker,
    network: r.network,
    uniqueId: r.uniqueId,
    status: r.status,
    memo: r.memo,
    method: r.method,
  };
}

/** An incoming deposit: the main balance shows it at once, held back until it confirms. */
export function simulateDeposit(
  state: SandboxState,
  accountId: string,
  ticker: string,
  amount: string,
  network?: string,
): string {
  const account = state.accounts.get(accountId);
  const asset = state.assets.get(ticker);
  if (!account || !asset) throw new Error(`unknown account or ticker ${ticker}`);
  const value = new Decimal(amount);
  const record: WalletRecord = {
    id: uuidFrom(state.rng.hex(16)),
    accountId,
    method: 1,
    ticker,
    network: network ?? asset.defaultNetwork,
    address: `0x${state.rng.hex(20)}`,
    uniqueId: null,
    amount: value.toFixed(),
    fee: '0',
    status: 'pending',
    createdAt: Math.floor(state.now() / 1000),
    completeAt: state.now() + CONFIRM_AFTER_MS,
    memo: '',
  };
  state.wallet.records.push(record);
  account.main.set(ticker, (account.main.get(ticker) ?? new Decimal(0)).plus(value));
  account.pending.set(ticker, (account.pending.get(ticker) ?? new Decimal(0)).plus(value));
  state.emit(accountId, 'deposit.accepted', walletEventParams(record));
  return record.id;
}

/**
 * Ends a pending deposit or withdrawal as canceled (by its transaction id or withdrawal uniqueId): a
 * deposit leaves the main balance and its hold, a withdrawal gives back amount and fee.
 */
export function cancelWalletRecord(state: SandboxState, idOrUniqueId: string): boolean {
  const r = state.wallet.records.find(
    (x) => x.status === 'pending' && (x.id === idOrUniqueId || x.uniqueId === idOrUniqueId),
  );
  const account = r ? state.accounts.get(r.accountId) : undefined;
  if (!r || !account) return false;
  r.status = 'canceled';
  const zero = new Decimal(0);
  if (r.method === 1) {
    const amount = new Decimal(r.amount);
    account.main.set(r.ticker, Decimal.max(zero, (account.main.get(r.ticker) ?? zero).minus(amount)));
    account.pending.set(r.ticker, Decimal.max(zero, (account.pending.get(r.ticker) ?? zero).minus(amount)));
  } else {
    const back = new Decimal(r.amount).plus(r.fee);
    account.main.set(r.ticker, (account.main.get(r.ticker) ?? zero).plus(back));
  }
  state.emit(r.accountId, r.method === 1 ? 'deposit.canceled' : 'withdraw.canceled', walletEventParams(r));
  return true;
}

/** A refund that fails: it ends canceled, the funds return to the main balance, `refund.failed` is sent. */
export function failRefund(state: SandboxState, depositId: string): boolean {
  const r = state.wallet.refunds.find((x) => x.depositId === depositId && x.status === 'in_process');
  const account = r ? state.accounts.get(r.accountId) : undefined;
  if (!r || !account) return false;
  r.status = 'canceled';
  account.main.set(r.ticker, (account.main.get(r.ticker) ?? new Decimal(0)).plus(r.amount));
  state.emit(r.accountId, 'refund.failed', {
    id: r.id,
    depositId: r.depositId,
    ticker: r.ticker,
    amount: r.amount,
    status: r.status,
    memo: r.memo,
  });
  return true;
}
