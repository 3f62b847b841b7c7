/**
 * The team store's schema version: the desk's admin brings it up to date (`migrateTeamStore`, run by
 * the setup command as the role that owns the tables), each operator's app checks it at connect
 * (`checkTeamSchema`) and refuses a store it does not know, in one sentence.
 */
import type pg from 'pg';
import { teamMigrations } from './migrations/index.ts';
import type { TeamMigration } from './migrations/migration.ts';
import { TeamProblem } from './problems.ts';
import { checkRequestKinds, writeRequestKinds } from './request-kinds.ts';

/** The newest schema this app knows. */
export const TEAM_SCHEMA_VERSION = teamMigrations.length;

/** Every setup of one database takes this transaction lock first, so two admins never migrate at once. */
const MIGRATION_LOCK = "hashtext('txc-desk schema')";

export interface TeamMigrationReport {
  from: number;
  to: number;
  applied: string[];
}

function checkList(migrations: readonly TeamMigration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`team migration "${m.name}" is version ${m.version}, expected ${i + 1}`);
  });
}

const newer = (found: number, known: number) =>
  new TeamProblem(
    'schema_newer',
    `The team database is at schema version ${String(found)}, newer than this app knows (${String(known)}): update TXC Desk to join it.`,
  );

/**
 * What every setup run makes sure of, before and after the migrations: objects are found and made in
 * `public` only (the session's search_path, then the database's default for every role), and no role
 * but the owner may create anything in `public` (PostgreSQL 13 and 14 let every role do so), so no
 * operator can put a table or function of their own where the desk's statements would find it.
 */
async function harden(client: pg.ClientBase): Promise<void> {
  await client.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
  const { rows } = await client.query<{ open: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_namespace n, aclexplode(n.nspacl) a
       WHERE n.nspname = 'public' AND a.privilege_type = 'CREATE' AND a.grantee = 0) AS open`,
  );
  if (rows[0]?.open)
    throw new TeamProblem(
      'failed',
      'Every role may still create objects in the schema "public" of this database, and only its owner can change that: as PostgreSQL\'s superuser, run REVOKE CREATE ON SCHEMA public FROM PUBLIC in this database, then run the setup again. Nothing was changed.',
    );
  await client.query(
    "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET search_path = public', current_database()); END $$",
  );
}

/**
 * Applies every migration the database lacks, in order, in one transaction under an advisory lock:
 * a failure leaves the database as it was, and a second setup started meanwhile waits, then finds
 * nothing left to do. A database newer than these files is refused before anything is changed. Each
 * run also pins the search_path and closes `public` to every role but the owner (`harden`), and
 * writes the four-eyes requests of the endpoint registry into `desk_request_kinds` (`request-kinds.ts`).
 */
export async function migrateTeamStore(
  client: pg.ClientBase,
  migrations: readonly TeamMigration[] = teamMigrations,
): Promise<TeamMigrationReport> {
  checkList(migrations);
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    // Only public is searched (and made in), after pg_catalog: nothing else in the path to be misled by.
    await client.query('SET LOCAL search_path = public');
    await harden(client);
    await client.query(`CREATE TABLE IF NOT EXISTS desk_schema (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      applied_by text NOT NULL DEFAULT current_user
    )`);
    const { rows } = await client.query<{ v: number }>(
      'SELECT coalesce(max(version), 0) AS v FROM desk_schema',
    );
    const from = rows[0]?.v ?? 0;
    if (from > migrations.length) throw newer(from, migrations.length);
    const applied: string[] = [];
    for (const m of migrations.slice(from)) {
      await client.query(m.sql);
      await client.query('INSERT INTO desk_schema (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(`${String(m.version).padStart(4, '0')}-${m.name}`);
    }
    await writeRequestKinds(client);
    await client.query('COMMIT');
    return { from, to: Math.max(from, migrations.length), applied };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Checks that the database holds the schema this app was built for; answers the desk's id (the
 * replica's cursors are kept per desk). Refuses, in one sentence, a database not set up yet, one
 * older than this app (its admin runs the setup; so is one that lacks a four-eyes request this app
 * may propose) or newer (this app is updated).
 */
export async function checkTeamSchema(client: pg.ClientBase, known = TEAM_SCHEMA_VERSION): Promise<string> {
  const { rows } = await client.query<{ present: string | null }>(
    "SELECT to_regclass('desk_schema')::text AS present",
  );
  if (!rows[0]?.present)
    throw new TeamProblem(
      'schema_missing',
      "The team database has not been set up yet: the desk's admin runs the setup command first (see the README's team page).",
    );
  const version = await client.query<{ v: number }>('SELECT coalesce(max(version), 0) AS v FROM desk_schema');
  const found = version.rows[0]?.v ?? 0;
  if (found > known) throw newer(found, known);
  if (found < known)
    throw new TeamProblem(
      'schema_older',
      `The team database is at schema version ${String(found)}, older than this app needs (${String(known)}): the desk's admin runs the setup command to bring it up to date.`,
    );
  await checkRequestKinds(client);
  const desk = await client.query<{ id: string }>('SELECT id::text AS id FROM desk LIMIT 1');
  const id = desk.rows[0]?.id;
  if (!id)
    throw new TeamProblem(
      'schema_missing',
      'The team database has no desk record: run the setup command again.',
    );
  return id;
}
