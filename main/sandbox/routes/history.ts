/** Executed deals: per-market flat array or object keyed by market, newest first, six-month horizon. */
import type { Deal, Engine } from '../engine/engine.ts';
import { fromUnits } from '../engine/units.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { optInt, optString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { SandboxState } from '../state.ts';

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

export function historyRoutes(state: SandboxState, engine: Engine): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/trade-account/executed-history',
      group: 'history',
      handler: ({ account, body }) => {
        const market = optString(body, 'market');
        if (market && !state.markets.has(market)) throw fieldError('market', 'Market is not available.');
        const clientOrderId = optString(body, 'clientOrderId');
        const startDate = optInt(body, 'startDate', 0);
        const endDate = optInt(body, 'endDate', 0);
        const offset = optInt(body, 'offset', 0, 10000) ?? 0;
        const limit = optInt(body, 'limit', 1, 500) ?? 500;
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
