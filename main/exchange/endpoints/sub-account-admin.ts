/**
 * A sub-account's life with the main key: create, edit, block, unblock, delete, one page of the
 * list with every field the exchange answers, a KYC link for one of its own KYC, and the
 * sub-accounts' withdrawals waiting for the main account's confirmation and confirming one.
 */
import { REST } from '../registry/index.ts';
import type {
  CreateSubAccountInput,
  KycUrl,
  SubAccountRecord,
  UnconfirmedWithdrawal,
} from '../schemas/sub-accounts.ts';
import { defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export type {
  CreateSubAccountInput,
  KycUrl,
  SubAccountPermissions,
  SubAccountRecord,
  UnconfirmedWithdrawal,
} from '../schemas/sub-accounts.ts';

export function create(c: KeyCaller, input: CreateSubAccountInput): Promise<SubAccountRecord> {
  return c.call(REST.subAccountCreate, defined({ ...input }), WRITE);
}

export async function edit(
  c: KeyCaller,
  input: { id: string; alias: string; permissions: { spotEnabled: boolean; collateralEnabled: boolean } },
): Promise<void> {
  // Sending the same alias and permissions twice leaves them as they are.
  await c.call(REST.subAccountEdit, { ...input }, READ);
}

/** Deletes the sub-account at the exchange. */
export async function remove(c: KeyCaller, id: string): Promise<void> {
  await c.call(REST.subAccountDelete, { id }, WRITE);
}

/** Blocks the sub-account: its keys stop working at the exchange until it is unblocked. */
export async function block(c: KeyCaller, id: string): Promise<void> {
  await c.call(REST.subAccountBlock, { id }, WRITE);
}

export async function unblock(c: KeyCaller, id: string): Promise<void> {
  await c.call(REST.subAccountUnblock, { id }, WRITE);
}

interface PageFilter {
  search?: string | undefined;
  limit?: number;
  offset?: number;
}

/** One page of the sub-accounts (at most 100), with status, permissions and KYC. */
export async function page(c: KeyCaller, filter: PageFilter = {}): Promise<SubAccountRecord[]> {
  return (await c.call(REST.subAccountList, defined({ ...filter }), READ)).data;
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
 * Every sub-account (matching `search`) with every field the list answers, page after page until a
 * short one. Without `expected` the first page alone is read first (most desks fit in it); with it, the pages that many
 * fill and the next are read at once. Past those, a few pages at a time; pages past the short one are
 * read for nothing and dropped.
 */
export async function listAll(
  c: KeyCaller,
  { search, expected }: ListOptions = {},
): Promise<SubAccountRecord[]> {
  const read = (offset: number) => page(c, { search: search || undefined, limit: PAGE, offset });
  const expectedPages = Math.floor(Math.max(0, expected ?? 0) / PAGE) + 1;
  const out: SubAccountRecord[] = [];
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

/** The alias of every sub-account the exchange lists. */
export async function listAliases(c: KeyCaller, options: ListOptions = {}): Promise<string[]> {
  return (await listAll(c, options)).map((s) => s.alias);
}

export async function unconfirmedWithdrawals(
  c: KeyCaller,
  filter: { subAccountId?: string; limit?: number; offset?: number } = {},
): Promise<UnconfirmedWithdrawal[]> {
  return (await c.call(REST.unconfirmedWithdrawals, defined({ ...filter }), READ)).data;
}

/** Confirms a sub-account's withdrawal waiting for the main account (its id in the waiting list): it is sent. */
export async function confirmWithdrawal(c: KeyCaller, id: string): Promise<void> {
  await c.call(REST.subAccountWithdrawConfirm, { id }, WRITE);
}

/** A temporary KYC link for a sub-account that does not share the main account's KYC. */
export function kycUrl(c: KeyCaller, id: string): Promise<KycUrl> {
  return c.call(REST.subAccountKycUrl, { id }, WRITE);
}
