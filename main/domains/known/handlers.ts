/** IPC handlers of `known.*`: the last known state from the cache. */
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

export function knownHandlers(
  ctx: HandlerContext,
): Pick<Handlers, Extract<keyof Handlers, `known.${string}`>> {
  return {
    'known.recall': ({ kind, accountIds, scope }) => ctx.known.recall(kind, accountIds, scope),
  };
}
