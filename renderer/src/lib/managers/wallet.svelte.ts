import { recall } from './known.svelte.ts';
import { ReplyGuard, UNGUARDED, type Asked } from './reply-guard.ts';
import type {
  MainBalanceView,
  ProcedureResult,
  TransferView,
  WithdrawableView,
  WithdrawFeeView,
} from '../../../../main/ipc/contract.ts';
import { compareDecimal } from '../format/decimal.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { isDecimal } from '../format/decimal.ts';
import { subtractDecimal } from '../format/exact.ts';
import { settled } from './errors.ts';

export type WalletAsset = ProcedureResult<'wallet.assets'>[number];
export type Refund = ProcedureResult<'wallet.refunds'>['records'][number];
export type BalanceHistory = ProcedureResult<'wallet.balanceHistory'>;

/** A deposit or withdrawal as the history lists it, the fields the screen shows. */
/** A deposit or withdrawal as main lists it. */
export type TransferRow = TransferView;

/** One line of the balance table. */
export interface BalanceLine {
  ticker: string;
  main: string;
  pending: string;
  /** Main balance less the held part: what can leave the main balance now. */
  free: string;
}

/** Deposits and withdrawals read per page. */
const PAGE = 50;

const zero = (v: string) => compareDecimal(v, '0') === 0;

/** Currencies with any main balance or hold, sorted by ticker; free = main − held. */
export function balanceLines(balances: Record<string, MainBalanceView>): BalanceLine[] {
  return Object.entries(balances)
    .filter(([, b]) => !zero(b.main_balance) || !zero(b.pending_deposit_amount))
    .map(([ticker, b]) => ({
      ticker,
      main: b.main_balance,
      pending: b.pending_deposit_amount,
      free:
        isDecimal(b.main_balance) && isDecimal(b.pending_deposit_amount)
          ? subtractDecimal(b.main_balance, b.pending_deposit_amount)
          : b.main_balance,
    }))
    .sort((a, b) => a.ticker.localeCompare(b.ticker));
}

/** The exchange could not be reached (or did not answer): the screen reads what is stored. */
export function isOffline(error: IpcError | undefined): boolean {
  return error?.code === 'network_error' || error?.code === 'timeout';
}

/** Chart series of one currency's samples (Number only for plotting). */
export function chartSeries(history: BalanceHistory | undefined) {
  const samples = history?.samples ?? [];
  return [
    {
      id: 'main',
      label: `Main ${history?.ticker ?? ''}`.trim(),
      points: samples.map((s) => ({ t: s.t, v: Number(s.main) })),
    },
    {
      id: 'pending',
      label: 'Held by unconfirmed deposits',
      points: samples.map((s) => ({ t: s.t, v: Number(s.pending) })),
    },
  ];
}

