/**
 * Which of the team desk's roles each signed request needs: a trader's orders, cancels, positions and
 * leverage; a treasurer's withdrawals, codes, transfers, converts and refunds; an admin's sub-accounts,
 * keys and key permissions. Reads need no role. One table for every entry point: main checks it
 * before it signs any request of a team's account (REST or an order method on the WebSocket), and the
 * refusal says it in plain words ("Only a treasurer can send a withdrawal.").
 */

import { DESK_REQUESTS, PRIVATE_ENDPOINTS, wsMethodOf } from '../exchange/registry/index.ts';

import type { DeskRole } from './kinds.ts';

export type { DeskRole };

export interface RoleRule {
  readonly role: Exclude<DeskRole, 'viewer'>;
  /** What the request does, after "Only a treasurer can …". */
  readonly what: string;
}

const trader = (what: string): RoleRule => ({ role: 'trader', what });
const admin = (what: string): RoleRule => ({ role: 'admin', what });

/** Every private path that changes something, and the desk's own requests, by the role it needs (from the endpoint registry). */
const WRITES: Readonly<Record<string, RoleRule>> = Object.fromEntries(
  [...PRIVATE_ENDPOINTS, ...DESK_REQUESTS].flatMap((e) =>
    e.desk ? [[e.path, { role: e.desk.role, what: e.desk.what }] as const] : [],
  ),
);

/** Every private path that only reads (the WebSocket's token too: it lets the socket read). */
export const READ_PATHS: readonly string[] = PRIVATE_ENDPOINTS.filter((e) => !e.desk).map((e) => e.path);

const READS = new Set(READ_PATHS.map((p) => p.toLowerCase()));
const BY_KEY = new Map(Object.entries(WRITES).map(([path, rule]) => [path.toLowerCase(), rule]));
const key = (path: string) => path.toLowerCase().replace(/\/+$/, '');

/** The paths the table names as writes (for the test that every endpoint is in one list or the other). */
export const WRITE_PATHS: readonly string[] = Object.keys(WRITES);

/**
 * The role a signed REST request needs: undefined for a read. A path in neither list is an admin's:
 * a request the desk does not know is never let through by a gap in this table.
 */
export function roleForPath(path: string): RoleRule | undefined {
  const k = key(path);
  if (READS.has(k)) return undefined;
  return BY_KEY.get(k) ?? admin(`send ${path}`);
}

/** The role an order method of the WebSocket needs: every one places, changes or cancels orders. */
export function roleForSocketMethod(method: string): RoleRule {
  const desk = wsMethodOf(method)?.desk;
  if (desk) return { role: desk.role, what: desk.what };
  if (method.includes('cancel')) return trader('cancel an order');
  if (method.includes('modify')) return trader('change an order');
  return trader('place an order');
}

const ARTICLE: Record<DeskRole, string> = {
  viewer: 'a viewer',
  trader: 'a trader',
  treasurer: 'a treasurer',
  admin: 'an admin',
};

export function roleWithArticle(role: DeskRole): string {
  return ARTICLE[role];
}

/** "Only a treasurer can send a withdrawal." */
export function roleRefusal(rule: RoleRule): string {
  return `Only ${ARTICLE[rule.role]} can ${rule.what}.`;
}

/** The refusal when `roles` lack what `rule` needs; undefined when they hold it. */
export function refusedBy(roles: readonly DeskRole[], rule: RoleRule | undefined): string | undefined {
  if (!rule || roles.includes(rule.role)) return undefined;
  return roleRefusal(rule);
}
