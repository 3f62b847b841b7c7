/** IPC handlers of `connection.*`: the running exchange connection and the saved choice. */
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

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
