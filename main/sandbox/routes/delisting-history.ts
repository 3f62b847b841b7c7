/**
 * `trade-account/order/history/query`: the account's orders its markets' delistings ended (see
 * `delisting.ts`), the reverse close orders (`delistingKind` reverse) and the orders canceled then
 * (`canceled`), by the time they finished, newest first, as published.
 */
import type { Engine } from '../engine/engine.ts';
import { orderJson } from '../engine/order.ts';
import { fieldError } from '../http/errors.ts';
import { oneOf, optInt, optString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { MarketDef, SandboxState } from '../state.ts';

const MARKET_RE = /^[A-Z0-9]+_[A-Z0-9]+$/;
const DAY = 86_400;

export function delistingHistoryRoute(state: SandboxState, engine: Engine): PrivateRoute {
  return {
    method: 'POST',
    path: '/api/v4/trade-account/order/history/query',
    group: 'orders',
    handler: ({ account, body }) => {
      // a delisted market is no longer listed: only its name's form is checked
      const market = optString(body, 'market');
      if (market !== undefined && !MARKET_RE.test(market))
        throw fieldError('market', 'The market format is invalid.');
      const status = oneOf(body, 'status', ['filled', 'delisting'] as const);
      const now = Math.floor(state.now() / 1000);
      const end = Math.min(optInt(body, 'endDate', 0) ?? now, now);
      const start = optInt(body, 'startDate', 0) ?? end - 30 * DAY;
      if (start > end)
        throw fieldError('startDate', 'The start date must be before or equal to the end date.');
      if (end - start > 31 * DAY)
        throw fieldError('endDate', 'The date range may not be longer than 31 days.');
      const offset = optInt(body, 'offset', 0, 9999) ?? 0;
      const limit = optInt(body, 'limit', 1, 500) ?? 500;
      if (offset + limit > 10_000)
        throw fieldError('offset', 'The offset and limit together may not exceed 10000.');
      return [...engine.orders.values()]
        .filter(
          (o) =>
            o.owner === account.id &&
            o.delisting !== undefined &&
            (market === undefined || o.market === market) &&
            (status === undefined ||
              (status === 'filled'
                ? o.delisting === 'reverse' && o.status === 'FILLED'
                : o.delisting === 'canceled')) &&
            (o.finishedAt ?? 0) >= start &&
            (o.finishedAt ?? 0) < end + 1,
        )
        .sort((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0) || b.id - a.id)
        .slice(offset, offset + limit)
        .map((o) => {
          const j = orderJson(o, state.markets.get(o.market) as MarketDef);
          return {
            id: o.id,
            clientOrderId: o.clientOrderId,
            createdAt: o.timestamp,
            finishAt: o.finishedAt ?? o.timestamp,
            market: o.market,
            side: o.side,
            type: o.type,
            price: j['price'] ?? '0',
            amount: j['amount'],
            dealStock: j['dealStock'],
            dealMoney: j['dealMoney'],
            fee: j['dealFee'],
            feeAsset: o.feeAsset || state.markets.get(o.market)?.money,
            status: o.status === 'FILLED' ? 'filled' : 'canceled',
            delistingKind: o.delisting,
          };
        });
    },
  };
}
