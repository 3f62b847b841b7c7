/** IPC handlers of `connection.*`: the running exchange connection and the saved choice. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { connectionProcedures } from './procedures.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof connectionProcedures>;

export function connectionHandlers(
  ctx: HandlerContext,
): Pick<Handlers, Extract<keyof Handlers, `connection.${string}`>> {
  return {
    'connection.status': () => ctx.connection.status,
    'connection.health': () => ctx.health.view,
    'connection.saved': () => ctx.connectionSettings.view(),
    'connection.configure': (choice) => ctx.connectionSettings.configure(choice),
  };
}
