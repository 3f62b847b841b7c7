/** IPC handlers of `board.*`: the board and its live rows, attention, one order for many, bulk work, the batch log. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { boardProcedures } from './procedures.ts';
import type { DeskService } from './desk.ts';
import type { BatchAudit } from './audit.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { EventHub } from '../../event-hub.ts';
import type { Cache } from '../../cache/index.ts';
import type { BoardService } from './board.ts';
import type { BoardLive } from './board-live.ts';
import type { BulkActions } from './bulk.ts';
import type { AttentionWatch } from './attention-watch.ts';

type Handlers = HandlersOf<typeof boardProcedures>;

/** What the handlers of `board.*` draw on. */
export interface BoardHandlerDeps {
  readonly desk: DeskService;
  readonly deskAudit: BatchAudit;
  readonly accounts: AccountService;
  readonly events: EventHub;
  readonly cache: Cache;
  /** The desk board: every account as last read, refreshed inside each key's budget. */
  readonly board: BoardService;
  /** While a page shows the board: every account follows its WebSocket, the rest is polled. */
  readonly boardLive: BoardLive;
  /** Cancel-all, close-all and flatten across accounts. */
  readonly bulk: BulkActions;
  /** Board rows entering attention: one notice per refresh, and the rules of when they do. */
  readonly attention: AttentionWatch;
}

export function boardHandlers({
  desk,
  deskAudit,
  accounts,
  events,
  cache,
  board,
  boardLive,
  bulk,
  attention,
}: BoardHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `board.${string}`>> {
  return {
    'board.view': () => board.view(),
    'board.refresh': (input) => board.refresh(input?.accountIds, input?.fresh),
    'board.follow': (_input, call) => boardLive.follow(call.frame ?? 'main'),
    'board.unfollow': (_input, call) => boardLive.release(call.frame ?? 'main'),
    'board.attentionRules': () => attention.rules,
    'board.setAttentionRules': (rules) => attention.setRules(rules),
    'board.openOrders': (input) => board.orders(input?.accountIds),
    'board.openPositions': (input) => board.positions(input?.accountIds),
    'board.balances': async (input) => {
      const results = await desk.balances(
        input?.accountIds ?? accounts.registry.list().map((a) => a.id),
        (r) => events.emit('board.balance', r),
      );
      await board.rememberBalances(results);
      return results;
    },
    'board.knownBalances': () => board.knownBalances(),
    'board.previewOrder': ({ accountIds, draft, sizing, parentId }) =>
      desk.preview(accountIds, draft, sizing, parentId),
    'board.placeOrder': async ({ previewId }) => {
      const outcome = await desk.place(previewId, (parentId) => deskAudit.sentBefore(parentId));
      await deskAudit.orders(outcome.parentId, outcome.results);
      return outcome;
    },
    'board.previewBulk': ({ action, accountIds, parentId }) => bulk.preview(action, accountIds, parentId),
    'board.runBulk': async ({ previewId }) => {
      const outcome = await bulk.run(previewId);
      await deskAudit.bulk(outcome.parentId, outcome.action, outcome.results);
      void board.refresh(outcome.results.map((r) => r.account));
      return outcome;
    },
    'board.batches': (input) => cache.batches.list(input ?? {}),
  };
}
