/**
 * Moving money out: withdrawals keep one `uniqueId` for their whole life, so a withdrawal whose
 * answer was lost is found in the history by it, and a second send can never pay twice (the
 * exchange refuses a uniqueId it has seen).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { BalanceSnapshot } from '../../cache/repos/balances.ts';
import { NetworkError, TimeoutError, ValidationError } from '../../exchange/errors.ts';
import type { ExchangeHttp } from '../../exchange/http.ts';
import { transferStatusWord } from '../../exchange/codes.ts';
import * as mainAccount from '../../exchange/endpoints/main-account.ts';
import * as publicApi from '../../exchange/endpoints/public.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import { UserFacingError } from '../../errors.ts';
import type {
  BalanceHistoryView,
  MainBalanceView,
  RefundView,
  TransferView,
  WalletAssetView,
} from '../../views/wallet.ts';

export interface WithdrawalResult {
  readonly uniqueId: string;
  /** The first answer was lost; the withdrawal was found in the history or refused as a repeat. */
  readonly recovered: boolean;
}

function answerLost(error: unknown): boolean {
  return error instanceof TimeoutError || error instanceof NetworkError;
}

function repeatedUniqueId(error: unknown): boolean {
  return error instanceof ValidationError && Object.hasOwn(error.fields, 'uniqueId');
}

const DECIMAL = /^\d+(\.\d+)?$/;
/** A decimal string the list may leave out (null then). */
const text = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && DECIMAL.test(v) ? v : null));

/**
 * The withdrawal facts of one asset. The contract names only the withdraw/deposit availability and
 * the networks; the limits and the precision are read when the list carries them (`min_withdraw`,
 * `max_withdraw`, `currency_precision`) and left null otherwise; the fixed fee comes from
 * `public/fee` (`withdrawFeeOf`), or an older list's `withdraw_fee`.
 */
const assetFactsSchema = z.looseObject({
  name: z.string().optional(),
  can_withdraw: z.boolean().optional(),
  can_deposit: z.boolean().optional(),
  min_withdraw: text,
  max_withdraw: text,
  withdraw_fee: text,
  currency_precision: z
    .unknown()
    .optional()
    .transform((v) => (Number.isSafeInteger(v) ? (v as number) : null)),
  is_fiat: z.boolean().optional(),
  providers: z.unknown().optional(),
  is_memo: z.boolean().optional().catch(undefined),
  networks: z
    .looseObject({ withdraws: z.array(z.string()).optional(), default: z.string().optional() })
    .optional()
    .catch(undefined),
});

/**
 * The fixed withdrawal fee `public/fee` gives an asset: a crypto asset's one fee; a fiat currency's
 * when all its payment providers charge the same. Null when none is given.
 */
export function withdrawFeeOf(fee: publicApi.AssetFee | undefined): string | null {
  const w = fee?.withdraw;
  if (!w) return null;
  if ('fixed' in w || 'min_amount' in w || 'flex' in w) return typeof w.fixed === 'string' ? w.fixed : null;
  const fixed = new Set(
    Object.values(w as Record<string, { fixed?: string | null }>).map((p) => p.fixed ?? null),
  );
  const [only] = fixed;
  return fixed.size === 1 && typeof only === 'string' ? only : null;
}

export function assetView(ticker: string, raw: unknown, fee?: publicApi.AssetFee): WalletAssetView {
  const a = assetFactsSchema.parse(raw ?? {});
  return {
    ticker,
    name: a.name ?? ticker,
    canWithdraw: a.can_withdraw ?? false,
    canDeposit: a.can_deposit ?? false,
    minWithdraw: a.min_withdraw,
    maxWithdraw: a.max_withdraw,
    withdrawFee: withdrawFeeOf(fee) ?? a.withdraw_fee,
    precision: a.currency_precision,
    networks: a.networks?.withdraws ?? [],
    defaultNetwork: a.networks?.default || null,
    // a fiat currency lists payment providers where a crypto one lists networks
    fiat: a.is_fiat ?? a.providers !== undefined,
    memo: a.is_memo ?? false,
  };
}

/** A deposit or withdrawal history record as the wallet screen lists it. */
export function transferView(r: mainAccount.WalletHistoryRecord): TransferView {
  const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  return {
    id: str(r.transactionId) || str(r['id']),
    kind: Number(r.method) === 1 ? 'deposit' : 'withdrawal',
    uniqueId: str(r.uniqueId),
    ticker: str(r.ticker),
    amount: str(r.amount),
    fee: str(r['fee']),
    network: str(r['network']),
    address: str(r['address']),
    memo: str(r['memo']),
    // the exchange numbers the state per method (15 a pending deposit, 3 a successful one, ...)
    status: transferStatusWord(r.method, r.status) ?? '',
    atMs: typeof r.createdAt === 'number' ? r.createdAt * 1000 : null,
  };
}

