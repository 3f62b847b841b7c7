/** IPC handlers of `team.*`: the team desk this profile belongs to. */
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

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
