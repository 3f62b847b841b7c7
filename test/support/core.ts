import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core, type CoreOptions } from '../../main/core.ts';
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
