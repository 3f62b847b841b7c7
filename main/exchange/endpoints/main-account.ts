/** Main (wallet) account: balances, withdrawals, codes, refunds, convert, travel rule, history. */
import { z } from 'zod';
import { decimal, defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export const mainBalanceSchema = z.looseObject({
  main_balance: decimal,
  pending_deposit_amount: decimal.default('0'),
});
export type MainBalance = z.output<typeof mainBalanceSchema>;

export const withdrawableSchema = z.looseObject({
  totalBalanceStable: decimal,
  lockedBalanceStable: decimal,
  availableBalanceStable: decimal,
  assets: z.record(z.string(), decimal),
});
export type WithdrawableBalance = z.output<typeof withdrawableSchema>;

export const codeResultSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  external_id: z.string(),
});
export type CodeResult = z.output<typeof codeResultSchema>;

export const vaspSchema = z.looseObject({ vaspId: z.string(), name: z.string() });
export type Vasp = z.output<typeof vaspSchema>;

export const convertResultSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  finalGive: decimal,
  finalReceive: decimal,
});
export type ConvertResult = z.output<typeof convertResultSchema>;

const page = <S extends z.ZodType>(record: S) =>
  z.looseObject({ records: z.array(record), limit: z.number().optional(), offset: z.number().optional() });

export const historyRecordSchema = z.looseObject({
  uniqueId: z.string().nullish(),
  ticker: z.string().optional(),
  amount: decimal.optional(),
  status: z.union([z.number(), z.string()]).optional(),
  method: z.union([z.number(), z.string()]).optional(),
  createdAt: z.number().optional(),
});
export type WalletHistoryRecord = z.output<typeof historyRecordSchema>;

export const walletHistorySchema = page(historyRecordSchema);
export type WalletHistory = z.output<typeof walletHistorySchema>;

export const refundSchema = z.looseObject({
  status: z.enum(['in_process', 'successful', 'canceled']),
  ticker: z.string().optional(),
  memo: z.string().nullish(),
});
export type Refund = z.output<typeof refundSchema>;
export const refundHistorySchema = page(refundSchema);
export type RefundHistory = z.output<typeof refundHistorySchema>;

/** Balances keyed by ticker. With a ticker, the answer holds that ticker (zero when unknown). */
export function balance(c: KeyCaller, ticker?: string): Promise<Record<string, MainBalance>> {
  return c.post(
    '/api/v4/main-account/balance',
    defined({ ticker }),
    z.record(z.string(), mainBalanceSchema),
    READ,
  );
}

export function withdrawableBalance(c: KeyCaller): Promise<WithdrawableBalance> {
  return c.post('/api/v4/main-account/withdrawable-balance', {}, withdrawableSchema, READ);
}

/**
 * A withdrawal's fields, every one the app ever writes (`AccountWallet.withdraw`), each of the type it
 * writes: a proposal whose body is anything else is not approved or sent (`four-eyes/bodies.ts`).
 */
export const withdrawPayInput = z.strictObject({
  ticker: z.string(),
  amount: z.string(),
  address: z.string(),
  /** Idempotency handle: the same id for every retry of one withdrawal. */
  uniqueId: z.string(),
  network: z.string().min(1).optional(),
  /** Destination tag or memo, on networks that need one beside the address. */
  memo: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
});
export type WithdrawPayInput = z.infer<typeof withdrawPayInput>;

/** Starts a withdrawal whose `amount` reaches the receiver in full (the fee is charged on top). */
export async function withdrawPay(c: KeyCaller, input: WithdrawPayInput): Promise<void> {
  await c.post('/api/v4/main-account/withdraw-pay', defined({ ...input }), z.unknown(), WRITE);
}

/** A service code's fields, every one the app writes (`AccountWallet.createCode`). */
export const codeInput = z.strictObject({
  ticker: z.string(),
  amount: z.string(),
  passphrase: z.string().optional(),
  description: z.string().optional(),
});
export type CodeInput = z.infer<typeof codeInput>;

export function createCode(c: KeyCaller, input: CodeInput): Promise<CodeResult> {
  return c.post('/api/v4/main-account/codes', defined({ ...input }), codeResultSchema, WRITE);
}

/** The three balances of one account. */
export type BalanceKind = 'main' | 'spot' | 'collateral';

export interface BalanceTransferInput {
  from: BalanceKind;
  to: BalanceKind;
  ticker: string;
  /** At most 8 decimal places, more than 0, at most what `from` has free. */
  amount: string;
}

/** Moves funds between the main, spot (trade) and collateral balances of the calling account. */
export async function transferBetweenBalances(c: KeyCaller, input: BalanceTransferInput): Promise<void> {
  await c.post('/api/v4/main-account/transfer', { ...input }, z.unknown(), WRITE);
}

export interface HistoryFilter {
  transactionMethod?: 1 | 2;
  ticker?: string;
  uniqueId?: string;
  limit?: number;
  offset?: number;
}

/** Deposit and withdrawal history: the source that webhooks are reconciled against. */
export function history(c: KeyCaller, filter: HistoryFilter = {}): Promise<WalletHistory> {
  return c.post('/api/v4/main-account/history', defined({ ...filter }), walletHistorySchema, READ);
}

export function refundHistory(
  c: KeyCaller,
  filter: { depositId?: string; ticker?: string; limit?: number; offset?: number } = {},
): Promise<RefundHistory> {
  return c.post('/api/v4/main-account/refund-history', defined({ ...filter }), refundHistorySchema, READ);
}

export async function refundDeposit(
  c: KeyCaller,
  input: { depositId: string; memo?: string },
): Promise<void> {
  await c.post('/api/v4/main-account/refund-deposit', defined({ ...input }), z.unknown(), WRITE);
}

export interface ConvertInput {
  from: string;
  to: string;
  direction: 'from' | 'to';
  amount: string;
  /** 8 to 128 characters; the same key for every retry of one convert. */
  idempotencyKey: string;
}

/** Sending it again with the same idempotency key answers the first convert, so it is retried. */
export function convertAutoConfirm(c: KeyCaller, input: ConvertInput): Promise<ConvertResult> {
  return c.post('/api/v4/convert/auto-confirm', { ...input }, convertResultSchema, { idempotent: true });
}

const vaspsAnswer = z.object({ data: z.object({ vasps: z.array(vaspSchema) }) });

export async function vasps(c: KeyCaller): Promise<Vasp[]> {
  return (await c.post('/api/v4/travel-rule/vasps', {}, vaspsAnswer, READ)).data.vasps;
}

/** A withdrawal where `amount` includes the fee (the receiver gets amount minus fee). */
export async function withdraw(c: KeyCaller, input: WithdrawPayInput): Promise<void> {
  await c.post('/api/v4/main-account/withdraw', defined({ ...input }), z.unknown(), WRITE);
}

/**
 * Submits the originator data of an inbound deposit held for Travel Rule verification. The exchange
 * does not publish the payload's fields; they are passed as the desk entered them.
 */
export async function travelRuleVerification(c: KeyCaller, fields: Record<string, unknown>): Promise<void> {
  await c.post('/api/v4/travel-rule/deposit/verification', { ...fields }, z.unknown(), WRITE);
}
