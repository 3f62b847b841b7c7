/**
 * A four-eyes policy another admin approved: written to the team store in the same transaction as the
 * approval's use, which is the only way the store lets a policy in (migration 0002), and only while
 * the policy in force is still the one the proposal replaces (the store holds this too: 0004).
 */
import { UserFacingError } from '../errors.ts';
import { useApproval, type ProposalRow } from './approvals.ts';
import type { TeamStore } from './store.ts';

export async function applyPolicy(store: TeamStore, row: ProposalRow): Promise<string> {
  await useApproval(store, row.id, row.request_hash, undefined, async (client) => {
    const { rows } = await client.query<{ proposal: string }>(
      'SELECT proposal::text AS proposal FROM desk_policies ORDER BY set_at DESC, change_xid::text::numeric DESC LIMIT 1',
    );
    const replaces = (row.body['replaces'] as string | null | undefined) ?? null;
    if ((rows[0]?.proposal ?? null) !== replaces)
      throw new UserFacingError(
        'policy_changed',
        "The desk's policy changed since this was proposed: propose the change again. Nothing was changed.",
      );
    await client.query('INSERT INTO desk_policies (proposal, body) VALUES ($1::uuid, $2::jsonb)', [
      row.id,
      JSON.stringify(row.body),
    ]);
  });
  return "The desk's new four-eyes policy is in force.";
}
