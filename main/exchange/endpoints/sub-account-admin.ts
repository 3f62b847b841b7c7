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

/** One page of the sub-accounts (at most 100), with status, permissions and KYC. */
export async function page(
  c: KeyCaller,
  filter: { search?: string; limit?: number; offset?: number } = {},
): Promise<SubAccountRecord[]> {
  const schema = z.looseObject({ data: z.array(subAccountRecordSchema) });
  return (await c.post('/api/v4/sub-account/list', defined({ ...filter }), schema, READ)).data;
}

/** The most the exchange pages: 100 a page, offsets up to 10,000. */
const PAGE = 100;
const MAX_OFFSET = 10_000;

/** Every sub-account (matching `search`), page after page until a short one. */
export async function listAll(c: KeyCaller, search?: string): Promise<SubAccountRecord[]> {
  const out: SubAccountRecord[] = [];
  for (let offset = 0; offset <= MAX_OFFSET; offset += PAGE) {
    const records = await page(c, { ...(search ? { search } : {}), limit: PAGE, offset });
    out.push(...records);
    if (records.length < PAGE) break;
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
