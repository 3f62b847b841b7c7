import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../main/core.ts';
import type { Logger } from '../../main/log.ts';

export interface TestCore extends Core {
  /** Lines the core logged, already redacted. */
  readonly logged: string[];
}

/** A real core on a fresh data directory, logging into memory. */
export function createTestCore(): TestCore {
  const logged: string[] = [];
  const log: Logger = {
    log: (level, message, detail) => logged.push(`${level} ${message} ${String(detail ?? '')}`),
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'txc-test-'));
  const core = createCore({
    environment: { name: 'TXC Desk', version: '0.0.0-test', dataDir, runtime: 'node' },
    log,
  });
  return Object.assign(core, { logged });
}
