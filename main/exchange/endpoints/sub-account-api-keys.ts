/**
 * A sub-account's API keys with the main key: create (the answer holds the secret, once), list
 * (secrets blank), delete, and each key's IP allow-list. Whoever calls `createKey` must take the
 * secret straight into the keychain: it is in no other answer.
 */
import type { z } from 'zod';
import { REST } from '../registry/index.ts';
import type { ApiKeyType, createKeyInput, keyRecord } from '../schemas/sub-accounts.ts';
import { defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export { createKeyInput } from '../schemas/sub-accounts.ts';
export type { ApiKeyType } from '../schemas/sub-accounts.ts';

/** A key as the list shows it: never a secret. */
export interface SubAccountApiKey {
  id: string;
  apiKey: string;
  subAccountId?: string | undefined;
  title?: string | null | undefined;
  isEnabled?: boolean | undefined;
  type?: ApiKeyType | undefined;
  lastActivity?: number | null | undefined;
  restrictAccess?: boolean | undefined;
}

function publicPart(record: z.output<typeof keyRecord>): SubAccountApiKey {
  const { id, apiKey, subAccountId, title, isEnabled, type, lastActivity, restrictAccess } = record;
  return { id, apiKey, subAccountId, title, isEnabled, type, lastActivity, restrictAccess };
}

/** The key made, with the secret the exchange shows this once. */
export interface CreatedApiKey {
  key: SubAccountApiKey;
  apiSecret: string;
}

export async function createKey(c: KeyCaller, input: z.infer<typeof createKeyInput>): Promise<CreatedApiKey> {
  const answer = await c.call(REST.keyCreate, defined({ ...input }), WRITE);
  return { key: publicPart(answer), apiSecret: answer.apiSecret };
}

/** One page (at most 100) of the keys of one sub-account, or of all of them. */
export async function listKeys(
  c: KeyCaller,
  filter: { subAccountId?: string; limit?: number; offset?: number } = {},
): Promise<SubAccountApiKey[]> {
  const { data } = await c.call(REST.keyList, defined({ ...filter }), READ);
  // The list sends `apiSecret` blank; only the public part is kept.
  return data.map(publicPart);
}

/** Every key of one sub-account, page after page until a short one. */
export async function listAllKeys(c: KeyCaller, subAccountId: string): Promise<SubAccountApiKey[]> {
  const out: SubAccountApiKey[] = [];
  for (let offset = 0; offset <= 10_000; offset += 100) {
    const page = await listKeys(c, { subAccountId, limit: 100, offset });
    out.push(...page);
    if (page.length < 100) break;
  }
  return out;
}

export async function deleteKey(c: KeyCaller, apiKeyId: string): Promise<void> {
  await c.call(REST.keyDelete, { apiKeyId }, WRITE);
}

export async function listIps(c: KeyCaller, apiKeyId: string): Promise<string[]> {
  return (await c.call(REST.keyIpList, { apiKeyId }, READ)).data;
}

/** Adds an address or range to the key's allow-list; answers the list. Adding one twice keeps one. */
export async function addIp(c: KeyCaller, apiKeyId: string, ip: string): Promise<string[]> {
  return (await c.call(REST.keyIpCreate, { apiKeyId, ip }, READ)).data;
}

export async function removeIp(c: KeyCaller, apiKeyId: string, ip: string): Promise<string[]> {
  return (await c.call(REST.keyIpDelete, { apiKeyId, ip }, READ)).data;
}
