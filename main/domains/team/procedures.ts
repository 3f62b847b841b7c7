/** The procedures of the team desk: joining, leaving, its state and who is in it. */
import { z } from 'zod';
import { noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
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
