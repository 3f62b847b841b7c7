/** IPC handlers of `markets.*`: the market catalog and order book snapshots. */
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

export function marketsHandlers({
  connection,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `markets.${string}`>> {
  return {
    'markets.list': () => connection.catalog.views(),
    'markets.collateral': () => connection.catalog.collateralMarkets(),
    'markets.depth': ({ market, limit }) => connection.catalog.depth(market, limit),
  };
}
