/** Executed deals: per-market flat array or object keyed by market, newest first, six-month horizon. */
import type { Deal, Engine } from '../engine/engine.ts';
import { finishedOrderAnswer } from './order-answers.ts';
import { fromUnits } from '../engine/units.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { oneOf, optInt, optIntOrText, optString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { SandboxState } from '../state.ts';
import { marketUnavailable } from './order-rules.ts';

/** The exchange serves orders, deals, positions and converts of the last six months only. */
export const HISTORY_HORIZON_S = 183 * 24 * 3600;
export const ORDER_HISTORY_NOT_FOUND = 'OrderHistory was not found.';

function dealJson(state: SandboxState, d: Deal): Record<string, unknown> {
  const m = state.markets.get(d.market);
  const sp = m?.stockPrec ?? 0;
  const mp = m?.moneyPrec ?? 0;
  return {
    id: d.id,
    clientOrderId: d.clientOrderId,
    time: d.time,
    side: d.side,
    role: d.role,
    amount: fromUnits(d.amount, sp),
    price: fromUnits(d.price, mp),
    deal: fromUnits(d.deal, mp + sp),
    fee: fromUnits(d.fee, 18),
    orderId: d.orderId,
    feeAsset: d.feeAsset,
  };
}

/** The status filter of order/history: ALL (default) or one REST status. */
const ORDER_HISTORY_STATUSES = ['ALL', 'FILLED', 'CANCELED', 'PARTIALLY_FILLED'] as const;
/** order/history: the window defaults to the last month and spans at most 31 days. */
const MONTH_S = 30 * 24 * 3600;
const MAX_SPAN_S = 31 * 24 * 3600;

/**
 * `POST /api/v4/trade-account/order/history`: finished orders (filled, partly filled then cancelled,
 * cancelled), newest first, grouped by market; one order by `orderId` (empty when none) or
 * `clientOrderId` (422 when none). A finished order that filled part of its amount reads
 * PARTIALLY_FILLED only when its status says so; a cancelled one keeps CANCELED whatever it filled.
 */
function orderHistory(state: SandboxState, engine: Engine): PrivateRoute {
  return {
    method: 'POST',
    path: '/api/v4/trade-account/order/history',
    group: 'history',
    handler: ({ account, body }) => {
      const market = optString(body, 'market');
      if (market && !state.markets.has(market)) throw marketUnavailable();
      const orderId = optIntOrText(body, 'orderId', 1);
      const clientOrderId = optString(body, 'clientOrderId');
      const status = oneOf(body, 'status', ORDER_HISTORY_STATUSES) ?? 'ALL';
      const now = Math.floor(state.now() / 1000);
      const horizon = now - HISTORY_HORIZON_S;
      const endDate = Math.min(optInt(body, 'endDate', 0) ?? now, now);
      const startDate = optInt(body, 'startDate', 0) ?? endDate - MONTH_S;
      if (startDate < horizon)
        throw fieldError('startDate', 'The start date may not be older than 6 months.');
      if (endDate - startDate > MAX_SPAN_S)
        throw fieldError('endDate', 'The period between start and end dates may not exceed 31 days.');
      const offset = optIntOrText(body, 'offset', 0, 10000) ?? 0;
      const limit = optIntOrText(body, 'limit', 1, 500) ?? 50;
      // by id or not, an order finished more than six months ago is no longer served
      let orders = [...engine.orders.values()].filter(
        (o) =>
          o.owner === account.id &&
          !o.open &&
          o.status !== undefined &&
          (!market || o.market === market) &&
          (o.finishedAt ?? o.timestamp) >= horizon,
      );
      if (orderId !== undefined) orders = orders.filter((o) => o.id === orderId);
      else if (clientOrderId) {
        orders = orders.filter((o) => o.clientOrderId === clientOrderId);
        if (orders.length === 0)
          throw new ApiError(422, {
            code: 30,
            message: ORDER_HISTORY_NOT_FOUND,
            errors: { clientOrderId: [ORDER_HISTORY_NOT_FOUND] },
          });
      } else {
        orders = orders.filter((o) => {
          const t = o.finishedAt ?? o.timestamp;
          return t >= startDate && t <= endDate + 1 && (status === 'ALL' || o.status === status);
        });
      }
      const page = orders
        .sort((a, b) => (b.finishedAt ?? b.timestamp) - (a.finishedAt ?? a.timestamp) || b.id - a.id)
        .slice(offset, offset + limit);
      const out: Record<string, unknown[]> = {};
      for (const o of page) {
        const m = state.markets.get(o.market);
        if (!m) continue;
        (out[o.market] ??= []).push(finishedOrderAnswer(o, m));
      }
      return out;
    },
  };
}

export function historyRoutes(state: SandboxState, engine: Engine): PrivateRoute[] {
  return [
    orderHistory(state, engine),
    {
      method: 'POST',
      path: '/api/v4/trade-account/executed-history',
      group: 'history',
      handler: ({ account, body }) => {
        const market = optString(body, 'market');
        if (market && !state.markets.has(market)) throw marketUnavailable();
        const clientOrderId = optString(body, 'clientOrderId');
        const startDate = optInt(body, 'startDate', 0);
        const endDate = optInt(body, 'endDate', 0);
        const offset = optIntOrText(body, 'offset', 0, 10000) ?? 0;
        const limit = optIntOrText(body, 'limit', 1, 500) ?? 500;
        const horizon = state.now() / 1000 - HISTORY_HORIZON_S;
        let deals = engine
          .dealsOf(account.id)
          .filter((d) => d.time >= horizon)
          .filter((d) => !market || d.market === market);
        if (clientOrderId) {
          deals = deals.filter((d) => d.clientOrderId === clientOrderId);
          if (deals.length === 0)
            throw new ApiError(422, {
              code: 30,
              message: ORDER_HISTORY_NOT_FOUND,
              errors: { clientOrderId: [ORDER_HISTORY_NOT_FOUND] },
            });
        }
        if (startDate !== undefined) deals = deals.filter((d) => d.time >= startDate);
        if (endDate !== undefined) deals = deals.filter((d) => d.time <= endDate + 1);
        const page = deals
          .slice()
          .sort((a, b) => b.time - a.time || b.id - a.id)
          .slice(offset, offset + limit);
        if (market) return page.map((d) => dealJson(state, d));
        const out: Record<string, unknown[]> = {};
        for (const d of page) (out[d.market] ??= []).push(dealJson(state, d));
        return out;
      },
    },
  ];
}
