import { spawn } from 'node:child_process';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REQUEST_KINDS } from '../../../main/policy/desk-policy.ts';
import { teamMigrations } from '../../../main/team/migrations/index.ts';
import { checkTeamSchema, migrateTeamStore, TEAM_SCHEMA_VERSION } from '../../../main/team/schema.ts';
import { clientOf, sqlAs } from '../../support/postgres.ts';
import { createTeamDatabase, passwordOf, TEST_OWNER } from '../../support/team.ts';

const info = inject('postgres');
const clients: Array<{ end(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
});

async function ownerOf(database: string) {
  const client = clientOf(info, { user: TEST_OWNER, password: passwordOf(TEST_OWNER), database });
  await client.connect();
  clients.push(client);
  return client;
}

async function operatorOf(database: string, name = 'alice') {
  const client = clientOf(info, { user: name, password: passwordOf(name), database });
  await client.connect();
  clients.push(client);
  return client;
}

describe('team store migrations', () => {
  it('apply every numbered file once, in one transaction, and a second run finds nothing to do', async () => {
    const database = await createTeamDatabase(info, false);
    const owner = await ownerOf(database);
    const first = await migrateTeamStore(owner);
    expect(first).toEqual({
      from: 0,
      to: TEAM_SCHEMA_VERSION,
      applied: ['0001-desk', '0002-four-eyes', '0003-who-writes', '0004-what-rows-say', '0005-history-vault'],
    });
    expect(await migrateTeamStore(owner)).toEqual({
      from: TEAM_SCHEMA_VERSION,
      to: TEAM_SCHEMA_VERSION,
      applied: [],
    });
    const rows = await sqlAs<{ version: number; applied_by: string }>(
      info,
      'SELECT version, applied_by FROM desk_schema ORDER BY version',
      [],
      { database },
    );
    expect(rows).toEqual([
      { version: 1, applied_by: TEST_OWNER },
      { version: 2, applied_by: TEST_OWNER },
      { version: 3, applied_by: TEST_OWNER },
      { version: 4, applied_by: TEST_OWNER },
      { version: 5, applied_by: TEST_OWNER },
    ]);
  });

  it('run by two admins at once: the advisory lock lets one apply them, the other then finds them done', async () => {
    const database = await createTeamDatabase(info, false);
    const [a, b] = await Promise.all([ownerOf(database), ownerOf(database)]);
    const reports = await Promise.all([migrateTeamStore(a), migrateTeamStore(b)]);
    expect(reports.map((r) => r.applied.length).sort()).toEqual([0, TEAM_SCHEMA_VERSION]);
    const tables = await sqlAs<{ n: string }>(info, 'SELECT count(*) AS n FROM desk', [], { database });
    expect(tables[0]?.n).toBe('1');
  });

  it('leave the database untouched when a step fails: nothing of the run is kept', async () => {
    const database = await createTeamDatabase(info, false);
    const owner = await ownerOf(database);
    const broken = [
      ...teamMigrations,
      { version: TEAM_SCHEMA_VERSION + 1, name: 'broken', sql: 'CREATE TABLE x (); SELECT 1/0;' },
    ];
    await expect(migrateTeamStore(owner, broken)).rejects.toThrow(/division by zero/);
    const present = await sqlAs<{ t: string | null }>(
      info,
      "SELECT to_regclass('desk_schema')::text AS t",
      [],
      {
        database,
      },
    );
    expect(present[0]?.t).toBeNull();
  });

  it('refuse a database newer than the files, before changing anything', async () => {
    const database = await createTeamDatabase(info);
    const owner = await ownerOf(database);
    await owner.query("INSERT INTO desk_schema (version, name) VALUES (99, 'future')");
    await expect(migrateTeamStore(owner)).rejects.toThrow(
      'The team database is at schema version 99, newer than this app knows (5): update TXC Desk to join it.',
    );
  });
});

describe('the setup, each run', () => {
  it('closes the schema public to every role but the owner, and pins the search path to it', async () => {
    const database = await createTeamDatabase(info, false);
    // As PostgreSQL 13 and 14 make it: every role may create objects in public.
    await sqlAs(info, 'GRANT CREATE ON SCHEMA public TO PUBLIC', [], { database });
    const alice = await operatorOf(database);
    await alice.query('CREATE TABLE public.planted (x int)');
    await migrateTeamStore(await ownerOf(database));
    await expect(alice.query('CREATE TABLE public.another (x int)')).rejects.toMatchObject({ code: '42501' });
    await expect(
      alice.query("CREATE FUNCTION public.hashtext(uuid) RETURNS int LANGUAGE sql AS 'SELECT 1'"),
    ).rejects.toMatchObject({ code: '42501' });
    // Every new session of the database searches public alone (after pg_catalog).
    const fresh = await operatorOf(database);
    expect((await fresh.query<{ search_path: string }>('SHOW search_path')).rows[0]?.search_path).toBe(
      'public',
    );
  });

  it('refuses, saying what to run, a database whose public schema only the superuser can close', async () => {
    const database = await createTeamDatabase(info, false);
    await sqlAs(info, `ALTER SCHEMA public OWNER TO ${info.superuser}`, [], { database });
    await sqlAs(info, 'GRANT CREATE ON SCHEMA public TO PUBLIC', [], { database });
    await expect(migrateTeamStore(await ownerOf(database))).rejects.toThrow(
      'Every role may still create objects in the schema "public" of this database, and only its owner can change that: as PostgreSQL\'s superuser, run REVOKE CREATE ON SCHEMA public FROM PUBLIC in this database, then run the setup again. Nothing was changed.',
    );
    const present = await sqlAs<{ t: string | null }>(info, "SELECT to_regclass('desk')::text AS t", [], {
      database,
    });
    expect(present[0]?.t).toBeNull();
  });
});

