import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core, type CoreOptions } from '../../main/core.ts';
import type { IpcError, Reply } from '../../main/ipc/contract.ts';
import type { Logger } from '../../main/log.ts';
import { MemorySecretStore } from '../../main/vault/secret-store.ts';

export interface TestCore extends Core {
  /** Lines the core logged, already redacted. */
  readonly logged: string[];
  /** The environment it started with (its data directory), to start another core on the same files. */
  readonly environment: CoreOptions['environment'];
}

/**
 * A real core on a fresh data directory with the embedded sandbox (not persisted), logging into
 * memory. Secrets go to an in-memory store unless `secrets` is given (the keychain tests pass one).
 */
export async function createTestCore(options: Partial<CoreOptions> = {}): Promise<TestCore> {
  const logged: string[] = [];
  const log: Logger = {
    log: (level, message, detail) => logged.push(`${level} ${message} ${String(detail ?? '')}`),
  };
  const environment: CoreOptions['environment'] = options.environment ?? {
    name: 'TXC Desk',
    version: '0.0.0-test',
    dataDir: mkdtempSync(join(tmpdir(), 'txc-test-')),
    runtime: 'node',
  };
  const core = await startCore({
    environment,
    log,
    secrets: new MemorySecretStore(),
    connection: { kind: 'sandbox', persist: false },
    ...options,
  });
  return Object.assign(core, { logged, environment });
}

/** Registers an exchange account's key pair on the core's running connection, as the Accounts screen does. */
export function registerAccount(
  core: Core,
  label: string,
  key: { apiKey: string; apiSecret: string } | undefined,
  kind: 'main' | 'sub' = 'main',
) {
  return core.accounts.registry.add({
    label,
    kind,
    apiKey: key?.apiKey ?? '',
    secret: key?.apiSecret ?? '',
    connection: core.connection.id,
  });
}

/**
 * `ok` and `refused` over any way of calling a procedure (a core's router, the preload bridge): `ok`
 * answers the value, throwing with the app's words when it refused; `refused` answers the error,
 * throwing when it was accepted. One pair for every test file.
 */
export function replyHelpers(call: (name: string, input?: unknown) => Promise<Reply<unknown>>) {
  return {
    call: call as <T = unknown>(name: string, input?: unknown) => Promise<Reply<T>>,
    async ok<T>(name: string, input?: unknown): Promise<T> {
      const reply = await call(name, input);
      if (!reply.ok) throw new Error(`${name}: ${reply.error.code} ${reply.error.message}`);
      return reply.value as T;
    },
    async refused(name: string, input?: unknown): Promise<IpcError> {
      const reply = await call(name, input);
      if (reply.ok) throw new Error(`${name} was accepted`);
      return reply.error;
    },
  };
}

/**
 * Calls a core's procedures as the renderer does, through its router (`replyHelpers` over it).
 * `core` is read at each call, so a file may start its core in `beforeAll`.
 */
export function procedureCalls(core: () => Core) {
  return replyHelpers(
    async (name, input) => (await core().router.dispatch(name, input, { origin: 'test' })) as Reply<unknown>,
  );
}
