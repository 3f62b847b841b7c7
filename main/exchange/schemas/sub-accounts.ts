/**
 * The sub-accounts' schemas, with the main key: their life (create, edit, block, delete, the list),
 * transfers and balances, their API keys and each key's IP allow-list, and their withdrawals waiting
 * for the main account's approval.
 */
import { z } from 'zod';
import { decimal, integerLike, paging } from './primitives.ts';

export const permissionsSchema = z.looseObject({ spotEnabled: z.boolean(), collateralEnabled: z.boolean() });
export type SubAccountPermissions = z.output<typeof permissionsSchema>;
const permissions = z.object({ spotEnabled: z.boolean(), collateralEnabled: z.boolean() });

/** A sub-account as `create` and `list` answer it; `email` is masked ('' or null without one). */
export const subAccountRecordSchema = z.looseObject({
  id: z.string().min(1),
  alias: z.string(),
  userId: z.string().nullish(),
  email: z.string().nullish(),
  status: z.string().optional(),
  color: z.string().nullish(),
  kyc: z.looseObject({ shareKyc: z.boolean().optional(), kycStatus: z.string().nullish() }).nullish(),
  permissions: permissionsSchema.optional(),
});
export type SubAccountRecord = z.output<typeof subAccountRecordSchema>;

/** `email` required unless `shareKyc` is true; the exchange sends an invitation to it. */
export const createRequest = z.object({
  alias: z.string(),
  permissions,
  email: z.string().optional(),
  shareKyc: z.boolean().optional(),
});
export type CreateSubAccountInput = z.infer<typeof createRequest>;
export const editRequest = z.object({ id: z.string(), alias: z.string(), permissions });
/** One sub-account by its id. */
export const subAccountRequest = z.object({ id: z.string() });

export const listRequest = z.object({ search: z.string().optional(), ...paging });
/** Built once: a schema built per call is compiled again on every answer it reads. */
export const listSchema = z.looseObject({ data: z.array(subAccountRecordSchema) });

/** A sub-account's withdrawal waiting for the main account's approval. */
export const unconfirmedWithdrawalSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  subAccountId: z.string(),
  currency: z.string(),
  amount: decimal,
  createdAt: integerLike,
});
export type UnconfirmedWithdrawal = z.output<typeof unconfirmedWithdrawalSchema>;
export const unconfirmedWithdrawalsAnswer = z.looseObject({ data: z.array(unconfirmedWithdrawalSchema) });
export const bySubAccountRequest = z.object({ subAccountId: z.string().optional(), ...paging });
/** A temporary KYC link for a sub-account without shared KYC; `expiresIn` in seconds. */
export const kycUrlAnswer = z.looseObject({ url: z.string().min(1), expiresIn: integerLike });
export type KycUrl = z.output<typeof kycUrlAnswer>;

export const subBalanceSchema = z.record(
  z.string(),
  z.array(z.looseObject({ main: decimal, spot: decimal, collateral: decimal })),
);
export type SubAccountBalances = z.output<typeof subBalanceSchema>;
export const balancesRequest = z.object({ id: z.string(), ticker: z.string().optional() });

export const DIRECTIONS = ['main_to_sub', 'sub_to_main'] as const;
export type TransferDirection = (typeof DIRECTIONS)[number];

/** A transfer's fields, every one the app writes (`BalanceMoves`); `id` the sub-account's. */
export const transferInput = z.strictObject({
  id: z.string(),
  direction: z.enum(DIRECTIONS),
  amount: z.string(),
  ticker: z.string(),
});
export type TransferInput = z.infer<typeof transferInput>;

export const transferAnswer = z.looseObject({
  transaction_id: z.union([z.string(), z.number()]).transform(String).optional(),
  transactionId: z.union([z.string(), z.number()]).transform(String).optional(),
});

/** At most 100 a page. */
export const transferHistoryRequest = z.object({
  id: z.string(),
  direction: z.enum(DIRECTIONS).optional(),
  ...paging,
});
/**
 * One transfer between the main account and a sub-account as the history answers it: `id` is the
 * transaction id the transfer answered, named `transaction_id` (or `transactionId`; the older `id`,
 * deprecated, holds the same); `createdAt` in Unix seconds.
 */
const idText = z.union([z.string().min(1), z.number()]).transform(String);
const transferRecord = z
  .looseObject({
    transaction_id: idText.optional(),
    transactionId: idText.optional(),
    id: idText.optional(),
    direction: z.enum(DIRECTIONS),
    currency: z.string().min(1),
    amount: decimal,
    createdAt: integerLike,
  })
  .refine((r) => (r.transaction_id ?? r.transactionId ?? r.id) !== undefined, 'a transfer without an id')
  .transform(({ transaction_id, transactionId, id, ...r }) => ({
    ...r,
    id: (transaction_id ?? transactionId ?? id) as string,
  }));
export type SubAccountTransfer = z.output<typeof transferRecord>;
export const transferHistorySchema = z.looseObject({ data: z.array(transferRecord) });

/** 1: information and trading; 2: also deposits and withdrawals. */
export type ApiKeyType = 1 | 2;

/**
 * The key's type as the exchange spells it: a number in `create`'s answer, `"trade"` in the published
 * `list` example (the word the request example sends for type 1); anything else is not said.
 */
function keyType(v: number | string): ApiKeyType | undefined {
  const n = v === 'trade' ? 1 : Number(v);
  return n === 1 || n === 2 ? n : undefined;
}

export const keyRecord = z.looseObject({
  subAccountId: z.string().optional(),
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().nullish(),
  isEnabled: z.boolean().optional(),
  apiKey: z.string().min(1),
  type: z
    .union([integerLike, z.string()])
    .transform((v) => keyType(v))
    .optional(),
  lastActivity: integerLike.nullish(),
  restrictAccess: z.boolean().optional(),
});

/** A new key's fields, every one the app writes (`SubAccountApiKeys`). */
export const createKeyInput = z.strictObject({
  subAccountId: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  title: z.string().optional(),
});
export const createKeyAnswer = keyRecord.extend({ apiSecret: z.string().min(1) });
export const listKeysAnswer = z.looseObject({ data: z.array(keyRecord) });

/** One key by its id. */
export const keyRequest = z.object({ apiKeyId: z.string() });
/** An address or range of the key's allow-list. */
export const keyIpRequest = z.object({ apiKeyId: z.string(), ip: z.string() });
export const ipList = z.looseObject({ data: z.array(z.string()) });

const urlPermission = z.strictObject({ url: z.string(), enable: z.boolean() });
export type UrlPermission = z.infer<typeof urlPermission>;

/** A key edit's fields, every one the app writes (`desk/key-permissions.ts`). */
export const editApiKeyInput = z.strictObject({
  apiKeyId: z.string(),
  title: z.string(),
  urls: z.array(urlPermission),
});

/** A key reset's fields: the key alone. */
export const resetApiKeyInput = z.strictObject({ apiKeyId: z.string() });

/** A regenerated key pair as an answer may carry it (top level or under `data`). */
const newKeySchema = z.looseObject({ apiKey: z.string().min(1), apiSecret: z.string().min(1) });
/**
 * The new pair when the exchange sends it (the spec shows an empty object; the exchange's own client
 * reads the key record), undefined when the answer holds none.
 */
export const resetKeyAnswer = z.unknown().transform((answer) => {
  const record = typeof answer === 'object' && answer !== null && 'data' in answer ? answer.data : answer;
  const parsed = newKeySchema.safeParse(record);
  return parsed.success ? { apiKey: parsed.data.apiKey, apiSecret: parsed.data.apiSecret } : undefined;
});