describe("the setup's four-eyes requests", () => {
  const pairs = (rows: ReadonlyArray<{ path: string; kind: string; role: string }>) =>
    rows.map((r) => `${r.path} ${r.kind} ${r.role}`).sort();
  const expected = pairs(REQUEST_KINDS.map((r) => ({ ...r, role: `txc_${r.role}` })));
  const held = (database: string) =>
    sqlAs<{ path: string; kind: string; role: string }>(
      info,
      'SELECT path, kind, role FROM desk_request_kinds',
      [],
      { database },
    ).then(pairs);

  it("are the endpoint registry's, written by every run; a store without one is refused at connect", async () => {
    const database = await createTeamDatabase(info, false);
    const owner = await ownerOf(database);
    await migrateTeamStore(owner);
    expect(await held(database)).toEqual(expected);
    // a pair lost, and a role changed: the operator's app refuses the store until the setup runs again
    await owner.query("DELETE FROM desk_request_kinds WHERE kind = 'guards'");
    await owner.query("UPDATE desk_request_kinds SET role = 'txc_admin' WHERE kind = 'code'");
    const alice = await operatorOf(database);
    await expect(checkTeamSchema(alice)).rejects.toThrow(
      "The team database does not know every request this app asks a second operator to approve: the desk's admin runs the setup command to bring it up to date.",
    );
    expect((await migrateTeamStore(owner)).applied).toEqual([]);
    expect(await held(database)).toEqual(expected);
    expect(await checkTeamSchema(alice)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("an operator's schema check", () => {
  it('answers the desk id of a database at this version', async () => {
    const database = await createTeamDatabase(info);
    const id = await checkTeamSchema(await operatorOf(database));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a database not set up, an older one and a newer one, each in one sentence', async () => {
    const empty = await createTeamDatabase(info, false);
    await expect(checkTeamSchema(await operatorOf(empty))).rejects.toThrow(
      "The team database has not been set up yet: the desk's admin runs the setup command first (see the README's team page).",
    );
    const database = await createTeamDatabase(info);
    const alice = await operatorOf(database);
    await expect(checkTeamSchema(alice, 6)).rejects.toThrow(
      "The team database is at schema version 5, older than this app needs (6): the desk's admin runs the setup command to bring it up to date.",
    );
    await expect(checkTeamSchema(alice, 0)).rejects.toThrow(
      /newer than this app knows \(0\): update TXC Desk/,
    );
  });
});

describe('the setup command', () => {
  const run = (args: string[], password: string) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, ['main/team/cli.ts', ...args], {
        env: { ...process.env, TXC_TEAM_PASSWORD: password },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.once('close', (code) => resolve({ code, out, err }));
    });

  it("sets a database up as its owner over TLS, says so, and refuses an operator's role", async () => {
    const database = await createTeamDatabase(info, false);
    const target = [
      '--host',
      info.host,
      '--port',
      String(info.port),
      '--database',
      database,
      '--ca',
      info.caFile,
    ];
    const status = await run(['status', ...target, '--user', TEST_OWNER], passwordOf(TEST_OWNER));
    expect(status.out).toBe(`${database} is not set up yet; this app's schema is version 5.\n`);
    const setup = await run(['setup', ...target, '--user', TEST_OWNER], passwordOf(TEST_OWNER));
    expect(setup).toMatchObject({
      code: 0,
      out: `${database}: applied 0001-desk, 0002-four-eyes, 0003-who-writes, 0004-what-rows-say, 0005-history-vault; now at schema version 5.\n`,
    });
    const again = await run(['setup', ...target, '--user', TEST_OWNER], passwordOf(TEST_OWNER));
    expect(again.out).toBe(`${database} is up to date (schema version 5).\n`);
    const other = await createTeamDatabase(info, false);
    const refused = await run(
      [
        'setup',
        '--host',
        info.host,
        '--port',
        String(info.port),
        '--database',
        other,
        '--ca',
        info.caFile,
        '--user',
        'alice',
      ],
      passwordOf('alice'),
    );
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.err).toBe(
      'The role "alice" may not change the desk\'s tables: run the setup as the role that owns the database.\n',
    );
    const wrong = await run(['setup', ...target, '--user', TEST_OWNER], 'wrong');
    expect(wrong.err).toMatch(/^The team server refused the password of operator "txc_owner"/);
  });
});
