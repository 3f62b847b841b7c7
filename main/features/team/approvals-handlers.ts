/** IPC handlers of `approvals.*`: the desk's four eyes. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { approvalsProcedures } from './procedures.ts';
import type { Approvals } from '../../services/four-eyes/approvals.ts';

type Handlers = HandlersOf<typeof approvalsProcedures>;

/** What the handlers of `approvals.*` draw on. */
export interface ApprovalsHandlerDeps {
  /** The desk's four eyes: proposals, decisions, sends and the policy (`services/four-eyes/`). */
  readonly approvals: Approvals;
}

export function approvalsHandlers({
  approvals,
}: ApprovalsHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `approvals.${string}`>> {
  return {
    'approvals.rules': () => approvals.rules(),
    'approvals.list': () => approvals.list(),
    'approvals.decide': ({ id, decision, reason }) => approvals.decide(id, decision, reason),
    'approvals.send': ({ id }) => approvals.send(id),
    'approvals.proposePolicy': (policy) => approvals.proposePolicy(policy),
  };
}
