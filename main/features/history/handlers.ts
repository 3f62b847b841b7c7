/** IPC handlers of `sync.*` and `history.*`: the history sync and the cached deals. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { historyProcedures } from './procedures.ts';
import type { HistoryService } from '../../services/history.ts';
import type { SignedRequestLog } from '../../services/signed-request-log.ts';

type Handlers = HandlersOf<typeof historyProcedures>;

type HistoryProcedures = Extract<keyof Handlers, `sync.${string}` | `history.${string}`>;

/** What the handlers of `history.*` draw on. */
export interface HistoryHandlerDeps {
  readonly history: HistoryService;
  /** The audit log of signed requests (written in batches; a read sees what is queued). */
  readonly signedRequests: SignedRequestLog;
}

export function historyHandlers({
  history,
  signedRequests,
}: HistoryHandlerDeps): Pick<Handlers, HistoryProcedures> {
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
