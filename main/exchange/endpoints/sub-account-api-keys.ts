/**
 * A sub-account's API keys with the main key: create (the answer holds the secret, once), list
 * (secrets blank), delete, and each key's IP allow-list. Whoever calls `createKey` must take the
 * secret straight into the keychain: it is in no other answer.
 */
import { z } from 'zod';
import { defined, integerLike, READ, WRITE, type KeyCaller } from './shapes.ts';
import { REST } from '../registry/index.ts';

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

const keyRecord = z.looseObject({
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

const createKeyAnswer = keyRecord.extend({ apiSecret: z.string().min(1) });

/** A new key's fields, every one the app writes (`SubAccountApiKeys`). */
export const createKeyInput = z.strictObject({
  subAccountId: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  title: z.string().optional(),
});

export async function createKey(c: KeyCaller, input: z.infer<typeof createKeyInput>): Promise<CreatedApiKey> {
  const answer = await c.post(REST.keyCreate.path, defined({ ...input }), createKeyAnswer, WRITE);
  return { key: publicPart(answer), apiSecret: answer.apiSecret };
}

const listKeysAnswer = z.looseObject({ data: z.array(keyRecord) });

/** One page (at most 100) of the keys of one sub-account, or of all of them. */
export async function listKeys(
  c: KeyCaller,
  filter: { subAccountId?: string; limit?: number; offset?: number } = {},
): Promise<SubAccountApiKey[]> {
  const { data } = await c.post(REST.keyList.path, defined({ ...filter }), listKeysAnswer, READ);
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
  await c.post(REST.keyDelete.path, { apiKeyId }, z.unknown(), WRITE);
}

const ipList = z.looseObject({ data: z.array(z.string()) });

export async function listIps(c: KeyCaller, apiKeyId: string): Promise<string[]> {
  return (await c.post(REST.keyIpList.path, { apiKeyId }, ipList, READ)).data;
}

/** Adds an address or range to the key's allow-list; answers the list. Adding one twice keeps one. */
export async function addIp(c: KeyCaller, apiKeyId: string, ip: string): Promise<string[]> {
  return (await c.post(REST.keyIpCreate.path, { apiKeyId, ip }, ipList, READ)).data;
}

export async function removeIp(c: KeyCaller, apiKeyId: string, ip: string): Promise<string[]> {
  return (await c.post(REST.keyIpDelete.path, { apiKeyId, ip }, ipList, READ)).data;
}
