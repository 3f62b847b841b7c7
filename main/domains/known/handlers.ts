/** IPC handlers of `known.*`: the last known state from the cache. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { knownProcedures } from './procedures.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof knownProcedures>;

export function knownHandlers(
  ctx: HandlerContext,
): Pick<Handlers, Extract<keyof Handlers, `known.${string}`>> {
  return {
    'known.recall': ({ kind, accountIds, scope }) => ctx.known.recall(kind, accountIds, scope),
  };
}
