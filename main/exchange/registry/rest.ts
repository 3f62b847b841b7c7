/**
 * Every REST endpoint the app calls, once: its method and path, and what each of the app's tables
 * needs to know of it. The rate-limit group it draws on (`endpoint-groups.ts`), the role a team desk
 * needs to send it and what it does in the words of a refusal (`policy/desk-roles.ts`), the key
 * capability that allows it (`services/desk/key-capabilities.ts`, `key-paths.ts`), whether it moves
 * funds out of an account, the four-eyes request it is (`policy/desk-policy.ts`,
 * `services/four-eyes/describe.ts`, the team store's `desk_request_kinds`) and the procedures that
 * reach it (the coverage test). Those tables are read from here; no other file in main (the sandbox
 * aside) writes an endpoint's path. The descriptors stand in `trading.ts`, `collateral.ts`,
 * `accounts.ts` and `mining.ts`.
 *
 * Each descriptor carries its request and answer schemas (`../schemas/`, which import nothing of the
 * registry): a call names the descriptor, and the client sends its body and reads its answer by them
 * (`ExchangeHttp.privatePost`, `publicGet`), so no call pairs a path with another's schema. The
 * published examples are read through the same descriptors (test/unit/spec/descriptor-schemas.test.ts).
 */
import { ACCOUNTS } from './accounts.ts';
import { COLLATERAL } from './collateral.ts';
import type { RestEndpoint } from './endpoint.ts';
import { TRADING } from './trading.ts';

export type { Capability, FourEyesRequest, RestEndpoint, WriteRole } from './endpoint.ts';

/** Every endpoint, by name: what the app calls (`REST.orderNew.path`). */
export const REST = { ...TRADING, ...COLLATERAL, ...ACCOUNTS } as const;

export type RestName = keyof typeof REST;

/** Every endpoint, in the order above. */
export const REST_ENDPOINTS: readonly RestEndpoint[] = Object.values(REST);

/** The signed endpoints: every path a sub-account key's permission may name. */
export const PRIVATE_ENDPOINTS: readonly RestEndpoint[] = REST_ENDPOINTS.filter((e) => e.method === 'POST');

/**
 * The one exact list of paths that move funds out of an account: withdrawals (to an address or a
 * payment provider), service codes, deposit refunds and transfers between the main account and
 * sub-accounts. A capability moves funds when it holds one of them; main's warning names them.
 */
export const FUND_MOVING_PATHS: readonly string[] = PRIVATE_ENDPOINTS.filter((e) => e.movesFunds).map(
  (e) => e.path,
);

/** A path's matching key: the exchange reads a path whatever its letter case or trailing slash. */
export const pathKey = (path: string): string => path.toLowerCase().replace(/\/+$/, '');

const BY_KEY = new Map(REST_ENDPOINTS.map((e) => [pathKey(e.path), e] as const));

/** The endpoint of a path (any letter case, trailing slash or not); undefined for one the app does not call. */
export function restEndpointOf(path: string): RestEndpoint | undefined {
  return BY_KEY.get(pathKey(path));
}

/** The path with its `{name}` parameters filled in, each encoded. */
export function pathWith(endpoint: RestEndpoint, params: Readonly<Record<string, string>>): string {
  return endpoint.path.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}
