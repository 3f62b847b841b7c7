/** IPC handlers of `guards.*`: the pre-trade guards' thresholds. */
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

export function guardsHandlers({
  guards,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `guards.${string}`>> {
  return {
    'guards.settings': () => guards.view(),
    'guards.configure': (changes) => guards.configure(changes),
  };
}
