/**
 * The exchange paths a sub-account key's permission may name, and the exact list of those that move
 * funds out of an account. A path is matched whatever its letter case or trailing slash (the exchange
 * reads it so too) and sent as written here; a path not on the list is refused, so no spelling of a
 * fund-moving path can slip past the warning, and no typo is sent as a permission.
 */
import { UserFacingError } from '../../errors.ts';
import { PRIVATE_ENDPOINTS } from '../../exchange/registry/index.ts';
import { FUND_MOVING_PATHS } from '../../exchange/registry/index.ts';

const key = (path: string): string => path.toLowerCase().replace(/\/+$/, '');

/** Every path a permission may name (every signed endpoint of the registry), by its matching key. */
const KNOWN = new Map(PRIVATE_ENDPOINTS.map((e) => [key(e.path), e.path] as const));
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
