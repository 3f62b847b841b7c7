/**
 * The exchange requests behind one order: the endpoint of each kind of order, an open order found by
 * its id, and an order found again by its client order id (open, or known by its deals) after its
 * answer was lost.
 */
import * as collateral from '../../exchange/endpoints/collateral.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import type { Deal, Order } from '../../exchange/endpoints/trading.ts';
import { ExchangeError } from '../../exchange/errors.ts';
import { UserFacingError } from '../../errors.ts';
import type { OcoLinkView, OrderView } from '../../views/orders.ts';
import type { OrderDraft } from '../../rules/index.ts';

/** Sends the draft to the endpoint of its kind, with the client order id it carries. */
export function sendDraft(caller: KeyCaller, d: OrderDraft & { clientOrderId: string }): Promise<Order> {
  const common = { market: d.market as string, side: d.side as 'buy' | 'sell', amount: d.amount };
  const ids = {
    clientOrderId: d.clientOrderId,
    ...(d.stp ? { stp: d.stp as trading.LimitOrderInput['stp'] } : {}),
  };
  switch (d.kind) {
    case 'limit':
      return trading.limitOrder(caller, {
        ...common,
        ...ids,
        price: d.price,
        postOnly: d.postOnly,
        ioc: d.ioc,
        bboRole: d.bboRole as 1 | 2 | undefined,
        rpi: d.rpi,
        retail: d.retail,
      });
    case 'stop_limit':
      return trading.stopLimitOrder(caller, {
        ...common,
        ...ids,
        activation_price: d.activation_price as string,
        price: d.price,
        bboRole: d.bboRole as 1 | 2 | undefined,
      });
    case 'market':
      return trading.marketOrder(caller, { ...common, ...ids });
    case 'stock_market':
      return trading.stockMarketOrder(caller, { ...common, ...ids });
    case 'stop_market':
      return trading.stopMarketOrder(caller, {
        ...common,
        ...ids,
        activation_price: d.activation_price as string,
      });
    case 'collateral_market':
      return collateral.collateralMarketOrder(caller, {
        ...common,
        ...ids,
        positionSide: d.positionSide as collateral.PositionSide | undefined,
        reduceOnly: d.reduceOnly,
        stopLoss: d.stopLoss,
        takeProfit: d.takeProfit,
      });
    case 'collateral_limit':
      return collateral.collateralLimitOrder(caller, {
        ...common,
        ...ids,
        ...collateralFields(d),
        price: d.price,
        postOnly: d.postOnly,
        ioc: d.ioc,
        bboRole: d.bboRole as 1 | 2 | undefined,
        rpi: d.rpi,
        stopLoss: d.stopLoss,
        takeProfit: d.takeProfit,
      });
    case 'collateral_stop_limit':
      return collateral.collateralStopLimitOrder(caller, {
        ...common,
        ...ids,
        ...collateralFields(d),
        activation_price: d.activation_price as string,
        price: d.price,
        bboRole: d.bboRole as 1 | 2 | undefined,
        stopLoss: d.stopLoss,
        takeProfit: d.takeProfit,
      });
    case 'collateral_trigger_market':
      return collateral.collateralTriggerMarketOrder(caller, {
        ...common,
        ...ids,
        ...collateralFields(d),
        activation_price: d.activation_price as string,
        stopLoss: d.stopLoss,
        takeProfit: d.takeProfit,
      });
    case 'collateral_oco':
      // the pair is answered as its limit leg (the pair's id), linked to its stop-limit leg beside it
      return collateral
        .collateralOcoOrder(caller, {
          ...common,
          ...ids,
          ...collateralFields(d),
          price: d.price as string,
          activation_price: d.activation_price as string,
          stop_limit_price: d.stop_limit_price as string,
        })
        .then((pair) => {
          // the answer names reduceOnly once for the pair: each leg carries it as the open orders do
          const flag = pair.reduceOnly === undefined ? {} : { reduceOnly: pair.reduceOnly };
          return ocoLimitLeg(pair.id, { ...pair.take_profit, ...flag }, { ...pair.stop_loss, ...flag });
        });
  }
}

/**
 * An OCO's answer as one placed order: its limit leg, linked to the pair and its stop-limit leg, with
 * the stop-limit leg riding along (`withOcoStop` sets it beside the order in the result).
 */
export function ocoLimitLeg<O extends { orderId: number }>(
  id: number,
  limit: O,
  stop: O,
): O & { oco: OcoLinkView; ocoStop: O } {
  return { ...limit, oco: { id, leg: 'limit', otherOrderId: stop.orderId }, ocoStop: stop };
}

/** A place result whose order is an OCO's limit leg: its stop-limit leg set beside it, as `ocoStop`. */
export function withOcoStop<R extends { order?: object | undefined }>(
  placed: R,
): R & { ocoStop?: OrderView } {
  const order = placed.order as (object & { ocoStop?: OrderView }) | undefined;
  if (!order?.ocoStop) return placed;
  const { ocoStop, ...limit } = order;
  return { ...placed, order: limit, ocoStop };
}

function collateralFields(d: OrderDraft): { positionSide?: collateral.PositionSide; reduceOnly?: boolean } {
  return {
    positionSide: d.positionSide as collateral.PositionSide | undefined,
    reduceOnly: d.reduceOnly,
  };
}

/** An open order of the account by id (every page of the market's open orders). */
export async function openOrder(caller: KeyCaller, market: string, orderId: number): Promise<Order> {
  const limit = 100;
  for (let offset = 0; offset <= 10_000; offset += limit) {
    const page = await trading.activeOrders(caller, { market, limit, offset });
    const order = page.find((o) => o.orderId === orderId);
    if (order) return order;
    if (page.length < limit) break;
  }
  throw new UserFacingError(
    'not_found',
    `Order ${String(orderId)} is no longer open on ${market}: it was filled or cancelled.`,
    'orderId',
  );
}

/** The order with this client order id: among the open orders of the market, else in the deals. */
export async function orderByClientId(
  caller: KeyCaller,
  market: string,
  clientOrderId: string,
): Promise<{ order?: Order; deals?: readonly Deal[] } | undefined> {
  const limit = 100;
  for (let offset = 0; offset <= 10_000; offset += limit) {
    const page = await trading.activeOrders(caller, { market, limit, offset });
    const order = page.find((o) => o.clientOrderId === clientOrderId);
    if (order) return { order };
    if (page.length < limit) break;
  }
  try {
    const answer = await trading.executedDealsOfClientOrder(caller, clientOrderId);
    const deals = Array.isArray(answer) ? answer : Object.values(answer).flat();
    if (deals.length > 0) return { deals };
  } catch (error) {
    // 422 "OrderHistory was not found." means no deal carries this id.
    if (!(error instanceof ExchangeError && error.status === 422)) throw error;
  }
  return undefined;
}
