/**
 * Every WebSocket method the app sends, once: its name, its params and answer schemas
 * (`../schemas/ws.ts`), the per-connection budget it draws on (`endpoint-groups.ts`), the role a team
 * desk needs to send it and what it does in the words of a refusal (`policy/desk-roles.ts`), and the
 * procedures that reach it (the coverage test). The client sends a method by its descriptor
 * (`WsClient.call`) and reads the answer by its schema. Channels' `_subscribe`, `_unsubscribe` and
 * `_request` methods follow from the channels (`ws/channels.ts`).
 */
import type { z } from 'zod';
import { unreadAnswer } from '../schemas/primitives.ts';
import * as S from '../schemas/ws.ts';

export interface WsMethod<P extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  readonly method: string;
  /** The params the method is sent with (the JSON-RPC `params` list). */
  readonly params: P;
  /** How the client reads its answer (`result`). */
  readonly answer: A;
  /** Why the app reads nothing of the answer, when `answer` is `unreadAnswer` (it takes any result). */
  readonly unread?: string;
  /** Order placements draw on one budget per connection, every other request on another. */
  readonly group: 'placements' | 'requests';
  /**
   * The role a team desk needs to send it, and what it does; undefined: no order is touched. A
   * method that touches orders fails in the order error numbering.
   */
  readonly desk?: { readonly role: 'trader'; readonly what: string };
  /** The procedures (main/ipc/contract.ts) through which the terminal reaches it. */
  readonly reachedBy?: readonly string[];
}

const session = <P extends z.ZodType>(method: string, params: P, unread: string) =>
  ({
    method,
    params,
    answer: unreadAnswer,
    unread,
    group: 'requests',
    reachedBy: ['live.subscribe'],
  }) as const;

const place = (method: string, reachedBy: readonly string[] = ['orders.placeWs']) =>
  ({
    method,
    params: S.wsOrderParams,
    answer: S.wsOrderAnswer,
    group: 'placements',
    desk: { role: 'trader', what: 'place an order' },
    reachedBy,
  }) as const;

export const WS = {
  ping: session('ping', S.noParams, 'any answer in time says the connection is alive'),
  authorize: session(
    'authorize',
    S.authorizeParams,
    'an answer without an error says the connection is authorized',
  ),
  orderLimitPlace: place('order_limit_place'),
  orderMarketPlace: place('order_market_place'),
  orderMarketStockPlace: place('order_market_stock_place'),
  orderStopLimitPlace: place('order_stop_limit_place'),
  orderStopMarketPlace: place('order_stop_market_place'),
  orderBboPlace: place('order_bbo_place'),
  collateralLimitPlace: place('collateral_order_limit_place'),
  collateralMarketPlace: place('collateral_order_market_place'),
  collateralStopLimitPlace: place('collateral_order_stop_limit_place'),
  collateralStopMarketPlace: place('collateral_order_stop_market_place'),
  collateralBboPlace: place('collateral_order_bbo_place'),
  collateralStopBboPlace: place('collateral_order_stop_bbo_place'),
  collateralOcoPlace: { ...place('collateral_order_oco_place'), answer: S.wsOcoAnswer },
  collateralTpSlPlace: {
    ...place('collateral_order_tpsl_place', ['positions.addTpSl']),
    params: S.wsTpSlParams,
    answer: S.wsTpSlAnswer,
  },
  orderModify: {
    method: 'order_modify',
    params: S.wsModifyParams,
    answer: S.wsOrderAnswer,
    group: 'requests',
    desk: { role: 'trader', what: 'change an order' },
    reachedBy: ['orders.modify'],
  },
  orderCancelAll: {
    method: 'order_cancel_all',
    params: S.wsCancelAllParams,
    answer: unreadAnswer,
    unread: 'the exchange answers an empty object, not the orders: they are read again to know',
    group: 'requests',
    desk: { role: 'trader', what: 'cancel an order' },
    reachedBy: ['orders.cancelAll'],
  },
} as const satisfies Record<string, WsMethod>;

export const WS_METHODS: readonly WsMethod[] = Object.values(WS);

const BY_NAME = new Map(WS_METHODS.map((m) => [m.method, m] as const));

/** The method's descriptor; undefined for one the app does not send. */
export function wsMethodOf(method: string): WsMethod | undefined {
  return BY_NAME.get(method);
}
