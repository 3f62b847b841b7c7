/** IPC handlers of `known.*`: the last known state from the cache. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { knownProcedures } from './procedures.ts';
import type { KnownReads } from './known-reads.ts';

type Handlers = HandlersOf<typeof knownProcedures>;

/** What the handlers of `known.*` draw on. */
export interface KnownHandlerDeps {
  /** Reads that keep what they saw as the last known state, and its recall for the screens. */
  readonly known: KnownReads;
}

export function knownHandlers(
  ctx: KnownHandlerDeps,
): Pick<Handlers, Extract<keyof Handlers, `known.${string}`>> {
  return {
    'known.recall': ({ kind, accountIds, scope }) => ctx.known.recall(kind, accountIds, scope),
  };
}
