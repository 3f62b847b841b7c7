/**
 * The store's `desk_request_kinds`: every pair of path and kind a proposal may name, with the role
 * that proposes, approves and sends it. Its rows are the endpoint registry's (`policy/desk-policy.ts`
 * `REQUEST_KINDS`), written by every setup run after the migrations (0003 seeded the first ones and stays as it
 * landed), so a four-eyes request added to the registry reaches the store with the next setup and no
 * new migration spells its path. A pair the
 * app no longer names is left in place (a proposal of it may still be on record). Each operator's
 * app checks at connect that the store holds every pair it may propose.
 */
import type pg from 'pg';
import { REQUEST_KINDS } from '../policy/desk-policy.ts';
import { TeamProblem } from './problems.ts';

const present = async (client: pg.ClientBase): Promise<boolean> =>
  (await client.query<{ t: string | null }>("SELECT to_regclass('desk_request_kinds')::text AS t")).rows[0]
    ?.t != null;

/** Writes the registry's pairs, each with its role (run as the owner, inside the setup's transaction). */
export async function writeRequestKinds(client: pg.ClientBase): Promise<void> {
  if (!(await present(client))) return;
  await client.query(
    `INSERT INTO desk_request_kinds (path, kind, role)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (path, kind) DO UPDATE SET role = EXCLUDED.role`,
    [
      REQUEST_KINDS.map((r) => r.path),
      REQUEST_KINDS.map((r) => r.kind),
      REQUEST_KINDS.map((r) => `txc_${r.role}`),
    ],
  );
}

/** Refuses, in one sentence, a store that lacks a pair this app may propose, or gives one another role. */
export async function checkRequestKinds(client: pg.ClientBase): Promise<void> {
  if (!(await present(client))) return;
  const { rows } = await client.query<{ path: string; kind: string; role: string }>(
    'SELECT path, kind, role FROM desk_request_kinds',
  );
  const held = new Set(rows.map((r) => `${r.path} ${r.kind} ${r.role}`));
  if (REQUEST_KINDS.every((r) => held.has(`${r.path} ${r.kind} txc_${r.role}`))) return;
  throw new TeamProblem(
    'schema_older',
    "The team database does not know every request this app asks a second operator to approve: the desk's admin runs the setup command to bring it up to date.",
  );
}
