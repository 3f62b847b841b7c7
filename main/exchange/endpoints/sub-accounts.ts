/** Sub-accounts of the main account: transfers, balances, API key restrictions (the list is in sub-account-admin). */
import { z } from 'zod';
import { decimal, defined, integerLike, READ, WRITE, type KeyCaller } from './shapes.ts';
import { REST } from '../registry/index.ts';

export const subBalanceSchema = z.record(
  z.string(),
  z.array(z.looseObject({ main: decimal, spot: decimal, collateral: decimal })),
);
export type SubAccountBalances = z.output<typeof subBalanceSchema>;

export const DIRECTIONS = ['main_to_sub', 'sub_to_main'] as const;
export type TransferDirection = (typeof DIRECTIONS)[number];

/** A transfer's fields, every one the app writes (`BalanceMoves`). */
export const transferInput = z.strictObject({
  /** Sub-account id. */
  id: z.string(),
  direction: z.enum(DIRECTIONS),
  amount: z.string(),
  ticker: z.string(),
});
export type TransferInput = z.infer<typeof transferInput>;

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

const transferAnswer = z.looseObject({
  transaction_id: z.union([z.string(), z.number()]).transform(String).optional(),
  transactionId: z.union([z.string(), z.number()]).transform(String).optional(),
});

/**
 * Answers the transaction id that correlates the transfer history (`transaction_id`, or the
 * changelog's `transactionId`); undefined when the answer holds none (an older answer was an empty
 * object: the transfer was made).
 */
export async function transfer(c: KeyCaller, input: TransferInput): Promise<string | undefined> {
  const answer = await c.post(REST.subAccountTransfer.path, { ...input }, transferAnswer, WRITE);
  return answer.transaction_id ?? answer.transactionId;
}

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
const transferHistorySchema = z.looseObject({ data: z.array(transferRecord) });

/** One page (at most 100, newest first) of a sub-account's transfers with the main account. */
export async function transferHistory(
  c: KeyCaller,
  input: { id: string; direction?: TransferDirection | undefined; limit?: number; offset?: number },
): Promise<SubAccountTransfer[]> {
  const body = defined({ ...input });
  return (await c.post(REST.subAccountTransferHistory.path, body, transferHistorySchema, READ)).data;
}

export function balances(c: KeyCaller, input: { id: string; ticker?: string }): Promise<SubAccountBalances> {
  return c.post(REST.subAccountBalances.path, defined({ ...input }), subBalanceSchema, READ);
}

/** Merges `urls` into the key's restrictions; unlisted URLs keep their setting. */
export async function editApiKey(c: KeyCaller, input: z.infer<typeof editApiKeyInput>): Promise<void> {
  await c.post(REST.keyEdit.path, { ...input }, z.unknown(), WRITE);
}

/** A regenerated key pair as an answer may carry it (top level or under `data`). */
const newKeySchema = z.looseObject({ apiKey: z.string().min(1), apiSecret: z.string().min(1) });

/**
 * Regenerates the key: the old key and secret stop working at once. Answers the new pair when the
 * exchange sends it (the spec shows an empty object; the exchange's own client reads the key record),
 * undefined when the answer holds none.
 */
export async function resetApiKey(
  c: KeyCaller,
  apiKeyId: string,
): Promise<{ apiKey: string; apiSecret: string } | undefined> {
  const fields: z.infer<typeof resetApiKeyInput> = { apiKeyId };
  const answer = await c.post(REST.keyReset.path, fields, z.unknown(), WRITE);
  const record = typeof answer === 'object' && answer !== null && 'data' in answer ? answer.data : answer;
  const parsed = newKeySchema.safeParse(record);
  return parsed.success ? { apiKey: parsed.data.apiKey, apiSecret: parsed.data.apiSecret } : undefined;
}