export function refundView(r: mainAccount.Refund): RefundView {
  const s = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: s(r['id']),
    depositId: s(r['depositId']),
    ticker: r.ticker ?? null,
    amount: s(r['amount']),
    memo: r.memo ?? null,
    address: s(r['address']),
    status: r.status,
    createdAt: typeof r['createdAt'] === 'number' ? r['createdAt'] : null,
  };
}

/** Main-balance entries of a stored snapshot back in the exchange's shape (a ticker not stored is zero). */
function balancesOf(snapshot: BalanceSnapshot): Record<string, MainBalanceView> {
  const out: Record<string, MainBalanceView> = {};
  for (const e of snapshot.entries) {
    const b = (out[e.ticker] ??= { main_balance: '0', pending_deposit_amount: '0' });
    if (e.field === 'main_balance') b.main_balance = e.amount;
    if (e.field === 'pending_deposit_amount') b.pending_deposit_amount = e.amount;
  }
  return out;
}

/** Stored main-balance snapshots (newest first, as the cache lists them) as one currency's samples. */
export function balanceHistory(ticker: string, newestFirst: readonly BalanceSnapshot[]): BalanceHistoryView {
  const samples = [...newestFirst].reverse().map((s) => {
    const b = balancesOf(s)[ticker];
    return { t: s.takenAtMs, main: b?.main_balance ?? '0', pending: b?.pending_deposit_amount ?? '0' };
  });
  const newest = newestFirst[0];
  return {
    ticker,
    samples,
    newest: newest ? { takenAtMs: newest.takenAtMs, balances: balancesOf(newest) } : null,
  };
}

/** How many deposits back a refund's deposit is looked up, 100 a page. */
const REFUND_LOOKUP_PAGES = 10;

/** The deposit a refund names, from the account's deposit history. */
export async function depositOf(
  caller: KeyCaller,
  depositId: string,
): Promise<{ depositId: string; ticker: string; amount: string; network: string | null }> {
  for (let page = 0; page < REFUND_LOOKUP_PAGES; page += 1) {
    const { records } = await mainAccount.history(caller, {
      transactionMethod: 1,
      limit: 100,
      offset: page * 100,
    });
    const found = records.find((r) => r.transactionId === depositId);
    if (found)
      return {
        depositId,
        ticker: found.ticker ?? '?',
        amount: found.amount ?? '?',
        network: typeof found['network'] === 'string' && found['network'] ? found['network'] : null,
      };
    if (records.length < 100) break;
  }
  throw new UserFacingError(
    'invalid_input',
    `No deposit with the id ${depositId} is in this account's history.`,
    'depositId',
  );
}

export class WalletService {
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #lookupDelayMs: number;
  readonly #assetsMaxAgeMs: number;
  #assets: { at: number; list: WalletAssetView[] } | undefined;

  constructor(
    options: { lookupDelayMs?: number; sleep?: (ms: number) => Promise<void>; assetsMaxAgeMs?: number } = {},
  ) {
    this.#lookupDelayMs = options.lookupDelayMs ?? 1000;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#assetsMaxAgeMs = options.assetsMaxAgeMs ?? 60_000;
  }

  /** The public asset list as withdrawal facts, sorted by ticker; kept for a minute. */
  async assets(http: ExchangeHttp): Promise<WalletAssetView[]> {
    if (this.#assets && Date.now() - this.#assets.at < this.#assetsMaxAgeMs) return this.#assets.list;
    // the fees are a convenience beside the list: without them the fee shows as not given
    const [raw, fees] = await Promise.all([
      publicApi.assets(http),
      publicApi.fees(http).catch(() => ({}) as Record<string, publicApi.AssetFee>),
    ]);
    const list = Object.entries(raw)
      .map(([ticker, a]) => assetView(ticker, a, fees[ticker]))
      .sort((a, b) => a.ticker.localeCompare(b.ticker));
    this.#assets = { at: Date.now(), list };
    return list;
  }

  /** A withdrawal where the receiver gets `amount` in full (the fee is charged on top). */
  async withdrawPay(
    caller: KeyCaller,
    input: Omit<mainAccount.WithdrawPayInput, 'uniqueId'> & { uniqueId?: string },
  ): Promise<WithdrawalResult> {
    const uniqueId = input.uniqueId || randomUUID();
    const send = () => mainAccount.withdrawPay(caller, { ...input, uniqueId });
    try {
      await send();
      return { uniqueId, recovered: false };
    } catch (error) {
      if (!answerLost(error)) throw error;
    }
    await this.#sleep(this.#lookupDelayMs);
    // the record of this withdrawal only: an exchange that ignored the filter lists others
    const history = await mainAccount.history(caller, { uniqueId, transactionMethod: 2, limit: 1 });
    if (history.records.some((r) => r.uniqueId === uniqueId)) return { uniqueId, recovered: true };
    try {
      await send();
      return { uniqueId, recovered: true };
    } catch (error) {
      // The first send landed after the lookup: the exchange refuses the repeat, nothing is paid twice.
      if (repeatedUniqueId(error)) return { uniqueId, recovered: true };
      throw error;
    }
  }
}
