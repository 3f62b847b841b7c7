/**
 * Order placement over the WebSocket, beside REST: the same pre-trade checks (`checkOrder`), then the
 * matching `*_place` method with snake_case fields. Each method is sent by its descriptor, whose
 * schema reads the answer (the order as `ordersPending` shows it) into the REST order view.
 */
import type { z } from 'zod';
import type { OrderView } from '../records.ts';
import { checkOrder } from '../../rules/index.ts';
import type { AccountContext, MarketRules, OrderDraft } from '../../rules/index.ts';
import { ValidationError } from '../errors.ts';
import type { WsClient } from './client.ts';
import { WS, type WsMethod } from '../registry/index.ts';
import type { wsModifyParams, wsOcoAnswer, wsOrderAnswer, wsOrderParams } from '../schemas/ws.ts';

type PlaceMethod = WsMethod<typeof wsOrderParams, typeof wsOrderAnswer | typeof wsOcoAnswer>;
/** The fields of an order method's params. */
type OrderParams = z.input<typeof wsOrderParams>[0];

const METHOD: Record<OrderDraft['kind'], PlaceMethod> = {
  limit: WS.orderLimitPlace,
  stop_limit: WS.orderStopLimitPlace,
  market: WS.orderMarketPlace,
  stock_market: WS.orderMarketStockPlace,
  stop_market: WS.orderStopMarketPlace,
  collateral_market: WS.collateralMarketPlace,
  collateral_limit: WS.collateralLimitPlace,
  collateral_stop_limit: WS.collateralStopLimitPlace,
  collateral_trigger_market: WS.collateralStopMarketPlace,
  collateral_oco: WS.collateralOcoPlace,
};

/** The order method (its descriptor) a draft is placed by. */
function placeMethod(draft: OrderDraft): PlaceMethod {
  const bbo = draft.bboRole !== undefined && (draft.price === undefined || draft.price === '');
  return draft.kind === 'limit' && draft.bboRole !== undefined
    ? WS.orderBboPlace
    : draft.kind === 'collateral_limit' && draft.bboRole !== undefined
      ? WS.collateralBboPlace
      : draft.kind === 'collateral_stop_limit' && bbo
        ? WS.collateralStopBboPlace
        : METHOD[draft.kind];
}

/** The snake_case fields of a draft, those it leaves out absent (the draft's rules are checked first). */
function orderParams(draft: OrderDraft): OrderParams {
  const all: Record<keyof OrderParams, unknown> = {
    market: draft.market,
    side: draft.side,
    amount: draft.amount,
    price: draft.price,
    activation_price: draft.activation_price,
    stop_limit_price: draft.stop_limit_price,
    client_order_id: draft.clientOrderId,
    post_only: draft.postOnly,
    ioc: draft.ioc,
    bbo_role: draft.bboRole,
    stp: draft.stp,
    rpi: draft.rpi,
    retail: draft.retail,
    position_side: draft.positionSide,
    reduce_only: draft.reduceOnly,
    stop_loss: draft.stopLoss,
    take_profit: draft.takeProfit,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as OrderParams;
}

/** The WebSocket method and params of a draft. */
export function wsOrderRequest(draft: OrderDraft): { method: string; params: OrderParams } {
  return { method: placeMethod(draft).method, params: orderParams(draft) };
}

/** Checks the draft like the REST path does, then places it over the WebSocket. */
export async function placeOrderWs(
  client: WsClient,
  draft: OrderDraft,
  market: MarketRules,
  account: AccountContext = {},
): Promise<OrderView | z.output<typeof wsOcoAnswer>> {
  const issues = checkOrder(draft, market, account);
  const first = issues[0];
  if (first) {
    const fields: Record<string, string[]> = {};
    for (const i of issues) (fields[i.field] ??= []).push(i.message);
    throw new ValidationError(first.message, { field: first.field, fields });
  }
  return client.call(placeMethod(draft), [orderParams(draft)]);
}

/** Every kind of order `order_cancel_all` can cancel; kinds a market does not have are not matched. */
export const CANCEL_ALL_TYPES = ['spot', 'margin', 'futures'] as const;

/**
 * Cancels every open order of one market in one call (`order_cancel_all` takes one market and the
 * order kinds). The exchange answers an empty object, not the orders: read them again to know.
 */
export async function cancelAllOrdersWs(client: WsClient, market: string): Promise<void> {
  await client.call(WS.orderCancelAll, [{ market, type: [...CANCEL_ALL_TYPES] }]);
}

/**
 * Changes an open order over the WebSocket (`order_modify`), the one way to move a take-profit or
 * stop-loss leg's trigger: by order id, with a new price, amount or activation price.
 */
export function modifyOrderWs(
  client: WsClient,
  input: { market: string; orderId: number; price?: string; amount?: string; activationPrice?: string },
): Promise<OrderView> {
  const params: z.input<typeof wsModifyParams>[0] = { market: input.market, order_id: input.orderId };
  if (input.price !== undefined) params.price = input.price;
  if (input.amount !== undefined) params.amount = input.amount;
  if (input.activationPrice !== undefined) params.activation_price = input.activationPrice;
  return client.call(WS.orderModify, [params]);
}
