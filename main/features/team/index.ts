/**
 * The team desk as a feature (`team.*`, `approvals.*`): joining a desk on PostgreSQL, what follows a
 * joined desk (the signed-request log, history replicas, shared address book, guards and alerts),
 * and the desk's four eyes. Built last: every part that follows the team desk is in place before it
 * connects (`resume`).
 */
import { join } from 'node:path';
import type { Cache } from '../../cache/index.ts';
import type { EventHub } from '../../event-hub.ts';
import type { Logger } from '../../log.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { AddressBook } from '../../services/wallet/address-book.ts';
import type { AlertService } from '../alerts/service.ts';
import { followFourEyes, type FourEyes } from '../../services/four-eyes/index.ts';
import type { GuardSettingsStore } from '../../services/guard-settings.ts';
import type { HistoryService } from '../../services/history.ts';
import type { LiveService } from '../../services/live/service.ts';
import type { SignedRequestLog } from '../../services/signed-request-log.ts';
import type { TeamService } from '../../services/team.ts';
import { followTeam } from './follow.ts';
import { approvalsHandlers } from './approvals-handlers.ts';
import { teamHandlers } from './handlers.ts';

export interface TeamDeps {
  profileDir: string;
  team: TeamService;
  fourEyes: FourEyes;
  accounts: AccountService;
  cache: Cache;
  signedRequests: SignedRequestLog;
  history: HistoryService;
  addressBook: AddressBook;
  guards: GuardSettingsStore;
  live: LiveService;
  /** The alerts a team desk shares (the alerts feature's). */
  alerts: AlertService;
  events: EventHub;
  log: Logger;
  /** A desktop notice of a proposal to decide (the notifications feature's). */
  notify(kind: 'approvals', title: string, body: string): void;
}

export function create(deps: TeamDeps) {
  const { team, fourEyes, addressBook, events, log } = deps;
  followTeam(team, {
    cache: deps.cache,
    signedRequests: deps.signedRequests,
    history: deps.history,
    shared: {
      file: join(deps.profileDir, 'team-shared.json'),
      addressBook,
      guards: deps.guards,
      alerts: deps.alerts,
    },
    desk: {
      roles: () => fourEyes.rules.roles,
      proposeGuards: (before, next, moved) => fourEyes.approvals.proposeGuards(before, next, moved),
    },
    events,
    log,
  });
  followFourEyes(
    fourEyes,
    { team, accounts: deps.accounts, live: deps.live, events, log, addressBook },
    { notify: deps.notify },
  );
  return {
    handlers: { ...teamHandlers({ team }), ...approvalsHandlers({ approvals: fourEyes.approvals }) },
    /** Connects to the joined team desk, if any. */
    resume: () => team.resume(),
    close: () => undefined,
  };
}
