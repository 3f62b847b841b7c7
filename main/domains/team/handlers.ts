/** IPC handlers of `team.*`: the team desk this profile belongs to. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { teamProcedures } from './procedures.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof teamProcedures>;

export function teamHandlers({
  team,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `team.${string}`>> {
  return {
    'team.state': () => team.view(),
    'team.chooseCaFile': () => team.chooseCaFile(),
    'team.join': (input) => team.join(input),
    'team.leave': () => team.leave(),
    'team.retry': () => team.retry(),
    'team.members': () => team.members(),
  };
}
