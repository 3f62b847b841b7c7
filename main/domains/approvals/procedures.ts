/** The procedures of the desk's four eyes: proposals, decisions, sends and the policy. */
import { z } from 'zod';
import { noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { ApprovalSentView, DeskRulesView, ProposalView, ProposedView } from '../../views/approvals.ts';

const proposalId = z.uuid({ message: 'must be the id of a proposal' });

export const approvalsProcedures = {
  'approvals.rules': procedure<DeskRulesView>()(
    "This operator's roles on the team desk and the desk's four-eyes policy, as this computer holds them.",
    noInput,
  ),
  'approvals.list': procedure<ProposalView[]>()(
    'The proposals of the last seven days and every one still waiting, newest first, each read from the fields that will be signed.',
    noInput,
  ),
  'approvals.decide': procedure<ProposalView>()(
    "Approves or rejects another operator's proposal after main's native question showing what will be sent; a rejection needs a reason.",
    z.strictObject({
      id: proposalId,
      decision: z.enum(['approved', 'rejected']),
      reason: z.string().trim().max(500).optional(),
    }),
  ),
  'approvals.send': procedure<ApprovalSentView>()(
    "Sends an approved proposal, exactly as approved, after main's native question; the approval's use is recorded first.",
    z.strictObject({ id: proposalId }),
  ),
  'approvals.proposePolicy': procedure<ProposedView>()(
    "Proposes a new four-eyes policy for the desk (an admin's work; another admin approves it).",
    z.strictObject({
      transferLimits: z.record(z.string().trim().min(1).max(20), z.string().trim().min(1).max(40)),
      keyPermissions: z.boolean(),
      keyResets: z.boolean(),
      withdrawalKeys: z.boolean(),
      approvalMinutes: z.number().int(),
    }),
  ),
} as const satisfies Record<string, ProcedureDef>;
