/**
 * Order placement over the WebSocket, beside REST: the same pre-trade checks (`checkOrder`), then the
 * matching `*_place` method with snake_case fields. Answers are the order as `ordersPending` shows it
 * (numeric side and type): the caller reads them with `orderView`.
 */
import { checkOrder } from '../../rules/index.ts';
import type { AccountContext, MarketRules, OrderDraft } from '../../rules/index.ts';
import { ValidationError } from '../errors.ts';
import type { WsClient } from './client.ts';
import { WS } from '../registry/index.ts';

const METHOD: Record<OrderDraft['kind'], string> = {
  limit: WS.orderLimitPlace.method,
  stop_limit: WS.orderStopLimitPlace.method,
  market: WS.orderMarketPlace.method,
  stock_market: WS.orderMarketStockPlace.method,
  stop_market: WS.orderStopMarketPlace.method,
  collateral_market: WS.collateralMarketPlace.method,
  collateral_limit: WS.collateralLimitPlace.method,
  collateral_stop_limit: WS.collateralStopLimitPlace.method,
  collateral_trigger_market: WS.collateralStopMarketPlace.method,
  collateral_oco: WS.collateralOcoPlace.method,
};

/** The WebSocket method and params of a draft. */
export function wsOrderRequest(draft: OrderDraft): { method: string; params: Record<string, unknown> } {
  const bbo = draft.bboRole !== undefined && (draft.price === undefined || draft.price === '');
  const method =
    draft.kind === 'limit' && draft.bboRole !== undefined
      ? WS.orderBboPlace.method
      : draft.kind === 'collateral_limit' && draft.bboRole !== undefined
        ? WS.collateralBboPlace.method
        : draft.kind === 'collateral_stop_limit' && bbo
          ? WS.collateralStopBboPlace.method
          : METHOD[draft.kind];
  const all: Record<string, unknown> = {
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
  const params = Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
  return { method, params };
}

/** Checks the draft like the REST path does, then places it over the WebSocket. */
export async function placeOrderWs(
  client: WsClient,
  draft: OrderDraft,
  market: MarketRules,
  account: AccountContext = {},
): Promise<unknown> {
  const issues = checkOrder(draft, market, account);
  const first = issues[0];
  if (first) {
    const fields: Record<string, string[]> = {};
    for (const i of issues) (fields[i.field] ??= []).push(i.message);
    throw new ValidationError(first.message, { field: first.field, fields });
  }
  const { method, params } = wsOrderRequest(draft);
  return client.orderRequest<unknown>(method, [params]);
}

/** Every kind of order `order_cancel_all` can cancel; kinds a market does not have are not matched. */
export const CANCEL_ALL_TYPES = ['spot', 'margin', 'futures'] as const;

/**
 * Cancels every open order of one market in one call (`order_cancel_all` takes one market and the
 * order kinds). The exchange answers an empty object, not the orders: read them again to know.
 */
export async function cancelAllOrdersWs(client: WsClient, market: string): Promise<void> {
  await client.orderRequest<unknown>(WS.orderCancelAll.method, [{ market, type: [...CANCEL_ALL_TYPES] }]);
}

/**
 * Changes an open order over the WebSocket (`order_modify`), the one way to move a take-profit or
 * stop-loss leg's trigger: by order id, with a new price, amount or activation price.
 */
export function modifyOrderWs(
  client: WsClient,
  input: { market: string; orderId: number; price?: string; amount?: string; activationPrice?: string },
): Promise<unknown> {
  const params: Record<string, unknown> = { market: input.market, order_id: input.orderId };
  if (input.price !== undefined) params['price'] = input.price;
  if (input.amount !== undefined) params['amount'] = input.amount;
  if (input.activationPrice !== undefined) params['activation_price'] = input.activationPrice;
  return client.orderRequest<unknown>(WS.orderModify.method, [params]);
}
