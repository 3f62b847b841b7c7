/**
 * What the registry knows of one REST endpoint (`RestEndpoint`), and the few words its tables are
 * written in: a public GET or a signed POST under `/api/v4/`, its request and answer schemas, and the
 * desk role a write needs.
 */
import type { z } from 'zod';
import type { ListedGroup } from '../endpoint-groups.ts';

/** The desk roles a write needs (reads need none). */
export type WriteRole = 'trader' | 'treasurer' | 'admin';

/** The named capabilities a sub-account key's URL permissions are offered in. */
export type Capability =
  | 'read'
  | 'trade-spot'
  | 'trade-collateral'
  | 'withdraw'
  | 'transfers'
  | 'convert'
  | 'flex'
  | 'mining'
  | 'travel-rule';

/** The requests a desk's four-eyes policy may hold for a second operator (`desk.ts`: the desk's own). */
export type FourEyesRequest =
  | 'withdrawal'
  | 'code'
  | 'transfer'
  | 'payout'
  | 'sub_withdrawal'
  | 'key_create'
  | 'key_edit'
  | 'key_reset'
  | 'policy'
  | 'guards';

export interface RestEndpoint<Q extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  /** GET: a public, unsigned endpoint; POST: a signed one. */
  readonly method: 'GET' | 'POST';
  /** As the exchange lists it; a path parameter stands as `{name}`. */
  readonly path: string;
  /**
   * What the client sends: a POST's body without the signing fields (`request`, `nonce`), a GET's
   * query. An endpoint sent no fields of the app's own has `noFields` (schemas/primitives.ts).
   */
  readonly request: Q;
  /** How the client reads a success answer (`ExchangeHttp` parses every answer with it). */
  readonly answer: A;
  /** Why the app reads nothing of the answer, when `answer` is `unreadAnswer` (it takes any body). */
  readonly unread?: string;
  /** The rate-limit group it shares a budget with; undefined: a budget of its own. */
  readonly group?: ListedGroup;
  /**
   * The role a team desk needs to send it, and what it does after "Only a treasurer can …";
   * undefined for a read, which any operator may send.
   */
  readonly desk?: { readonly role: WriteRole; readonly what: string };
  /** The key capability whose URL list holds it; undefined: a private path outside the table. */
  readonly capability?: Capability;
  /** It moves funds out of an account: a key allowed it warrants a warning. */
  readonly movesFunds?: true;
  /** The four-eyes request it is, when the desk's policy can hold it for a second operator. */
  readonly fourEyes?: FourEyesRequest;
  /** The procedures (main/ipc/contract.ts) through which the terminal reaches it. */
  readonly reachedBy?: readonly string[];
}

type More<Q extends z.ZodType, A extends z.ZodType> = Omit<RestEndpoint<Q, A>, 'method' | 'path'>;
/**
 * An endpoint whose path and schemas keep their types (`REST.codes.path` is
 * `'/api/v4/main-account/codes'`, `REST.codes.answer` reads a `CodeResult`).
 */
export type RestEndpointAt<P extends string, Q extends z.ZodType, A extends z.ZodType> = RestEndpoint<
  Q,
  A
> & {
  readonly path: `/api/v4/${P}`;
};
/** A public endpoint, read without a key. */
export const get = <P extends string, Q extends z.ZodType, A extends z.ZodType>(
  path: P,
  more: More<Q, A>,
): RestEndpointAt<P, Q, A> => ({ method: 'GET', path: `/api/v4/${path}`, ...more });
/** A signed endpoint. */
export const post = <P extends string, Q extends z.ZodType, A extends z.ZodType>(
  path: P,
  more: More<Q, A>,
): RestEndpointAt<P, Q, A> => ({ method: 'POST', path: `/api/v4/${path}`, ...more });
export const trader = (what: string) => ({ role: 'trader', what }) as const;
export const treasurer = (what: string) => ({ role: 'treasurer', what }) as const;
export const admin = (what: string) => ({ role: 'admin', what }) as const;
