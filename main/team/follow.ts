/**
 * What follows the team desk while this profile is joined to one: the signed-request log (its
 * entries named after the operator, sent to the store after each batch, the others' brought back).
 */
import type { Cache } from '../cache/index.ts';
import type { Logger } from '../log.ts';
import type { SignedRequestLog } from '../services/signed-request-log.ts';
import type { TeamService } from '../services/team.ts';
import { TeamRequestLog } from './request-log.ts';

export interface TeamFollowers {
  cache: Cache;
  signedRequests: SignedRequestLog;
  log: Logger;
}

export function followTeam(team: TeamService, { cache, signedRequests, log }: TeamFollowers): void {
  let requestLog: TeamRequestLog | undefined;
  team.onDesk((desk) => {
    requestLog = desk ? new TeamRequestLog(desk.store, cache, log) : undefined;
    if (desk && requestLog) desk.follow(requestLog);
  });
  signedRequests.useOperator(() => team.desk?.operator);
  signedRequests.onWritten(() => void requestLog?.send());
}
