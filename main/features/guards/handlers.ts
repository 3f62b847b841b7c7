/** IPC handlers of `guards.*`: the pre-trade guards' thresholds. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { guardsProcedures } from './procedures.ts';
import type { GuardSettingsStore } from '../../services/guard-settings.ts';

type Handlers = HandlersOf<typeof guardsProcedures>;

/** What the handlers of `guards.*` draw on. */
export interface GuardsHandlerDeps {
  readonly guards: GuardSettingsStore;
}

export function guardsHandlers({
  guards,
}: GuardsHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `guards.${string}`>> {
  return {
    'guards.settings': () => guards.view(),
    'guards.configure': (changes) => guards.configure(changes),
  };
}
