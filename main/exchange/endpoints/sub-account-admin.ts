/**
 * A sub-account's life with the main key: create, edit, block, unblock, delete, one page of the
 * list with every field the exchange answers, and the sub-accounts' withdrawals waiting for the main
 * account's approval.
 */
import { z } from 'zod';
import { decimal, defined, integerLike, READ, WRITE, type KeyCaller } from './shapes.ts';

export const permissionsSchema = z.looseObject({ spotEnabled: z.boolean(), collateralEnabled: z.boolean() });
export type SubAccountPermissions = z.output<typeof permissionsSchema>;

/** A sub-account as `create` and `list` answer it; `email` is masked (null without one). */
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

export interface CreateSubAccountInput {
  alias: string;
  permissions: { spotEnabled: boolean; collateralEnabled: boolean };
  /** Required unless `shareKyc` is true; the exchange sends an invitation to it. */
  email?: string;
  shareKyc?: boolean;
}

export function create(c: KeyCaller, input: CreateSubAccountInput): Promise<SubAccountRecord> {
  return c.post('/api/v4/sub-account/create', defined({ ...input }), subAccountRecordSchema, WRITE);
}

export async function edit(
  c: KeyCaller,
  input: { id: string; alias: string; permissions: { spotEnabled: boolean; collateralEnabled: boolean } },
): Promise<void> {
  // Sending the same alias and permissions twice leaves them as they are.
  await c.post('/api/v4/sub-account/edit', { ...input }, z.unknown(), READ);
}

/** Deletes the sub-account at the exchange. */
export async function remove(c: KeyCaller, id: string): Promise<void> {
  await c.post('/api/v4/sub-account/delete', { id }, z.unknown(), WRITE);
}

/** Blocks the sub-account: its keys stop working at the exchange until it is unblocked. */
export async function block(c: KeyCaller, id: string): Promise<void> {
  await c.post('/api/v4/sub-account/block', { id }, z.unknown(), WRITE);
}

export async function unblock(c: KeyCaller, id: string): Promise<void> {
  await c.post('/api/v4/sub-account/unblock', { id }, z.unknown(), WRITE);
}

/** Built once: a schema built per call is compiled again on every answer it reads. */
const listSchema = z.looseObject({ data: z.array(subAccountRecordSchema) });

/** One page of the sub-accounts (at most 100), with status, permissions and KYC. */
export async function page(
  c: KeyCaller,
  filter: { search?: string; limit?: number; offset?: number } = {},
): Promise<SubAccountRecord[]> {
  return (await c.post('/api/v4/sub-account/list', defined({ ...filter }), listSchema, READ)).data;
}

/** The most the exchange pages: 100 a page, offsets up to 10,000. */
const PAGE = 100;
const MAX_OFFSET = 10_000;

/** Pages asked for at once after a full first page: a desk of 1,000 takes three round trips, not ten. */
const PAGES_AT_ONCE = 4;

/**
 * Every sub-account (matching `search`), until a short page: the first page alone (most desks fit in
 * it), then a few pages at once; pages past the short one are read for nothing and dropped.
 */
export async function listAll(c: KeyCaller, search?: string): Promise<SubAccountRecord[]> {
  const read = (offset: number) => page(c, { ...(search ? { search } : {}), limit: PAGE, offset });
  const out: SubAccountRecord[] = [];
  for (let offset = 0, width = 1; offset <= MAX_OFFSET; offset += width * PAGE, width = PAGES_AT_ONCE) {
    const offsets = Array.from({ length: width }, (_, i) => offset + i * PAGE).filter((o) => o <= MAX_OFFSET);
    for (const records of await Promise.all(offsets.map(read))) {
      out.push(...records);
      if (records.length < PAGE) return out;
    }
  }
  return out;
}

/** A sub-account's withdrawal waiting for the main account's approval. */
export const unconfirmedWithdrawalSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  subAccountId: z.string(),
  currency: z.string(),
  amount: decimal,
  createdAt: integerLike,
});
export type UnconfirmedWithdrawal = z.output<typeof unconfirmedWithdrawalSchema>;

export async function unconfirmedWithdrawals(
  c: KeyCaller,
  filter: { subAccountId?: string; limit?: number; offset?: number } = {},
): Promise<UnconfirmedWithdrawal[]> {
  const schema = z.looseObject({ data: z.array(unconfirmedWithdrawalSchema) });
  return (await c.post('/api/v4/sub-account/withdraw/unconfirmed-list', defined({ ...filter }), schema, READ))
    .data;
}
