/** IPC handlers of `sync.*` and `history.*`: the history sync and the cached deals. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { historyProcedures } from './procedures.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof historyProcedures>;

type HistoryProcedures = Extract<keyof Handlers, `sync.${string}` | `history.${string}`>;

export function historyHandlers({
  history,
  signedRequests,
}: HandlerContext): Pick<Handlers, HistoryProcedures> {
  return {
    'sync.start': (input) => history.start(input?.accountIds),
    'sync.cancel': (input) => history.cancel(input?.accountIds),
    'sync.status': () => history.states(),
    'history.deals': ({ filter, cursor, limit }) => history.deals(filter, cursor, limit),
    'history.totals': ({ filter }) => history.totals(filter),
    'history.exportCsv': ({ filter }) => history.exportCsv(filter),
    'history.auditLog': (input) => {
      const { accountId, path, outcome, operator, before, limit } = input ?? {};
      return signedRequests.list({
        ...(accountId ? { account: accountId } : {}),
        ...(path ? { path } : {}),
        ...(outcome ? { outcome } : {}),
        ...(operator ? { operator } : {}),
        ...(before ? { before } : {}),
        limit: limit ?? 200,
      });
    },
  };
}
