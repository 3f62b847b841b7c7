/**
 * Order guards that ask less than the desk's, once another admin approved them: written to the team
 * store in the same transaction as the approval's use, which is the only way the store lets such
 * guards in (migration 0003), and only while the desk's guards are still the ones the proposal
 * replaces. Every operator's app then takes them as it takes any change of the guards.
 */
import { UserFacingError } from '../errors.ts';
import { canonicalJson } from '../exchange/request-hash.ts';
import { useApproval, type ProposalRow } from './approvals.ts';
import type { TeamStore } from './store.ts';

export async function applyGuards(store: TeamStore, row: ProposalRow): Promise<string> {
  await useApproval(store, row.id, row.request_hash, undefined, async (client) => {
    const { rows } = await client.query<{ body: unknown }>(
      `SELECT body FROM shared_items WHERE collection = 'order-guards' AND id = 'settings' AND NOT removed
       FOR UPDATE`,
    );
    const current = rows[0]?.body;
    if (current !== undefined && canonicalJson(current) !== canonicalJson(row.body['replaces'] ?? null))
      throw new UserFacingError(
        'guards_changed',
        "The desk's order guards changed since this was proposed: propose the change again. Nothing was changed.",
      );
    await client.query(
      `INSERT INTO shared_items (collection, id, body, removed, updated_at_ms)
       VALUES ('order-guards', 'settings', $1::jsonb, false, $2)
       ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body, removed = false,
         updated_at_ms = excluded.updated_at_ms`,
      [JSON.stringify(row.body['settings']), Date.now()],
    );
  });
  return "The desk's new order guards are in force: every operator's app takes them.";
}
