/** IPC handlers of `guards.*`: the pre-trade guards' thresholds. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { guardsProcedures } from './procedures.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof guardsProcedures>;

export function guardsHandlers({
  guards,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `guards.${string}`>> {
  return {
    'guards.settings': () => guards.view(),
    'guards.configure': (changes) => guards.configure(changes),
  };
}
