/**
 * How an operator's registry follows the team's: each change arrives on its notice, and a change
 * committed while an older transaction was still open on the server (an upload, a sync: the notice
 * came, the read stopped short of it) arrives once that transaction ends, with no notice of its own.
 * Two operators' registries and desks (`TeamDesk`) on the run's PostgreSQL; nothing reads on a timer
 * of its own, so each wait below is well under anything but the notice and the held read.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TeamDesk } from '../../../main/team/desk.ts';
import { AccountRegistry } from '../../../main/vault/registry.ts';
import { MemorySecretStore } from '../../../main/vault/secret-store.ts';
import { clientOf } from '../../support/postgres.ts';
import { createTeamDatabase, operatorStore } from '../../support/team.ts';

const info = inject('postgres');
const CONNECTION = 'live:test';
/** Long enough for a busy machine, far short of anything a periodic read would need to hide. */
const AT_ONCE_MS = 2_000;

interface Operator {
  registry: AccountRegistry;
  desk: TeamDesk;
}

let database: string;
let alice: Operator;
let bob: Operator;
let accountId: string;

async function operator(name: string): Promise<Operator> {
  const dir = mkdtempSync(join(tmpdir(), `txc-${name}-`));
  const registry = new AccountRegistry(join(dir, 'accounts.sqlite'), new MemorySecretStore());
  const desk = new TeamDesk(await operatorStore(info, database, name), registry, { log: () => undefined });
  return { registry, desk };
}

/** Resolves when the registry's account bears `label` (checked on each change); rejects after `ms`. */
function labelled(registry: AccountRegistry, id: string, label: string, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (registry.get(id)?.label !== label) return;
      stop();
      clearTimeout(timer);
      resolve();
    };
    const stop = registry.onAnyChange(check);
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`"${label}" did not reach the registry within ${String(ms)} ms`));
    }, ms);
    check();
  });
}

beforeAll(async () => {
  database = await createTeamDatabase(info);
  alice = await operator('alice');
  bob = await operator('bob');
  const added = await alice.registry.add({
    label: 'Desk main',
    kind: 'main',
    subAccountId: null,
    apiKey: 'pub-desk-main',
    secret: 's-desk-main-0000000000000000000000',
    connection: CONNECTION,
  });
  accountId = added.id;
  await labelled(bob.registry, accountId, 'Desk main', 10_000);
});

afterAll(async () => {
  for (const op of [alice, bob]) {
    await op?.desk.close();
    op?.registry.close();
  }
});

describe("an operator's registry follows the team's", () => {
  it("takes a teammate's rename on its notice", async () => {
    const shown = labelled(bob.registry, accountId, 'Desk main (EU)', AT_ONCE_MS);
    await alice.registry.rename(accountId, 'Desk main (EU)');
    await shown;
  });

  it('takes a rename held back behind an older open transaction once that one ends', async () => {
    const older = clientOf(info, { database });
    await older.connect();
    try {
      await older.query('BEGIN');
      // An id of its own, older than the rename's: a pass reads nothing from it on while it runs.
      await older.query('SELECT pg_current_xact_id()');
      await alice.registry.rename(accountId, 'Desk main (US)');
      // A whole pass after the rename committed (and its notice sent): held back, as the notice's was.
      await bob.desk.accounts.pull();
      expect(bob.registry.get(accountId)?.label).toBe('Desk main (EU)');
      const shown = labelled(bob.registry, accountId, 'Desk main (US)', AT_ONCE_MS);
      await older.query('COMMIT');
      await shown;
    } finally {
      await older.end();
    }
  });
});
