/**
 * What follows the team desk while this profile is joined to one: the signed-request log (its
 * entries named after the operator, sent to the store after each batch, the others' brought back),
 * the history sync (once for the desk, into the store), the history replica (into the cache), the
 * address book, order guards and alerts (checked as if typed here, and changed only as the
 * operator's roles allow), and the Events line of each teammate's change of the desk.
 */
import type { Cache } from '../../cache/index.ts';
import type { PageEvents } from '../../services/live/page-events.ts';
import type { Logger } from '../../log.ts';
import type { DeskRole } from '../../policy/desk-roles.ts';
import type { GuardLoosening } from '../../services/guard-settings.ts';
import type { HistoryService } from '../../services/history.ts';
import type { SignedRequestLog } from '../../services/signed-request-log.ts';
import type { TeamService } from '../../services/team.ts';
import { identityWords } from '../../team/change-words.ts';
import { TeamHistory } from '../../team/history.ts';
import { historyReplicas } from '../../team/replica.ts';
import { TeamRequestLog } from '../../team/request-log.ts';
import { deskShares, type DeskStores } from './shared-collections.ts';
import { TeamSharedItems } from '../../team/shared-items.ts';

export interface TeamFollowers {
  cache: Cache;
  signedRequests: SignedRequestLog;
  history: HistoryService;
  /** The profile's own stores the desk shares, and where what the team said of them is kept. */
  shared: DeskStores & { file: string };
  /** The operator's roles on the desk as last read, and how order guards that ask less are proposed. */
  desk: { roles: () => readonly DeskRole[]; proposeGuards: GuardLoosening };
  events: PageEvents;
  log: Logger;
}

export function followTeam(team: TeamService, followers: TeamFollowers): void {
  const { cache, signedRequests, history, shared, events, log } = followers;
  const shares = deskShares(shared, followers.desk);
  let requestLog: TeamRequestLog | undefined;
  let sync: TeamHistory | undefined;
  team.onDesk((desk) => {
    shares.joined(desk !== undefined);
    requestLog = desk ? new TeamRequestLog(desk.store, cache, log) : undefined;
    sync = desk ? new TeamHistory(desk.store, log) : undefined;
    if (!desk || !requestLog || !sync) return;
    desk.follow(requestLog);
    desk.follow(
      new TeamSharedItems({
        store: desk.store,
        file: shared.file,
        collections: shares.collections,
        mayWrite: shares.mayWrite,
        told: (change) => events.emit('team.change', change),
        log,
      }),
    );
    desk.accounts.onIdentityChanges((changes) => {
      for (const change of changes) events.emit('team.change', identityWords(change));
    });
    const applied = (table: string) => events.emit('history.changed', { table });
    for (const replica of historyReplicas(desk.store, cache, applied)) desk.follow(replica);
    const leases = sync;
    desk.follow({ tables: [], pull: () => Promise.resolve(), close: () => leases.close() });
  });
  signedRequests.useOperator(() => team.desk?.operator);
  signedRequests.onWritten(() => void requestLog?.send());
  history.useTeam(() => sync);
}
