/**
 * A sub-account's life with the main key: create, edit, block, unblock, delete, one page of the
 * list with every field the exchange answers, and the sub-accounts' withdrawals waiting for the main
 * account's approval.
 */
import { z } from 'zod';
import { decimal, defined, integerLike, READ, WRITE, type KeyCaller } from './shapes.ts';
import { REST } from '../registry/index.ts';

export const permissionsSchema = z.looseObject({ spotEnabled: z.boolean(), collateralEnabled: z.boolean() });
export type SubAccountPermissions = z.output<typeof permissionsSchema>;

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

export interface CreateSubAccountInput {
  alias: string;
  permissions: { spotEnabled: boolean; collateralEnabled: boolean };
  /** Required unless `shareKyc` is true; the exchange sends an invitation to it. */
  email?: string;
  shareKyc?: boolean;
}

export function create(c: KeyCaller, input: CreateSubAccountInput): Promise<SubAccountRecord> {
  return c.post(REST.subAccountCreate.path, defined({ ...input }), subAccountRecordSchema, WRITE);
}

export async function edit(
  c: KeyCaller,
  input: { id: string; alias: string; permissions: { spotEnabled: boolean; collateralEnabled: boolean } },
): Promise<void> {
  // Sending the same alias and permissions twice leaves them as they are.
  await c.post(REST.subAccountEdit.path, { ...input }, z.unknown(), READ);
}

/** Deletes the sub-account at the exchange. */
export async function remove(c: KeyCaller, id: string): Promise<void> {
  await c.post(REST.subAccountDelete.path, { id }, z.unknown(), WRITE);
}

/** Blocks the sub-account: its keys stop working at the exchange until it is unblocked. */
export async function block(c: KeyCaller, id: string): Promise<void> {
  await c.post(REST.subAccountBlock.path, { id }, z.unknown(), WRITE);
}

export async function unblock(c: KeyCaller, id: string): Promise<void> {
  await c.post(REST.subAccountUnblock.path, { id }, z.unknown(), WRITE);
}

/** Built once: a schema built per call is compiled again on every answer it reads. */
const listSchema = z.looseObject({ data: z.array(subAccountRecordSchema) });

interface PageFilter {
  search?: string | undefined;
  limit?: number;
  offset?: number;
}

/** One page of the list as `schema` reads its records. */
async function pageOf<T>(c: KeyCaller, schema: z.ZodType<{ data: T[] }>, filter: PageFilter): Promise<T[]> {
  return (await c.post(REST.subAccountList.path, defined({ ...filter }), schema, READ)).data;
}

/** One page of the sub-accounts (at most 100), with status, permissions and KYC. */
export function page(c: KeyCaller, filter: PageFilter = {}): Promise<SubAccountRecord[]> {
  return pageOf(c, listSchema, filter);
}

/** The most the exchange pages: 100 a page, offsets up to 10,000. */
const PAGE = 100;
const MAX_OFFSET = 10_000;

/** Pages asked for at once after a full page beyond those expected. */
const PAGES_AT_ONCE = 4;
/** The most pages asked for at once: a desk of 1,000 expected is read in one round trip of 11. */
const MOST_AT_ONCE = 12;

export interface ListOptions {
  search?: string | undefined;
  /** The sub-accounts the desk knows of: at least that many exist, so their pages are asked for at once. */
  expected?: number | undefined;
}

/**
 * Every record of the list (matching `search`) as `schema` reads a page, until a short page. Without
 * `expected` the first page alone is read first (most desks fit in it); with it, the pages that many
 * fill and the next are read at once. Past those, a few pages at a time; pages past the short one are
 * read for nothing and dropped.
 */
async function everyPage<T>(
  c: KeyCaller,
  schema: z.ZodType<{ data: T[] }>,
  { search, expected }: ListOptions,
): Promise<T[]> {
  const read = (offset: number) => pageOf(c, schema, { search: search || undefined, limit: PAGE, offset });
  const expectedPages = Math.floor(Math.max(0, expected ?? 0) / PAGE) + 1;
  const out: T[] = [];
  for (let offset = 0, pagesRead = 0; offset <= MAX_OFFSET;) {
    const width =
      pagesRead === 0
        ? Math.min(expectedPages, MOST_AT_ONCE)
        : Math.min(Math.max(expectedPages - pagesRead, PAGES_AT_ONCE), MOST_AT_ONCE);
    const offsets = Array.from({ length: width }, (_, i) => offset + i * PAGE).filter((o) => o <= MAX_OFFSET);
    for (const records of await Promise.all(offsets.map(read))) {
      out.push(...records);
      if (records.length < PAGE) return out;
    }
    offset += width * PAGE;
    pagesRead += width;
  }
  return out;
}

/** Every sub-account (matching `search`) with every field the list answers. */
export function listAll(c: KeyCaller, options: ListOptions = {}): Promise<SubAccountRecord[]> {
  return everyPage(c, listSchema, options);
}

/** Only the aliases read from each record: a check of names free reads a desk of 1,000 without the rest. */
const aliasListSchema = z.object({ data: z.array(z.object({ alias: z.string() })) });

/** The alias of every sub-account the exchange lists. */
export async function listAliases(c: KeyCaller, options: ListOptions = {}): Promise<string[]> {
  return (await everyPage(c, aliasListSchema, options)).map((s) => s.alias);
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

const unconfirmedWithdrawalsAnswer = z.looseObject({ data: z.array(unconfirmedWithdrawalSchema) });

export async function unconfirmedWithdrawals(
  c: KeyCaller,
  filter: { subAccountId?: string; limit?: number; offset?: number } = {},
): Promise<UnconfirmedWithdrawal[]> {
  return (
    await c.post(REST.unconfirmedWithdrawals.path, defined({ ...filter }), unconfirmedWithdrawalsAnswer, READ)
  ).data;
}
