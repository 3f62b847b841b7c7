/** IPC handlers of `alerts.*`: the alert definitions main keeps and evaluates. */
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

export function alertsHandlers({
  alerts,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `alerts.${string}`>> {
  return {
    'alerts.list': () => alerts.list(),
    'alerts.addPrice': (input) => alerts.addPrice(input),
    'alerts.addAccount': (input) => alerts.addAccount(input),
    'alerts.rearm': ({ id }) => alerts.rearm(id),
    'alerts.remove': ({ id }) => alerts.remove(id),
  };
}
