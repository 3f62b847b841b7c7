/** IPC handlers of `alerts.*`: the alert definitions main keeps and evaluates. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { alertsProcedures } from './procedures.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof alertsProcedures>;

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
