import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TeamView } from '../../../main/ipc/contract.ts';
import { teamPasswordId } from '../../../main/team/settings.ts';
import { TEAM_SCHEMA_VERSION } from '../../../main/team/schema.ts';
import { MemorySecretStore } from '../../../main/vault/secret-store.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { sqlAs } from '../../support/postgres.ts';
import { createTeamDatabase, eventually, passwordOf } from '../../support/team.ts';

const info = inject('postgres');
const desktop = scriptedDesktop();
const secrets = new MemorySecretStore();
let core: TestCore;
let database: string;
const { ok, refused } = procedureCalls(() => core);

beforeAll(async () => {
  database = await createTeamDatabase(info);
  core = await createTestCore({ platform: desktop.platform, secrets });
});
afterAll(async () => {
  await core?.close();
});

const teamFile = () => join(core.environment.dataDir, 'profiles', 'default', 'team.json');
const input = (changes: Record<string, unknown> = {}) => ({
  host: info.host,
  port: info.port,
  database,
  operator: 'alice',
  ca: 'chosen',
  ...changes,
});

/** Joins with `password` on the clipboard and the test CA chosen in main's dialog. */
async function attempt(password: string, changes: Record<string, unknown> = {}, caFile = info.caFile) {
  desktop.openFile = caFile;
  await ok('team.chooseCaFile');
  desktop.clipboard = password;
  return refused('team.join', input(changes));
}

/** Nothing of a failed join is kept: no settings file, no password, the app still trades. */
async function nothingChanged(): Promise<void> {
  expect(existsSync(teamFile())).toBe(false);
  expect(await secrets.get(teamPasswordId('default'))).toBeUndefined();
  expect(await ok<TeamView>('team.state')).toEqual({ joined: false });
  const [account] = core.accounts.list();
  await expect(ok('balances.spot', { accountId: account?.id })).resolves.toBeDefined();
}

describe('joining a team desk with bad settings', () => {
  it('a wrong password: one sentence, nothing saved', async () => {
    const error = await attempt('not-the-password');
    expect(error.message).toBe(
      'The team server refused the password of operator "alice": enter it again in Settings → Team desk.',
    );
    await nothingChanged();
  });

  it('plain TCP to a server that accepts only TLS', async () => {
    desktop.clipboard = passwordOf('alice');
    const error = await refused('team.join', input({ ca: 'none' }));
    expect(error.message).toBe(
      `The team server at ${info.host}:${String(info.port)} accepts only encrypted connections: choose its CA file in Settings → Team desk.`,
    );
    await nothingChanged();
  });

  it('a server whose certificate the chosen CA did not sign', async () => {
    const other = join(core.environment.dataDir, 'other-ca.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=Other CA',
        '-keyout',
        join(core.environment.dataDir, 'other-ca.key'),
        '-out',
        other,
      ],
      { stdio: 'pipe' },
    );
    const error = await attempt(passwordOf('alice'), {}, other);
    expect(error.message).toBe(
      `The team server at ${info.host}:${String(info.port)} did not show a certificate for "${info.host}" signed by the chosen CA, so the app did not connect to it.`,
    );
    await nothingChanged();
  });

  it('a server that is not there, and a remote server without a CA', async () => {
    const error = await attempt(passwordOf('alice'), { port: 1 });
    expect(error.message).toBe(`The team server at ${info.host}:1 cannot be reached.`);
    desktop.clipboard = passwordOf('alice');
    const remote = await refused('team.join', input({ host: 'db.desk.example', ca: 'none' }));
    expect(remote).toMatchObject({ code: 'ca_needed', field: 'caFile' });
    await nothingChanged();
  });

  it('a database of a newer schema, and one not set up', async () => {
    const newer = await createTeamDatabase(info);
    const future = TEAM_SCHEMA_VERSION + 1;
    await sqlAs(info, "INSERT INTO desk_schema (version, name) VALUES ($1, 'future')", [future], {
      database: newer,
    });
    expect((await attempt(passwordOf('alice'), { database: newer })).message).toBe(
      `The team database is at schema version ${String(future)}, newer than this app knows (${String(TEAM_SCHEMA_VERSION)}): update TXC Desk to join it.`,
    );
    const empty = await createTeamDatabase(info, false);
    expect((await attempt(passwordOf('alice'), { database: empty })).code).toBe('schema_missing');
    await nothingChanged();
  });

  it('good settings: joined and connected, the password in the keychain only; leaving forgets it', async () => {
    desktop.openFile = info.caFile;
    await ok('team.chooseCaFile');
    desktop.clipboard = passwordOf('alice');
    const joined = await ok<TeamView>('team.join', input());
    expect(joined).toMatchObject({
      joined: true,
      operator: 'alice',
      status: 'connected',
      caFile: info.caFile,
    });
    expect(await secrets.get(teamPasswordId('default'))).toBe(passwordOf('alice'));
    expect(readFileSync(teamFile(), 'utf8')).not.toContain(passwordOf('alice'));
    expect(desktop.confirmations.at(-1)?.title).toBe('Join the team desk as "alice"?');
    // The profile's accounts are the desk's now.
    await eventually(
      async () =>
        (await sqlAs<{ n: string }>(info, 'SELECT count(*) AS n FROM accounts', [], { database }))[0]?.n ===
        String(core.accounts.list().length),
      'the accounts shared',
    );
    await ok('team.leave');
    expect(existsSync(teamFile())).toBe(false);
    expect(await secrets.get(teamPasswordId('default'))).toBeUndefined();
  });
});
