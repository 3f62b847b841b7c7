/** IPC handlers of `approvals.*`: the desk's four eyes. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { approvalsProcedures } from './procedures.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof approvalsProcedures>;

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
