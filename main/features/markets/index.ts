/** The exchange's markets as a feature: the catalog the connection keeps. */
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import { marketsHandlers } from './handlers.ts';

export function create(deps: { connection: ExchangeConnection }) {
  return { handlers: marketsHandlers(deps), close: () => undefined };
}
