/** IPC handlers of `markets.*`: the market catalog and order book snapshots. */
import * as publicApi from '../../exchange/endpoints/public.ts';
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

export function marketsHandlers({
  connection,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `markets.${string}`>> {
  return {
    'markets.list': async () =>
      (await connection.catalog.all()).map((m) => ({
        name: m.name,
        type: m.type,
        stockPrec: m.stockPrec,
        moneyPrec: m.moneyPrec,
        minAmount: m.minAmount,
        minTotal: m.minTotal,
        maxTotal: m.maxTotal,
        tickSize: m.tickSize,
        stepSize: m.stepSize,
        isTradFiFutures: m.isTradFiFutures,
        ...(m.maxLeverage === undefined ? {} : { maxLeverage: m.maxLeverage }),
      })),
    'markets.depth': async ({ market, limit }) => {
      const book = await publicApi.orderBook(connection.http, market, limit);
      return { timestamp: book.timestamp, asks: book.asks, bids: book.bids };
    },
  };
}
