/**
 * The team desk in tests: a fresh database per test file on the run's PostgreSQL (set up by the
 * owner role through the real setup path), the settings an operator joins with, and operator cores
 * joined to it (each its own profile, data folder and keychain) against one shared sandbox.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Platform } from '../../main/platform.ts';
import type { Sandbox } from '../../main/sandbox/index.ts';
import { migrateTeamStore } from '../../main/team/schema.ts';
import { TeamStore } from '../../main/team/store.ts';
import { newOrigin, teamPasswordId, writeTeamSettings, type TeamSettings } from '../../main/team/settings.ts';
import { MemorySecretStore, type SecretStore } from '../../main/vault/secret-store.ts';
import { createTestCore, type TestCore } from './core.ts';
import { clientOf, sqlAs, type PostgresInfo } from './postgres.ts';
import { TEST_OWNER } from './postgres-setup.ts';

export { TEST_OPERATORS, TEST_OWNER } from './postgres-setup.ts';

export const passwordOf = (role: string): string => `${role}-pw`;

/** A new, empty database owned by the desk's owner role, migrated by it; answers its name. */
export async function createTeamDatabase(info: PostgresInfo, migrate = true): Promise<string> {
  const name = `desk_${randomBytes(6).toString('hex')}`;
  await sqlAs(info, `CREATE DATABASE ${name} OWNER ${TEST_OWNER}`);
  if (migrate) {
    const owner = clientOf(info, { user: TEST_OWNER, password: passwordOf(TEST_OWNER), database: name });
    await owner.connect();
    try {
      await migrateTeamStore(owner);
    } finally {
      await owner.end();
    }
  }
  return name;
}

/**
 * Grants the desk's group roles (`txc_trader`, ...) to login roles of the cluster, making the group
 * roles first when no database of the run has been set up yet (the migration makes them otherwise).
 */
export async function grantDeskRoles(
  info: PostgresInfo,
  grants: Record<string, readonly string[]>,
): Promise<void> {
  for (const [operator, roles] of Object.entries(grants))
    for (const role of roles) {
      await sqlAs(
        info,
        `DO $$ BEGIN
           IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role} NOLOGIN; END IF;
         EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
         END $$`,
      );
      await sqlAs(info, `GRANT ${role} TO ${operator}`);
    }
}

/** The settings operator `operator` joins `database` with: TLS checked against the run's CA. */
export function teamSettings(info: PostgresInfo, database: string, operator: string): TeamSettings {
  return {
    host: info.host,
    port: info.port,
    database,
    operator,
    caFile: info.caFile,
    caPem: info.caPem,
    origin: newOrigin(),
  };
}

export interface OperatorCoreOptions {
  info: PostgresInfo;
  database: string;
  operator: string;
  /** The one exchange the desk trades on (a sandbox shared by every operator). */
  sandbox: Sandbox;
  /** An existing data folder (a restart of the same operator). */
  dataDir?: string;
  secrets?: SecretStore;
  settings?: Partial<TeamSettings>;
  platform?: Platform;
}

/** Writes the profile's team settings and password as joining does, then starts the operator's core. */
export async function startOperatorCore(
  options: OperatorCoreOptions,
): Promise<TestCore & { secrets: SecretStore }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `txc-${options.operator}-`));
  const secrets = options.secrets ?? new MemorySecretStore();
  const profileDir = join(dataDir, 'profiles', 'default');
  if (!options.dataDir) {
    writeTeamSettings(join(profileDir, 'team.json'), {
      ...teamSettings(options.info, options.database, options.operator),
      ...options.settings,
    });
    await secrets.set(teamPasswordId('default'), passwordOf(options.operator));
  }
  const core = await createTestCore({
    environment: { name: 'TXC Desk', version: '0.0.0-test', dataDir, runtime: 'node' },
    secrets,
    connection: { kind: 'live', restUrl: options.sandbox.rest, wsUrl: options.sandbox.ws },
    teamRetry: { firstMs: 200, capMs: 1_000 },
    ...(options.platform ? { platform: options.platform } : {}),
  });
  return Object.assign(core, { secrets });
}

/** Resolves once `check` answers true, looking again every 20 ms; fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 15_000,
): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once the core's app has read `role` among the operator's roles on the desk. */
export async function roleRead(
  core: { router: { dispatch: TestCore['router']['dispatch'] } },
  role: 'trader' | 'treasurer' | 'admin',
): Promise<void> {
  await eventually(async () => {
    const reply = (await core.router.dispatch('approvals.rules', undefined, { origin: 'test' })) as {
      ok: boolean;
      value?: { roles?: string[] };
    };
    return reply.ok && reply.value?.roles?.includes(role);
  }, `the ${role} role read`);
}

/** Resolves once the core's team desk is connected. */
export async function teamConnected(core: {
  router: { dispatch: TestCore['router']['dispatch'] };
}): Promise<void> {
  await eventually(async () => {
    const reply = (await core.router.dispatch('team.state', undefined, { origin: 'test' })) as {
      ok: boolean;
      value?: { status?: string };
    };
    return reply.ok && reply.value?.status === 'connected';
  }, 'the team desk connected');
}

/** Operator `operator`'s connection to the team store of `database`, connected. */
export async function operatorStore(
  info: PostgresInfo,
  database: string,
  operator: string,
): Promise<TeamStore> {
  const store = new TeamStore({
    settings: teamSettings(info, database, operator),
    password: passwordOf(operator),
    log: { log: () => undefined },
  });
  await store.connect();
  return store;
}

type Operator = Awaited<ReturnType<typeof startOperatorCore>>;

/**
 * Operators `names` on a fresh desk, each connected: the first registers `accounts` (with their keys),
 * the others see them in the shared registry and add their own keys. `started` hears each core as it
 * starts (to close it whatever happens next).
 */
export async function startDesk(
  info: PostgresInfo,
  sandbox: Sandbox,
  names: readonly string[],
  accounts: Sandbox['accounts'] = sandbox.accounts,
  started: (core: Operator) => void = () => undefined,
): Promise<{ database: string; cores: Operator[] }> {
  const database = await createTeamDatabase(info);
  const cores: Operator[] = [];
  for (const operator of names) {
    const core = await startOperatorCore({ info, database, operator, sandbox });
    started(core);
    cores.push(core);
    await teamConnected(core);
  }
  const [first, ...others] = cores as [Operator, ...Operator[]];
  for (const account of accounts)
    await first.accounts.registry.add({
      label: account.label,
      kind: account.kind,
      subAccountId: account.subAccountId ?? null,
      apiKey: account.apiKey,
      secret: account.apiSecret,
      connection: first.connection.id,
    });
  for (const core of others) {
    await eventually(() => core.accounts.registry.list().length === accounts.length, 'the registry shared');
    for (const a of core.accounts.registry.list()) {
      const key = accounts.find((s) => s.apiKey === a.apiKey);
      if (key) await core.accounts.registry.importKey(a.id, key.apiSecret);
    }
  }
  return { database, cores };
}