/** "just now", "5 min", "3 h", "2 days": the age of stored figures. */
export function ageWords(ms: number): string {
  if (ms < 60_000) return 'less than a minute';
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min`;
  if (ms < 172_800_000) return `${Math.floor(ms / 3_600_000)} h`;
  return `${Math.floor(ms / 86_400_000)} days`;
}

/**
 * The Wallet screen's data for the working account: main balances with their holds, the withdrawable
 * figures, the currencies' withdrawal facts, deposits and withdrawals, refunds and one currency's
 * balances over time. When the exchange cannot be reached the balances come from the newest stored
 * snapshot and `storedAtMs` says how old they are.
 */
export class WalletData {
  accountId = $state('');
  balances = $state<Record<string, MainBalanceView>>({});
  withdrawable = $state<WithdrawableView | undefined>();
  assets = $state<WalletAsset[]>([]);
  /** The account's own withdrawal fees (its fee schedule); empty until read, or when it could not be. */
  fees = $state<WithdrawFeeView[]>([]);
  transfers = $state<TransferRow[]>([]);
  /** The last page was full: older records may exist. */
  moreTransfers = $state(false);
  refunds = $state<Refund[]>([]);
  history = $state<BalanceHistory | undefined>();
  chartTicker = $state('USDT');
  loading = $state(false);
  loaded = $state(false);
  error = $state<IpcError | undefined>();
  transfersError = $state<IpcError | undefined>();
  refundsError = $state<IpcError | undefined>();
  assetsError = $state<IpcError | undefined>();
  /** Set when the balances shown are the stored ones (offline): when they were taken. */
  storedAtMs = $state<number | null>(null);
  readonly #api: TxcApi;
  readonly #loads = new ReplyGuard();

  constructor(api: TxcApi) {
    this.#api = api;
  }

  get lines(): BalanceLine[] {
    return balanceLines(this.balances);
  }

  get offline(): boolean {
    return isOffline(this.error);
  }

  asset(ticker: string): WalletAsset | undefined {
    return this.assets.find((a) => a.ticker === ticker);
  }

  /** The account's own withdrawal fee of a currency on a network, where its schedule lists it. */
  fee(ticker: string, network: string): WithdrawFeeView | undefined {
    return (
      this.fees.find((f) => f.ticker === ticker && network !== '' && f.network === network) ??
      this.fees.find((f) => f.ticker === ticker && f.network === null)
    );
  }

  /**
   * The currency as a withdrawal on `network` costs this account: its schedule's fixed fee in place
   * of the public one; a percent fee is known only with the amount (null here: main's question names it).
   */
  withdrawAsset(ticker: string, network: string): WalletAsset | undefined {
    const asset = this.asset(ticker);
    const own = this.fee(ticker, network);
    if (!asset || !own) return asset;
    return { ...asset, withdrawFee: own.flex ? null : own.fixed };
  }

  /** Main balance less the held part of one currency ('0' when none). */
  free(ticker: string): string {
    return this.lines.find((l) => l.ticker === ticker)?.free ?? '0';
  }

  /** Loads everything for an account; a newer call makes an older one's answers void. */
  async load(accountId: string): Promise<void> {
    const asked = this.#loads.next();
    if (accountId !== this.accountId) {
      this.accountId = accountId;
      this.balances = {};
      this.storedAtMs = null;
      this.withdrawable = undefined;
      this.fees = [];
      this.transfers = [];
      this.refunds = [];
      this.history = undefined;
      this.loaded = false;
    }
    if (!accountId) return;
    this.loading = true;
    await Promise.all([
      this.refreshBalances(accountId, asked),
      this.#loadAssets(asked),
      this.refreshTransfers(asked),
      this.refreshRefunds(asked),
      this.#loadFees(accountId, asked),
    ]);
    if (asked.stale) return;
    this.loading = false;
    this.loaded = true;
  }

  async refreshBalances(accountId = this.accountId, asked: Asked = UNGUARDED): Promise<void> {
    // The balances last seen paint at once; the exchange's answer replaces them when it comes.
    let answered = false;
    const saved = recall(this.#api, 'balances.main', [accountId]).then((kept) => {
      const k = kept[accountId];
      if (!k || answered || asked.stale || this.storedAtMs !== null) return;
      if (Object.keys(this.balances).length > 0) return;
      this.balances = k.value;
      this.storedAtMs = k.asOfMs;
    });
    const [b, w] = await Promise.all([
      this.#api.wallet.balances({ accountId }),
      this.#api.wallet.withdrawable({ accountId }),
    ]);
    answered = b.ok;
    await saved;
    if (asked.stale) return;
    if (b.ok) {
      this.balances = b.value;
      this.error = undefined;
      this.storedAtMs = null;
    } else {
      this.error = b.error;
    }
    this.withdrawable = w.ok ? w.value : undefined;
    await this.refreshChart(asked);
    const newest = this.history?.newest;
    const newer = newest && (this.storedAtMs === null || newest.takenAtMs > this.storedAtMs);
    if (!b.ok && isOffline(b.error) && newest && newer && !asked.stale) {
      this.balances = newest.balances;
      this.storedAtMs = newest.takenAtMs;
    }
  }

  async refreshChart(asked: Asked = UNGUARDED): Promise<void> {
    const reply = await this.#api.wallet.balanceHistory({
      accountId: this.accountId,
      ticker: this.chartTicker,
    });
    if (asked.stale) return;
    this.history = reply.ok ? reply.value : undefined;
  }

  async chooseChartTicker(ticker: string): Promise<void> {
    this.chartTicker = ticker;
    await this.refreshChart();
  }

  async #loadFees(accountId: string, asked: Asked): Promise<void> {
    const reply = await this.#api.wallet.withdrawFees({ accountId });
    if (asked.stale) return;
    this.fees = reply.ok ? reply.value : [];
  }

  async #loadAssets(asked: Asked): Promise<void> {
    if (this.assets.length > 0) return;
    const reply = await this.#api.wallet.assets();
    if (asked.stale) return;
    if (settled(reply, (error) => (this.assetsError = error))) this.assets = reply.value;
  }

  async refreshTransfers(asked: Asked = UNGUARDED): Promise<void> {
    const reply = await this.#api.wallet.history({ accountId: this.accountId, limit: PAGE });
    if (asked.stale) return;
    if (reply.ok) {
      this.transfers = reply.value.records;
      this.moreTransfers = reply.value.records.length === PAGE;
      this.transfersError = undefined;
    } else this.transfersError = reply.error;
  }

  /** The next page of older deposits and withdrawals, after those shown. */
  async olderTransfers(): Promise<void> {
    const accountId = this.accountId;
    const reply = await this.#api.wallet.history({ accountId, limit: PAGE, offset: this.transfers.length });
    if (accountId !== this.accountId) return;
    if (!reply.ok) {
      this.transfersError = reply.error;
      return;
    }
    const seen = this.transfers.map((t) => t.id);
    const older = reply.value.records.filter((t) => !seen.includes(t.id));
    this.transfers = [...this.transfers, ...older];
    this.moreTransfers = reply.value.records.length === PAGE;
  }

  async refreshRefunds(asked: Asked = UNGUARDED): Promise<void> {
    const reply = await this.#api.wallet.refunds({ accountId: this.accountId, limit: 50 });
    if (asked.stale) return;
    if (reply.ok) {
      this.refunds = reply.value.records;
      this.refundsError = undefined;
    } else this.refundsError = reply.error;
  }

  /**
   * Follows the exchange's webhook events of the shown account: a deposit, withdrawal, refund or code
   * event rereads balances and history (once per burst). Returns the function that stops it.
   */
  follow(delayMs = 300): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = this.#api.on('webhook.event', (event) => {
      if (event.account !== this.accountId || !/^(deposit|withdraw|refund|code)\./.test(event.method)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void this.afterMovement(), delayMs);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }

  /** After money moved: balances, chart and history again. */
  async afterMovement(): Promise<void> {
    await Promise.all([this.refreshBalances(), this.refreshTransfers(), this.refreshRefunds()]);
  }
}
