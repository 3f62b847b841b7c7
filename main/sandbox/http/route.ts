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
  /**
   * How the endpoint answers a request that fails validation (a code-30 error of the handler), as
   * the exchange publishes it: 'fields' 400 `{code: 0, message, errors}` (the main account,
   * sub-account and mining endpoints), 'message' 422 `{code: 0, message}` (where no field bag is
   * published). Unset: 422 `{code: 30, message, errors}`.
   */
  validation?: 'fields' | 'message';
  handler: (ctx: PrivateContext) => unknown;
}

export interface PublicRoute {
  method: 'GET';
  path: string;
  group?: LimitGroup;
  handler: (ctx: PublicContext) => unknown;
  /**
   * How a failure is answered, as the exchange's public endpoints differ: `flat` the field bag itself
   * (`{"market": ["Market is not available."]}`, the market data endpoints), `array`
   * `{success: false, message, errors: []}` (collateral and futures lists); otherwise
   * `{success: false, message, params: []}`.
   */
  errors?: 'flat' | 'array';
}

export type Route = PrivateRoute | PublicRoute;
