/** Main (wallet) account: balances, withdrawals, codes, refunds, convert, travel rule, history. */
import { z } from 'zod';
import { decimal, defined, READ, WRITE, type KeyCaller } from './shapes.ts';
import { REST } from '../registry/index.ts';

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

/**
 * A deposit or withdrawal of `main-account/history`. The exchange names its ids `unique_id` and
 * `transaction_id` (older answers `uniqueId` and `transactionId`): both read as `uniqueId` and
 * `transactionId`, the uniqueId null when the record has none.
 */
export const historyRecordSchema = z
  .looseObject({
    unique_id: z.string().nullish(),
    uniqueId: z.string().nullish(),
    transaction_id: z.string().optional(),
    transactionId: z.string().optional(),
    ticker: z.string().optional(),
    amount: decimal.optional(),
    status: z.union([z.number(), z.string()]).optional(),
    method: z.union([z.number(), z.string()]).optional(),
    createdAt: z.number().optional(),
  })
  .transform(({ unique_id, transaction_id, ...r }): WalletHistoryRecord => ({
    ...r,
    uniqueId: unique_id ?? r.uniqueId ?? null,
    transactionId: transaction_id ?? r.transactionId,
  }));
export interface WalletHistoryRecord {
  [field: string]: unknown;
  uniqueId?: string | null | undefined;
  transactionId?: string | undefined;
  ticker?: string | undefined;
  amount?: string | undefined;
  status?: number | string | undefined;
  method?: number | string | undefined;
  createdAt?: number | undefined;
}

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
  return c.post(REST.mainBalance.path, defined({ ticker }), z.record(z.string(), mainBalanceSchema), READ);
}

export function withdrawableBalance(c: KeyCaller): Promise<WithdrawableBalance> {
  return c.post(REST.withdrawableBalance.path, {}, withdrawableSchema, READ);
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
  await c.post(REST.withdrawPay.path, defined({ ...input }), z.unknown(), WRITE);
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
  return c.post(REST.codes.path, defined({ ...input }), codeResultSchema, WRITE);
}

export const appliedCodeSchema = z.looseObject({
  message: z.string(),
  ticker: z.string(),
  amount: decimal,
  external_id: z.string(),
});
export type AppliedCode = z.output<typeof appliedCodeSchema>;

/** Applies a service code another account made: its amount comes into the main balance. */
export function applyCode(c: KeyCaller, input: { code: string; passphrase?: string }): Promise<AppliedCode> {
  return c.post(REST.applyCode.path, defined({ ...input }), appliedCodeSchema, WRITE);
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
  await c.post(REST.mainTransfer.path, { ...input }, z.unknown(), WRITE);
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
  return c.post(REST.mainHistory.path, defined({ ...rest, unique_id: uniqueId }), walletHistorySchema, READ);
}

export function refundHistory(
  c: KeyCaller,
  filter: { depositId?: string; ticker?: string; limit?: number; offset?: number } = {},
): Promise<RefundHistory> {
  return c.post(REST.refundHistory.path, defined({ ...filter }), refundHistorySchema, READ);
}

/**
 * A full refund of a credited deposit (its `transactionId`) to `address`; answers the refund's id
 * (an older answer had none: undefined).
 */
export async function refundDeposit(
  c: KeyCaller,
  input: { transactionId: string; address: string },
): Promise<string | undefined> {
  const answer = await c.post(
    REST.refundDeposit.path,
    { ...input },
    z.looseObject({ id: z.string().optional() }),
    WRITE,
  );
  return answer.id;
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
  return c.post(REST.convert.path, { ...input }, convertResultSchema, { idempotent: true });
}

const vaspsAnswer = z.object({ data: z.object({ vasps: z.array(vaspSchema) }) });

export async function vasps(c: KeyCaller): Promise<Vasp[]> {
  return (await c.post(REST.vasps.path, {}, vaspsAnswer, READ)).data.vasps;
}

/** A withdrawal where `amount` includes the fee (the receiver gets amount minus fee). */
export async function withdraw(c: KeyCaller, input: WithdrawPayInput): Promise<void> {
  await c.post(REST.withdraw.path, defined({ ...input }), z.unknown(), WRITE);
}

/** Where a deposit came from, as Travel Rule verification asks it. */
export interface TravelRuleOriginator {
  type: 'individual' | 'entity';
  /** A person's names (individual) or a company's full name (entity). */
  firstName?: string;
  lastName?: string;
  fullName?: string;
  /** ISO 3166-1 alpha-3 country code. */
  residenceCountry: string;
  /** The address the deposit was sent from. */
  walletAddress: string;
  address: { country: string; city: string; postCode?: string; addressLine1: string };
}

export interface TravelRuleVerificationInput {
  /** The deposit's id (its transaction id in the history). */
  uniqueId: string;
  /** `hosted`: sent from an exchange or custodian (name it in `vaspData`); `unhosted`: a private wallet. */
  walletType: 'hosted' | 'unhosted';
  originator: TravelRuleOriginator;
  vaspData?: { vaspId: string } | { vaspName: string };
}

/** Submits the originator of an inbound deposit held for Travel Rule verification; answers its status. */
export async function travelRuleVerification(
  c: KeyCaller,
  input: TravelRuleVerificationInput,
): Promise<{ uniqueId: string; status: string } | undefined> {
  const answer = await c.post(
    REST.depositVerification.path,
    { ...input },
    z.looseObject({
      data: z.looseObject({ uniqueId: z.string(), status: z.string() }).optional(),
    }),
    WRITE,
  );
  return answer.data;
}
