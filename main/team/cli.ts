/**
 * The desk admin's setup command: brings a team database's schema up to date, connected as the role
 * that owns the desk's tables (never an operator's role).
 *
 *   npm run team -- setup --host db.desk.example --database txc_desk --user txc_owner --ca desk-ca.pem
 *   npm run team -- status --host ... (the same options): the schema version, changing nothing
 *
 * The password comes from TXC_TEAM_PASSWORD (or PGPASSWORD), else it is asked for on the terminal
 * without echo. TLS is required, checked against the CA file, except for a server on this computer.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { explainTeamFailure } from './problems.ts';
import { migrateTeamStore, TEAM_SCHEMA_VERSION } from './schema.ts';
import { tlsOptions } from './settings.ts';

async function askPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) throw new Error('Give the password in TXC_TEAM_PASSWORD (no terminal to ask on).');
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  let typed = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          return resolve(typed);
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          return reject(new Error('cancelled'));
        }
        if (ch === '\u007f') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      host: { type: 'string' },
      port: { type: 'string', default: '5432' },
      database: { type: 'string' },
      user: { type: 'string' },
      ca: { type: 'string' },
    },
  });
  const command = positionals[0];
  if ((command !== 'setup' && command !== 'status') || !values.host || !values.database || !values.user) {
    process.stderr.write(
      'usage: npm run team -- setup|status --host HOST [--port 5432] --database DB --user OWNER_ROLE [--ca CA_FILE]\n',
    );
    return 2;
  }
  const target = {
    host: values.host,
    port: Number(values.port),
    database: values.database,
    operator: values.user,
  };
  const caPem = values.ca ? readFileSync(values.ca, 'utf8') : null;
  const password =
    process.env['TXC_TEAM_PASSWORD'] ??
    process.env['PGPASSWORD'] ??
    (await askPassword(`Password of ${values.user}: `));
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.operator,
    password,
    ssl: tlsOptions({ host: target.host, caPem }),
    application_name: 'TXC Desk setup',
    connectionTimeoutMillis: 10_000,
  });
  // A connection the server cuts fails the statement under way (said below), never the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    if (command === 'status') {
      const present = await client.query<{ t: string | null }>(
        "SELECT to_regclass('desk_schema')::text AS t",
      );
      const rows = present.rows[0]?.t
        ? (await client.query<{ v: number | null }>('SELECT max(version) AS v FROM desk_schema')).rows
        : [];
      const found = rows[0]?.v ?? null;
      process.stdout.write(
        found === null
          ? `${target.database} is not set up yet; this app's schema is version ${String(TEAM_SCHEMA_VERSION)}.\n`
          : `${target.database} is at schema version ${String(found)}; this app's is ${String(TEAM_SCHEMA_VERSION)}.\n`,
      );
      return 0;
    }
    const report = await migrateTeamStore(client);
    process.stdout.write(
      report.applied.length === 0
        ? `${target.database} is up to date (schema version ${String(report.to)}).\n`
        : `${target.database}: applied ${report.applied.join(', ')}; now at schema version ${String(report.to)}.\n`,
    );
    return 0;
  } catch (error) {
    const denied = (error as { code?: string }).code === '42501';
    process.stderr.write(
      denied
        ? `The role "${target.operator}" may not change the desk's tables: run the setup as the role that owns the database.\n`
        : `${explainTeamFailure(error, target).message}\n`,
    );
    return 1;
  } finally {
    await client.end().catch(() => undefined);
  }
}

process.exitCode = await main();
