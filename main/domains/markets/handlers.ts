/** IPC handlers of `markets.*`: the market catalog and order book snapshots. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { marketsProcedures } from './procedures.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof marketsProcedures>;

export function marketsHandlers({
  connection,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `markets.${string}`>> {
  return {
    'markets.list': () => connection.catalog.views(),
    'markets.collateral': () => connection.catalog.collateralMarkets(),
    'markets.depth': ({ market, limit }) => connection.catalog.depth(market, limit),
  };
}
