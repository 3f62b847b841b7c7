/** IPC handlers of `team.*`: the team desk this profile belongs to. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { teamProcedures } from './procedures.ts';
import type { TeamService } from '../../services/team.ts';

type Handlers = HandlersOf<typeof teamProcedures>;

/** What the handlers of `team.*` draw on. */
export interface TeamHandlerDeps {
  /** The team desk on PostgreSQL this profile joined, if any. */
  readonly team: TeamService;
}

export function teamHandlers({
  team,
}: TeamHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `team.${string}`>> {
  return {
    'team.state': () => team.view(),
    'team.chooseCaFile': () => team.chooseCaFile(),
    'team.join': (input) => team.join(input),
    'team.leave': () => team.leave(),
    'team.retry': () => team.retry(),
    'team.members': () => team.members(),
  };
}
