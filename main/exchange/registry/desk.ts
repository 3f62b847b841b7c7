/**
 * The team desk's own requests: changes no exchange receives, which the team store applies once a
 * second admin approved them. Each is proposed, approved and recorded under its path like an
 * exchange request (`policy/desk-policy.ts` `approvalKind`, `services/four-eyes/describe.ts`, the
 * store's `desk_request_kinds`), so it is described here once, as the exchange's endpoints are.
 */
import { pathKey, REST_ENDPOINTS, restEndpointOf, type FourEyesRequest, type WriteRole } from './rest.ts';

export interface DeskRequest {
  /** Under `/desk/`: never a path of the exchange. */
  readonly path: string;
  /** The role that proposes, approves and applies it, and what it does after "Only an admin can …". */
  readonly desk: { readonly role: 'admin'; readonly what: string };
  /** The four-eyes request it is: every one is held for a second admin. */
  readonly fourEyes: FourEyesRequest;
}

export const DESK = {
  policy: {
    path: '/desk/policy',
    desk: { role: 'admin', what: "change the desk's policy" },
    fourEyes: 'policy',
  },
  guards: {
    path: '/desk/order-guards',
    desk: { role: 'admin', what: "change the desk's order guards" },
    fourEyes: 'guards',
  },
} as const satisfies Record<string, DeskRequest>;

export const DESK_REQUESTS: readonly DeskRequest[] = Object.values(DESK);

const BY_KEY = new Map(DESK_REQUESTS.map((r) => [pathKey(r.path), r] as const));

/** The desk's request of a path (any letter case, trailing slash or not); undefined for any other path. */
export function deskRequestOf(path: string): DeskRequest | undefined {
  return BY_KEY.get(pathKey(path));
}

/** The four-eyes request a path is, the desk's own or an endpoint's; undefined: one never held. */
export function fourEyesRequestOf(path: string): FourEyesRequest | undefined {
  return (deskRequestOf(path) ?? restEndpointOf(path))?.fourEyes;
}

/** Every path a four-eyes request is proposed under, with its request and the role whose work it is. */
export const FOUR_EYES_PATHS: ReadonlyArray<{
  readonly path: string;
  readonly request: FourEyesRequest;
  readonly role: WriteRole;
}> = [...REST_ENDPOINTS, ...DESK_REQUESTS].flatMap((e) =>
  e.fourEyes && e.desk ? [{ path: e.path, request: e.fourEyes, role: e.desk.role }] : [],
);
