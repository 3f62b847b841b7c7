/** IPC handlers of `markets.*`: the market catalog and order book snapshots. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { marketsProcedures } from './procedures.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';

type Handlers = HandlersOf<typeof marketsProcedures>;

/** What the handlers of `markets.*` draw on. */
export interface MarketsHandlerDeps {
  readonly connection: ExchangeConnection;
}

export function marketsHandlers({
  connection,
}: MarketsHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `markets.${string}`>> {
  return {
    'markets.list': () => connection.catalog.views(),
    'markets.collateral': () => connection.catalog.collateralMarkets(),
    'markets.depth': ({ market, limit }) => connection.catalog.depth(market, limit),
    'markets.nearDepth': ({ market }) => connection.catalog.nearDepth(market),
    'markets.tickers': () => connection.catalog.tickers(),
    'markets.trades': ({ market }) => connection.catalog.trades(market),
    'markets.fundingHistory': ({ market, limit }) => connection.catalog.fundingHistory(market, limit),
  };
}
