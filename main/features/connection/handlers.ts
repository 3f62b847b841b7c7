/** IPC handlers of `connection.*`: the running exchange connection and the saved choice. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { connectionProcedures } from './procedures.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { ConnectionHealth } from './health.ts';
import type { ConnectionSettings } from './settings.ts';

type Handlers = HandlersOf<typeof connectionProcedures>;

/** What the handlers of `connection.*` draw on. */
export interface ConnectionHandlerDeps {
  readonly connection: ExchangeConnection;
  /** Whether the exchange answers, the sockets and refused keys: the top bar's model. */
  readonly health: ConnectionHealth;
  readonly connectionSettings: ConnectionSettings;
}

export function connectionHandlers(
  ctx: ConnectionHandlerDeps,
): Pick<Handlers, Extract<keyof Handlers, `connection.${string}`>> {
  return {
    'connection.status': () => ctx.connection.status,
    'connection.health': () => ctx.health.view,
    'connection.saved': () => ctx.connectionSettings.view(),
    'connection.configure': (choice) => ctx.connectionSettings.configure(choice),
  };
}
