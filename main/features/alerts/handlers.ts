/** IPC handlers of `alerts.*`: the alert definitions main keeps and evaluates. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { alertsProcedures } from './procedures.ts';
import type { AlertService } from './service.ts';

type Handlers = HandlersOf<typeof alertsProcedures>;

/** What the handlers of `alerts.*` draw on. */
export interface AlertsHandlerDeps {
  /** Price, margin ratio and liquidation distance alerts, evaluated in main. */
  readonly alerts: AlertService;
}

export function alertsHandlers({
  alerts,
}: AlertsHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `alerts.${string}`>> {
  return {
    'alerts.list': () => alerts.list(),
    'alerts.addPrice': (input) => alerts.addPrice(input),
    'alerts.addAccount': (input) => alerts.addAccount(input),
    'alerts.rearm': ({ id }) => alerts.rearm(id),
    'alerts.remove': ({ id }) => alerts.remove(id),
  };
}
