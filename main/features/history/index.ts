/** Account history as a feature: each account's sync into the cache (`sync.*`), and reading it back (`history.*`). */
import type { HistoryService } from '../../services/history.ts';
import type { SignedRequestLog } from '../../services/signed-request-log.ts';
import { historyHandlers } from './handlers.ts';

export function create(deps: { history: HistoryService; signedRequests: SignedRequestLog }) {
  return { handlers: historyHandlers(deps), close: () => undefined };
}
