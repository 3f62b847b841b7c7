/**
 * Sub-accounts as the sandbox keeps them: the main account's live (not deleted) sub-accounts, their
 * settings with the seeded ones' defaults, their keys, and the record the sub-account endpoints
 * answer with.
 */
import { createHash } from 'node:crypto';
import { fieldError } from './http/errors.ts';
import { uuidFrom } from './rng.ts';
import type { Account, ApiKey, SandboxState, SubAccountInfo } from './state.ts';

export const SUB_COLORS = ['#FF0000', '#4F8EF7', '#2EB67D', '#ECB22E', '#9B59B6', '#E67E22'];

/** A stable id derived from text (the seeded sub-accounts' user ids), without drawing on the rng. */
export function stableUuid(text: string): string {
  return uuidFrom(createHash('sha256').update(text).digest('hex').slice(0, 32));
}

/** The sub-account's settings; a seeded one is active, with both permissions and shared KYC. */
export function subInfo(sub: Account): SubAccountInfo {
  sub.sub ??= {
    status: 'active',
    spotEnabled: true,
    collateralEnabled: true,
    shareKyc: true,
    userId: stableUuid(`user:${sub.id}`),
    color: SUB_COLORS[Number.parseInt(sub.id.replace(/\D/g, '') || '0', 10) % SUB_COLORS.length] ?? '#FF0000',
    email: sub.email,
  };
  return sub.sub;
}

export function isDeleted(a: Account): boolean {
  return a.sub?.status === 'deleted';
}

export function isBlocked(a: Account): boolean {
  return a.sub?.status === 'blocked';
}

/** The main account's sub-accounts, deleted ones left out, in the order they were made. */
export function subsOf(state: SandboxState, main: Account): Account[] {
  return [...state.accounts.values()].filter((a) => a.parentId === main.id && !isDeleted(a));
}

/** The main account's sub-account with this id; a 422 on `id` when there is none. */
export function subById(state: SandboxState, main: Account, id: string): Account {
  const sub = subsOf(state, main).find((a) => a.subAccountId === id);
  if (!sub) throw fieldError('id', 'Sub-account do not exists');
  return sub;
}

/** Every key of an account (a sub-account may have several). */
export function keysOf(state: SandboxState, account: Account): ApiKey[] {
  return [...state.keysById.values()].filter((k) => k.accountId === account.id);
}

/**
 * `email@google.com` -> `e***@g***m`, as the exchange shows a sub-account's address; a sub-account
 * sharing the main account's KYC without an address of its own shows an empty string (never null).
 */
export function maskEmail(email: string | undefined): string {
  if (!email) return '';
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${domain.slice(-1)}`;
}

/** The sub-account record of `create` and `list`. */
export function subRecord(sub: Account): Record<string, unknown> {
  const info = subInfo(sub);
  return {
    id: sub.subAccountId,
    alias: sub.label,
    userId: info.userId,
    email: maskEmail(info.email),
    status: info.status,
    color: info.color,
    kyc: { shareKyc: info.shareKyc, kycStatus: info.shareKyc ? 'shared' : 'pending' },
    permissions: { spotEnabled: info.spotEnabled, collateralEnabled: info.collateralEnabled },
  };
}
