/** IPC handlers of `approvals.*`: the desk's four eyes. */
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

export function approvalsHandlers({
  approvals,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `approvals.${string}`>> {
  return {
    'approvals.rules': () => approvals.rules(),
    'approvals.list': () => approvals.list(),
    'approvals.decide': ({ id, decision, reason }) => approvals.decide(id, decision, reason),
    'approvals.send': ({ id }) => approvals.send(id),
    'approvals.proposePolicy': (policy) => approvals.proposePolicy(policy),
  };
}
