/**
 * Sub-accounts of the main account: transfers, balances, API key restrictions (the list is in
 * sub-account-admin; the schemas: `schemas/sub-accounts.ts`).
 */
import type { z } from 'zod';
import { REST } from '../registry/index.ts';
import type * as S from '../schemas/sub-accounts.ts';
import type {
  SubAccountBalances,
  SubAccountTransfer,
  TransferDirection,
  TransferInput,
} from '../schemas/sub-accounts.ts';
import { defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export { DIRECTIONS, editApiKeyInput, resetApiKeyInput, transferInput } from '../schemas/sub-accounts.ts';
export type {
  SubAccountBalances,
  SubAccountTransfer,
  TransferDirection,
  TransferInput,
  UrlPermission,
} from '../schemas/sub-accounts.ts';

/**
 * Answers the transaction id that correlates the transfer history (`transaction_id`, or the
 * changelog's `transactionId`); undefined when the answer holds none (an older answer was an empty
 * object: the transfer was made).
 */
export async function transfer(c: KeyCaller, input: TransferInput): Promise<string | undefined> {
  const answer = await c.call(REST.subAccountTransfer, { ...input }, WRITE);
  return answer.transaction_id ?? answer.transactionId;
}

/** One page (at most 100, newest first) of a sub-account's transfers with the main account. */
export async function transferHistory(
  c: KeyCaller,
  input: { id: string; direction?: TransferDirection | undefined; limit?: number; offset?: number },
): Promise<SubAccountTransfer[]> {
  return (await c.call(REST.subAccountTransferHistory, defined({ ...input }), READ)).data;
}

export function balances(c: KeyCaller, input: { id: string; ticker?: string }): Promise<SubAccountBalances> {
  return c.call(REST.subAccountBalances, defined({ ...input }), READ);
}

/** Merges `urls` into the key's restrictions; unlisted URLs keep their setting. */
export async function editApiKey(c: KeyCaller, input: z.infer<typeof S.editApiKeyInput>): Promise<void> {
  await c.call(REST.keyEdit, { ...input }, WRITE);
}

/**
 * Regenerates the key: the old key and secret stop working at once. Answers the new pair when the
 * exchange sends it (the spec shows an empty object; the exchange's own client reads the key record),
 * undefined when the answer holds none.
 */
export function resetApiKey(
  c: KeyCaller,
  apiKeyId: string,
): Promise<{ apiKey: string; apiSecret: string } | undefined> {
  const fields: z.infer<typeof S.resetApiKeyInput> = { apiKeyId };
  return c.call(REST.keyReset, fields, WRITE);
}
