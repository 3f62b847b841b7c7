/**
 * A throwaway PostgreSQL cluster for the team desk's tests and benches: initdb on a temporary folder,
 * listening on 127.0.0.1 only (a free port), TLS on with a CA and a server certificate made for the
 * run by openssl, password (SCRAM) authentication, and encrypted connections only (`hostssl`). The
 * server never runs as root: under root, initdb, pg_ctl and the server run as the `postgres` user
 * (Debian's package makes it). Fails, with the way to fix it, where PostgreSQL is not installed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** What a test needs to reach the cluster (plain data: it crosses from vitest's global setup). */
export interface PostgresInfo {
  host: string;
  port: number;
  /** The CA that signed the server's certificate (PEM), and where it is on disk. */
  caFile: string;
  caPem: string;
  /** The cluster's superuser, for setting up databases and roles in tests. */
  superuser: string;
  superPassword: string;
  dataDir: string;
  binDir: string;
  /** The OS user the server runs as (uid, gid), when the tests run as root. */
  runAs: { uid: number; gid: number } | null;
}

export interface TestPostgres extends PostgresInfo {
  /** Stops the server (fast shutdown: open sessions are cut), keeping its files. */
  stop(): Promise<void>;
  /** Starts it again on the same port after `stop`. */
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  close(): Promise<void>;
}

const MISSING =
  'PostgreSQL is not installed: the team desk tests need its server binaries (apt-get install -y postgresql).';

/** The newest installed server's bin folder (`TXC_PG_BIN` overrides). */
export function postgresBinDir(): string {
  const given = process.env['TXC_PG_BIN'];
  if (given) {
    if (!existsSync(join(given, 'initdb'))) throw new Error(`${MISSING} (no initdb in ${given})`);
    return given;
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(MISSING);
  return join(root, versions[0] as string, 'bin');
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error(`${MISSING} (there is no postgres user to run the server as)`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(
  file: string,
  args: string[],
  runAs: { uid: number; gid: number } | null,
  options: { detached?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
      ...(options.detached ? { detached: true } : {}),
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${file} ${args[0] ?? ''} failed: ${output}`)),
    );
  });
}

/** A CA and a server certificate for 127.0.0.1 and localhost, signed by it (openssl). */
function makeCertificates(dir: string): void {
  const ssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=TXC test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  ssl([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
  ]);
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  ssl([
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'server.ext',
    '-out',
    'server.crt',
  ]);
}

/** Starts a fresh cluster; `close()` it when done. */
export async function startPostgres(): Promise<TestPostgres> {
  const binDir = postgresBinDir();
  const runAs = process.getuid?.() === 0 ? postgresUser() : null;
  const root = mkdtempSync(join(tmpdir(), 'txc-pg-'));
  chmodSync(root, 0o755);
  const dataDir = join(root, 'data');
  const superuser = 'txc_super';
  const superPassword = `pw-${Math.random().toString(36).slice(2)}`;
  writeFileSync(join(root, 'pwfile'), `${superPassword}\n`, { mode: 0o600 });
  makeCertificates(root);
  chmodSync(join(root, 'server.key'), 0o600);
  if (runAs) {
    for (const f of ['pwfile', 'server.key', 'server.crt']) chownSync(join(root, f), runAs.uid, runAs.gid);
    chownSync(root, runAs.uid, runAs.gid);
  }
  await run(
    join(binDir, 'initdb'),
    [
      '-D',
      dataDir,
      '-U',
      superuser,
      '--pwfile',
      join(root, 'pwfile'),
      '--auth=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ],
    runAs,
  );
  const port = await freePort();
  appendFileSync(
    join(dataDir, 'postgresql.conf'),
    [
      `listen_addresses = '127.0.0.1'`,
      `port = ${String(port)}`,
      `unix_socket_directories = '${root}'`,
      'ssl = on',
      `ssl_cert_file = '${join(root, 'server.crt')}'`,
      `ssl_key_file = '${join(root, 'server.key')}'`,
      'max_connections = 300',
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'shared_buffers = 128MB',
      '',
    ].join('\n'),
  );
  // Encrypted connections only: a plain TCP connection finds no entry and is refused.
  writeFileSync(
    join(dataDir, 'pg_hba.conf'),
    'local all all scram-sha-256\nhostssl all all 127.0.0.1/32 scram-sha-256\n',
  );
  const pgCtl = (...args: string[]) =>
    run(join(binDir, 'pg_ctl'), [...args, '-D', dataDir, '-l', join(root, 'server.log')], runAs);
  const info: PostgresInfo = {
    host: '127.0.0.1',
    port,
    caFile: join(root, 'ca.crt'),
    caPem: readFileSync(join(root, 'ca.crt'), 'utf8'),
    superuser,
    superPassword,
    dataDir,
    binDir,
    runAs,
  };
  let running = false;
  const start = async () => {
    await pgCtl('start', '-w', '-t', '60');
    running = true;
  };
  const stop = async () => {
    if (!running) return;
    await pgCtl('stop', '-m', 'fast', '-w', '-t', '60');
    running = false;
  };
  await start();
  return {
    ...info,
    start,
    stop,
    async close() {
      await stop().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A client of the cluster as `user` (the superuser by default), over TLS checked against the CA. */
export function clientOf(
  info: PostgresInfo,
  options: { user?: string; password?: string; database?: string } = {},
): pg.Client {
  return new pg.Client({
    host: info.host,
    port: info.port,
    user: options.user ?? info.superuser,
    password: options.password ?? info.superPassword,
    database: options.database ?? 'postgres',
    ssl: { ca: info.caPem, rejectUnauthorized: true },
  });
}

/** Runs `sql` as the superuser (or `user`) on `database` and answers the rows. */
export async function sqlAs<R extends pg.QueryResultRow = pg.QueryResultRow>(
  info: PostgresInfo,
  sql: string,
  params: unknown[] = [],
  options: { user?: string; password?: string; database?: string } = {},
): Promise<R[]> {
  const client = clientOf(info, options);
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Runs `sql` (one statement, or several without parameters) as `user` on `database` the way psql
 * would, and answers what it said: `ok N` with the rows the last statement touched, or the error's
 * SQLSTATE (42501: refused).
 */
export async function psqlAs(
  info: PostgresInfo,
  sql: string,
  params: unknown[] = [],
  options: { user?: string; password?: string; database?: string } = {},
): Promise<string> {
  const client = clientOf(info, options);
  await client.connect();
  try {
    const result = (await client.query(sql, params)) as unknown as
      { rowCount: number | null } | Array<{ rowCount: number | null }>;
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    return `ok ${String(last?.rowCount ?? 0)}`;
  } catch (error) {
    return String((error as { code?: string }).code);
  } finally {
    await client.end();
  }
}
