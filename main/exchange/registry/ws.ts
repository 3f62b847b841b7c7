/**
 * Every WebSocket method the app sends, once: its name, the per-connection budget it draws on
 * (`endpoint-groups.ts`), the role a team desk needs to send it and what it does in the words of a
 * refusal (`rules/desk-roles.ts`), and the procedures that reach it (the coverage test). Channels'
 * `_subscribe`, `_unsubscribe` and `_request` methods follow from the channels (`ws/channels.ts`).
 */

export interface WsMethod {
  readonly method: string;
  /** Order placements draw on one budget per connection, every other request on another. */
  readonly group: 'placements' | 'requests';
  /** The role a team desk needs to send it, and what it does; undefined: no order is touched. */
  readonly desk?: { readonly role: 'trader'; readonly what: string };
  /** The procedures (main/ipc/contract.ts) through which the terminal reaches it. */
  readonly reachedBy?: readonly string[];
}

const session = (method: string): WsMethod => ({ method, group: 'requests', reachedBy: ['live.subscribe'] });
const place = (method: string, reachedBy: readonly string[] = ['orders.placeWs']): WsMethod => ({
  method,
  group: 'placements',
  desk: { role: 'trader', what: 'place an order' },
  reachedBy,
});

export const WS = {
  ping: session('ping'),
  authorize: session('authorize'),
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
  collateralOcoPlace: place('collateral_order_oco_place'),
  collateralTpSlPlace: place('collateral_order_tpsl_place', ['positions.addTpSl']),
  orderModify: {
    method: 'order_modify',
    group: 'requests',
    desk: { role: 'trader', what: 'change an order' },
    reachedBy: ['orders.modify'],
  },
  orderCancelAll: {
    method: 'order_cancel_all',
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
