/** The procedures of the team desk: joining, leaving, its state and who is in it. */
import { z } from 'zod';
import { noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { ApprovalSentView, DeskRulesView, ProposalView, ProposedView } from '../../views/approvals.ts';
import type { TeamMemberView, TeamView } from '../../views/team.ts';

export const teamProcedures = {
  'team.state': procedure<TeamView>()("This profile's team desk and whether it is reachable now.", noInput),
  'team.chooseCaFile': procedure<string | null>()(
    "Picks the team server's CA certificate in main's file dialog; answers its path (null when cancelled).",
    noInput,
  ),
  'team.join': procedure<TeamView>()(
    'Joins a team desk after a native confirmation: the password is taken from the clipboard; nothing is saved unless the server accepts it.',
    z.strictObject({
      host: z.string().trim().min(1).max(253),
      port: z.number().int().min(1).max(65_535),
      database: z
        .string()
        .trim()
        .min(1)
        .max(63)
        .regex(/^[A-Za-z0-9_\-.]+$/, 'must be letters, digits, _, - or .'),
      operator: z
        .string()
        .trim()
        .min(1)
        .max(63)
        .regex(/^[A-Za-z0-9_\-.@]+$/, 'must be letters, digits, _, -, . or @'),
      ca: z.enum(['chosen', 'kept', 'none']),
    }),
  ),
  'team.leave': procedure<TeamView>()('Leaves the team desk after a native confirmation.', noInput),
  'team.retry': procedure<TeamView>()('Tries to reach the team server now.', noInput),
  'team.members': procedure<TeamMemberView[]>()('Who is in the team and who is online now.', noInput),
} as const satisfies Record<string, ProcedureDef>;

/** The procedures of the desk's four eyes: proposals, decisions, sends and the policy. */
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
