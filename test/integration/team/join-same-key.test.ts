/**
 * Joining a desk that has an account with this computer's key already (an admin pre-inserted one with
 * psql, or two operators registered the same account): the profile's account becomes the desk's, and
 * every secret it has in the real keychain moves with it (its API secret and its webhook secret),
 * nothing deleted that was not moved; where the desk's row says another label or kind than this
 * computer had, Events says who wrote it and what changed, instead of replacing it silently.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountView, TeamChangeView, TeamView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { KeytarSecretStore, webhookSecretId } from '../../../main/vault/secret-store.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { sqlAs } from '../../support/postgres.ts';
import { createTeamDatabase, eventually, passwordOf } from '../../support/team.ts';
import { keyIdsIn } from '../../support/keychain.ts';

const info = inject('postgres');
const suffix = randomBytes(3).toString('hex');
const admin = `ada_${suffix}`;
const victim = `val_${suffix}`;
const keychain = new KeytarSecretStore({ service: `txc-desk-test-${suffix}` });
const desktop = scriptedDesktop();
const told: TeamChangeView[] = [];
const WEBHOOK_KEY = 'wh-key-0123456789';
const WEBHOOK_SECRET = `wh-secret-${randomBytes(16).toString('hex')}`;
let sandbox: Sandbox;
let database: string;
let core: TestCore;
const { ok } = procedureCalls(() => core);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  database = await createTeamDatabase(info);
  await sqlAs(
    info,
    `CREATE ROLE ${admin} LOGIN PASSWORD '${passwordOf(admin)}' IN ROLE txc_operator, txc_admin`,
  );
  await sqlAs(
    info,
    `CREATE ROLE ${victim} LOGIN PASSWORD '${passwordOf(victim)}' IN ROLE txc_operator, txc_trader`,
  );
  core = await createTestCore({
    platform: desktop.platform,
    secrets: keychain,
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
  });
  core.events.subscribe((event, payload) => {
    if (event === 'team.change') told.push(payload as TeamChangeView);
  });
}, 60_000);

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
  for (const id of await keyIdsIn(keychain)) await keychain.delete(id);
  for (const role of [admin, victim]) await sqlAs(info, `DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
});

describe('joining a desk that has this computer’s key under another account', () => {
  it('moves the API and webhook secrets to the desk’s account, and says what the desk’s row changed', async () => {
    const main = sandbox.accounts.find((a) => a.kind === 'main');
    if (!main) throw new Error('no main account in the sandbox');
    // Working alone: the account, its key, and its webhook key set up (the secret from the clipboard).
    const mine = await core.accounts.registry.add({
      label: 'Treasury',
      kind: 'main',
      subAccountId: null,
      apiKey: main.apiKey,
      secret: main.apiSecret,
      connection: core.connection.id,
    });
    desktop.clipboard = WEBHOOK_SECRET;
    await ok('webhooks.configure', { accountId: mine.id, apiKey: WEBHOOK_KEY });
    expect(await keychain.get(webhookSecretId(mine.id))).toBe(WEBHOOK_SECRET);

    // The admin, with psql, registers the same key under an account of their own first.
    const [row] = await sqlAs<{ id: string }>(
      info,
      `INSERT INTO accounts (id, label, kind, api_key, connection, webhook_api_key, created_at_ms, updated_at_ms)
       VALUES ($1, 'Ops', 'sub', $2, $3, $4, 0, 0) RETURNING id::text AS id`,
      [randomUUID(), main.apiKey, core.connection.id, WEBHOOK_KEY],
      { user: admin, password: passwordOf(admin), database },
    );
    const teamId = row?.id ?? '';

    desktop.openFile = info.caFile;
    await ok('team.chooseCaFile');
    desktop.clipboard = passwordOf(victim);
    const joined = await ok<TeamView>('team.join', {
      host: info.host,
      port: info.port,
      database,
      operator: victim,
      ca: 'chosen',
    });
    expect(joined).toMatchObject({ joined: true, status: 'connected' });

    const listed = await eventually(
      async () => (await ok<AccountView[]>('accounts.list')).find((a) => a.id === teamId),
      "the desk's account here",
    );
    expect(listed).toMatchObject({ label: 'Ops', kind: 'sub' });
    expect((await ok<AccountView[]>('accounts.list')).some((a) => a.id === mine.id)).toBe(false);
    // Both secrets are under the desk's account now; the webhook's one was not deleted on the way.
    expect(await keychain.get(teamId)).toBe(main.apiSecret);
    expect(await keychain.get(webhookSecretId(teamId))).toBe(WEBHOOK_SECRET);
    // What moved left its old place; nothing that did not move was deleted from it.
    expect(await keychain.get(mine.id)).toBeUndefined();
    expect(await keychain.get(webhookSecretId(mine.id))).toBeUndefined();
    await ok('balances.spot', { accountId: teamId });

    const line = await eventually(
      () => told.find((c) => c.what === 'account' && c.account === teamId),
      'the change told in Events',
    );
    expect(line).toMatchObject({ by: admin, level: 'warning' });
    expect(line.title).toMatch(
      new RegExp(`^"Treasury" is the desk's "Ops" now, as ${admin} registered it at \\d\\d:\\d\\d$`),
    );
    expect(line.words).toBe(
      `label "Treasury" → "Ops" · kind main account → sub-account · Its secrets on this computer are the desk's account's now.`,
    );
  });
});
