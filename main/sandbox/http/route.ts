/** Route table types shared by the server and the route modules. */
import type { Account, ApiKey } from '../state.ts';
import type { Body } from './fields.ts';
import type { LimitGroup } from './rate-limit.ts';

export interface PrivateContext {
  account: Account;
  key: ApiKey;
  body: Body;
  path: string;
}

export interface PublicContext {
  query: URLSearchParams;
  path: string;
  ip: string;
}

export interface PrivateRoute {
  method: 'POST';
  path: string;
  group?: LimitGroup;
  /** Only the main account's key may call it (sub-account management). */
  mainOnly?: boolean;
  /** Sub-account keys need this URL enabled explicitly (withdrawals). */
  explicitPermission?: boolean;
  /** Moves or receives funds: a sub-account key of type 1 (info and trading) may not call it. */
  fundsKey?: boolean;
  /** HTTP status of a success (200 unless the exchange answers 201, as for a creation). */
  status?: number;
  handler: (ctx: PrivateContext) => unknown;
}

export interface PublicRoute {
  method: 'GET';
  path: string;
  group?: LimitGroup;
  handler: (ctx: PublicContext) => unknown;
  /** Failure body carries `errors: []` (collateral markets) instead of the usual `params: []`. */
  errorsArray?: boolean;
}

export type Route = PrivateRoute | PublicRoute;
