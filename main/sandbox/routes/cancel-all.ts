/**
 * Cancelling every open order that matches a filter, as `POST /api/v4/order/cancel/all` and the
 * WebSocket's `order_cancel_all` do: one market or all, the kinds of order to cancel (`spot`,
 * `margin` — a margin order on a spot market —, `futures`), and on a perpetual the position side.
 */
import type { Engine } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { fieldError } from '../http/errors.ts';
import { oneOf, optString, type Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import { marketUnavailable } from './order-rules.ts';

export type OrderKind = 'spot' | 'margin' | 'futures';
export const ORDER_KINDS: ReadonlySet<string> = new Set<OrderKind>(['spot', 'margin', 'futures']);

export interface CancelFilter {
  /** One market; undefined: every market. */
  readonly market?: MarketDef;
  /** The kinds to cancel; undefined: every kind. */
  readonly kinds?: ReadonlySet<string>;
  /** On a perpetual in hedge mode: only the orders of this side (`both` is every side). */
  readonly positionSide?: 'both' | 'long' | 'short';
}

/** What an order is, as the cancel filters name it. */
export function orderKind(m: MarketDef, o: Order): OrderKind {
  return m.type === 'futures' ? 'futures' : o.collateral ? 'margin' : 'spot';
}

/** Cancels the account's open orders the filter matches, oldest first; answers how many. */
export function cancelMatching(
  state: SandboxState,
  engine: Engine,
  account: Account,
  f: CancelFilter,
): number {
  let cancelled = 0;
  for (const o of engine.openOrders(account.id).sort((a, b) => a.id - b.id)) {
    if (f.market && o.market !== f.market.name) continue;
    const m = state.markets.get(o.market);
    if (!m) continue;
    if (f.kinds && !f.kinds.has(orderKind(m, o))) continue;
    // the endpoint names sides in lower case; an order keeps the exchange's upper case
    if (f.positionSide && f.positionSide !== 'both' && o.positionSide !== f.positionSide.toUpperCase())
      continue;
    engine.cancel(o);
    cancelled++;
  }
  return cancelled;
}

/**
 * `order/cancel/all`: `market` (optional; an unknown one is code 31), `type` (optional array of order
 * kinds, code 30 when not an array or a kind is unknown), `positionSide` (only with a perpetual
 * market). Answers an empty array, as the exchange does.
 */
export function cancelAllRoute(state: SandboxState, engine: Engine): PrivateRoute {
  return {
    method: 'POST',
    path: '/api/v4/order/cancel/all',
    handler: ({ account, body }) => {
      const name = optString(body, 'market');
      const market = name === undefined ? undefined : state.markets.get(name);
      if (name !== undefined && !market) throw marketUnavailable();
      const kinds = typesOf(body);
      const positionSide = oneOf(body, 'positionSide', ['both', 'long', 'short'] as const);
      if (positionSide !== undefined && market?.type !== 'futures')
        throw fieldError(
          'positionSide',
          'The position side is accepted only with a perpetual futures market.',
        );
      cancelMatching(state, engine, account, {
        ...(market ? { market } : {}),
        ...(kinds ? { kinds } : {}),
        ...(positionSide ? { positionSide } : {}),
      });
      return [];
    },
  };
}

function typesOf(body: Body): ReadonlySet<string> | undefined {
  const types = body['type'];
  if (types === undefined || types === null) return undefined;
  if (!Array.isArray(types)) throw fieldError('type', 'The type must be an array.');
  if (!types.every((t) => typeof t === 'string' && ORDER_KINDS.has(t)))
    throw fieldError('type', 'The selected type is invalid.');
  return new Set(types as string[]);
}
