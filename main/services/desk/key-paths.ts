/**
 * The exchange paths a sub-account key's permission may name, and the exact list of those that move
 * funds out of an account. A path is matched whatever its letter case or trailing slash (the exchange
 * reads it so too) and sent as written here; a path not on the list is refused, so no spelling of a
 * fund-moving path can slip past the warning, and no typo is sent as a permission.
 */
import { UserFacingError } from '../../errors.ts';
import { FUND_MOVING_PATHS, KEY_CAPABILITIES } from './key-capabilities.ts';

/** Private paths of the exchange outside the capability table (exchange-api.md, real-api-facts.md). */
const OTHER_PRIVATE_PATHS = [
  '/api/v4/conditional-orders',
  '/api/v4/collateral-account/summary',
  '/api/v4/main-account/address',
  '/api/v4/main-account/create-new-address',
  '/api/v4/main-account/smart-flex/investments',
  '/api/v4/main-account/transfer',
  '/api/v4/order/collateral/limit',
  '/api/v4/order/collateral/oco',
  '/api/v4/order/collateral/stop-limit',
  '/api/v4/order/collateral/trigger-market',
  '/api/v4/order/kill-switch/status',
  '/api/v4/sub-account/api-key/create',
  '/api/v4/sub-account/api-key/delete',
  '/api/v4/sub-account/api-key/edit',
  '/api/v4/sub-account/api-key/ip-address/create',
  '/api/v4/sub-account/api-key/ip-address/delete',
  '/api/v4/sub-account/api-key/ip-address/list',
  '/api/v4/sub-account/api-key/list',
  '/api/v4/sub-account/api-key/reset',
  '/api/v4/sub-account/balances',
  '/api/v4/sub-account/block',
  '/api/v4/sub-account/create',
  '/api/v4/sub-account/delete',
  '/api/v4/sub-account/edit',
  '/api/v4/sub-account/list',
  '/api/v4/sub-account/transfer/history',
  '/api/v4/sub-account/unblock',
  '/api/v4/sub-account/withdraw/unconfirmed-list',
  '/api/v4/trade-account/order/history',
] as const;

const key = (path: string): string => path.toLowerCase().replace(/\/+$/, '');

/** Every path a permission may name, by its matching key. */
const KNOWN = new Map(
  [...KEY_CAPABILITIES.flatMap((c) => c.urls), ...OTHER_PRIVATE_PATHS].map((p) => [key(p), p] as const),
);
const FUND_MOVING = new Set(FUND_MOVING_PATHS.map(key));

/** The path as the exchange lists it; undefined for a path that is not one of its private paths. */
export function knownPath(path: string): string | undefined {
  return KNOWN.get(key(path));
}

/** Whether a key allowed `path` can move funds out of its account (any spelling of the path). */
export function movesFunds(path: string): boolean {
  return FUND_MOVING.has(key(path));
}

/** Each change with its path as the exchange lists it; refuses, naming it, a path that is not known. */
export function knownChanges<T extends { url: string }>(changes: readonly T[]): T[] {
  const seen = new Set<string>();
  return changes.map((change, i) => {
    const url = knownPath(change.url);
    const refuse = (why: string) => new UserFacingError('invalid_input', why, `urls.${String(i)}.url`);
    if (url === undefined)
      throw refuse(`${change.url} is not an exchange address a key permission can name; check its spelling.`);
    if (seen.has(url)) throw refuse(`${url} is named twice; keep one setting for it.`);
    seen.add(url);
    return { ...change, url };
  });
}
