/**
 * Main (wallet) account: balances, withdrawals, codes, refunds, convert, travel rule, history (the
 * schemas: `schemas/wallet.ts`).
 */
import type { z } from 'zod';
import { REST } from '../registry/index.ts';
import type * as S from '../schemas/wallet.ts';
import type {
  AppliedCode,
  BalanceTransferInput,
  CodeInput,
  CodeResult,
  CodesPage,
  ConvertConfirmed,
  ConvertEstimateInput,
  ConvertInput,
  ConvertQuote,
  ConvertResult,
  CreditLoan,
  FeeInfo,
  FiatDepositInput,
  MainBalance,
  RefundHistory,
  TravelRuleVerificationInput,
  Vasp,
  WalletHistory,
  WithdrawableBalance,
  WithdrawPayInput,
} from '../schemas/wallet.ts';
import { ExchangeError } from '../errors.ts';
import { defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export { codeInput, withdrawPayInput } from '../schemas/wallet.ts';
export type {
  AppliedCode,
  BalanceKind,
  BalanceTransferInput,
  CodeInput,
  CodeInfo,
  CodeResult,
  CodesPage,
  ConvertConfirmed,
  ConvertEstimateInput,
  ConvertInput,
  ConvertQuote,
  ConvertResult,
  CreditLoan,
  FeeInfo,
  FiatDepositInput,
  MainBalance,
  Refund,
  RefundHistory,
  TravelRuleOriginator,
  TravelRuleVerificationInput,
  Vasp,
  WalletHistory,
  WalletHistoryRecord,
  WithdrawableBalance,
  WithdrawPayInput,
} from '../schemas/wallet.ts';

/** Balances keyed by ticker. With a ticker, the answer holds that ticker (zero when unknown). */
export function balance(c: KeyCaller, ticker?: string): Promise<Record<string, MainBalance>> {
  return c.call(REST.mainBalance, defined({ ticker }), READ);
}

export function withdrawableBalance(c: KeyCaller): Promise<WithdrawableBalance> {
  return c.call(REST.withdrawableBalance, {}, READ);
}

/** The account's own deposit and withdrawal fees and limits of every currency. */
export function fees(c: KeyCaller): Promise<FeeInfo[]> {
  return c.call(REST.mainFee, {}, READ);
}

/** Starts a withdrawal whose `amount` reaches the receiver in full (the fee is charged on top). */
export async function withdrawPay(c: KeyCaller, input: WithdrawPayInput): Promise<void> {
  await c.call(REST.withdrawPay, defined({ ...input }), WRITE);
}

export function createCode(c: KeyCaller, input: CodeInput): Promise<CodeResult> {
  return c.call(REST.codes, defined({ ...input }), WRITE);
}

/** The service codes the account made (`mine`), or every code it made and applied (`history`), newest first. */
export function codes(
  c: KeyCaller,
  list: 'mine' | 'history',
  page: { limit?: number; offset?: number } = {},
): Promise<CodesPage> {
  return c.call(list === 'mine' ? REST.myCodes : REST.codesHistory, defined({ ...page }), READ);
}

/** Applies a service code another account made: its amount comes into the main balance. */
export function applyCode(c: KeyCaller, input: { code: string; passphrase?: string }): Promise<AppliedCode> {
  return c.call(REST.applyCode, defined({ ...input }), WRITE);
}

/** Moves funds between the main, spot (trade) and collateral balances of the calling account. */
export async function transferBetweenBalances(c: KeyCaller, input: BalanceTransferInput): Promise<void> {
  await c.call(REST.mainTransfer, { ...input }, WRITE);
}

export interface HistoryFilter {
  transactionMethod?: 1 | 2;
  ticker?: string;
  /** One withdrawal by the unique id it was sent with (sent as the exchange names it, `unique_id`). */
  uniqueId?: string;
  /** 1..500 (default 50). */
  limit?: number;
  offset?: number;
}

/** Deposit and withdrawal history: the source that webhooks are reconciled against. */
export function history(c: KeyCaller, filter: HistoryFilter = {}): Promise<WalletHistory> {
  const { uniqueId, ...rest } = filter;
  return c.call(REST.mainHistory, defined({ ...rest, unique_id: uniqueId }), READ);
}

export function refundHistory(
  c: KeyCaller,
  filter: z.input<typeof S.refundHistoryRequest> = {},
): Promise<RefundHistory> {
  return c.call(REST.refundHistory, defined({ ...filter }), READ);
}

/**
 * A full refund of a credited deposit (its `transactionId`) to `address`; answers the refund's id
 * (an older answer had none: undefined).
 */
export async function refundDeposit(
  c: KeyCaller,
  input: { transactionId: string; address: string },
): Promise<string | undefined> {
  return (await c.call(REST.refundDeposit, { ...input }, WRITE)).id;
}

/**
 * A quote for a convert, held by the exchange for about 10 s (`expireAt`). Asking again only makes
 * another quote, so it is retried.
 */
export function convertEstimate(c: KeyCaller, input: ConvertEstimateInput): Promise<ConvertQuote> {
  return c.call(REST.convertEstimate, { ...input }, READ);
}

/**
 * Converts at a quote, by its id: what the quote said is given and received. Never retried: a lost
 * answer is not sent again (a quote confirmed once is refused the second time).
 */
export function convertConfirm(c: KeyCaller, quoteId: string): Promise<ConvertConfirmed> {
  return c.call(REST.convertConfirm, { quoteId }, WRITE);
}

/** Sending it again with the same idempotency key answers the first convert, so it is retried. */
export function convertAutoConfirm(c: KeyCaller, input: ConvertInput): Promise<ConvertResult> {
  return c.call(REST.convert, { ...input }, { idempotent: true });
}

export async function vasps(c: KeyCaller): Promise<Vasp[]> {
  return (await c.call(REST.vasps, {}, READ)).data.vasps;
}

/** A withdrawal where `amount` includes the fee (the receiver gets amount minus fee). */
export async function withdraw(c: KeyCaller, input: WithdrawPayInput): Promise<void> {
  await c.call(REST.withdraw, defined({ ...input }), WRITE);
}

/** Submits the originator of an inbound deposit held for Travel Rule verification; answers its status. */
export async function travelRuleVerification(
  c: KeyCaller,
  input: TravelRuleVerificationInput,
): Promise<{ uniqueId: string; status: string } | undefined> {
  return (await c.call(REST.depositVerification, { ...input }, WRITE)).data;
}

/** The payment page of a fiat deposit invoice (on demand for the account); its `uniqueId` is used once. */
export async function fiatDepositUrl(c: KeyCaller, input: FiatDepositInput): Promise<string> {
  return (await c.call(REST.fiatDepositUrl, defined({ ...input }), WRITE)).url;
}

/** The account's active credit-line loan (on demand for the account); undefined when it has none. */
export async function creditLoan(c: KeyCaller): Promise<CreditLoan | undefined> {
  try {
    return await c.call(REST.creditLoan, {}, READ);
  } catch (error) {
    // the exchange answers 400 "No active loan at the moment" when there is none
    if (error instanceof ExchangeError && error.status === 400 && /no active loan/i.test(error.message))
      return undefined;
    throw error;
  }
}
