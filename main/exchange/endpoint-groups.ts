/**
 * The exchange's rate-limit groups (exchange-api.md, Limits; websocket_token from real-api-facts.md).
 * Every endpoint of a listed group draws on one shared budget per key. An endpoint the spec lists no
 * limit for gets its own budget of `UNLISTED_LIMIT`, a conservative guess.
 */
import { REST_ENDPOINTS, wsMethodOf } from './registry/index.ts';

export interface GroupLimit {
  /** Requests allowed in any window of `windowMs`. */
  readonly limit: number;
  readonly windowMs: number;
}

export const GROUP_LIMITS = {
  orders: { limit: 10_000, windowMs: 10_000 },
  history: { limit: 12_000, windowMs: 10_000 },
  account: { limit: 1_000, windowMs: 10_000 },
  collateralMarkets: { limit: 2_000, windowMs: 10_000 },
  websocketToken: { limit: 10, windowMs: 60_000 },
} as const satisfies Record<string, GroupLimit>;

export type ListedGroup = keyof typeof GROUP_LIMITS;

/** Budget of an endpoint the spec gives no limit for. */
export const UNLISTED_LIMIT: GroupLimit = { limit: 1_000, windowMs: 10_000 };

const PREFIX = '/api/v4/';

/** Each listed group's endpoints, by path without the prefix (`order/new`), from the registry. */
const GROUP_OF_PATH: Readonly<Record<string, ListedGroup>> = Object.fromEntries(
  REST_ENDPOINTS.flatMap((e) => (e.group ? [[e.path.slice(PREFIX.length), e.group] as const] : [])),
);

/** The endpoint path without host, query, fragment or trailing slash. */
export function normalizePath(pathOrUrl: string): string {
  let path = pathOrUrl;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  path = path.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) path = `/${path}`;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

export interface EndpointBudget {
  /** Budget name: a listed group, or `path:<path>` for an endpoint with its own guessed budget. */
  readonly group: string;
  readonly limit: GroupLimit;
}

/** The budgets of the paths asked about so far: every signed request asks, with one of a few dozen paths. */
const budgets = new Map<string, EndpointBudget>();
const BUDGETS_MAX = 512;

/** Which budget a request path draws on. */
export function endpointGroup(pathOrUrl: string): EndpointBudget {
  let budget = budgets.get(pathOrUrl);
  if (budget === undefined) {
    const path = normalizePath(pathOrUrl);
    const listed = path.startsWith(PREFIX) ? GROUP_OF_PATH[path.slice(PREFIX.length)] : undefined;
    budget = Object.freeze(
      listed
        ? { group: listed, limit: GROUP_LIMITS[listed] }
        : { group: `path:${path}`, limit: UNLISTED_LIMIT },
    );
    if (budgets.size >= BUDGETS_MAX) budgets.clear();
    budgets.set(pathOrUrl, budget);
  }
  return budget;
}

/**
 * WebSocket budgets, per connection: order placements (`*_place`) and all other requests have
 * separate budgets, held by each socket's pending requests (`ws/requests.ts`). New connections are
 * paced by `ws/pacer.ts`.
 */
export const WS_LIMITS = {
  placements: { limit: 10_000, windowMs: 10_000 },
  requests: { limit: 12_000, windowMs: 10_000 },
} as const satisfies Record<string, GroupLimit>;

/** Which per-connection WebSocket budget a JSON-RPC method draws on. */
export function wsMethodGroup(method: string): 'placements' | 'requests' {
  return wsMethodOf(method)?.group ?? (method.endsWith('_place') ? 'placements' : 'requests');
}
